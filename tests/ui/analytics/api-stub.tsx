/**
 * What the analytics screen tests share: a stubbed fetch answering by path, replies built and checked
 * with the contract's own schemas (so a fixture the server could not send fails here first), and a real
 * React tree with a memory router.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import {
  dashboardOverviewSchema,
  errorAnalysisSchema,
  executionsOverviewSchema,
  executionsPerformanceSchema,
  executionsTimelineSchema,
  creationTrendsSchema,
  pieceUsageSchema,
  recentActivitySchema,
  topPerformingSchema,
  workflowsOverviewSchema,
} from '../../../src/domain/contract/analytics.ts';
import { RUN_STATUSES } from '../../../src/domain/flow/runs.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type Reply = { status?: number; body: unknown };
/** A reply may wait (a Promise) to show what the screen does while one is on its way. */
export type Replies = Record<string, (query: URLSearchParams) => Reply | Promise<Reply>>;

export const requests: URL[] = [];
const originalFetch = globalThis.fetch;

export function stubAnalytics(replies: Replies) {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url);
    const key = url.pathname.replace('/api/analytics/', '');
    const reply = (await replies[key]?.(url.searchParams)) ?? { status: 404, body: { code: 'ENTITY_NOT_FOUND', message: 'Not found' } };
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

export function restoreFetch() {
  globalThis.fetch = originalFetch;
  requests.length = 0;
}

export const analyticsRequests = () => requests.filter((url) => url.pathname.startsWith('/api/analytics/'));

export async function settle() {
  for (let i = 0; i < 6; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

export interface Mounted {
  root: Root;
  container: HTMLDivElement;
  router: ReturnType<typeof createMemoryRouter>;
  client: QueryClient;
}

export async function mount(routes: RouteObject[], path: string): Promise<Mounted> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([...routes, { path: '*', Component: () => <p>elsewhere</p> }], { initialEntries: [path] });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  return { root, container, router, client };
}

export async function unmount(mounted: Mounted) {
  await act(async () => mounted.root.unmount());
  mounted.container.remove();
  mounted.client.clear();
  document.body.innerHTML = '';
}

// ---- replies, each parsed by its contract schema ----

const ok = (body: unknown): Reply => ({ body });
const period = (query: URLSearchParams) => (query.get('period') ?? '30d') as '30d';
const now = Date.parse('2026-11-20T12:00:00Z');
const day = (i: number) => new Date(now - (3 - i) * 86_400_000).toISOString();

export const overview = (query: URLSearchParams, changes = { executions_change: 12.5 as number | null, success_rate_change: -2.25 as number | null }) =>
  dashboardOverviewSchema.parse({
    period: period(query),
    total_workflows: 12,
    total_executions: query.get('period') === '7d' ? 40 : 348,
    success_rate: 91.37,
    avg_execution_time: 1.2549,
    period_comparison: changes,
  });

export const activity = recentActivitySchema.parse({
  activities: [
    { id: 'a1', type: 'run_failed', severity: 'error', user_name: 'Grace Hopper', description: "Workflow 'Nightly export' failed at 'Upload CSV'", timestamp: day(3), workflow_id: 'w1', run_id: 'r1', count: 3 },
    { id: 'a2', type: 'run_succeeded', severity: 'success', user_name: 'Grace Hopper', description: "Workflow 'Sync CRM' ran successfully", timestamp: day(2), workflow_id: 'w2', run_id: 'r2', count: 1 },
    { id: 'a3', type: 'quota_reached', severity: 'warning', user_name: 'Grace Hopper', description: 'Daily run quota reached', timestamp: day(1), workflow_id: null, run_id: null, count: 1 },
    { id: 'a4', type: 'workflow_created', severity: 'info', user_name: 'Grace Hopper', description: "Created workflow 'Sync CRM'", timestamp: day(0), workflow_id: 'w2', run_id: null, count: 1 },
  ],
});

export function analyticsReplies(empty = false): Replies {
  return {
    'dashboard/overview': (q) => ok(overview(q)),
    'activity/recent': () => ok(empty ? recentActivitySchema.parse({ activities: [] }) : activity),
    'executions/overview': (q) =>
      ok(
        executionsOverviewSchema.parse({
          period: period(q),
          total_executions: empty ? 0 : 348,
          by_status: Object.fromEntries(RUN_STATUSES.map((status) => [status, 0])),
          success_rate: empty ? 0 : 91.4,
          avg_execution_time: empty ? null : 1.25,
          quota_refused: empty ? 0 : 4,
          time_saved_minutes: empty ? 0 : 125,
        }),
      ),
    'workflows/overview': (q) =>
      ok(workflowsOverviewSchema.parse({ period: period(q), total_workflows: empty ? 0 : 12, enabled_workflows: 9, disabled_workflows: 3, published_workflows: 8, created_in_period: 2, active_in_period: 7 })),
    'executions/timeline': (q) =>
      ok(
        executionsTimelineSchema.parse({
          period: period(q),
          granularity: q.get('granularity') ?? 'hour',
          timezone: 'UTC',
          buckets: [0, 1, 2, 3].map((i) =>
            empty
              ? { start: day(i), total: 0, succeeded: 0, failed: 0, running: 0, success_rate: null }
              : { start: day(i), total: 5 + i, succeeded: 4 + i, failed: 1, running: 0, success_rate: ((4 + i) / (5 + i)) * 100 },
          ),
        }),
      ),
    'workflows/creation-trends': (q) =>
      ok(creationTrendsSchema.parse({ period: period(q), granularity: q.get('granularity') ?? 'day', timezone: 'UTC', buckets: [0, 1, 2, 3].map((i) => ({ start: day(i), count: empty ? 0 : i })) })),
    'executions/performance': (q) =>
      ok(
        executionsPerformanceSchema.parse(
          empty
            ? { period: period(q), finished_runs: 0, avg: null, p50: null, p95: null, p99: null, max: null }
            : { period: period(q), finished_runs: 340, avg: 1.25, p50: 0.8, p95: 3.4, p99: 7.9, max: 12.31 },
        ),
      ),
    'workflows/top-performing': (q) =>
      ok(
        topPerformingSchema.parse({
          period: period(q),
          sort_by: q.get('sort_by') ?? 'execution_count',
          workflows: empty
            ? []
            : [
                { workflow_id: 'w2', workflow_name: 'Sync CRM', execution_count: 200, success_count: 198, failure_count: 2, success_rate: 99, avg_execution_time: 0.9, time_saved_minutes: 990, last_run_at: day(3) },
                { workflow_id: 'w3', workflow_name: 'Never finished', execution_count: 1, success_count: 0, failure_count: 0, success_rate: null, avg_execution_time: null, time_saved_minutes: 0, last_run_at: null },
              ],
        }),
      ),
    'executions/error-analysis': (q) =>
      ok(
        errorAnalysisSchema.parse({
          period: period(q),
          total_errors: empty ? 0 : 21,
          by_code: empty ? [] : [{ code: 'FAILED', count: 20 }, { code: 'ENGINE_OPERATION_FAILURE', count: 1 }],
          by_step: empty ? [] : [{ workflow_id: 'w1', workflow_name: 'Nightly export', step_name: 'step_2', step_display_name: 'Upload CSV', count: 18 }],
        }),
      ),
    'workflows/piece-usage': (q) =>
      ok(pieceUsageSchema.parse({ period: period(q), pieces: empty ? [] : [{ piece_name: 'code', display_name: 'Code', step_count: 14, workflow_count: 8, execution_count: 300 }] })),
  };
}
