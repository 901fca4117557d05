/**
 * The profile screen in a real React tree against a stubbed fetch (the real server is e2e's and
 * tests/server/account.test.ts's): the cards from GET /account, the password form's rules and the server's
 * refusal under its field, this tab's new tokens after a change, the email link sent once and taken out of
 * the address, a password-less account past its fresh sign-in, and the confirmations before signing out
 * everywhere and deleting.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ProfileScreen } from '../../src/ui/screens/settings/profile-screen.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Reply {
  status?: number;
  body?: unknown;
}
interface SentRequest {
  method: string;
  url: URL;
  body: unknown;
}

let container: HTMLDivElement;
let root: Root;
let requests: SentRequest[];
let router: ReturnType<typeof createMemoryRouter>;
const originalFetch = globalThis.fetch;

function stubApi(handler: (request: SentRequest) => Reply) {
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

async function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  router = createMemoryRouter([{ path: '/settings/profile', Component: ProfileScreen }], { initialEntries: [path] });
  // StrictMode as in the app: effects run twice in development, and the email link must still be sent once.
  await act(async () =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  await settle();
}

const buttonNamed = (name: string) => Array.from(document.querySelectorAll('button')).filter((b) => b.textContent?.trim() === name) as HTMLButtonElement[];
const section = (title: string) => Array.from(document.querySelectorAll('section')).find((s) => s.querySelector('h2')?.textContent === title)!;

function control(label: string, within: ParentNode = document): HTMLInputElement {
  const labelEl = Array.from(within.querySelectorAll('label')).find((l) => l.textContent === label);
  if (!labelEl) throw new Error(`no label ${label}`);
  return document.getElementById(labelEl.htmlFor) as HTMLInputElement;
}

async function type(el: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function blur(el: HTMLElement) {
  await act(async () => el.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
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

const user = { id: '11111111-1111-4111-8111-111111111111', name: 'Ada Lovelace', email: 'ada@example.com', createdAt: '2026-01-01T00:00:00.000Z' };
const withPassword = { user, hasPassword: true, googleLinked: false, pendingEmail: null, sensitiveChangesUntil: null };

beforeEach(() => {
  requests = [];
  localStorage.clear();
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

describe('ProfileScreen', () => {
  it('shows one card per concern from GET /account', async () => {
    stubApi(() => ({ body: { ...withPassword, pendingEmail: { email: 'ada.new@example.com', expiresAt: '2026-01-01T01:00:00.000Z' } } }));
    await renderAt('/settings/profile');
    expect(document.title).toBe('Profile | Flowsmith');
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['GET /api/account']);
    expect(Array.from(document.querySelectorAll('h2')).map((h) => h.textContent)).toEqual(['Name', 'Email', 'Password', 'Sessions', 'Delete account']);
    expect(control('Name').value).toBe('Ada Lovelace');
    expect(section('Email').textContent).toContain('ada@example.com');
    expect(section('Email').textContent).toContain('Waiting for confirmation: ada.new@example.com');
  });

  it('says when the account cannot be loaded, and retries', async () => {
    let fail = true;
    stubApi(() => (fail ? { status: 500, body: { code: 'INTERNAL', message: 'Server error' } } : { body: withPassword }));
    await renderAt('/settings/profile');
    expect(document.querySelector('[role="alert"]')!.textContent).toContain('Could not load your account');
    fail = false;
    await click(buttonNamed('Retry')[0]!);
    expect(section('Name')).toBeDefined();
  });

  it('checks the new password as typed, shows a wrong current password under its field, and keeps this tab signed in', async () => {
    let wrong = true;
    stubApi(({ method, url }) => {
      if (method === 'PUT' && url.pathname === '/api/account/password') {
        return wrong
          ? { status: 400, body: { code: 'INVALID_CREDENTIALS', message: 'The password is incorrect', errors: { current_password: ['The password is incorrect'] } } }
          : { body: { access_token: 'new-access', refresh_token: 'new-refresh' } };
      }
      return { body: withPassword };
    });
    await renderAt('/settings/profile');
    const card = section('Password');
    const next = control('New password', card);
    const again = control('Confirm new password', card);
    await type(next, 'short');
    expect(errorOf(next)).toBe('Minimum 8 characters');
    await type(next, 'a much better password');
    expect(errorOf(next)).toBeUndefined();
    await type(again, 'a much better passwort');
    await blur(again);
    expect(errorOf(again)).toBe("Passwords don't match");
    await type(again, 'a much better password');
    expect(errorOf(again)).toBeUndefined();

    await type(control('Current password', card), 'guess');
    await click(buttonNamed('Change password')[0]!);
    const sent = requests.find((r) => r.method === 'PUT')!;
    expect(sent.body).toEqual({ current_password: 'guess', new_password: 'a much better password' });
    expect(errorOf(control('Current password', card))).toBe('The password is incorrect');
    await type(control('Current password', card), 'the right one');
    expect(errorOf(control('Current password', card))).toBeUndefined();

    wrong = false;
    await click(buttonNamed('Change password')[0]!);
    expect([localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]).toEqual(['new-access', 'new-refresh']);
    expect(control('Current password', section('Password')).value).toBe('');
  });

  it('sends the email link’s token once, takes it out of the address, and shows the new address', async () => {
    const changed = { ...user, email: 'ada.new@example.com' };
    let confirmed = false;
    stubApi(({ url }) => {
      if (url.pathname === '/api/account/email/confirm') {
        confirmed = true;
        return { body: { user: changed } };
      }
      return { body: { ...withPassword, user: confirmed ? changed : user } };
    });
    await renderAt('/settings/profile?email_token=the-mailed-token&tab=1');
    const confirms = requests.filter((r) => r.url.pathname === '/api/account/email/confirm');
    expect(confirms.map((r) => r.body)).toEqual([{ token: 'the-mailed-token' }]);
    // The account is read once the link is answered: a read sent before would show the old address.
    expect(requests.map((r) => r.url.pathname)).toEqual(['/api/account/email/confirm', '/api/account']);
    expect(router.state.location.search).toBe('?tab=1');
    expect(document.querySelector('[role="status"].alert, .alert-success')!.textContent).toContain('Your email is now ada.new@example.com.');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: 'ada.new@example.com' });
    expect(section('Email').textContent).toContain('ada.new@example.com');
  });

  it('says why a spent or expired link changed nothing', async () => {
    stubApi(({ url }) =>
      url.pathname === '/api/account/email/confirm'
        ? { status: 400, body: { code: 'INVALID_OR_EXPIRED_JWT_TOKEN', message: 'This email confirmation link is invalid or has expired.' } }
        : { body: withPassword },
    );
    await renderAt('/settings/profile?email_token=spent');
    const alert = document.querySelector('.alert-error')!;
    expect(alert.textContent).toContain('The email was not changed');
    expect(alert.textContent).toContain('This email confirmation link is invalid or has expired.');
  });

  it('offers a password-less account to sign in again once its sign-in is no longer fresh', async () => {
    stubApi(() => ({ body: { ...withPassword, hasPassword: false, googleLinked: true, sensitiveChangesUntil: '2020-01-01T00:00:00.000Z' } }));
    await renderAt('/settings/profile');
    expect(buttonNamed('Sign in again')).toHaveLength(3);
    expect(buttonNamed('Send confirmation link')).toHaveLength(0);
    expect(buttonNamed('Delete account')).toHaveLength(0);
    expect(section('Password').textContent).toContain('Set a password to sign in with your email too.');
    // Renaming needs no fresh sign-in.
    expect(buttonNamed('Save name')).toHaveLength(1);
  });

  it('lets a fresh password-less account set a first password without a current one', async () => {
    const until = new Date(Date.now() + 5 * 60_000).toISOString();
    stubApi(({ method }) => (method === 'PUT' ? { body: { access_token: 'a', refresh_token: 'r' } } : { body: { ...withPassword, hasPassword: false, sensitiveChangesUntil: until } }));
    await renderAt('/settings/profile');
    const card = section('Password');
    expect(() => control('Current password', card)).toThrow();
    await type(control('New password', card), 'my first password');
    await type(control('Confirm new password', card), 'my first password');
    await click(buttonNamed('Set password')[0]!);
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ new_password: 'my first password' });
  });

  it('asks before signing out of all devices', async () => {
    stubApi(() => ({ body: withPassword }));
    await renderAt('/settings/profile');
    await click(buttonNamed('Sign out of all devices')[0]!);
    const dialog = document.querySelector('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Sign out of all devices?');
    await click(buttonNamed('Cancel')[0]!);
    expect(requests.some((r) => r.url.pathname === '/api/auth/logout-all')).toBe(false);
  });

  it('deletes only after DELETE is typed, and shows a wrong password under its field', async () => {
    stubApi(({ url }) =>
      url.pathname === '/api/account/delete'
        ? { status: 400, body: { code: 'INVALID_CREDENTIALS', message: 'The password is incorrect', errors: { password: ['The password is incorrect'] } } }
        : { body: withPassword },
    );
    await renderAt('/settings/profile');
    await click(buttonNamed('Delete account')[0]!);
    const dialog = document.querySelector('[role="alertdialog"]') as HTMLElement;
    const submit = Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Delete account')!;
    expect(submit.disabled).toBe(true);
    const typed = control('Type DELETE to confirm', dialog);
    await type(typed, 'delete');
    expect(errorOf(typed)).toBe('Type DELETE to confirm');
    expect(submit.disabled).toBe(true);
    await type(typed, 'DELETE');
    expect(submit.disabled).toBe(false);
    await type(control('Password', dialog), 'a guess');
    await click(submit);
    expect(requests.find((r) => r.url.pathname === '/api/account/delete')!.body).toEqual({ confirmation: 'DELETE', password: 'a guess' });
    expect(errorOf(control('Password', dialog))).toBe('The password is incorrect');
  });
});
