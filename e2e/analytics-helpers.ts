/**
 * Setup for the analytics browser tests: workflows imported and run through the API (setup only; what a
 * test checks goes through the UI), waiting until each run has ended so the figures are final.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { codeStep, importFlow } from './flow-seeds.ts';

export const ADD_CODE = 'export const code = async (inputs) => ({ sum: inputs.a + inputs.b })';
export const BOOM_CODE = "export const code = async () => { throw new Error('boom') }";

async function bearer(page: Page) {
  return { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` };
}

/** Starts a run of the workflow and waits until it is no longer RUNNING; answers its end status. */
export async function runToEnd(page: Page, flowId: string): Promise<string> {
  const headers = await bearer(page);
  const started = await page.request.post(`/api/workflow/run/${flowId}`, { headers, data: { payload: {} } });
  expect(started.status()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  let status = 'RUNNING';
  await expect
    .poll(
      async () => {
        const reply = await page.request.get(`/api/workflow/execution/${id}`, { headers });
        status = ((await reply.json()) as { status: string }).status;
        return status;
      },
      { timeout: 20_000 },
    )
    .not.toMatch(/^(RUNNING|PAUSED)$/);
  return status;
}

/** Two workflows, 'Adder' (succeeds) run twice and 'Breaker' (fails) run once: 3 executions, 66.7 % success. */
export async function seedRuns(page: Page): Promise<{ adder: string; breaker: string }> {
  const adder = await importFlow(page, 'Adder', [codeStep('step_1', 'Add numbers', ADD_CODE, { a: 1, b: 2 })]);
  const breaker = await importFlow(page, 'Breaker', [codeStep('step_1', 'Explode', BOOM_CODE, {})]);
  expect(await runToEnd(page, adder)).toBe('SUCCEEDED');
  expect(await runToEnd(page, adder)).toBe('SUCCEEDED');
  expect(await runToEnd(page, breaker)).toBe('FAILED');
  return { adder, breaker };
}
