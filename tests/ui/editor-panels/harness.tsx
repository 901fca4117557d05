/**
 * What the editor-panel tests share: a real React tree (react-dom + happy-dom) with a fresh QueryClient,
 * a fake server in place of fetch that records every request, and ways to find what a user sees.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type Reply = { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;
export type Handler = (request: { method: string; url: URL; body: unknown }) => Reply;

export interface Harness {
  container: HTMLDivElement;
  requests: Array<{ method: string; url: URL; body: unknown }>;
  serve(handler: Handler): void;
  render(element: ReactNode): Promise<void>;
  cleanup(): Promise<void>;
}

const realFetch = globalThis.fetch;

export function createHarness(): Harness {
  let root: Root | undefined;
  const harness: Harness = {
    container: document.createElement('div'),
    requests: [],
    serve(handler) {
      globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        const method = init?.method ?? 'GET';
        const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
        harness.requests.push({ method, url, body });
        const { status = 200, body: reply } = await handler({ method, url, body });
        return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
      }) as typeof fetch;
    },
    async render(element) {
      localStorage.setItem('accessToken', 'test-token');
      document.body.appendChild(harness.container);
      root = createRoot(harness.container);
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      await act(async () => root!.render(<QueryClientProvider client={client}>{element}</QueryClientProvider>));
      await settle();
    },
    async cleanup() {
      await act(async () => root?.unmount());
      harness.container.remove();
      harness.requests.length = 0;
      globalThis.fetch = realFetch;
      localStorage.clear();
      document.body.innerHTML = '';
    },
  };
  return harness;
}

/** Lets fetches, React Query and React finish what they started. */
export async function settle(rounds = 6) {
  for (let i = 0; i < rounds; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** A button by its accessible name (aria-label, else its text), anywhere in the page (dialogs are portalled). */
export function button(name: string, within: ParentNode = document): HTMLButtonElement | undefined {
  return Array.from(within.querySelectorAll('button')).find((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name);
}

export function buttons(name: string, within: ParentNode = document): HTMLButtonElement[] {
  return Array.from(within.querySelectorAll('button')).filter((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name);
}

export async function click(element: Element | undefined | null) {
  if (!element) throw new Error('nothing to click');
  await act(async () => (element as HTMLElement).click());
  await settle();
}

export async function press(element: Element, key: string) {
  await act(async () => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

/** Types into an input the way React sees it (the native value setter, then an input event). */
export async function typeInto(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function blur(input: HTMLInputElement) {
  await act(async () => {
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    input.dispatchEvent(new FocusEvent('blur'));
  });
}

/** The visible text of an element with runs of white space as one space. */
export const textOf = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
