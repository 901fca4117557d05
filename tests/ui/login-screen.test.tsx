/**
 * The login form in a real React tree (react-dom + happy-dom, no testing library): validation appears on
 * blur and on change, never on a pristine form, and the button is disabled and reads 'Loading...' while the
 * sign-in request runs.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LoginScreen } from '../../src/ui/screens/auth/login-screen.tsx';
import { authStore } from '../../src/ui/stores/auth-store.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const originalLogin = authStore.login;

async function renderLogin(initialPath = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginScreen },
      { path: '*', Component: () => <p>Landed elsewhere</p> },
    ],
    { initialEntries: [initialPath] },
  );
  await act(async () => {
    root.render(<RouterProvider router={router} />);
  });
  return router;
}

function input(label: string): HTMLInputElement {
  const labelEl = Array.from(container.querySelectorAll('label')).find((l) => l.textContent === label);
  if (!labelEl) throw new Error(`no label ${label}`);
  const el = container.querySelector<HTMLInputElement>(`#${CSS.escape(labelEl.htmlFor)}`);
  if (!el) throw new Error(`label ${label} is not tied to an input`);
  return el;
}

async function type(el: HTMLInputElement, value: string) {
  await act(async () => {
    // React tracks the value itself; the native setter makes the change visible to it.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function blur(el: HTMLInputElement) {
  await act(async () => {
    el.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

function errorOf(el: HTMLInputElement): string | null {
  const id = el.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

const submitButton = () => container.querySelector<HTMLButtonElement>('button[type="submit"]')!;

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  authStore.login = originalLogin;
  authStore.clearError();
});

describe('LoginScreen', () => {
  it('shows the SPEC texts and no errors before the user touches anything', async () => {
    await renderLogin();
    expect(container.querySelector('h1')?.textContent).toBe('Welcome back');
    expect(container.textContent).toContain('Sign in with Google or your email');
    expect(container.textContent).toContain('Forgot your password?');
    expect(container.textContent).toContain('Terms of Service');
    expect(submitButton().textContent).toBe('Sign in');
    expect(input('Email').getAttribute('aria-invalid')).toBeNull();
    expect(container.querySelector('.field-error')).toBeNull();
    expect(document.title).toBe('Sign in | Flowsmith');
  });

  it("shows 'Enter a valid email' after blur, then 'Email is required' once emptied", async () => {
    await renderLogin();
    const email = input('Email');
    await type(email, 'not-an-email');
    await blur(email);
    expect(errorOf(email)).toBe('Enter a valid email');
    expect(email.getAttribute('aria-invalid')).toBe('true');

    await type(email, '');
    expect(errorOf(email)).toBe('Email is required');

    await type(email, 'ada@example.com');
    expect(errorOf(email)).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it("says 'Password is required' when the password is left empty", async () => {
    await renderLogin();
    const password = input('Password');
    await blur(password);
    expect(errorOf(password)).toBe('Password is required');
  });

  it('flags every field on a submit of the empty form and does not call the store', async () => {
    let calls = 0;
    authStore.login = async () => {
      calls += 1;
      return false;
    };
    await renderLogin();
    await act(async () => submitButton().click());
    expect(errorOf(input('Email'))).toBe('Email is required');
    expect(errorOf(input('Password'))).toBe('Password is required');
    expect(calls).toBe(0);
  });

  it("disables the button and reads 'Loading...' while signing in, then follows a safe redirect", async () => {
    let finish!: (ok: boolean) => void;
    const received: unknown[] = [];
    authStore.login = (values) => {
      received.push(values);
      return new Promise<boolean>((resolve) => (finish = resolve));
    };
    const router = await renderLogin('/login?redirect=%2Fworkflows%3Fpage%3D2');
    await type(input('Email'), ' ada@example.com ');
    await type(input('Password'), 'secret');
    await act(async () => submitButton().click());

    expect(submitButton().disabled).toBe(true);
    expect(submitButton().textContent).toBe('Loading...');
    expect(received).toEqual([{ email: 'ada@example.com', password: 'secret' }]);

    await act(async () => finish(true));
    expect(router.state.location.pathname + router.state.location.search).toBe('/workflows?page=2');
  });

  it('never follows a redirect to another site', async () => {
    authStore.login = async () => true;
    const router = await renderLogin('/login?redirect=%2F%2Fevil.com');
    await type(input('Email'), 'ada@example.com');
    await type(input('Password'), 'secret');
    await act(async () => submitButton().click());
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows the store's error in an alert, or 'Invalid credentials' when it has none", async () => {
    authStore.login = async () => false;
    await renderLogin();
    await type(input('Email'), 'ada@example.com');
    await type(input('Password'), 'wrong');
    await act(async () => submitButton().click());
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Invalid credentials');
    expect(submitButton().disabled).toBe(false);
  });
});
