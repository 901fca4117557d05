/**
 * Folders in the workflow list against a fake server (fetch replaced): the panel's counts and filter (the
 * query it sends, the URL it keeps, a folder gone from the list falls back to all), the folder name dialog
 * (the contract's rule before any request, the server's refusal in place), the move dialog's request and
 * the delete question naming where the workflows go.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act, StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { WorkflowsScreen } from '../../src/ui/screens/workflows/workflows-screen.tsx';
import { FolderNameDialog } from '../../src/ui/components/workflows/folder-name-dialog.tsx';
import { MoveWorkflowDialog } from '../../src/ui/components/workflows/move-workflow-dialog.tsx';
import { createEmptyVersion, toStoredVersion } from '../../src/domain/flow/index.ts';
import { DeleteFolderDialog } from '../../src/ui/screens/workflows/delete-folder-dialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Reply = { status: number; body: unknown };
type Handler = (request: { method: string; url: URL; body: unknown }) => Reply | Promise<Reply>;

let container: HTMLDivElement;
let root: Root;
let requests: Array<{ method: string; url: URL; body: unknown }>;
const realFetch = globalThis.fetch;

function fakeServer(handler: Handler) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, url, body });
    const reply = await handler({ method, url, body });
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

const NOW = new Date().toISOString();
const folder = (id: string, displayName: string, numberOfFlows: number) => ({ id, displayName, numberOfFlows, created: NOW, updated: NOW });
const FOLDERS = { data: [folder('f-ops', 'Ops', 0), folder('f-rep', 'Reports', 2)], totalFlows: 3, uncategorizedFlows: 1 };
const summary = (id: string, displayName: string, folderId: string | null = null) => ({
  id,
  displayName,
  status: 'DISABLED',
  folderId,
  publishedVersionId: null,
  created: NOW,
  updated: NOW,
  version: { id: `v-${id}`, state: 'DRAFT', valid: false, updated: NOW },
});

async function render(node: ReactNode, path = '/workflows') {
  const router = createMemoryRouter(
    [
      { path: '/workflows', Component: () => node },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
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
  await settle();
  return router;
}

async function settle() {
  await act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const buttonNamed = (name: string | RegExp): HTMLButtonElement => {
  const found = Array.from(document.querySelectorAll<HTMLButtonElement>('button')).find((b) =>
    typeof name === 'string' ? (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name || b.textContent?.trim() === name : name.test(b.textContent ?? ''),
  );
  if (!found) throw new Error(`no button ${String(name)}`);
  return found;
};
const paginateQueries = () => requests.filter((r) => r.url.pathname === '/api/workflow/paginate').map((r) => r.url.searchParams.get('folderId'));

function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
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
  document.body.innerHTML = '';
  globalThis.fetch = realFetch;
  localStorage.clear();
});

describe('the folder panel', () => {
  it('shows all, uncategorized and each folder with counts, and filters the list by the one chosen', async () => {
    fakeServer(({ url }) => {
      if (url.pathname === '/api/folders') return { status: 200, body: FOLDERS };
      const folderId = url.searchParams.get('folderId');
      const rows = folderId === 'f-rep' ? [summary('a', 'Daily report', 'f-rep'), summary('b', 'Weekly report', 'f-rep')] : folderId === 'NULL' ? [summary('c', 'Loose')] : [];
      return { status: 200, body: { data: rows, total: rows.length, page: 1, limit: 10 } };
    });
    const router = await render(<WorkflowsScreen />);
    const nav = container.querySelector('nav[aria-label="Folders"]')!;
    const entries = Array.from(nav.querySelectorAll('.folder-entry')).map((b) => b.textContent);
    expect(entries).toEqual(['All workflows3', 'Uncategorized1', 'Ops0', 'Reports2']);
    expect(nav.querySelector('[aria-current="true"]')?.textContent).toBe('All workflows3');
    expect(nav.querySelector('.folder-entry-count')?.getAttribute('aria-label')).toBe('3 workflows');
    expect(paginateQueries()).toContain(null);

    await act(async () => buttonNamed('Reports2').click());
    await settle();
    expect(router.state.location.search).toBe('?folder=f-rep');
    expect(paginateQueries().at(-1)).toBe('f-rep');
    expect(container.textContent).toContain('Weekly report');
    expect(nav.querySelector('[aria-current="true"]')?.textContent).toBe('Reports2');

    await act(async () => buttonNamed('Uncategorized1').click());
    await settle();
    expect(router.state.location.search).toBe('?folder=none');
    expect(paginateQueries().at(-1)).toBe('NULL');
    expect(container.textContent).toContain('Loose');

    // An empty folder says how to fill it.
    await act(async () => buttonNamed('Ops0').click());
    await settle();
    expect(container.textContent).toContain('This folder is empty');
    expect(container.textContent).toContain('Move to folder');
  });

  it('falls back to all workflows when the folder in the URL is not one of the user’s', async () => {
    fakeServer(({ url }) => (url.pathname === '/api/folders' ? { status: 200, body: FOLDERS } : { status: 200, body: { data: [], total: 0, page: 1, limit: 10 } }));
    const router = await render(<WorkflowsScreen />, '/workflows?folder=gone');
    expect(router.state.location.search).toBe('');
    expect(container.querySelector('[aria-current="true"]')?.textContent).toBe('All workflows3');
  });

  it('says when there are no folders yet', async () => {
    fakeServer(({ url }) =>
      url.pathname === '/api/folders'
        ? { status: 200, body: { data: [], totalFlows: 1, uncategorizedFlows: 1 } }
        : { status: 200, body: { data: [summary('c', 'Loose')], total: 1, page: 1, limit: 10 } },
    );
    await render(<WorkflowsScreen />);
    expect(container.textContent).toContain('No folders yet. Create one to group related workflows.');
  });
});

describe('the folder dialogs', () => {
  it('checks the name before sending and shows the server’s refusal in place', async () => {
    fakeServer(() => ({ status: 409, body: { code: 'VALIDATION', message: 'A folder with this name already exists', errors: { displayName: ['A folder with this name already exists'] } } }));
    await render(<FolderNameDialog onClose={() => undefined} />);
    const input = document.querySelector<HTMLInputElement>('input')!;
    expect(input.maxLength).toBe(100);
    await act(async () => typeInto(input, '   '));
    await act(async () => buttonNamed('Create folder').click());
    await settle();
    expect(document.body.textContent).toContain('Enter a folder name');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await act(async () => typeInto(input, ' Reports '));
    await act(async () => buttonNamed('Create folder').click());
    await settle();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ displayName: 'Reports' });
    expect(document.body.textContent).toContain('A folder with this name already exists');
  });

  it('moves a workflow with PUT /workflow {id, folderId}, and out of its folder with null', async () => {
    const moved: Array<string | null> = [];
    fakeServer(({ method, url, body }) => {
      if (url.pathname === '/api/folders') return { status: 200, body: FOLDERS };
      if (method === 'PUT' && url.pathname === '/api/workflow') {
        const { id, folderId } = body as { id: string; folderId: string | null };
        const version = toStoredVersion(createEmptyVersion({ id: 'v', flowId: id, displayName: 'Invoice sync' }));
        return { status: 200, body: { flow: { ...summary(id, 'Invoice sync', folderId), version: undefined }, version } };
      }
      return { status: 404, body: {} };
    });
    await render(<MoveWorkflowDialog workflow={{ id: 'w-1', displayName: 'Invoice sync', folderId: 'f-rep' }} onClose={() => undefined} onMoved={(id) => moved.push(id)} />);
    const select = document.querySelector<HTMLSelectElement>('select')!;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['No folder (Uncategorized)', 'Ops', 'Reports']);
    expect(select.value).toBe('f-rep');
    await act(async () => {
      select.value = '';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(async () => buttonNamed('Move').click());
    await settle();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ id: 'w-1', folderId: null });
    expect(moved).toEqual([null]);
  });

  it('asks before deleting a folder and says its workflows move to Uncategorized', async () => {
    fakeServer(() => ({ status: 200, body: { success: true, movedFlows: 2 } }));
    await render(<DeleteFolderDialog folder={folder('f-rep', 'Reports', 2)} onClose={() => undefined} />);
    const dialog = document.querySelector('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Its 2 workflows will not be deleted: they move to Uncategorized (no folder).');
    await act(async () => buttonNamed('Delete folder').click());
    await settle();
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['DELETE /api/folders/f-rep']);
  });
});
