/**
 * The editor's runs panel against a fake server: what it asks (this flow's runs, ten at a time), the rows
 * a user sees (status, started ago, duration), 'Load more', opening a run, the empty, loading and error
 * states, and the 5-second refresh while a run is still running.
 */
import { afterEach, describe, expect, it } from '@rstest/core';
import type { InfiniteData } from '@tanstack/react-query';
import { LIVE_REFRESH_MS, type RunPage } from '../../../src/api/executions-api.ts';
import { RunsPanel } from '../../../src/ui/screens/editor/panels/runs-panel.tsx';
import { flowRunsQuery } from '../../../src/ui/screens/editor/panels/runs-query.ts';
import { button, click, createHarness, press, settle, textOf, type Handler } from './harness.tsx';

const h = createHarness();
afterEach(() => h.cleanup());

const run = (id: string, status: string, minutesAgo: number, duration: number | null = 1_500) => ({
  id,
  flowId: 'flow-1',
  workflowName: 'Send invoices',
  versionId: 'v1',
  status,
  startTime: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  finishTime: duration === null ? null : new Date().toISOString(),
  duration,
});

async function renderPanel(handler: Handler) {
  const calls = { opened: [] as string[], closed: 0 };
  h.serve(handler);
  await h.render(
    <RunsPanel
      flowId="flow-1"
      onOpenRun={(id) => calls.opened.push(id)}
      onClose={() => {
        calls.closed += 1;
      }}
    />,
  );
  return calls;
}

const panel = () => document.querySelector('aside[aria-label="Runs"]')!;
const rows = () => Array.from(panel().querySelectorAll('ul[aria-label="Runs"] > li'));
const listRequests = () => h.requests.filter((r) => r.url.pathname === '/api/workflow/executions');

describe('RunsPanel', () => {
  it('lists this flow’s runs newest first with status, start and duration', async () => {
    await renderPanel(() => ({
      body: { data: [run('r1', 'RUNNING', 0.5, null), run('r2', 'FAILED', 3, 850), run('r3', 'SUCCEEDED', 120, 12_340)], total: 3, page: 1, limit: 10 },
    }));
    expect(Object.fromEntries(listRequests()[0]!.url.searchParams)).toEqual({ page: '1', limit: '10', workflow_id: 'flow-1' });
    expect(panel().querySelector('h2')!.textContent).toBe('Runs');
    expect(rows().map(textOf)).toEqual([
      expect.stringMatching(/^Running Duration Running… Started \d+s ago$/),
      'Failed Duration 850 ms Started 3m ago',
      'Succeeded Duration 12.3 s Started 2h ago',
    ]);
    expect(rows()[1]!.querySelector('.badge-danger')).not.toBeNull();
    expect(button('Load more', panel())).toBeUndefined();
  });

  it('opens a run’s details when it is clicked', async () => {
    const calls = await renderPanel(() => ({ body: { data: [run('r1', 'SUCCEEDED', 1), run('r2', 'FAILED', 2)], total: 2, page: 1, limit: 10 } }));
    await click(rows()[1]!.querySelector('button'));
    expect(calls.opened).toEqual(['r2']);
  });

  it('loads ten more at a time until all are shown', async () => {
    const all = Array.from({ length: 12 }, (_, i) => run(`r${i + 1}`, 'SUCCEEDED', i + 1));
    await renderPanel(({ url }) => {
      const page = Number(url.searchParams.get('page'));
      return { body: { data: all.slice((page - 1) * 10, page * 10), total: 12, page, limit: 10 } };
    });
    expect(rows()).toHaveLength(10);
    await click(button('Load more', panel()));
    expect(listRequests().map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(rows()).toHaveLength(12);
    expect(textOf(rows()[11])).toContain('Started 12m ago');
    expect(button('Load more', panel())).toBeUndefined();
  });

  it('says so when the flow has not run yet', async () => {
    await renderPanel(() => ({ body: { data: [], total: 0, page: 1, limit: 10 } }));
    expect(textOf(panel())).toContain('No runs yet');
    expect(textOf(panel())).toContain('Runs appear here once this workflow runs.');
  });

  it('shows a skeleton while loading, then an error with Retry that asks again', async () => {
    let release: () => void = () => {};
    let fail = true;
    await renderPanel(async () => {
      if (listRequests().length === 1) await new Promise<void>((resolve) => (release = resolve));
      return fail ? { status: 403, body: { code: 'FORBIDDEN', message: 'Not allowed right now' } } : { body: { data: [run('r1', 'FAILED', 1)], total: 1, page: 1, limit: 10 } };
    });
    expect(textOf(panel().querySelector('[role="status"]'))).toBe('Loading runs');
    release();
    await settle();
    expect(textOf(panel().querySelector('[role="alert"]'))).toContain('Could not load the runs');
    expect(textOf(panel().querySelector('[role="alert"]'))).toContain('Not allowed right now');
    fail = false;
    await click(button('Retry', panel()));
    expect(rows()).toHaveLength(1);
  });

  it('closes with the close button and with Escape', async () => {
    const calls = await renderPanel(() => ({ body: { data: [run('r1', 'SUCCEEDED', 1)], total: 1, page: 1, limit: 10 } }));
    await press(rows()[0]!.querySelector('button')!, 'Escape');
    await click(button('Close panel', panel()));
    expect(calls.closed).toBe(2);
  });

  it('asks again every 2 seconds while a loaded run is running, and not otherwise', () => {
    const interval = flowRunsQuery('flow-1').refetchInterval as (query: { state: { data: InfiniteData<RunPage> | undefined } }) => number | false;
    const pages = (...statuses: string[]) => ({
      state: {
        data: {
          pages: statuses.map((status, i) => ({ data: [run(`r${i}`, status, i)], total: statuses.length, page: i + 1, limit: 10 })) as RunPage[],
          pageParams: statuses.map((_, i) => i + 1),
        },
      },
    });
    expect(LIVE_REFRESH_MS).toBe(2000);
    expect(interval(pages('SUCCEEDED', 'RUNNING'))).toBe(LIVE_REFRESH_MS);
    expect(interval(pages('SUCCEEDED', 'FAILED', 'PAUSED'))).toBe(false);
    expect(interval({ state: { data: undefined } })).toBe(false);
  });
});
