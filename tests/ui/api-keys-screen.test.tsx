/**
 * The API keys screen in a real React tree against a stubbed fetch: the empty state with a curl example
 * on the page's own origin, creating a key (the password asked for, the server's field refusal under its
 * field, the secret shown once and gone with the dialog), the Google-only variant without a password,
 * revoking after a confirmation; and the expiry choices turned into instants.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiKeysScreen } from '../../src/ui/screens/settings/api-keys-screen.tsx';
import { dateError, expiresAt, localDay } from '../../src/ui/screens/settings/api-key-form.ts';

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

async function render() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/settings/api-keys', Component: ApiKeysScreen }], { initialEntries: ['/settings/api-keys'] });
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

const hasLabel = (label: string) => Array.from(document.querySelectorAll('label')).some((l) => l.textContent === label);

async function type(el: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function click(el: HTMLElement) {
  await act(async () => el.click());
  await settle();
}

const errorOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((node) => node?.classList.contains('field-error'))?.textContent;

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

const SECRET = `fsk_${'Ab1_'.repeat(10)}xyz`;
const key = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Deploy bot',
  prefix: SECRET.slice(0, 12),
  scope: 'READ_WRITE',
  created: '2026-03-01T10:00:00.000Z',
  lastUsed: null,
  expires: null,
  status: 'ACTIVE',
};
const list = (data: unknown[], passwordRequired = true) => ({ body: { data, max: 100, passwordRequired } });

describe('ApiKeysScreen', () => {
  it('explains keys with a curl example on this origin when there are none', async () => {
    stubApi(() => list([]));
    await render();
    expect(document.title).toBe('API Keys | Flowsmith');
    expect(container.textContent).toContain('No API keys yet');
    expect(container.querySelector('.empty-state pre')!.textContent).toBe(`curl -H "Authorization: Bearer fsk_…" ${window.location.origin}/api/workflow/paginate`);
    expect(container.querySelector('a[href="/settings/api-reference"]')!.textContent).toContain('API reference');
  });

  it('asks for the password, shows the server’s refusal under it, then shows the secret once', async () => {
    let created = false;
    stubApi(({ method, body }) => {
      if (method === 'POST') {
        if ((body as { password?: string }).password !== 'right') {
          return { status: 400, body: { code: 'VALIDATION', message: 'Invalid request', errors: { password: ['The password is incorrect'] } } };
        }
        created = true;
        return { status: 201, body: { apiKey: key, secret: SECRET } };
      }
      return list(created ? [key] : []);
    });
    await render();
    await click(buttonNamed('New API key'));
    await type(control('Name'), 'Deploy bot');
    await act(async () => (document.querySelector('input[value="READ_WRITE"]') as HTMLInputElement).click());
    await click(buttonNamed('Create key'));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(errorOf(control('Current password'))).toBe('Enter your current password');

    await type(control('Current password'), 'wrong');
    await click(buttonNamed('Create key'));
    expect(errorOf(control('Current password'))).toBe('The password is incorrect');

    await type(control('Current password'), 'right');
    await click(buttonNamed('Create key'));
    const post = requests.filter((r) => r.method === 'POST').at(-1)!;
    expect(post.url.pathname).toBe('/api/api-keys');
    const sent = post.body as { name: string; scope: string; password: string; expires_at: string };
    expect(sent).toMatchObject({ name: 'Deploy bot', scope: 'READ_WRITE', password: 'right' });
    // 90 days is the default choice.
    expect(Math.abs(new Date(sent.expires_at).getTime() - (Date.now() + 90 * 86_400_000))).toBeLessThan(60_000);

    expect(document.querySelector('[role="dialog"]')!.textContent).toContain('Copy your new API key');
    expect(control<HTMLInputElement>('Your new API key').value).toBe(SECRET);
    expect(buttonNamed('Copy API key')).toBeDefined();
    await click(buttonNamed('Done'));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(container.querySelector('tbody')!.textContent).toContain('Deploy bot');
    expect(container.querySelector('tbody')!.textContent).toContain(`${SECRET.slice(0, 12)}…`);

    // Opening the dialog again starts from an empty form, never the old secret.
    await click(buttonNamed('New API key'));
    expect(control<HTMLInputElement>('Name').value).toBe('');
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('asks no password of a Google-only account', async () => {
    stubApi(({ method }) => (method === 'POST' ? { status: 201, body: { apiKey: { ...key, scope: 'READ_ONLY' }, secret: SECRET } } : list([], false)));
    await render();
    await click(buttonNamed('New API key'));
    expect(hasLabel('Current password')).toBe(false);
    expect(document.querySelector('[role="dialog"]')!.textContent).toContain('within 10 minutes of signing in');
    await type(control('Name'), 'Reader');
    const expires = control<HTMLSelectElement>('Expires');
    await act(async () => {
      expires.value = 'never';
      expires.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click(buttonNamed('Create key'));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ name: 'Reader', scope: 'READ_ONLY', expires_at: null });
  });

  it('revokes after a confirmation', async () => {
    let revoked = false;
    stubApi(({ method }) => {
      if (method === 'DELETE') {
        revoked = true;
        return { body: { success: true } };
      }
      return list(revoked ? [] : [{ ...key, status: 'EXPIRED', lastUsed: '2026-03-02T10:00:00.000Z' }]);
    });
    await render();
    expect(container.querySelector('tbody')!.textContent).toContain('Expired');
    await click(buttonNamed('Revoke Deploy bot'));
    const confirm = document.querySelector('[role="alertdialog"]')!;
    expect(confirm.textContent).toContain('stops working at once');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await click(Array.from(confirm.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Revoke')!);
    expect(requests.find((r) => r.method === 'DELETE')!.url.pathname).toBe(`/api/api-keys/${key.id}`);
    expect(container.textContent).toContain('No API keys yet');
  });

  it('disables New API key at the limit', async () => {
    stubApi(() => ({ body: { data: [key], max: 1, passwordRequired: true } }));
    await render();
    expect(buttonNamed('New API key').disabled).toBe(true);
  });
});

describe('expiry choices', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');

  it('turns never, a number of days and a date into instants', () => {
    expect(expiresAt({ expiry: 'never', date: '' }, now)).toBeNull();
    expect(expiresAt({ expiry: '30', date: '' }, now)).toBe('2026-04-09T12:00:00.000Z');
    // A date lasts until the end of that day where the person is.
    expect(expiresAt({ expiry: 'date', date: '2026-05-01' }, now)).toBe(new Date(2026, 4, 1, 23, 59, 59, 999).toISOString());
  });

  it('refuses a missing, past or too distant date', () => {
    expect(dateError({ expiry: 'date', date: '' }, now)).toBe('Choose a date');
    expect(dateError({ expiry: 'date', date: '2026-03-01' }, now)).toBe('Choose a date in the future');
    expect(dateError({ expiry: 'date', date: '2037-01-01' }, now)).toBe('Choose a date within 10 years, or Never');
    expect(dateError({ expiry: 'date', date: localDay(new Date(now.getTime() + 86_400_000 * 2)) }, now)).toBeUndefined();
    expect(dateError({ expiry: '90', date: '' }, now)).toBeUndefined();
  });
});
