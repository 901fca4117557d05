/**
 * The executions list, a run's detail and the schedules screen in a real React tree (react-dom + happy-dom)
 * against a stubbed fetch: what the screens ask the API, and what they show for its replies, state by
 * state (the browser journeys are in e2e/, e.g. run-retry.spec.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ExecutionsScreen } from '../../src/ui/screens/executions/executions-screen.tsx';
import { ExecutionDetailScreen } from '../../src/ui/screens/executions/execution-detail-screen.tsx';
import { Toaster } from 'sonner';
import { SchedulesScreen } from '../../src/ui/screens/schedules/schedules-screen.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Handler = (url: URL, init: RequestInit | undefined) => { status?: number; body: unknown };

let container: HTMLDivElement;
let root: Root;
let requests: Array<{ method: string; url: URL; body?: unknown }>;
const originalFetch = globalThis.fetch;

function stubApi(handler: Handler) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const { status = 200, body } = handler(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/executions', Component: ExecutionsScreen },
      { path: '/executions/:id', Component: ExecutionDetailScreen },
      { path: '/schedules', Component: SchedulesScreen },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  await act(async () => root.render(<QueryClientProvider client={queryClient}><RouterProvider router={router} /><Toaster /></QueryClientProvider>));
  await settle();
  return router;
}

const text = () => container.textContent ?? '';
const button = (name: string) =>
  Array.from(document.querySelectorAll('button')).find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);

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
  workflowName: 'Send invoices',
  versionId: 'v1',
  status,
  startTime: new Date(Date.now() - 60_000).toISOString(),
  finishTime: new Date().toISOString(),
  duration: 12_340,
  ...extra,
});

const workflows = { data: [{ id: 'flow-1', displayName: 'Send invoices' }, { id: 'flow-2', displayName: 'Sync CRM' }], total: 2, page: 1, limit: 100 };

describe('ExecutionsScreen', () => {
  it('lists runs with status label, relative start, full date title and duration, and asks page 1 by 10', async () => {
    stubApi((url) =>
      url.pathname === '/api/workflow/paginate'
        ? { body: workflows }
        : { body: { data: [run('r1', 'SUCCEEDED'), run('r2', 'TIMEOUT', { duration: 850 }), run('r3', 'RUNNING', { duration: null, finishTime: null })], total: 23, page: 1, limit: 10 } },
    );
    await renderAt('/executions');
    expect(document.title).toBe('Executions | Flowsmith');
    const list = requests.find((r) => r.url.pathname === '/api/workflow/executions')!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({ page: '1', limit: '10' });

    const rows = Array.from(container.querySelectorAll('tbody tr'));
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Succeeded');
    expect(rows[0]!.textContent).toMatch(/(Today|Yesterday) at/); // a minute ago, even just after midnight
    expect(rows[0]!.textContent).toContain('12.3 s');
    expect(rows[0]!.querySelector('time')!.getAttribute('title')).toMatch(/\d{4} at /);
    expect(rows[1]!.textContent).toContain('Timed out');
    expect(rows[1]!.textContent).toContain('850 ms');
    expect(rows[1]!.querySelector('.badge-danger')).not.toBeNull();
    expect(rows[2]!.querySelector('.badge-neutral')!.textContent).toBe('Running');
    expect(rows[0]!.querySelector('a')!.getAttribute('href')).toBe('/executions/r1');
    expect(text()).toContain('1–10 of 23');
  });

  it('sends the filters from the address and offers the workflows', async () => {
    stubApi((url) => (url.pathname === '/api/workflow/paginate' ? { body: workflows } : { body: { data: [], total: 0, page: 2, limit: 10 } }));
    const before = Date.now();
    await renderAt('/executions?status=FAILED&source=webhook&workflow=flow-2&range=24h&page=2');
    const list = requests.find((r) => r.url.pathname === '/api/workflow/executions')!;
    const params = Object.fromEntries(list.url.searchParams);
    expect(params).toMatchObject({ page: '2', limit: '10', status: 'FAILED', started_by: 'webhook', workflow_id: 'flow-2' });
    const from = new Date(params.from!).getTime();
    expect(before - from).toBeGreaterThanOrEqual(86_400_000 - 5_000);
    expect(before - from).toBeLessThanOrEqual(86_400_000 + 5_000);

    const selects = Array.from(container.querySelectorAll('select'));
    expect(selects.map((s) => s.value)).toEqual(['FAILED', 'webhook', 'flow-2', '24h']);
    expect(Array.from(selects[1]!.options).map((o) => o.text)).toEqual(['All sources', 'Manual', 'Schedule', 'Webhook', 'Retry']);
    expect(Array.from(selects[2]!.options).map((o) => o.text)).toEqual(['All workflows', 'Send invoices', 'Sync CRM']);
    expect(text()).toContain('No executions match these filters');
  });

  it('says so when there are no runs at all', async () => {
    stubApi((url) => (url.pathname === '/api/workflow/paginate' ? { body: workflows } : { body: { data: [], total: 0, page: 1, limit: 10 } }));
    await renderAt('/executions');
    expect(text()).toContain('No executions yet');
  });

  it('shows an error with a retry that asks again', async () => {
    let fail = true;
    stubApi((url) => {
      if (url.pathname === '/api/workflow/paginate') return { body: workflows };
      return fail ? { status: 500, body: { code: 'INTERNAL', message: 'Database unavailable' } } : { body: { data: [run('r1', 'FAILED')], total: 1, page: 1, limit: 10 } };
    });
    await renderAt('/executions');
    expect(container.querySelector('[role="alert"]')!.textContent).toContain('Database unavailable');
    fail = false;
    await act(async () => button('Retry')!.click());
    await settle();
    expect(container.querySelectorAll('tbody tr')).toHaveLength(1);
  });
});

const detail = {
  ...run('r9', 'FAILED'),
  steps: [
    { stepName: 'trigger', displayName: 'Every hour', type: 'PIECE_TRIGGER', status: 'SUCCEEDED', input: {}, output: { at: '09:00' }, error: null, duration: 3 },
    {
      stepName: 'step_1',
      displayName: 'For each invoice',
      type: 'LOOP_ON_ITEMS',
      status: 'FAILED',
      input: { items: [1, 2, 3] },
      output: null,
      error: null,
      duration: 1200,
      iterations: [
        [{ stepName: 'step_2', displayName: 'Send email', type: 'PIECE', status: 'SUCCEEDED', input: { to: 'a@x.io' }, output: { sent: true }, error: null, duration: 400 }],
        [{ stepName: 'step_2', displayName: 'Send email', type: 'PIECE', status: 'SUCCEEDED', input: { to: 'b@x.io' }, output: { sent: true }, error: null, duration: 380 }],
        [{ stepName: 'step_2', displayName: 'Send email', type: 'PIECE', status: 'FAILED', input: { to: 'c@x' }, output: null, error: 'Invalid recipient c@x', duration: 20 }],
      ],
    },
  ],
};

describe('ExecutionDetailScreen', () => {
  it('shows the header and the timeline, the failed loop on its last iteration', async () => {
    stubApi(() => ({ body: detail }));
    await renderAt('/executions/r9');
    expect(document.title).toBe('Execution | Flowsmith');
    expect(requests[0]!.url.pathname).toBe('/api/workflow/execution/r9');
    const heading = container.querySelector('h1')!;
    expect(heading.textContent).toBe('Send invoices');
    expect(heading.querySelector('a')!.getAttribute('href')).toBe('/workflows/flow-1/edit');
    expect(text()).toContain('Failed');
    expect(text()).toContain('12.3 s');

    const titles = Array.from(container.querySelectorAll('.step-title')).map((t) => t.textContent);
    expect(titles).toEqual(['Every hour', 'For each invoice', 'Send email']);
    expect(container.querySelector('[role="img"][aria-label="Succeeded"]')).not.toBeNull();
    expect(text()).toContain('Iteration 3 of 3');
    expect(text()).toContain('Invalid recipient c@x');
    // null outputs of steps that did not succeed are left out rather than shown as 'null' boxes
    const toggles = Array.from(container.querySelectorAll('.json-viewer-label')).map((label) => label.textContent);
    expect(toggles).toEqual(['Input', 'Output', 'Input', 'Input']);

    await act(async () => button('Previous iteration')!.click());
    expect(text()).toContain('Iteration 2 of 3');
    expect(text()).toContain('"to": "b@x.io"');
    expect(text()).not.toContain('Invalid recipient');
    expect(button('Next iteration')!.disabled).toBe(false);
  });

  it('shows what a code step logged as its console', async () => {
    const logged = {
      ...run('r10', 'SUCCEEDED'),
      steps: [
        { stepName: 'trigger', displayName: 'Manual', type: 'PIECE_TRIGGER', status: 'SUCCEEDED', input: {}, output: {}, error: null, duration: 0 },
        { stepName: 'step_1', displayName: 'Sum', type: 'CODE', status: 'SUCCEEDED', input: {}, output: 3, error: null, duration: 2, logs: ['adding 1 2', 'done'] },
      ],
    };
    stubApi(() => ({ body: logged }));
    await renderAt('/executions/r10');
    const console = container.querySelector('pre[aria-label="Console output"]');
    expect(console?.textContent).toBe('adding 1 2\ndone');
    expect(container.querySelectorAll('pre[aria-label="Console output"]')).toHaveLength(1);
  });

  it('says Execution not found for a 404', async () => {
    stubApi(() => ({ status: 404, body: { code: 'FLOW_RUN_NOT_FOUND', message: 'Execution not found' } }));
    await renderAt('/executions/missing');
    expect(text()).toContain('Execution not found');
    expect(requests).toHaveLength(1); // a 404 is not retried
  });
});

describe('SchedulesScreen', () => {
  const schedule = (workflowId: string, workflowName: string, cronExpression: string, status = 'ENABLED') => ({
    workflowId,
    workflowName,
    cronExpression,
    timezone: 'Europe/Paris',
    nextRun: new Date(Date.now() + 3_600_000).toISOString(),
    lastRun: null,
    status,
  });

  it('lists schedules with the cron in words; pausing asks first, then keeps the row as Paused; Resume turns it on with a toast', async () => {
    const status: Record<string, string> = { w1: 'ENABLED', w2: 'ENABLED', w3: 'DISABLED' };
    stubApi((url, init) => {
      if (url.pathname === '/api/workflow/status' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { id: string; status: string };
        status[body.id] = body.status;
        return { body };
      }
      return {
        body: {
          data: [
            schedule('w1', 'Nightly report', '0 9 * * 1-5', status.w1),
            schedule('w2', 'Sync CRM', '*/15 * * * *', status.w2),
            { ...schedule('w3', 'Old job', '0 0 * * *', status.w3), nextRun: status.w3 === 'ENABLED' ? new Date(Date.now() + 60_000).toISOString() : null },
          ],
        },
      };
    });
    await renderAt('/schedules');
    expect(document.title).toBe('Schedules | Flowsmith');
    const rows = () => Array.from(container.querySelectorAll('tbody tr')).map((r) => r.textContent ?? '');
    expect(rows()).toHaveLength(3);
    expect(rows()[0]).toContain('Weekdays at 09:00');
    expect(rows()[0]).toContain('Europe/Paris');
    expect(rows()[0]).toContain('in 1h');
    expect(rows()[1]).toContain('Every 15 minutes');
    // A paused schedule stays listed, as Paused, with Resume.
    expect(rows()[2]).toContain('Paused');
    expect(button('Resume Old job')).toBeTruthy();
    expect(button('Pause Old job')).toBeFalsy();

    await act(async () => button('Pause Nightly report')!.click());
    await settle();
    expect(document.body.textContent).toContain('Pause this schedule?');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    const confirm = Array.from(document.querySelectorAll('[role="alertdialog"] button')).find((b) => b.textContent === 'Pause')!;
    await act(async () => (confirm as HTMLButtonElement).click());
    await settle();
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ id: 'w1', status: 'DISABLED' });
    expect(rows()).toHaveLength(3);
    expect(rows()[0]).toContain('Nightly report');
    expect(rows()[0]).toContain('Paused');
    expect(button('Resume Nightly report')).toBeTruthy();

    await act(async () => button('Resume Old job')!.click());
    await settle();
    expect(requests.filter((r) => r.method === 'PUT').at(-1)!.body).toEqual({ id: 'w3', status: 'ENABLED' });
    expect(document.body.textContent).toContain('Old job resumed');
    expect(button('Pause Old job')).toBeTruthy();
    expect(rows()[2]).toContain('in 1m');
  });

  it('says No scheduled workflows when there are none', async () => {
    stubApi(() => ({ body: { data: [] } }));
    await renderAt('/schedules');
    expect(text()).toContain('No scheduled workflows');
  });
});
