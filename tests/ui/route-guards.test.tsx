/** The guard components carry out the pure decisions: redirects, the profile fetch, and rendering. */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { runInAction } from 'mobx';
import { ProtectedRoute } from '../../src/ui/routing/protected-route.tsx';
import { GuestRoute } from '../../src/ui/routing/guest-route.tsx';
import { authStore } from '../../src/ui/stores/auth-store.ts';
import { tokenStorage } from '../../src/api/token-storage.ts';
import type { User } from '../../src/domain/index.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ada: User = { id: '1', name: 'Ada Lovelace', email: 'ada@example.com' };
const originalFetch = authStore.fetchCurrentUser;
let container: HTMLDivElement;
let root: Root;

function signedIn(user: User | null) {
  tokenStorage.setTokens({ access_token: 'access', refresh_token: 'refresh' });
  runInAction(() => (authStore.user = user));
}

async function render(path: string) {
  const router = createMemoryRouter(
    [
      { Component: GuestRoute, children: [{ path: '/login', Component: () => <p>login form</p> }] },
      {
        Component: ProtectedRoute,
        children: [
          { path: '/', Component: () => <p>dashboard</p> },
          { path: '/executions/:id', Component: () => <p>execution</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  await act(async () => root.render(<RouterProvider router={router} />));
  return router;
}

const here = (router: Awaited<ReturnType<typeof render>>) =>
  router.state.location.pathname + router.state.location.search + router.state.location.hash;

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  authStore.fetchCurrentUser = originalFetch;
  tokenStorage.clearTokens();
  runInAction(() => (authStore.user = null));
});

describe('ProtectedRoute', () => {
  it('sends a guest to /login carrying path, query and hash', async () => {
    const router = await render('/executions/7?tab=logs#step_1');
    expect(here(router)).toBe('/login?redirect=%2Fexecutions%2F7%3Ftab%3Dlogs%23step_1');
    expect(container.textContent).toBe('login form');
  });

  it('renders the screen for a signed-in user with a profile', async () => {
    signedIn(ada);
    const router = await render('/executions/7');
    expect(here(router)).toBe('/executions/7');
    expect(container.textContent).toBe('execution');
  });

  it('fetches a missing profile once, showing a spinner meanwhile, then renders', async () => {
    signedIn(null);
    let calls = 0;
    let answer!: (user: User | null) => void;
    authStore.fetchCurrentUser = () => {
      calls += 1;
      return new Promise((resolve) => (answer = (user) => (runInAction(() => (authStore.user = user)), resolve(user))));
    };
    await render('/');
    expect(container.querySelector('[role="status"]')).not.toBeNull();
    expect(calls).toBe(1);
    await act(async () => answer(ada));
    expect(container.textContent).toBe('dashboard');
    expect(calls).toBe(1);
  });

  it('goes to login with the redirect when the profile cannot be loaded, and shows the form there', async () => {
    signedIn(null);
    authStore.fetchCurrentUser = async () => null;
    const router = await render('/executions/3');
    expect(here(router)).toBe('/login?redirect=%2Fexecutions%2F3');
    expect(container.textContent).toBe('login form');
  });
});

describe('GuestRoute', () => {
  it('sends a signed-in user to the dashboard overview', async () => {
    signedIn(ada);
    const router = await render('/login');
    expect(here(router)).toBe('/');
    expect(container.textContent).toBe('dashboard');
  });
});
