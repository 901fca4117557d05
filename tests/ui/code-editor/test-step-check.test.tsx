/**
 * 'Test step' on a code step checks the code the save just sent: with a syntax error it refuses, naming
 * the line, and asks the server nothing; once the code parses, the test goes out.
 */
import { afterEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { FlatVersion } from '../../../src/domain/index.ts';
import { runKeys } from '../../../src/api/runs-api.ts';
import { StepTools } from '../../../src/ui/screens/editor/settings/step-tools.tsx';
import { applyTo, versionWith } from '../editor-settings/harness.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const requests: string[] = [];
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  requests.length = 0;
  document.body.innerHTML = '';
});

function answerTests() {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    requests.push(String(input));
    const body = { stepName: 'step_1', status: 'SUCCEEDED', output: 3, duration: 5, testedAt: new Date().toISOString() };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

function withCode(code: string): FlatVersion {
  const version = versionWith({ type: 'CODE' });
  const step = version.steps[1] as { settings: Record<string, unknown> };
  return applyTo(version, {
    type: 'UPDATE_ACTION',
    request: { ...version.steps[1]!, settings: { ...step.settings, sourceCode: { code, packageJson: '{}' } } } as never,
  });
}

async function renderTools(version: FlatVersion) {
  let prepared = 0;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(runKeys.samples(version.flowId), {});
  client.setQueryDefaults(runKeys.samples(version.flowId), { staleTime: Infinity });
  const container = document.body.appendChild(document.createElement('div'));
  const prepare = async () => {
    prepared++;
    return version.id;
  };
  await act(async () =>
    createRoot(container).render(
      <QueryClientProvider client={client}>
        <StepTools version={version} stepName="step_1" prepare={prepare} currentVersion={() => version} />
      </QueryClientProvider>,
    ),
  );
  const button = Array.from(container.querySelectorAll('button')).find((b) => b.textContent === 'Test step')!;
  const clickAndSettle = async () => {
    await act(async () => button.click());
    for (let i = 0; i < 50 && (container.querySelector('[role="alert"]') === null && container.querySelector('[role="status"]') === null); i++)
      await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  };
  return { container, clickAndSettle, prepared: () => prepared };
}

describe('Test step on a code step', () => {
  it('refuses code with a syntax error, naming the line, and sends no test', async () => {
    answerTests();
    const tools = await renderTools(withCode('export const code = async (inputs) => {\n  return inputs.a +;\n};'));
    await tools.clickAndSettle();
    const alert = tools.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('The test did not run');
    expect(alert?.textContent).toContain('Fix the syntax error on line 2 before testing: Unexpected “;”.');
    expect(tools.prepared()).toBe(1);
    expect(requests.filter((url) => url.includes('/workflow/sample'))).toEqual([]);
  });

  it('tests code that parses', async () => {
    answerTests();
    const tools = await renderTools(withCode('export const code = async (inputs) => 3;'));
    await tools.clickAndSettle();
    expect(tools.container.querySelector('[role="alert"]')).toBeNull();
    expect(tools.container.querySelector('[role="status"]')?.textContent).toContain('Succeeded');
    expect(requests.filter((url) => url.includes('/workflow/sample'))).toHaveLength(1);
  });
});
