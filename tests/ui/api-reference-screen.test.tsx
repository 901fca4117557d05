/**
 * The API reference screen in a real React tree against a stubbed fetch: the document is asked for
 * without a bearer (it is public), a failed load shows the error with Retry, and the loaded document is
 * handed to a <rapi-doc> that carries the app's theme and never loads fonts or other documents.
 */
import { afterEach, beforeEach, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiReferenceScreen } from '../../src/ui/screens/settings/api-reference-screen.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Flowsmith API', version: '0.1.0' },
  servers: [{ url: '/api' }],
  paths: { '/health': { get: { operationId: 'getHealth', summary: 'Check that the server answers', responses: { 200: { description: 'OK' } } } } },
};

let container: HTMLDivElement;
let root: Root;
let requests: Array<{ url: string; authorization: string | null }>;
let failNext = 0;
const originalFetch = globalThis.fetch;

beforeEach(() => {
  requests = [];
  failNext = 0;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
    if (failNext > 0) {
      failNext -= 1;
      return new Response(JSON.stringify({ code: 'INTERNAL', message: 'Server error' }), { status: 500, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify(DOCUMENT), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  globalThis.fetch = originalFetch;
});

const settle = async (rounds = 6) => {
  for (let i = 0; i < rounds; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
};

async function render() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/settings/api-reference', Component: ApiReferenceScreen }], { initialEntries: ['/settings/api-reference'] });
  await act(async () => root.render(<QueryClientProvider client={queryClient}><RouterProvider router={router} /></QueryClientProvider>));
  await settle();
}

const retryButton = () => Array.from(container.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Retry');

it('asks for the public document, shows a failure with Retry, then hands the document to the viewer', async () => {
  failNext = 1;
  await render();
  expect(document.title).toBe('API Reference | Flowsmith');
  expect(requests.map((r) => [new URL(r.url, 'http://localhost').pathname, r.authorization])).toEqual([['/api/openapi.json', null]]);
  expect(container.querySelector('[role="alert"]')?.textContent).toContain('Could not load the API document');

  await act(async () => retryButton()!.click());
  await settle();
  expect(container.querySelector('[role="alert"]')).toBeNull();
  // The viewer's module loads after the document: wait for the element it defines.
  for (let i = 0; i < 200 && !container.querySelector('rapi-doc'); i++) await settle(1);
  const viewer = container.querySelector('rapi-doc')!;
  expect(viewer).not.toBeNull();
  expect(viewer.getAttribute('load-fonts')).toBe('false');
  expect(viewer.getAttribute('allow-spec-url-load')).toBe('false');
  expect(viewer.getAttribute('allow-server-selection')).toBe('false');
  expect(viewer.getAttribute('theme')).toMatch(/^(light|dark)$/);
  expect(requests).toHaveLength(2);
});
