/**
 * Screens showing a run follow it on the live socket (issue 12): while the socket is signed in, a
 * running run's page and the editor's run query are not polled, and read again at once on the run's
 * `run_progress` and `run_finished`; while the socket is down they poll as before (2 s, and 1 s in the
 * editor). Real React tree, real live store (its state and messages set as the socket would), stubbed fetch.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LIVE_REFRESH_MS } from '../../src/api/executions-api.ts';
import { ExecutionDetailScreen } from '../../src/ui/screens/executions/execution-detail-screen.tsx';
import { ExecutionsScreen } from '../../src/ui/screens/executions/executions-screen.tsx';
import { LIVE_RUN_MS, liveRunQuery } from '../../src/ui/screens/editor/panels/runs-query.ts';
import { useRunsLive } from '../../src/ui/stores/live-runs.ts';
import { liveStore } from '../../src/ui/stores/live-store.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let requests: string[];
let current: Record<string, unknown>;
let sequence = 0;
const originalFetch = globalThis.fetch;

const step = (stepName: string, displayName: string, status: string) => ({
  stepName,
  displayName,
  type: 'CODE',
  status,
  input: {},
  output: null,
  error: null,
  duration: status === 'RUNNING' ? null : 5,
});

function runAs(status: string, steps: ReturnType<typeof step>[]) {
  return {
    id: 'r1',
    flowId: 'flow-1',
    workflowName: 'Send invoices',
    versionId: 'v1',
    status,
    startTime: new Date(Date.now() - 1000).toISOString(),
    finishTime: status === 'RUNNING' ? null : new Date().toISOString(),
    duration: status === 'RUNNING' ? null : 1000,
    steps,
  };
}

function stubApi() {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url.pathname);
    const { steps: _steps, ...summary } = current as { steps: unknown };
    const body =
      url.pathname === '/api/workflow/executions'
        ? { data: [summary], total: 1, page: 1, limit: 10 }
        : url.pathname === '/api/workflow/paginate'
          ? { data: [], total: 0, page: 1, limit: 100 }
          : current;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** Real time passing (the polling under test runs on real timers). */
async function wait(ms: number) {
  await act(async () => new Promise((resolve) => setTimeout(resolve, ms)));
  await settle();
}

async function render(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/executions', Component: ExecutionsScreen },
      { path: '/executions/:id', Component: ExecutionDetailScreen },
      { path: '/editor-run/:id', Component: EditorRunProbe },
    ],
    { initialEntries: [path] },
  );
  await act(async () => root.render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>));
  await settle();
}

/** What the editor's run overlay does with a run: the same query and the same live wiring. */
function EditorRunProbe() {
  useRunsLive();
  const run = useQuery(liveRunQuery('r1'));
  const data = run.data;
  return <p>{data ? `${data.status}: ${data.steps.map((s) => `${s.stepName} ${s.status}`).join(', ')}` : 'loading'}</p>;
}

function socketSays(type: 'run_progress' | 'run_finished', status: string) {
  act(() => liveStore.receive({ id: ++sequence, type, data: { message: type === 'run_finished' ? 'Run of “Send invoices” succeeded' : '', runId: 'r1', flowId: 'flow-1', status }, receivedAt: Date.now() }));
}

const text = () => container.textContent ?? '';
const runReads = () => requests.filter((path) => path === '/api/workflow/execution/r1').length;

beforeEach(() => {
  requests = [];
  current = runAs('RUNNING', [step('trigger', 'Trigger', 'SUCCEEDED'), step('step_1', 'Add up', 'RUNNING')]);
  stubApi();
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  globalThis.fetch = originalFetch;
  act(() => {
    liveStore.setState('disconnected');
    liveStore.clear();
  });
});

describe('a running run’s page with the socket signed in', () => {
  it('is not polled, follows the run’s progress and end messages, and lists no progress in the bell', async () => {
    act(() => liveStore.setState('authenticated'));
    await render('/executions/r1');
    expect(runReads()).toBe(1);
    expect(Array.from(container.querySelectorAll('.step-title')).map((t) => t.textContent)).toEqual(['Trigger', 'Add up']);

    await wait(LIVE_REFRESH_MS + 300);
    expect(runReads()).toBe(1);

    current = runAs('RUNNING', [step('trigger', 'Trigger', 'SUCCEEDED'), step('step_1', 'Add up', 'SUCCEEDED'), step('step_2', 'Send', 'RUNNING')]);
    socketSays('run_progress', 'RUNNING');
    await settle();
    expect(runReads()).toBe(2);
    expect(Array.from(container.querySelectorAll('.step-title')).map((t) => t.textContent)).toEqual(['Trigger', 'Add up', 'Send']);

    current = runAs('SUCCEEDED', [step('trigger', 'Trigger', 'SUCCEEDED'), step('step_1', 'Add up', 'SUCCEEDED'), step('step_2', 'Send', 'SUCCEEDED')]);
    socketSays('run_finished', 'SUCCEEDED');
    await settle();
    expect(runReads()).toBe(3);
    expect(text()).toContain('Succeeded');
    // The end is for people to read; progress is not.
    expect(liveStore.notifications.map((item) => item.type)).toEqual(['run_finished']);
  });

  it('shows another run’s messages nowhere: the page reads only its own run', async () => {
    act(() => liveStore.setState('authenticated'));
    await render('/executions/r1');
    act(() => liveStore.receive({ id: ++sequence, type: 'run_progress', data: { message: '', runId: 'r2', flowId: 'flow-1', status: 'RUNNING' }, receivedAt: Date.now() }));
    await settle();
    expect(runReads()).toBe(1);
  });
});

describe('a running run’s page while the socket is down', () => {
  it('polls every 2 s as before, and stops polling once the socket is back', async () => {
    act(() => liveStore.setState('reconnecting'));
    await render('/executions/r1');
    expect(runReads()).toBe(1);
    await wait(LIVE_REFRESH_MS + 300);
    expect(runReads()).toBe(2);

    // Back: read once more to catch up on what was missed, then no polling.
    act(() => liveStore.setState('authenticated'));
    await settle();
    expect(runReads()).toBe(3);
    await wait(LIVE_REFRESH_MS + 300);
    expect(runReads()).toBe(3);
  });
});

describe('the editor’s run query', () => {
  it('follows progress messages while signed in, and falls back to polling every second when the socket drops', async () => {
    act(() => liveStore.setState('authenticated'));
    await render('/editor-run/r1');
    expect(text()).toBe('RUNNING: trigger SUCCEEDED, step_1 RUNNING');
    await wait(LIVE_RUN_MS + 300);
    expect(runReads()).toBe(1);

    current = runAs('RUNNING', [step('trigger', 'Trigger', 'SUCCEEDED'), step('step_1', 'Add up', 'SUCCEEDED')]);
    socketSays('run_progress', 'RUNNING');
    await settle();
    expect(text()).toBe('RUNNING: trigger SUCCEEDED, step_1 SUCCEEDED');

    // The socket drops: the run is read at once, then polled every second until it ends.
    act(() => liveStore.setState('reconnecting'));
    await settle();
    const afterDrop = runReads();
    expect(afterDrop).toBe(3);
    current = runAs('FAILED', [step('trigger', 'Trigger', 'SUCCEEDED'), step('step_1', 'Add up', 'FAILED')]);
    await wait(LIVE_RUN_MS + 300);
    expect(runReads()).toBe(afterDrop + 1);
    expect(text()).toBe('FAILED: trigger SUCCEEDED, step_1 FAILED');
    await wait(LIVE_RUN_MS + 300);
    expect(runReads()).toBe(afterDrop + 1);
  });
});

describe('/executions with the socket signed in', () => {
  it('is not polled while a run is RUNNING, and reads the page again when a run finishes', async () => {
    act(() => liveStore.setState('authenticated'));
    await render('/executions');
    const listReads = () => requests.filter((path) => path === '/api/workflow/executions').length;
    expect(listReads()).toBe(1);
    expect(container.querySelector('tbody tr')!.textContent).toContain('Running');
    await wait(LIVE_REFRESH_MS + 300);
    expect(listReads()).toBe(1);

    current = runAs('SUCCEEDED', []);
    socketSays('run_finished', 'SUCCEEDED');
    await settle();
    expect(listReads()).toBe(2);
    expect(container.querySelector('tbody tr')!.textContent).toContain('Succeeded');
  });
});
