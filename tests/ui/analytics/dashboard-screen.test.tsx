/**
 * The dashboard (SPEC §2) in a real React tree against a stubbed API whose replies are parsed by the
 * contract: its two calls (overview with the period, recent activity with limit 50), the period in the
 * address, the four cards and their changes, the feed's badges, roll-ups, empty and failed states, and
 * the refresh when a run finishes on the live socket.
 */
import { afterEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { DashboardScreen } from '../../../src/ui/screens/dashboard/dashboard-screen.tsx';
import { liveStore } from '../../../src/ui/stores/live-store.ts';
import { analyticsReplies, analyticsRequests, mount, overview, restoreFetch, settle, stubAnalytics, unmount, type Mounted } from './api-stub.tsx';

let mounted: Mounted | undefined;
afterEach(async () => {
  if (mounted) await unmount(mounted);
  mounted = undefined;
  restoreFetch();
});

const routes = [
  { path: '/', Component: DashboardScreen },
  { path: '/dashboard', Component: DashboardScreen },
];
const card = (title: string) => document.querySelector(`section[aria-label="${title}"]`) as HTMLElement;
const value = (title: string) => card(title).querySelector('.stat-card-value')?.textContent;

async function open(path = '/dashboard', replies = analyticsReplies()) {
  stubAnalytics(replies);
  mounted = await mount(routes, path);
  await settle();
  return mounted;
}

describe('dashboard', () => {
  it("shows '...' in every card until the overview arrives", async () => {
    let resolve!: (response: Response) => void;
    globalThis.fetch = (async () => new Promise<Response>((r) => (resolve = r))) as typeof fetch;
    mounted = await mount(routes, '/dashboard');
    for (const title of ['Total Workflows', 'Total Executions', 'Success Rate', 'Avg Execution Time']) expect(value(title)).toBe('...');
    expect(document.querySelectorAll('.skeleton').length).toBeGreaterThanOrEqual(5 * 3);
    expect(document.body.textContent).toContain('Loading recent activity');
    resolve(new Response('{}', { status: 500 }));
  });

  it('makes only the two calls of SPEC §7 and shows the figures as SPEC §2 writes them', async () => {
    await open();
    expect(document.querySelector('h1')?.textContent).toBe('Analytics Dashboard');
    expect(document.body.textContent).toContain('Monitor your workflow performance and insights');
    const calls = analyticsRequests().map((url) => `${url.pathname}?${url.searchParams}`);
    expect(calls.sort()).toEqual(['/api/analytics/activity/recent?limit=50', '/api/analytics/dashboard/overview?period=30d']);

    expect(value('Total Workflows')).toBe('12');
    expect(value('Total Executions')).toBe('348');
    expect(value('Success Rate')).toBe('91.4%');
    expect(value('Avg Execution Time')).toBe('1.25s');

    const workflowsChange = card('Total Workflows').querySelector('.stat-card-change')!;
    expect(workflowsChange.className).toContain('trend-up');
    expect(workflowsChange.textContent).toContain('+12.5%');
    expect(workflowsChange.textContent).toContain('Up 12.5% from the previous period');
    const rateChange = card('Success Rate').querySelector('.stat-card-change')!;
    expect(rateChange.className).toContain('trend-down');
    expect(rateChange.textContent).toContain('−2.3 pp');
  });

  it('says there is no previous data, flat and grey, when a change is null', async () => {
    await open('/dashboard', { ...analyticsReplies(), 'dashboard/overview': (q) => ({ body: overview(q, { executions_change: null, success_rate_change: null }) }) });
    for (const title of ['Total Workflows', 'Success Rate']) {
      const change = card(title).querySelector('.stat-card-change')!;
      expect(change.className).toContain('trend-flat');
      expect(change.textContent).toBe('No previous data');
    }
  });

  it('keeps the period in the address: ?period=7d asks for 7d, an unknown one reads as 30d, choosing one updates both', async () => {
    await open('/dashboard?period=7d');
    expect(analyticsRequests().find((url) => url.pathname.endsWith('/overview'))?.searchParams.get('period')).toBe('7d');
    expect(value('Total Executions')).toBe('40');
    const select = document.querySelector('select') as HTMLSelectElement;
    expect(select.value).toBe('7d');
    expect(Array.from(select.options).map((o) => `${o.value} ${o.text}`)).toEqual([
      '24h Last 24 Hours',
      '7d Last 7 Days',
      '30d Last 30 Days',
      '90d Last 90 Days',
      '1y Last Year',
    ]);

    await act(async () => {
      select.value = '90d';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(mounted!.router.state.location.search).toBe('?period=90d');
    expect(analyticsRequests().at(-1)?.searchParams.get('period')).toBe('90d');
    await unmount(mounted!);

    restoreFetch();
    await open('/dashboard?period=forever');
    expect((document.querySelector('select') as HTMLSelectElement).value).toBe('30d');
    expect(analyticsRequests().find((url) => url.pathname.endsWith('/overview'))?.searchParams.get('period')).toBe('30d');
  });

  it('lists the feed: severity badges as SPEC §2 maps them, the full text on hover, roll-ups counted', async () => {
    await open();
    const table = document.querySelector('table[aria-label="Recent activity"]')!;
    expect(Array.from(table.querySelectorAll('th')).map((th) => [th.textContent, (th as HTMLElement).style.width])).toEqual([
      ['Severity', '80px'],
      ['User', '120px'],
      ['Activity', ''],
      ['Time', '180px'],
    ]);
    const rows = Array.from(table.querySelectorAll('tbody tr'));
    expect(rows.map((row) => row.querySelector('.badge')?.className)).toEqual(['badge badge-danger', 'badge badge-primary', 'badge badge-neutral', 'badge badge-outline']);
    const first = rows[0]!;
    expect(first.querySelector('.activity-description')?.getAttribute('title')).toBe("Workflow 'Nightly export' failed at 'Upload CSV'");
    expect(first.querySelector('.activity-count')?.textContent).toBe('3 times');
    expect(rows[1]!.querySelector('.activity-count')).toBeNull();
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20T12:00:00.000Z');
  });

  it("shows '...' on every card while another period's figures are on their way, not the old period's", async () => {
    const replies = analyticsReplies();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await open('/dashboard', {
      ...replies,
      'dashboard/overview': async (q) => {
        if (q.get('period') === '90d') await held;
        return replies['dashboard/overview']!(q);
      },
    });
    expect(value('Total Executions')).toBe('348');
    const select = document.querySelector('select') as HTMLSelectElement;
    await act(async () => {
      select.value = '90d';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(['Total Workflows', 'Total Executions', 'Success Rate', 'Avg Execution Time'].map(value)).toEqual(['...', '...', '...', '...']);
    release();
    await settle();
    expect(value('Total Executions')).not.toBe('...');
  });

  it("says 'No recent activity found' for an empty feed", async () => {
    await open('/dashboard', analyticsReplies(true));
    expect(document.body.textContent).toContain('No recent activity found');
  });

  it('shows a failed load with a Retry, not a blank', async () => {
    let fail = true;
    const replies = analyticsReplies();
    await open('/dashboard', {
      ...replies,
      'dashboard/overview': (q) => (fail ? { status: 500, body: { code: 'INTERNAL', message: 'Server error' } } : replies['dashboard/overview']!(q)),
      'activity/recent': (q) => (fail ? { status: 500, body: { code: 'INTERNAL', message: 'Server error' } } : replies['activity/recent']!(q)),
    });
    expect(document.body.textContent).toContain('Could not load the overview');
    expect(document.body.textContent).toContain('Could not load recent activity');
    fail = false;
    const retries = Array.from(document.querySelectorAll('button')).filter((b) => b.textContent === 'Retry');
    expect(retries).toHaveLength(2);
    await act(async () => retries.forEach((b) => b.click()));
    await settle();
    expect(value('Total Executions')).toBe('348');
    expect(document.querySelectorAll('table[aria-label="Recent activity"] tbody tr')).toHaveLength(4);
  });

  it('reads the cards and the feed again when a run finishes on the live socket (not on progress)', async () => {
    await open();
    const before = analyticsRequests().length;
    act(() => liveStore.receive({ id: 9001, type: 'run_progress', data: { message: '', runId: 'r9', flowId: 'w1', status: 'RUNNING' }, receivedAt: Date.now() }));
    await settle();
    expect(analyticsRequests().length).toBe(before);
    act(() => liveStore.receive({ id: 9002, type: 'run_finished', data: { message: 'Run finished', runId: 'r9', flowId: 'w1', status: 'SUCCEEDED' }, receivedAt: Date.now() }));
    await settle();
    const again = analyticsRequests().slice(before).map((url) => url.pathname).sort();
    expect(again).toEqual(['/api/analytics/activity/recent', '/api/analytics/dashboard/overview']);
  });
});
