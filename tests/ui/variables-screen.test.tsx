/**
 * The variables screens in a real React tree against a stubbed fetch: the list (sensitive values masked,
 * never requested), the create and edit dialog (validation on blur and change, server field errors under
 * their fields, an untouched sensitive value left out of the update), deleting after a confirmation, and
 * the workflow-scoped page.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { GlobalVariablesScreen } from '../../src/ui/screens/variables/global-variables-screen.tsx';
import { WorkflowVariablesScreen } from '../../src/ui/screens/variables/workflow-variables-screen.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Reply {
  status?: number;
  body?: unknown;
}
type Handler = (request: { method: string; url: URL; body: unknown }) => Reply;

let container: HTMLDivElement;
let root: Root;
let requests: Array<{ method: string; url: URL; body: unknown }>;
const originalFetch = globalThis.fetch;

function stubApi(handler: Handler) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = { method: init?.method ?? 'GET', url: new URL(String(input), 'http://localhost'), body: init?.body ? JSON.parse(String(init.body)) : undefined };
    requests.push(request);
    const { status = 200, body } = handler(request);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

const settle = async () => {
  for (let i = 0; i < 6; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
};

async function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/variables', Component: GlobalVariablesScreen },
      { path: '/workflows/:id/variables', Component: WorkflowVariablesScreen },
    ],
    { initialEntries: [path] },
  );
  await act(async () => root.render(<QueryClientProvider client={queryClient}><RouterProvider router={router} /></QueryClientProvider>));
  await settle();
}

const buttonNamed = (name: string) =>
  Array.from(document.querySelectorAll('button')).find((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name) as HTMLButtonElement;

function control<T extends HTMLElement>(label: string): T {
  const labelEl = Array.from(document.querySelectorAll('label')).find((l) => l.textContent === label);
  if (!labelEl) throw new Error(`no label ${label}`);
  return document.getElementById(labelEl.htmlFor) as T;
}

async function type(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function blur(el: HTMLElement) {
  await act(async () => el.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
}

const errorOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((node) => node?.classList.contains('field-error'))?.textContent;

async function click(el: HTMLElement) {
  await act(async () => el.click());
  await settle();
}

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

const base = { scope: 'GLOBAL', workflowId: null, status: 'ACTIVE', description: '', created: '2026-03-01T10:00:00.000Z', updated: new Date().toISOString() };
const plain = { ...base, id: '11111111-1111-4111-8111-111111111111', name: 'BASE_URL', type: 'STRING', value: 'https://api.example.com', sensitive: false };
const secret = { ...base, id: '22222222-2222-4222-8222-222222222222', name: 'API_TOKEN', type: 'STRING', sensitive: true, description: 'Billing API' };

describe('GlobalVariablesScreen', () => {
  it('lists variables with sensitive values masked', async () => {
    stubApi(() => ({ body: { data: [plain, secret] } }));
    await renderAt('/variables');
    expect(document.title).toBe('Global Variables | Flowsmith');
    expect(requests[0]!.url.pathname).toBe('/api/variables');
    expect(requests[0]!.url.search).toBe('');
    const rows = Array.from(container.querySelectorAll('tbody tr'));
    expect(rows[0]!.textContent).toContain('https://api.example.com');
    expect(rows[1]!.textContent).toContain('••••••');
    expect(rows[1]!.textContent).toContain('Active');
    expect(rows[1]!.textContent).toContain('Billing API');
  });

  it('offers a create button in the empty state', async () => {
    stubApi(() => ({ body: { data: [] } }));
    await renderAt('/variables');
    expect(container.textContent).toContain('No variables yet');
    await click(buttonNamed('Create variable'));
    expect(document.querySelector('[role="dialog"]')!.textContent).toContain('New variable');
  });

  it('validates on blur and change, then shows the server refusal under the name', async () => {
    stubApi(({ method }) =>
      method === 'POST'
        ? { status: 409, body: { code: 'VALIDATION', message: 'A variable with this name already exists', errors: { name: ['A variable with this name already exists'] } } }
        : { body: { data: [plain] } },
    );
    await renderAt('/variables');
    await click(buttonNamed('New variable'));

    const name = control<HTMLInputElement>('Name');
    expect(errorOf(name)).toBeUndefined();
    await blur(name);
    expect(errorOf(name)).toBe('Name is required');
    await type(name, '9lives');
    expect(errorOf(name)).toBe('Use letters, digits and _; start with a letter or _');
    await type(name, 'BASE_URL');
    expect(errorOf(name)).toBeUndefined();

    expect(document.body.textContent).toContain('Sensitive values cannot be viewed after saving');
    await type(control<HTMLInputElement>('Value'), 'https://other.example.com');
    await click(buttonNamed('Create variable'));

    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ name: 'BASE_URL', type: 'STRING', value: 'https://other.example.com', sensitive: false, description: '', status: 'ACTIVE' });
    expect(errorOf(control('Name'))).toBe('A variable with this name already exists');
    await type(control<HTMLInputElement>('Name'), 'OTHER_URL');
    expect(errorOf(control('Name'))).toBeUndefined();
  });

  it('checks the value against its type', async () => {
    stubApi(() => ({ body: { data: [] } }));
    await renderAt('/variables');
    await click(buttonNamed('New variable'));
    const typeSelect = control<HTMLSelectElement>('Type');
    await act(async () => {
      typeSelect.value = 'JSON';
      typeSelect.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const value = control<HTMLTextAreaElement>('Value');
    expect(value.tagName).toBe('TEXTAREA');
    await type(value, '{oops');
    expect(errorOf(value)).toMatch(/^Enter valid JSON/);
    await type(value, '{"ok": true}');
    expect(errorOf(value)).toBeUndefined();
  });

  it('edits a sensitive variable without ever sending or showing its value', async () => {
    stubApi(({ method }) => (method === 'PUT' ? { body: { ...secret, description: 'Renewed' } } : { body: { data: [secret] } }));
    await renderAt('/variables');
    await click(buttonNamed('Edit API_TOKEN'));

    const value = control<HTMLInputElement>('Value');
    expect(value.value).toBe('');
    expect(value.placeholder).toBe('••••••');
    const hint = document.getElementById(value.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe('Leave empty to keep the current value');
    expect(control<HTMLInputElement>('Sensitive').disabled).toBe(true);
    await type(control<HTMLTextAreaElement>('Description (optional)'), 'Renewed');
    await click(buttonNamed('Save changes'));

    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/variables/${secret.id}`);
    expect(put.body).toEqual({ name: 'API_TOKEN', type: 'STRING', sensitive: true, description: 'Renewed', status: 'ACTIVE' });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('deletes after a confirmation', async () => {
    let deleted = false;
    stubApi(({ method }) => {
      if (method === 'DELETE') {
        deleted = true;
        return { status: 204 };
      }
      return { body: { data: deleted ? [] : [plain] } };
    });
    await renderAt('/variables');
    await click(buttonNamed('Actions for BASE_URL'));
    const item = Array.from(document.querySelectorAll('[role="menuitem"]')).find((m) => m.textContent === 'Delete') as HTMLElement;
    // a menu picks the item the pointer is over, as in a browser: move onto it, then click
    await act(async () => item.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' })));
    await click(item);
    expect(document.querySelector('[role="alertdialog"]')!.textContent).toContain('BASE_URL will be deleted');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    const confirm = Array.from(document.querySelectorAll('[role="alertdialog"] button')).find((b) => b.textContent === 'Delete') as HTMLElement;
    await click(confirm);
    expect(requests.find((r) => r.method === 'DELETE')!.url.pathname).toBe(`/api/variables/${plain.id}`);
    expect(container.textContent).toContain('No variables yet');
  });
});

describe('WorkflowVariablesScreen', () => {
  const flowId = '33333333-3333-4333-8333-333333333333';

  it("shows the workflow's name and lists and creates in its scope", async () => {
    stubApi(({ url, method }) => {
      if (url.pathname === `/api/workflow/${flowId}`) return { body: { flow: { id: flowId, displayName: 'Send invoices' }, version: {} } };
      if (method === 'POST') return { status: 201, body: { ...plain, scope: 'WORKFLOW', workflowId: flowId } };
      return { body: { data: [] } };
    });
    await renderAt(`/workflows/${flowId}/variables`);
    expect(document.title).toBe('Workflow variables | Flowsmith');
    expect(container.querySelector('h1')!.textContent).toBe('Workflow variables');
    expect(container.querySelector(`a[href="/workflows/${flowId}/edit"]`)!.textContent).toBe('Send invoices');
    expect(requests.find((r) => r.url.pathname === '/api/variables')!.url.searchParams.get('workflow_id')).toBe(flowId);

    await click(buttonNamed('New variable'));
    await type(control<HTMLInputElement>('Name'), 'BASE_URL');
    await click(document.querySelector<HTMLButtonElement>('[role="dialog"] button[type="submit"]')!);
    expect(requests.find((r) => r.method === 'POST')!.body).toMatchObject({ name: 'BASE_URL', workflow_id: flowId });
  });

  it('says Workflow not found for an unknown workflow', async () => {
    stubApi(({ url }) => (url.pathname.startsWith('/api/workflow/') ? { status: 404, body: { code: 'FLOW_NOT_FOUND', message: 'Workflow not found' } } : { body: { data: [] } }));
    await renderAt(`/workflows/${flowId}/variables`);
    expect(container.textContent).toContain('Workflow not found');
  });
});
