/**
 * The connections screen in a real React tree against a stubbed fetch: the list (no secret asked for or
 * shown), creating with the fields of the chosen type, editing without sending an untouched secret, the
 * server's refusal under its field and SPEC §6's sentence for a caller who may not write, the test call,
 * and deleting after the usage list (force only when steps use it).
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ConnectionsScreen } from '../../src/ui/screens/settings/connections/connections-screen.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Reply {
  status?: number;
  body?: unknown;
}
type Request = { method: string; url: URL; body: unknown };

let container: HTMLDivElement;
let root: Root;
let requests: Request[];
const originalFetch = globalThis.fetch;

function stubApi(handler: (request: Request) => Reply) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = { method: init?.method ?? 'GET', url: new URL(String(input), 'http://localhost'), body: init?.body ? JSON.parse(String(init.body)) : undefined };
    requests.push(request);
    const { status = 200, body } = handler(request);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

const settle = async () => {
  for (let i = 0; i < 8; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
};

async function render() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/settings/connections', Component: ConnectionsScreen }], { initialEntries: ['/settings/connections'] });
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

async function type(el: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function choose(el: HTMLSelectElement, value: string) {
  await act(async () => {
    el.value = value;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
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

/** Opens a row's "…" menu and picks an item (Ark's menu items are elements with role menuitem). */
async function rowAction(name: string, item: string) {
  await click(buttonNamed(`Actions for ${name}`));
  const entry = Array.from(document.querySelectorAll('[role="menuitem"]')).find((node) => node.textContent?.trim() === item) as HTMLElement;
  // a menu picks the item the pointer is over, as in a browser: move onto it, then click
  for (const x of [1, 2]) await act(async () => entry.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse', clientX: x, clientY: x })));
  await click(entry);
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

const stamps = { created: '2026-03-01T10:00:00.000Z', updated: new Date().toISOString() };
const bearer = { id: '11111111-1111-4111-8111-111111111111', name: 'GitHub', type: 'BEARER_TOKEN', ...stamps };
const basic = { id: '22222222-2222-4222-8222-222222222222', name: 'Payments', type: 'BASIC_AUTH', username: 'shop', ...stamps };

describe('ConnectionsScreen', () => {
  it('lists connections with what they send, and offers a create button when there are none', async () => {
    stubApi(() => ({ body: { data: [bearer, basic] } }));
    await render();
    expect(document.title).toBe('Connections | Flowsmith');
    const rows = Array.from(container.querySelectorAll('tbody tr'));
    expect(rows[0]!.textContent).toContain('Bearer token');
    expect(rows[1]!.textContent).toContain('User shop');

    await act(async () => root.unmount());
    root = createRoot(container);
    stubApi(() => ({ body: { data: [] } }));
    await render();
    expect(container.textContent).toContain('No connections yet');
    await click(buttonNamed('Create connection'));
    expect(document.querySelector('[role="dialog"]')!.textContent).toContain('New connection');
  });

  it('creates with the fields of the chosen type, checked before sending, and shows a refusal under its field', async () => {
    stubApi(({ method }) =>
      method === 'POST'
        ? { status: 409, body: { code: 'VALIDATION', message: 'A connection with this name already exists', errors: { name: ['A connection with this name already exists'] } } }
        : { body: { data: [bearer] } },
    );
    await render();
    await click(buttonNamed('New connection'));
    await type(control('Name'), 'GitHub');
    await choose(control('Type'), 'API_KEY');
    await type(control('Header name'), 'X-Api-Key');
    const key = control<HTMLInputElement>('API key');
    expect(key.type).toBe('password');
    await type(key, 'abc');
    expect(errorOf(key)).toBe('Use at least 4 characters');
    await type(key, 'key-123456');
    await click(buttonNamed('Create connection'));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ name: 'GitHub', type: 'API_KEY', header_name: 'X-Api-Key', api_key: 'key-123456' });
    expect(errorOf(control('Name'))).toBe('A connection with this name already exists');
  });

  it("tells a caller who may not write in SPEC §6's words", async () => {
    stubApi(({ method }) => (method === 'POST' ? { status: 403, body: { code: 'PERMISSION_DENIED', message: 'This API key is read-only' } } : { body: { data: [bearer] } }));
    await render();
    await click(buttonNamed('New connection'));
    await type(control('Name'), 'Anything');
    await type(control('Token'), 'tok-123456');
    await click(buttonNamed('Create connection'));
    expect(document.querySelector('[role="dialog"] [role="alert"]')!.textContent).toBe("You don't have the permission to create a connection.");
  });

  it('edits without sending a secret left empty', async () => {
    stubApi(({ method }) => (method === 'PUT' ? { body: { ...basic, username: 'shop2' } } : { body: { data: [basic] } }));
    await render();
    await click(buttonNamed('Edit Payments'));
    const password = control<HTMLInputElement>('Password');
    expect(password.value).toBe('');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)!.textContent).toBe('Leave empty to keep the current value');
    await type(control('Username'), 'shop2');
    await click(buttonNamed('Save changes'));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/connections/${basic.id}`);
    expect(put.body).toEqual({ name: 'Payments', username: 'shop2' });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('tests a connection against an address and says how it went', async () => {
    stubApi(({ method }) =>
      method === 'POST' ? { body: { ok: false, status: 401, message: 'Request failed with status 401: Bearer [redacted]', duration: 12 } } : { body: { data: [bearer] } },
    );
    await render();
    await rowAction('GitHub', 'Test');
    await type(control('URL'), 'https://api.github.com/user');
    await click(buttonNamed('Send test request'));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url.pathname).toBe(`/api/connections/${bearer.id}/test`);
    expect(post.body).toEqual({ url: 'https://api.github.com/user' });
    const alert = document.querySelector('[role="dialog"] [role="alert"]')!;
    expect(alert.textContent).toContain('The test failed');
    expect(alert.textContent).toContain('HTTP 401 · 12 ms');
  });

  it('lists where a connection is used before deleting it, and only then forces', async () => {
    let deleted = false;
    stubApi(({ method, url }) => {
      if (url.pathname.endsWith('/usage')) {
        return { body: { workflows: [{ id: 'f1', name: 'Nightly sync', draft: true, published: true, steps: [{ name: 'step_2', displayName: 'Fetch repos' }] }] } };
      }
      if (method === 'DELETE') {
        deleted = true;
        return { body: { success: true } };
      }
      return { body: { data: deleted ? [] : [bearer] } };
    });
    await render();
    await rowAction('GitHub', 'Delete');
    const dialog = document.querySelector('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('One workflow uses it');
    expect(dialog.querySelector('a')!.getAttribute('href')).toBe('/workflows/f1/edit');
    expect(dialog.textContent).toContain('Fetch repos');
    expect(dialog.textContent).toContain('Published');
    await click(buttonNamed('Delete anyway'));
    const del = requests.find((r) => r.method === 'DELETE')!;
    expect(del.url.pathname).toBe(`/api/connections/${bearer.id}`);
    expect(del.url.searchParams.get('force')).toBe('true');
    expect(container.textContent).toContain('No connections yet');
  });
});
