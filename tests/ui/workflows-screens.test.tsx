/**
 * The workflow screens against a fake server (fetch replaced): /workflows/create sends exactly one POST
 * under StrictMode and replaces itself with the editor; the list shows its rows and puts a status switch
 * back when the server refuses to enable (TRIGGER_ENABLE).
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CreateWorkflowScreen } from '../../src/ui/screens/workflows/create-workflow-screen.tsx';
import { WorkflowsScreen } from '../../src/ui/screens/workflows/workflows-screen.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Reply = { status: number; body: unknown };
type Handler = (request: { method: string; url: URL; body: unknown }) => Reply | Promise<Reply>;

let container: HTMLDivElement;
let root: Root;
let requests: Array<{ method: string; path: string; body: unknown }>;
const realFetch = globalThis.fetch;

function fakeServer(handler: Handler) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, body });
    const reply = await handler({ method, url, body });
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

const NOW = new Date().toISOString();
const flow = (id: string, displayName: string, status = 'DISABLED') => ({
  id,
  displayName,
  status,
  folderId: null,
  publishedVersionId: null,
  created: NOW,
  updated: NOW,
});
const summary = (id: string, displayName: string, status = 'DISABLED') => ({
  ...flow(id, displayName, status),
  version: { id: `v-${id}`, state: 'DRAFT', valid: false, updated: NOW },
});

async function render(path: string, routes: Array<{ path: string; Component: () => React.ReactNode }>) {
  const router = createMemoryRouter([...routes, { path: '*', Component: () => <p>elsewhere</p> }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
  return router;
}

async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'test-token');
  requests = [];
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  globalThis.fetch = realFetch;
  localStorage.clear();
});

describe('/workflows/create', () => {
  it('creates once under StrictMode and replaces itself with the editor', async () => {
    fakeServer(({ method }) =>
      method === 'POST' ? { status: 201, body: { flow: flow('new-1', 'Untitled'), version: { id: 'v-1' } } } : { status: 404, body: {} },
    );
    const router = await render('/workflows/create', [
      { path: '/workflows/create', Component: CreateWorkflowScreen },
      { path: '/workflows/:id/edit', Component: () => <p>editor</p> },
    ]);
    await settle();
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/workflow')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/workflows/new-1/edit');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the error with a retry that tries again', async () => {
    let fail = true;
    fakeServer(() => (fail ? { status: 500, body: { code: 'INTERNAL', message: 'Database is down' } } : { status: 201, body: { flow: flow('new-2', 'Untitled'), version: { id: 'v' } } }));
    const router = await render('/workflows/create', [
      { path: '/workflows/create', Component: CreateWorkflowScreen },
      { path: '/workflows/:id/edit', Component: () => <p>editor</p> },
    ]);
    await settle();
    expect(container.textContent).toContain('Could not create the workflow');
    expect(container.textContent).toContain('Database is down');
    fail = false;
    const retry = Array.from(container.querySelectorAll('button')).find((b) => b.textContent?.includes('Retry'))!;
    await act(async () => retry.click());
    await settle();
    expect(router.state.location.pathname).toBe('/workflows/new-2/edit');
  });
});

describe('/workflows', () => {
  it('lists the page, flips a switch at once, and puts it back when the server refuses to enable', async () => {
    let refuse!: () => void;
    const refusal = new Promise<void>((resolve) => (refuse = resolve));
    fakeServer(async ({ method, url }) => {
      if (url.pathname === '/api/workflow/paginate') {
        // 'a' has a published version (it may be enabled); 'c' was never published (issue 17: its switch is disabled).
        const published = { ...summary('a', 'Send invoices'), publishedVersionId: 'published-a' };
        return { status: 200, body: { data: [published, summary('b', 'Sync orders', 'ENABLED'), summary('c', 'Draft only')], total: 12, page: 1, limit: 10 } };
      }
      if (method === 'PUT' && url.pathname === '/api/workflow/status') {
        await refusal;
        return { status: 400, body: { code: 'TRIGGER_ENABLE', message: 'Choose a trigger before enabling this workflow' } };
      }
      return { status: 404, body: {} };
    });
    await render('/workflows', [{ path: '/workflows', Component: WorkflowsScreen }]);
    await settle();
    expect(container.textContent).toContain('Send invoices');
    expect(container.textContent).toContain('1–10 of 12');
    expect(container.textContent).toContain('Page 1 of 2');
    expect(container.textContent).toContain('Today at');
    const paginate = requests.find((r) => r.path === '/api/workflow/paginate')!;
    expect(paginate).toBeDefined();

    const draftToggle = container.querySelector<HTMLButtonElement>('[role="switch"][aria-label="Enable Draft only"]')!;
    expect(draftToggle.disabled).toBe(true);
    expect(document.getElementById(draftToggle.getAttribute('aria-describedby')!)?.textContent).toBe('Publish this workflow before enabling it');

    const toggle = container.querySelector<HTMLButtonElement>('[role="switch"][aria-label="Enable Send invoices"]')!;
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.disabled).toBe(false);
    await act(async () => toggle.click());
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ id: 'a', status: 'ENABLED' });
    await settle();
    expect(container.querySelector('[aria-label="Enable Send invoices"]')!.getAttribute('aria-checked')).toBe('true');
    refuse();
    await settle();
    expect(container.querySelector('[aria-label="Enable Send invoices"]')!.getAttribute('aria-checked')).toBe('false');
  });
});
