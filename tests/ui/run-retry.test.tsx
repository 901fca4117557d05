/**
 * Retry and replay on /executions/{id} (issue 15) in a real React tree (react-dom + happy-dom) against a
 * stubbed fetch: a failed run offers 'Retry from failed step' and 'Run again on the latest version', asks
 * the retry route with the strategy and opens the new run; a succeeded run offers only the second; a
 * running one neither; the links both ways lead to the linked runs; a refusal keeps the page where it is.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ExecutionDetailScreen } from '../../src/ui/screens/executions/execution-detail-screen.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Handler = (url: URL, init: RequestInit | undefined) => { status?: number; body: unknown };

let container: HTMLDivElement;
let root: Root;
let requests: Array<{ method: string; path: string; body?: unknown }>;
const originalFetch = globalThis.fetch;

function stubApi(handler: Handler) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push({ method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const { status = 200, body } = handler(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/executions/:id', Component: ExecutionDetailScreen }], { initialEntries: [path] });
  await act(async () => root.render(<QueryClientProvider client={queryClient}><RouterProvider router={router} /></QueryClientProvider>));
  await settle();
  return router;
}

const buttonNamed = (name: string) => Array.from(container.querySelectorAll('button')).find((b) => b.textContent?.trim() === name);

beforeEach(() => {
  requests = [];
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  globalThis.fetch = originalFetch;
  document.body.innerHTML = '';
});

const run = (id: string, status: string, extra: object = {}) => ({
  id,
  flowId: 'flow-1',
  workflowName: 'Order sync',
  versionId: 'v1',
  status,
  startTime: new Date(Date.now() - 60_000).toISOString(),
  finishTime: status === 'RUNNING' ? null : new Date().toISOString(),
  duration: status === 'RUNNING' ? null : 1200,
  steps: [{ stepName: 'trigger', displayName: 'Run manually', type: 'EMPTY', status: 'SUCCEEDED', input: null, output: {}, error: null, duration: 0 }],
  ...extra,
});

const FAILED_ID = '11111111-1111-4111-8111-111111111111';
const RETRY_ID = '22222222-2222-4222-8222-222222222222';

describe('retrying a run from its page', () => {
  it('retries a failed run from its failed step and opens the new run, linked back', async () => {
    stubApi((url, init) => {
      if (init?.method === 'POST') return { status: 202, body: run(RETRY_ID, 'RUNNING', { queued: true, steps: [], retryOf: { id: FAILED_ID, strategy: 'FROM_FAILED_STEP', status: 'FAILED', startTime: new Date().toISOString() }, retries: [] }) };
      if (url.pathname.endsWith(RETRY_ID)) return { body: run(RETRY_ID, 'SUCCEEDED', { retryOf: { id: FAILED_ID, strategy: 'FROM_FAILED_STEP', status: 'FAILED', startTime: new Date().toISOString() }, retries: [] }) };
      return { body: run(FAILED_ID, 'FAILED', { retryOf: null, retries: [] }) };
    });
    const router = await renderAt(`/executions/${FAILED_ID}`);
    expect(buttonNamed('Run again on the latest version')).toBeDefined();
    await act(async () => buttonNamed('Retry from failed step')!.click());
    await settle();
    expect(requests.find((request) => request.method === 'POST')).toEqual({ method: 'POST', path: `/api/workflow/execution/${FAILED_ID}/retry`, body: { strategy: 'FROM_FAILED_STEP' } });
    expect(router.state.location.pathname).toBe(`/executions/${RETRY_ID}`);
    const back = container.querySelector(`a[href="/executions/${FAILED_ID}"]`);
    expect(back?.closest('div')?.textContent).toContain('Retry of');
    expect(back?.textContent).toContain('Failed');
  });

  it('offers only a run again for a succeeded run, and nothing while a run goes on', async () => {
    let status = 'SUCCEEDED';
    stubApi(() => ({ body: run(FAILED_ID, status, { retries: [{ id: RETRY_ID, strategy: 'ON_LATEST_VERSION', status: 'SUCCEEDED', startTime: new Date().toISOString() }] }) }));
    await renderAt(`/executions/${FAILED_ID}`);
    expect(buttonNamed('Retry from failed step')).toBeUndefined();
    expect(buttonNamed('Run again on the latest version')).toBeDefined();
    const retries = container.querySelector('[aria-label="Retries of this run"]');
    expect(retries?.querySelector(`a[href="/executions/${RETRY_ID}"]`)).not.toBeNull();

    await act(async () => root.unmount());
    root = createRoot(container);
    status = 'RUNNING';
    await renderAt(`/executions/${FAILED_ID}`);
    expect(buttonNamed('Run again on the latest version')).toBeUndefined();
  });

  it('stays on the run when the retry is refused (the daily quota)', async () => {
    stubApi((_, init) =>
      init?.method === 'POST' ? { status: 429, body: { code: 'QUOTA_EXCEEDED', message: 'Daily run quota reached' } } : { body: run(FAILED_ID, 'FAILED') },
    );
    const router = await renderAt(`/executions/${FAILED_ID}`);
    await act(async () => buttonNamed('Run again on the latest version')!.click());
    await settle();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(router.state.location.pathname).toBe(`/executions/${FAILED_ID}`);
    expect(buttonNamed('Run again on the latest version')!.disabled).toBe(false);
  });
});
