/**
 * A step's attempts ('Retry on failure', issue 15) in a run's detail: each attempt's outcome, duration
 * and error, in order, under the step; a step without retries shows no attempts list.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ExecutionDetailScreen } from '../../src/ui/screens/executions/execution-detail-screen.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const originalFetch = globalThis.fetch;

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  globalThis.fetch = originalFetch;
});

async function show(detail: unknown) {
  globalThis.fetch = (async () => new Response(JSON.stringify(detail), { status: 200, headers: { 'content-type': 'application/json' } })) as typeof fetch;
  const router = createMemoryRouter([{ path: '/executions/:id', Component: ExecutionDetailScreen }], { initialEntries: ['/executions/r1'] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => root.render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>));
  for (let i = 0; i < 5; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

const run = (steps: unknown[]) => ({
  id: 'r1',
  flowId: 'flow-1',
  workflowName: 'Flaky API',
  versionId: 'v1',
  status: 'SUCCEEDED',
  startTime: new Date(Date.now() - 60_000).toISOString(),
  finishTime: new Date().toISOString(),
  duration: 4_200,
  steps: [{ stepName: 'trigger', displayName: 'Manual', type: 'PIECE_TRIGGER', status: 'SUCCEEDED', input: {}, output: {}, error: null, duration: 0 }, ...steps],
});

describe('a step’s attempts', () => {
  it('lists each attempt with its outcome, duration and error', async () => {
    await show(
      run([
        {
          stepName: 'step_1',
          displayName: 'Call the API',
          type: 'PIECE',
          status: 'SUCCEEDED',
          input: { url: 'https://example.com' },
          output: { status: 200 },
          error: null,
          duration: 4_100,
          attempts: [
            { status: 'FAILED', error: 'Request failed with status 503', duration: 120 },
            { status: 'FAILED', error: 'socket hang up', duration: 80 },
            { status: 'SUCCEEDED', duration: 95 },
          ],
        },
      ]),
    );
    const list = container.querySelector('section[aria-label="Attempts"]');
    expect(list?.textContent).toContain('3 attempts');
    const items = Array.from(list?.querySelectorAll('li') ?? []).map((li) => li.textContent ?? '');
    expect(items).toHaveLength(3);
    expect(items[0]).toContain('Attempt 1');
    expect(items[0]).toContain('Request failed with status 503');
    expect(items[0]).toContain('120 ms');
    expect(items[1]).toContain('socket hang up');
    expect(items[2]).toContain('Attempt 3');
    expect(items[2]).toContain('95 ms');
  });

  it('shows no attempts for a step that ran once', async () => {
    await show(run([{ stepName: 'step_1', displayName: 'Sum', type: 'CODE', status: 'SUCCEEDED', input: {}, output: 3, error: null, duration: 2 }]));
    expect(container.querySelector('section[aria-label="Attempts"]')).toBeNull();
  });
});
