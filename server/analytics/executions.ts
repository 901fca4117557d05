/**
 * The per-user figures: the dashboard overview, the executions overview, the timeline and performance.
 * Counts and durations come from analytics_user_hours (+ the edge runs), percentiles from the durations
 * histogram (analytics_duration_days + the edge runs).
 */
import { RUN_STATUSES, type RunStatus } from '../../src/domain/flow/runs.ts';
import type {
  AnalyticsPeriod,
  DashboardOverview,
  ExecutionsOverview,
  ExecutionsPerformance,
  ExecutionsTimeline,
  Granularity,
} from '../../src/domain/contract/analytics.ts';
import type { Queryable } from '../db/database.ts';
import { dayParams, daySplit, hourSplit, periodWindow, previousWindow, splitParams, type Window } from './period.ts';
import { HISTOGRAM_RATIO, STATUS_COLUMNS } from './rollups.ts';
import { flowTotals, histogramRows, userRows } from './sources.ts';

export interface Totals {
  byStatus: Record<RunStatus, number>;
  total: number;
  succeeded: number;
  finished: number;
  durN: number;
  durSum: number;
  durMax: number | null;
}

/** Percent with two decimals; seconds with three (milliseconds). */
export const percent = (part: number, whole: number): number => Math.round((part / whole) * 10_000) / 100;
export const seconds = (value: number): number => Math.round(value * 1000) / 1000;

type StatusRow = Record<(typeof STATUS_COLUMNS)[number], number>;

function totalsOf(row: StatusRow & { dur_n: number; dur_sum: number; dur_max: number | null }): Totals {
  const byStatus = Object.fromEntries(RUN_STATUSES.map((status) => [status, Number(row[status.toLowerCase() as keyof StatusRow] ?? 0)])) as Record<RunStatus, number>;
  const total = RUN_STATUSES.reduce((sum, status) => sum + byStatus[status], 0);
  return {
    byStatus,
    total,
    succeeded: byStatus.SUCCEEDED + byStatus.STOPPED,
    finished: total - byStatus.RUNNING - byStatus.PAUSED,
    durN: Number(row.dur_n ?? 0),
    durSum: Number(row.dur_sum ?? 0),
    durMax: row.dur_max === null || row.dur_max === undefined ? null : Number(row.dur_max),
  };
}

const SUMS = `${STATUS_COLUMNS.map((column) => `coalesce(sum(${column}), 0)::int AS ${column}`).join(', ')},
  coalesce(sum(dur_n), 0)::int AS dur_n, coalesce(sum(dur_sum), 0)::float8 AS dur_sum, max(dur_max)::float8 AS dur_max`;

export async function periodTotals(db: Queryable, userId: string, window: Window): Promise<Totals> {
  const { rows } = await db.query<StatusRow & { dur_n: number; dur_sum: number; dur_max: number | null }>(
    `SELECT ${SUMS} FROM (${userRows(2)}) s`,
    [userId, ...splitParams(hourSplit(window))],
  );
  return totalsOf(rows[0]!);
}

async function workflowCount(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM flows WHERE user_id = $1', [userId]);
  return rows[0]?.n ?? 0;
}

export async function dashboardOverview(db: Queryable, userId: string, period: AnalyticsPeriod, now: Date): Promise<DashboardOverview> {
  const window = periodWindow(period, now);
  const current = await periodTotals(db, userId, window);
  const previous = await periodTotals(db, userId, previousWindow(window));
  const totalWorkflows = await workflowCount(db, userId);
  const rate = (t: Totals) => (t.finished > 0 ? percent(t.succeeded, t.finished) : null);
  const currentRate = rate(current);
  const previousRate = rate(previous);
  return {
    period,
    total_workflows: totalWorkflows,
    total_executions: current.total,
    success_rate: currentRate ?? 0,
    avg_execution_time: current.durN > 0 ? seconds(current.durSum / current.durN) : 0,
    period_comparison: {
      executions_change: previous.total > 0 ? percent(current.total - previous.total, previous.total) : null,
      success_rate_change: currentRate !== null && previousRate !== null ? Math.round((currentRate - previousRate) * 100) / 100 : null,
    },
  };
}

export async function executionsOverview(db: Queryable, userId: string, period: AnalyticsPeriod, now: Date): Promise<ExecutionsOverview> {
  const window = periodWindow(period, now);
  const totals = await periodTotals(db, userId, window);
  const saved = await db.query<{ minutes: number }>(
    `SELECT coalesce(sum(t.succeeded * f.time_saved_per_run), 0)::float8 AS minutes
     FROM (${flowTotals(2)}) t JOIN flows f ON f.id = t.flow_id AND f.user_id = $1`,
    [userId, ...dayParams(daySplit(window))],
  );
  // quota_refusals counts per UTC day: the days the period touches. A day's first refusal is also kept as
  // a QUOTA_EXCEEDED run (counted among the executions), so only the ones after it are added here.
  const refused = await db.query<{ n: number }>(
    `SELECT coalesce(sum(q.refused - (q.run_id IS NOT NULL)::int), 0)::int AS n FROM quota_refusals q JOIN flows f ON f.id = q.flow_id
     WHERE f.user_id = $1 AND q.day >= ($2::timestamptz AT TIME ZONE 'UTC')::date AND q.day <= ($3::timestamptz AT TIME ZONE 'UTC')::date`,
    [userId, window.from.toISOString(), window.to.toISOString()],
  );
  return {
    period,
    total_executions: totals.total,
    by_status: totals.byStatus,
    success_rate: totals.finished > 0 ? percent(totals.succeeded, totals.finished) : 0,
    avg_execution_time: totals.durN > 0 ? seconds(totals.durSum / totals.durN) : null,
    quota_refused: refused.rows[0]?.n ?? 0,
    time_saved_minutes: Math.round(Number(saved.rows[0]?.minutes ?? 0) * 100) / 100,
  };
}

/** A bucket's outcome counts, summed in SQL: total, succeeded, failed, still running. */
const BUCKET_SUMS = `sum(${STATUS_COLUMNS.join(' + ')})::int AS total, sum(succeeded + stopped)::int AS succeeded,
  sum(${STATUS_COLUMNS.filter((column) => !['running', 'paused', 'succeeded', 'stopped'].includes(column)).join(' + ')})::int AS failed,
  sum(running + paused)::int AS running`;

type BucketCounts = [total: number, succeeded: number, failed: number, running: number];

/**
 * Buckets in the caller's zone. Hours are cut with date_trunc('hour', ts, zone) and stepped as instants
 * (an hour is an hour across a DST change), so their list is made here from the first and the last;
 * days, weeks (Monday) and months are cut in local time, each local start turned back into an instant
 * (a day of 23 or 25 hours at a change), and listed by generate_series in local time. Only non-empty
 * buckets come back from the database, as one text: a year of hours is 8,761 buckets, and a row per
 * bucket cost more to pass than the query itself (PGlite).
 */
async function bucketCounts(
  db: Queryable,
  userId: string,
  window: Window,
  granularity: Granularity,
  timezone: string,
): Promise<Array<{ start: number; counts: BucketCounts }>> {
  // Hours: each row (a rollup's UTC hour, an edge run) as it is, placed here in the local hour that holds
  // its instant and summed there, which spares a time-zone conversion and a grouping per row.
  const key = granularity === 'hour' ? 'ts' : `date_trunc($6::text, ts AT TIME ZONE $7::text) AT TIME ZONE $7::text`;
  const starts =
    granularity === 'hour'
      ? `SELECT NULL::text AS starts WHERE $6::text = 'hour'`
      : `SELECT string_agg((extract(epoch FROM g AT TIME ZONE $7::text) * 1000)::bigint::text, ',' ORDER BY g) AS starts FROM generate_series(
           date_trunc($6::text, $2::timestamptz AT TIME ZONE $7::text), date_trunc($6::text, $5::timestamptz AT TIME ZONE $7::text), ('1 ' || $6::text)::interval) g`;
  const { rows } = await db.query<{ first: number; last: number; starts: string | null; data: string | null }>(
    `WITH s AS (${userRows(2)}),
     agg AS (${granularity === 'hour' ? `SELECT ts AS bucket, ${BUCKET_SUMS.replaceAll('sum(', '(')} FROM s` : `SELECT ${key} AS bucket, ${BUCKET_SUMS} FROM s GROUP BY 1`})
     SELECT (extract(epoch FROM date_trunc('hour', $2::timestamptz, $7::text)) * 1000)::float8 AS first,
            (extract(epoch FROM date_trunc('hour', $5::timestamptz, $7::text)) * 1000)::float8 AS last,
            (${starts}) AS starts,
            (SELECT string_agg(concat_ws(',', (extract(epoch FROM bucket) * 1000)::float8, total, succeeded, failed, running), ';') FROM agg) AS data`,
    [userId, ...splitParams(hourSplit(window)), granularity, timezone],
  );
  const row = rows[0]!;
  const list: number[] = [];
  if (granularity === 'hour') for (let start = Number(row.first); start <= Number(row.last); start += 3_600_000) list.push(start);
  else list.push(...(row.starts ?? '').split(',').filter(Boolean).map(Number));
  const counts = list.map((): BucketCounts => [0, 0, 0, 0]);
  const indexOf = new Map(list.map((start, index) => [start, index]));
  for (const entry of (row.data ?? '').split(';')) {
    if (!entry) continue;
    const [start, ...values] = entry.split(',').map(Number);
    const index = granularity === 'hour' ? Math.floor((start! - list[0]!) / 3_600_000) : indexOf.get(start!);
    const into = index === undefined ? undefined : counts[index];
    if (into) for (let i = 0; i < 4; i++) into[i]! += values[i]!;
  }
  return list.map((start, index) => ({ start, counts: counts[index]! }));
}

export async function executionsTimeline(
  db: Queryable,
  userId: string,
  period: AnalyticsPeriod,
  granularity: Granularity,
  timezone: string,
  now: Date,
): Promise<ExecutionsTimeline> {
  const buckets = await bucketCounts(db, userId, periodWindow(period, now), granularity, timezone);
  return {
    period,
    granularity,
    timezone,
    buckets: buckets.map(({ start, counts: [total, succeeded, failed, running] }) => ({
      start: new Date(start).toISOString(),
      total,
      succeeded,
      failed,
      running,
      success_rate: succeeded + failed > 0 ? percent(succeeded, succeeded + failed) : null,
    })),
  };
}

/** A histogram bucket's representative duration in seconds: its geometric middle (bucket 0: 0). */
export function bucketSeconds(bucket: number): number {
  return bucket <= 0 ? 0 : HISTOGRAM_RATIO ** (bucket - 0.5) / 1000;
}

/** Nearest-rank percentile over a histogram; within ±5% of the true value (half a bucket), capped by the max. */
export function percentileOf(histogram: ReadonlyArray<{ bucket: number; n: number }>, total: number, p: number, max: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const { bucket, n } of histogram) {
    seen += n;
    if (seen >= rank) return seconds(Math.min(bucketSeconds(bucket), max));
  }
  return seconds(max);
}

/**
 * Durations of the period's finished runs: count, avg and max exact (hourly rollup + edges); p50, p95,
 * p99 from the histogram (daily rollup + edges), each its bucket's geometric middle capped by the max:
 * within ±5% (half a bucket of 10%) of the exact nearest-rank value, plus rounding to the millisecond.
 */
export async function executionsPerformance(db: Queryable, userId: string, period: AnalyticsPeriod, now: Date): Promise<ExecutionsPerformance> {
  const window = periodWindow(period, now);
  const totals = await periodTotals(db, userId, window);
  const { rows } = await db.query<{ bucket: number; n: number }>(
    `SELECT bucket::int AS bucket, sum(n)::int AS n FROM (${histogramRows(2)}) h GROUP BY bucket HAVING sum(n) > 0 ORDER BY bucket`,
    [userId, ...dayParams(daySplit(window))],
  );
  const finished = rows.reduce((sum, row) => sum + row.n, 0);
  if (finished === 0 || totals.durMax === null) {
    return { period, finished_runs: 0, avg: null, p50: null, p95: null, p99: null, max: null };
  }
  return {
    period,
    finished_runs: totals.durN,
    avg: seconds(totals.durSum / totals.durN),
    p50: percentileOf(rows, finished, 50, totals.durMax),
    p95: percentileOf(rows, finished, 95, totals.durMax),
    p99: percentileOf(rows, finished, 99, totals.durMax),
    max: seconds(totals.durMax),
  };
}
