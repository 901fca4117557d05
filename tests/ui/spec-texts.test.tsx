/**
 * SPEC §8 and §9 texts and constants that had no test of their own (issue 16), each checked where it is
 * produced — the HTTP client, the auth store over the real client, the screens in a real React tree — and
 * against the SPEC's words written out here, so a change of wording or of a library default fails a test.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiError } from '../../src/api/api-error.ts';
import { createAuthApi } from '../../src/api/auth-api.ts';
import { createPublicClient } from '../../src/api/http-client.ts';
import { tokenStorage } from '../../src/api/token-storage.ts';
import { UI_MESSAGES } from '../../src/domain/index.ts';
import { errorMessage } from '../../src/ui/components/data/error-message.ts';
import { RouteErrorScreen } from '../../src/ui/screens/errors/route-error-screen.tsx';
import { RegisterScreen } from '../../src/ui/screens/auth/register-screen.tsx';
import { AuthStore, authStore } from '../../src/ui/stores/auth-store.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const reply = (status: number, body: string, type = 'text/html') => async () => new Response(body, { status, headers: { 'content-type': type } });

describe('the request timeout (SPEC §9)', () => {
  it('is 30000 ms for a call that sets none', async () => {
    const asked: number[] = [];
    const original = AbortSignal.timeout;
    AbortSignal.timeout = (ms: number) => (asked.push(ms), original.call(AbortSignal, ms));
    try {
      const client = createPublicClient({ baseUrl: '/api', fetch: reply(200, '{}', 'application/json') });
      await client.request('/anything');
    } finally {
      AbortSignal.timeout = original;
    }
    expect(asked).toEqual([30_000]);
  });
});

describe('auth texts over the real client (SPEC §8)', () => {
  const storeOver = (fetch: typeof globalThis.fetch) => {
    const http = createPublicClient({ baseUrl: '/api', fetch });
    return new AuthStore(createAuthApi(http, http), tokenStorage);
  };

  it("Google: a reply that is a crashed backend's page shows pages.login.serverError, even with status 200", async () => {
    for (const status of [200, 500]) {
      const store = storeOver(reply(status, '<br /><b>Fatal error</b>: Uncaught Exception in /var/www/index.php'));
      expect(await store.googleLogin('a-credential')).toBe(false);
      expect(store.error).toBe('Server error');
      store.dispose();
    }
    const plain = storeOver(reply(502, 'Bad gateway'));
    await plain.googleLogin('a-credential');
    expect(plain.error).toBe('Google sign-in failed. Please try again.');
    plain.dispose();
  });

  it("register, forgot and reset fall back to SPEC's sentences", async () => {
    const store = storeOver(reply(500, ''));
    await store.register({ name: 'Ada', email: 'ada@example.com', password: 'longenough' });
    expect(store.error).toBe('Registration failed. Please try again.');
    expect(await store.forgotPassword('ada@example.com')).toBeNull();
    expect(store.error).toBe('Failed to send reset email');
    store.dispose();
    const refused = storeOver(reply(200, '{"success":false}', 'application/json'));
    expect(await refused.resetPassword('token', 'longenough')).toBe(false);
    expect(refused.error).toBe('Password reset failed');
    refused.dispose();
  });
});

describe('UI messages (SPEC §8)', () => {
  it('are word for word', () => {
    expect(UI_MESSAGES).toEqual({
      pageNotFound: 'Page not found',
      serverError: 'Server error',
      invalidEmailOrPassword: 'Invalid email or password',
      emailExists: 'Email already exists',
      unexpectedRetry: 'Unexpected error, please retry',
      unexpectedRefresh: 'Unexpected error, please refresh the page or contact support',
      passwordsDontMatch: "Passwords don't match",
    });
  });

  it("a failure with no words of its own reads 'Unexpected error, please retry'; a 5xx 'Server error'", () => {
    expect(errorMessage(new Error('boom'))).toBe('Unexpected error, please retry');
    expect(errorMessage(new ApiError({ kind: 'http', status: 400, body: {} }))).toBe('Unexpected error, please retry');
    expect(errorMessage(new ApiError({ kind: 'http', status: 503, body: '' }))).toBe('Server error');
  });
});

describe('screens', () => {
  let container: HTMLDivElement;
  let root: Root;
  const originalRegister = authStore.register;

  beforeEach(() => {
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
    authStore.register = originalRegister;
    authStore.clearError();
  });

  const render = async (routes: Parameters<typeof createMemoryRouter>[0], path: string) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    await act(async () => root.render(<RouterProvider router={router} />));
  };

  it("a screen that throws shows 'Unexpected error, please refresh the page or contact support'", async () => {
    const warn = console.warn;
    const error = console.error;
    console.warn = () => {};
    console.error = () => {};
    try {
      const Broken = () => {
        throw new Error('render failed');
      };
      await render([{ path: '/', Component: Broken, ErrorBoundary: RouteErrorScreen }], '/');
    } finally {
      console.warn = warn;
      console.error = error;
    }
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Unexpected error, please refresh the page or contact support');
    expect(document.title).toBe('Server error | Flowsmith');
  });

  it("the register screen falls back to 'Registration failed' when the store gives no words", async () => {
    authStore.register = async () => false;
    await render([{ path: '/register', Component: RegisterScreen }], '/register');
    const field = (label: string) => {
      const el = Array.from(container.querySelectorAll('label')).find((l) => l.textContent === label);
      return container.querySelector<HTMLInputElement>(`#${CSS.escape(el!.htmlFor)}`)!;
    };
    for (const [label, value] of [['Name', 'Ada'], ['Email', 'ada@example.com'], ['Password', 'longenough'], ['Confirm password', 'longenough']] as const) {
      await act(async () => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field(label), value);
        field(label).dispatchEvent(new Event('input', { bubbles: true }));
      });
    }
    await act(async () => container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Registration failed');
  });
});
