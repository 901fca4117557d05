/**
 * The SQL every analytics query starts from: a period's runs as rows of the same shape, whole hours or
 * days from the rollups and the edges from flow_runs (see period.ts). `$1` is always the user.
 */
import { STATUS_COLUMNS } from './rollups.ts';

const ts = (index: number) => `$${index}::timestamptz`;

/** The two edge ranges of a split, for flow_runs (uses flow_runs_user_start_idx). */
const edges = (from: string, rollFrom: string, rollTo: string, to: string) =>
  `(r.start_time >= ${from} AND r.start_time < ${rollFrom}) OR (r.start_time >= ${rollTo} AND r.start_time < ${to})`;

/**
 * Per-user rows `(ts, <status columns>, dur_n, dur_sum, dur_max)` of the period whose hour split's
 * parameters start at `$p` (from, rollFrom, rollTo, to: `splitParams`). `ts`: the hour or the run's start.
 */
export function userRows(p: number): string {
  const [from, rollFrom, rollTo, to] = [ts(p), ts(p + 1), ts(p + 2), ts(p + 3)];
  return `
    SELECT hour AS ts, ${STATUS_COLUMNS.join(', ')}, dur_n, dur_sum, dur_max
    FROM analytics_user_hours WHERE user_id = $1 AND hour >= ${rollFrom} AND hour < ${rollTo}
    UNION ALL
    SELECT start_time, ${STATUS_COLUMNS.map((column) => `(status = '${column.toUpperCase()}')::int`).join(', ')},
           (dur IS NOT NULL)::int, coalesce(dur, 0), dur
    FROM (SELECT r.start_time, r.status, analytics_duration(r.status, r.start_time, r.finish_time) AS dur
          FROM flow_runs r WHERE r.user_id = $1 AND (${edges(from, rollFrom, rollTo, to)})) raw`;
}

/**
 * Day-split parameters from `$p`: from, dayFrom (date), dayTo (date), to, rollFrom, rollTo (`dayParams`).
 */
function dayBounds(p: number) {
  return {
    days: `day >= $${p + 1}::date AND day < $${p + 2}::date`,
    edges: edges(ts(p), ts(p + 4), ts(p + 5), ts(p + 3)),
  };
}

/** Per-workflow rows `(flow_id, executions, succeeded, failed, running, dur_n, dur_sum)` of the period. */
export function flowRows(p: number): string {
  const bounds = dayBounds(p);
  return `
    SELECT flow_id, executions, succeeded, failed, running, dur_n, dur_sum
    FROM analytics_flow_days WHERE user_id = $1 AND ${bounds.days}
    UNION ALL
    SELECT flow_id, 1, (status IN ('SUCCEEDED', 'STOPPED'))::int, analytics_is_failure(status)::int,
           (status IN ('RUNNING', 'PAUSED'))::int, (dur IS NOT NULL)::int, coalesce(dur, 0)
    FROM (SELECT r.flow_id, r.status, analytics_duration(r.status, r.start_time, r.finish_time) AS dur
          FROM flow_runs r WHERE r.user_id = $1 AND (${bounds.edges})) raw`;
}

/** Per-workflow totals of the period: `flowRows` summed. */
export function flowTotals(p: number): string {
  return `
    SELECT flow_id, sum(executions)::int AS executions, sum(succeeded)::int AS succeeded, sum(failed)::int AS failed,
           sum(running)::int AS running, sum(dur_n)::int AS dur_n, sum(dur_sum)::float8 AS dur_sum
    FROM (${flowRows(p)}) fr GROUP BY flow_id`;
}

/** `(bucket, n)` of the durations histogram over the period. */
export function histogramRows(p: number): string {
  const bounds = dayBounds(p);
  return `
    SELECT bucket, n FROM analytics_duration_days WHERE user_id = $1 AND ${bounds.days}
    UNION ALL
    SELECT analytics_bucket(dur), 1
    FROM (SELECT analytics_duration(r.status, r.start_time, r.finish_time) AS dur
          FROM flow_runs r WHERE r.user_id = $1 AND (${bounds.edges})) raw
    WHERE dur IS NOT NULL`;
}

/** `(flow_id, step_name, step_display_name, day, n)` of failed runs that name a failed step, over the period. */
export function failureRows(p: number): string {
  const bounds = dayBounds(p);
  return `
    SELECT flow_id, step_name, step_display_name, day, n
    FROM analytics_failure_days WHERE user_id = $1 AND ${bounds.days}
    UNION ALL
    SELECT flow_id, step[1], step[2], day, 1
    FROM (SELECT r.flow_id, analytics_failed_step(r.steps) AS step, (r.start_time AT TIME ZONE 'UTC')::date AS day
          FROM flow_runs r WHERE r.user_id = $1 AND (${bounds.edges}) AND analytics_is_failure(r.status)) raw
    WHERE step[1] <> ''`;
}
