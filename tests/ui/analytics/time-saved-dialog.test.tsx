/**
 * A workflow's 'Minutes saved per run' (its settings from the list's row menu): a refused value is said
 * under the field and never sent; a good one goes out through PUT /workflow as `timeSavedPerRun`.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { workflowSummarySchema, workflowWithVersionSchema } from '../../../src/domain/contract/workflows.ts';
import { createEmptyVersion } from '../../../src/domain/flow/create.ts';
import { toStoredVersion } from '../../../src/domain/flow/stored-form.ts';
import { TimeSavedDialog } from '../../../src/ui/screens/workflows/time-saved-dialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NOW = new Date().toISOString();
const workflow = workflowSummarySchema.parse({
  id: 'w1',
  displayName: 'Sync CRM',
  status: 'ENABLED',
  folderId: null,
  publishedVersionId: null,
  created: NOW,
  updated: NOW,
  timeSavedPerRun: 5,
  version: { id: 'v1', state: 'DRAFT', valid: true, updated: NOW },
});

let root: Root;
let container: HTMLDivElement;
let sent: unknown[];
let closed: number;
const realFetch = globalThis.fetch;

beforeEach(() => {
  sent = [];
  closed = 0;
  localStorage.setItem('accessToken', 'test-token');
  globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    sent.push({ method: init?.method, body });
    // the server answers with the workflow and its version (stored flat form)
    const reply = workflowWithVersionSchema.parse({
      flow: { ...workflow, timeSavedPerRun: body.timeSavedPerRun },
      version: toStoredVersion(createEmptyVersion({ id: 'v1', flowId: 'w1', displayName: 'Sync CRM' })),
    });
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  document.body.innerHTML = '';
  globalThis.fetch = realFetch;
  localStorage.clear();
});

async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const field = () => Array.from(document.querySelectorAll('label')).find((l) => l.textContent === 'Minutes saved per run')!;
const input = () => document.getElementById(field().htmlFor) as HTMLInputElement;
const save = () => Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Save')!;

describe('minutes saved per run', () => {
  it('refuses what the contract refuses, and saves a good value through PUT /workflow', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <TimeSavedDialog workflow={workflow} onClose={() => (closed += 1)} />
        </QueryClientProvider>,
      ),
    );
    expect(input().value).toBe('5');

    await type(input(), '-3');
    expect(document.body.textContent).toContain('Enter 0 or more minutes');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    await act(async () => save().click());
    expect(sent).toEqual([]);

    await type(input(), '12.5');
    await act(async () => save().click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(sent).toEqual([{ method: 'PUT', body: { id: 'w1', timeSavedPerRun: 12.5 } }]);
    expect(closed).toBe(1);
  });
});
