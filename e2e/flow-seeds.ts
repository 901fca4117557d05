/**
 * Workflows for browser tests, set up through the import API (setup only: what a test checks goes
 * through the UI). A flow is a manual trigger followed by the given steps, in the nested flow-file form.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export type NestedStep = Record<string, unknown> & { name: string };

export const codeStep = (name: string, displayName: string, code: string, input: Record<string, unknown>): NestedStep => ({
  name,
  type: 'CODE',
  displayName,
  valid: true,
  skip: false,
  settings: { sourceCode: { code, packageJson: '{}' }, input, inputUiInfo: {} },
});

/** Imports 'manual trigger → steps…' as `displayName` and answers the workflow's id. */
export async function importFlow(page: Page, displayName: string, steps: NestedStep[]): Promise<string> {
  let chain: NestedStep | undefined;
  for (const step of [...steps].reverse()) chain = chain ? { ...step, nextAction: chain } : step;
  const trigger = {
    name: 'trigger',
    type: 'PIECE_TRIGGER',
    displayName: 'Run manually',
    valid: true,
    settings: { pieceName: '@flowsmith/piece-manual', pieceVersion: '0.1.0', triggerName: 'manual', input: {}, inputUiInfo: {} },
    ...(chain ? { nextAction: chain } : {}),
  };
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const reply = await page.request.post('/api/workflow/import', {
    headers: { Authorization: `Bearer ${token}` },
    data: { displayName, schemaVersion: '1', trigger },
  });
  expect(reply.status()).toBe(201);
  return ((await reply.json()) as { flow: { id: string } }).flow.id;
}
