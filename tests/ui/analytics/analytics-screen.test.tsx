/**
 * /analytics in a real React tree against a stubbed API (replies parsed by the contract): every card
 * with data and with none, the period, granularity and ranking in the address, links into /executions
 * filtered the way that screen reads its address, and 'Show as table' giving the drawn values as text.
 */
import { afterEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { AnalyticsScreen } from '../../../src/ui/screens/analytics/analytics-screen.tsx';
import { readRunFilters } from '../../../src/ui/screens/executions/run-filters.ts';
import { analyticsReplies, analyticsRequests, mount, restoreFetch, settle, stubAnalytics, unmount, type Mounted } from './api-stub.tsx';

let mounted: Mounted | undefined;
afterEach(async () => {
  if (mounted) await unmount(mounted);
  mounted = undefined;
  restoreFetch();
});

async function open(path = '/analytics', empty = false, replies = analyticsReplies(empty)) {
  stubAnalytics(replies);
  mounted = await mount([{ path: '/analytics', Component: AnalyticsScreen }], path);
  await settle();
  return mounted;
}

const cardNamed = (title: string) =>
  Array.from(document.querySelectorAll('section.chart-card')).find((section) => section.querySelector('h2')?.textContent === title) as HTMLElement;
const text = () => document.body.textContent ?? '';

describe('/analytics', () => {
  it('lists the ten steps failed at most until asked for all of them', async () => {
    const replies = analyticsReplies();
    const steps = Array.from({ length: 14 }, (_, i) => ({
      workflow_id: 'w1',
      workflow_name: 'Nightly export',
      step_name: `step_${i + 1}`,
      step_display_name: `Step ${i + 1}`,
      count: 100 - i,
    }));
    await open('/analytics', false, {
      ...replies,
      'executions/error-analysis': (q) => {
        const reply = replies['executions/error-analysis']!(q) as { body: Record<string, unknown> };
        return { ...reply, body: { ...reply.body, by_step: steps } };
      },
    });
    const card = cardNamed('Errors by step');
    expect(card.querySelectorAll('tbody tr')).toHaveLength(10);
    const more = Array.from(card.querySelectorAll('button')).find((b) => b.textContent === 'Show all 14 steps')!;
    await act(async () => more.click());
    expect(card.querySelectorAll('tbody tr')).toHaveLength(14);
    expect(card.querySelector('button[aria-expanded="true"]')?.textContent).toBe('Show the top 10');
  });

  it('draws every card from its own call, with the figures formatted', async () => {
    await open();
    const paths = new Set(analyticsRequests().map((url) => url.pathname.replace('/api/analytics/', '')));
    expect([...paths].sort()).toEqual([
      'executions/error-analysis',
      'executions/overview',
      'executions/performance',
      'executions/timeline',
      'workflows/creation-trends',
      'workflows/overview',
      'workflows/piece-usage',
      'workflows/top-performing',
    ]);
    expect(analyticsRequests().every((url) => url.searchParams.get('period') === '30d')).toBe(true);
    expect(analyticsRequests().find((url) => url.pathname.endsWith('timeline'))?.searchParams.get('granularity')).toBe('day');

    const figures = document.querySelector('section[aria-label="Overview"]')!.textContent;
    expect(figures).toContain('348');
    expect(figures).toContain('4 refused by the daily quota');
    expect(figures).toContain('2 h 5 min');

    const plot = cardNamed('Executions over time').querySelector('[role="img"]')!;
    expect(plot.getAttribute('tabindex')).toBe('0');
    expect(plot.getAttribute('aria-label')).toContain('26 executions in 4 periods');
    expect(cardNamed('Executions over time').querySelectorAll('.chart-column')).toHaveLength(4);
    expect(cardNamed('Success rate trend').querySelector('path')?.getAttribute('d')).toMatch(/^M/);
    expect(cardNamed('Execution time').textContent).toContain('12.31s');
    expect(cardNamed('Top workflows').textContent).toContain('16 h 30 min');
    expect(cardNamed('Piece usage').textContent).toContain('8 workflows · 300 executions');
  });

  it("gives a chart's values as a table on 'Show as table'", async () => {
    await open();
    const card = cardNamed('Executions over time');
    const toggle = Array.from(card.querySelectorAll('button')).find((b) => b.textContent === 'Show as table')!;
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await act(async () => toggle.click());
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const rows = Array.from(card.querySelectorAll('tbody tr')).map((row) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent));
    expect(rows).toHaveLength(4);
    expect(rows[0]!.slice(1)).toEqual(['5', '4', '1', '0', '80.0%']);
  });

  it('links errors to /executions filtered as that screen reads its address', async () => {
    await open();
    const failed = cardNamed('Errors by code').querySelector('a')!;
    expect(failed.textContent).toBe('FAILED');
    const codeFilters = readRunFilters(new URL(failed.href, 'http://localhost').searchParams);
    expect(codeFilters.status).toBe('FAILED');
    // a code that is not a run status has no list to open
    expect(cardNamed('Errors by code').textContent).toContain('ENGINE_OPERATION_FAILURE');
    expect(cardNamed('Errors by code').querySelectorAll('a')).toHaveLength(1);

    const step = cardNamed('Errors by step').querySelector('a')!;
    const stepFilters = readRunFilters(new URL(step.href, 'http://localhost').searchParams);
    expect(stepFilters).toMatchObject({ status: 'FAILED', workflowId: 'w1' });
    expect(step.textContent).toContain('Upload CSV');
  });

  it('asks the server for another ranking when a column header is chosen, and keeps it in the address', async () => {
    await open();
    const header = Array.from(cardNamed('Top workflows').querySelectorAll('th button')).find((b) => b.textContent === 'Failures') as HTMLButtonElement;
    await act(async () => header.click());
    await settle();
    expect(mounted!.router.state.location.search).toBe('?sort=failure_count');
    expect(analyticsRequests().at(-1)?.searchParams.get('sort_by')).toBe('failure_count');
    expect(header.closest('th')?.getAttribute('aria-sort')).toBe('descending');
  });

  it('keeps a chosen granularity in the address, and the default out of it', async () => {
    await open('/analytics?period=7d');
    const select = cardNamed('Executions over time').querySelector('select') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['hour', 'day']);
    expect(select.value).toBe('day');
    const choose = async (value: string) => {
      await act(async () => {
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
      await settle();
    };
    await choose('hour');
    expect(mounted!.router.state.location.search).toBe('?period=7d&granularity=hour');
    expect(analyticsRequests().at(-1)?.searchParams.get('granularity')).toBe('hour');
    expect(select.value).toBe('hour');
    await choose('day');
    expect(mounted!.router.state.location.search).toBe('?period=7d');
  });

  it('reads period and granularity from the address, falling back when they do not fit', async () => {
    await open('/analytics?period=1y&granularity=hour');
    const timeline = analyticsRequests().find((url) => url.pathname.endsWith('timeline'))!;
    expect(timeline.searchParams.get('period')).toBe('1y');
    expect(timeline.searchParams.get('granularity')).toBe('month');
  });

  it('says so when there is nothing to show', async () => {
    await open('/analytics', true);
    for (const sentence of [
      'No executions in this period',
      'No finished runs in this period',
      'No workflows ran in this period',
      'No errors in this period',
      'No failing steps in this period',
      'No steps yet',
      'No workflows created in this period',
    ]) {
      expect(text()).toContain(sentence);
    }
    expect(document.querySelectorAll('[role="img"]')).toHaveLength(0);
    expect(text()).not.toContain('Show as table');
  });
});
