/**
 * What the two retry screen tests share (the run's page, run-retry.test.tsx; the executions list,
 * executions-row-retry.test.tsx): a stubbed fetch that records each request, a real React tree made
 * before and removed after each test, and the screen rendered under TanStack Query and a memory router.
 */
import { afterEach, beforeEach } from '@rstest/core';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type Handler = (url: URL, init: RequestInit | undefined) => { status?: number; body: unknown };

/** Every request the screen made in this test, in order. */
export const requests: Array<{ method: string; path: string; body?: unknown }> = [];
const originalFetch = globalThis.fetch;

export function stubApi(handler: Handler) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push({ method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const { status = 200, body } = handler(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

export async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

export interface Tree {
  container: HTMLDivElement;
  root: Root;
}

/** A fresh React root in the document for each test of the calling file; fetch restored after each. */
export function reactTree(): Tree {
  const tree = {} as Tree;
  beforeEach(() => {
    requests.length = 0;
    tree.container = document.createElement('div');
    document.body.appendChild(tree.container);
    tree.root = createRoot(tree.container);
  });
  afterEach(async () => {
    await act(async () => tree.root.unmount());
    tree.container.remove();
    globalThis.fetch = originalFetch;
    document.body.innerHTML = '';
  });
  return tree;
}

/** Renders `routes` at `path` (with `beside` next to the router, e.g. the toaster) and lets it settle. */
export async function renderRoutes(tree: Tree, routes: RouteObject[], path: string, beside?: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await act(async () =>
    tree.root.render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {beside}
      </QueryClientProvider>,
    ),
  );
  await settle();
  return router;
}
