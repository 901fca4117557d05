/**
 * The per-workflow figures: the workflows overview, creation trends, top performing and piece usage.
 * Executions per workflow come from analytics_flow_days (+ the edge runs); the rest from flows and
 * flow_versions, which hold a few rows per workflow.
 */
import { PIECES } from '../../src/domain/pieces/catalogue.ts';
import type {
  AnalyticsPeriod,
  CreationTrends,
  Granularity,
  PieceUsage,
  TopPerforming,
  TopSort,
  WorkflowsOverview,
} from '../../src/domain/contract/analytics.ts';
import type { Queryable } from '../db/database.ts';
import { isoOrNull } from '../db/stored-values.ts';
import { LATEST_NAME_SQL } from '../workflows/flows-repository.ts';
import { latestVersionOrder } from '../workflows/versions-repository.ts';
import { percent, seconds } from './executions.ts';
import { dayParams, daySplit, periodWindow } from './period.ts';
import { flowTotals } from './sources.ts';

export async function workflowsOverview(db: Queryable, userId: string, period: AnalyticsPeriod, now: Date): Promise<WorkflowsOverview> {
  const window = periodWindow(period, now);
  const { rows } = await db.query<Omit<WorkflowsOverview, 'period'>>(
    `WITH active AS (SELECT flow_id FROM (${flowTotals(2)}) t WHERE executions > 0)
     SELECT count(*)::int AS total_workflows,
            count(*) FILTER (WHERE f.status = 'ENABLED')::int AS enabled_workflows,
            count(*) FILTER (WHERE f.status = 'DISABLED')::int AS disabled_workflows,
            count(*) FILTER (WHERE f.published_version_id IS NOT NULL)::int AS published_workflows,
            count(*) FILTER (WHERE f.created >= $2::timestamptz AND f.created < $5::timestamptz)::int AS created_in_period,
            count(*) FILTER (WHERE f.id IN (SELECT flow_id FROM active))::int AS active_in_period
     FROM flows f WHERE f.user_id = $1`,
    [userId, ...dayParams(daySplit(window))],
  );
  return { period, ...rows[0]! };
}

export async function creationTrends(
  db: Queryable,
  userId: string,
  period: AnalyticsPeriod,
  granularity: Granularity,
  timezone: string,
  now: Date,
): Promise<CreationTrends> {
  const window = periodWindow(period, now);
  const series =
    granularity === 'hour'
      ? `SELECT generate_series(date_trunc('hour', $2::timestamptz, $5), date_trunc('hour', $3::timestamptz, $5), ('1 ' || $4::text)::interval) AS start`
      : `SELECT g AT TIME ZONE $5 AS start FROM generate_series(
           date_trunc($4::text, $2::timestamptz AT TIME ZONE $5::text), date_trunc($4::text, $3::timestamptz AT TIME ZONE $5::text), ('1 ' || $4::text)::interval) g`;
  const key = granularity === 'hour' ? `date_trunc('hour', f.created, $5)` : `date_trunc($4::text, f.created AT TIME ZONE $5::text) AT TIME ZONE $5::text`;
  // One JSON text rather than a row per bucket (see executionsTimeline).
  const { rows } = await db.query<{ buckets: string | null }>(
    `WITH agg AS (SELECT ${key} AS bucket, count(*)::int AS n FROM flows f
                  WHERE f.user_id = $1 AND f.created >= $2::timestamptz AND f.created < $3::timestamptz GROUP BY 1),
          series AS (${series})
     SELECT json_agg(json_build_array((extract(epoch FROM series.start) * 1000)::bigint, coalesce(agg.n, 0)) ORDER BY series.start)::text AS buckets
     FROM series LEFT JOIN agg ON agg.bucket = series.start`,
    [userId, window.from.toISOString(), window.to.toISOString(), granularity, timezone],
  );
  const buckets = JSON.parse(rows[0]?.buckets ?? '[]') as Array<[number, number]>;
  return { period, granularity, timezone, buckets: buckets.map(([start, count]) => ({ start: new Date(start).toISOString(), count })) };
}

interface TopRow {
  flow_id: string;
  name: string | null;
  executions: number;
  succeeded: number;
  failed: number;
  running: number;
  dur_n: number;
  dur_sum: number;
  minutes: number;
  last_run_at: Date | null;
}

type TopWorkflow = TopPerforming['workflows'][number];

/** Highest first for every sort (nulls last), then more executions, then the name. */
function compareBy(sort: TopSort): (a: TopWorkflow, b: TopWorkflow) => number {
  const value = (w: TopWorkflow): number | null =>
    sort === 'execution_count'
      ? w.execution_count
      : sort === 'success_rate'
        ? w.success_rate
        : sort === 'failure_count'
          ? w.failure_count
          : sort === 'avg_execution_time'
            ? w.avg_execution_time
            : w.time_saved_minutes;
  return (a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va !== vb) {
      if (va === null) return 1;
      if (vb === null) return -1;
      return vb - va;
    }
    return b.execution_count - a.execution_count || a.workflow_name.localeCompare(b.workflow_name) || a.workflow_id.localeCompare(b.workflow_id);
  };
}

export async function topPerforming(
  db: Queryable,
  userId: string,
  query: { period: AnalyticsPeriod; sort_by: TopSort; limit: number },
  now: Date,
): Promise<TopPerforming> {
  const window = periodWindow(query.period, now);
  const { rows } = await db.query<TopRow>(
    `SELECT t.*, ${LATEST_NAME_SQL('f')} AS name, f.time_saved_per_run::float8 AS minutes,
            (SELECT max(r.start_time) FROM flow_runs r WHERE r.flow_id = f.id AND r.start_time >= $2::timestamptz AND r.start_time < $5::timestamptz) AS last_run_at
     FROM (${flowTotals(2)}) t JOIN flows f ON f.id = t.flow_id AND f.user_id = $1
     WHERE t.executions > 0`,
    [userId, ...dayParams(daySplit(window))],
  );
  const workflows = rows.map((row): TopWorkflow => {
    const finished = row.executions - row.running;
    return {
      workflow_id: row.flow_id,
      workflow_name: row.name ?? '',
      execution_count: row.executions,
      success_count: row.succeeded,
      failure_count: row.failed,
      success_rate: finished > 0 ? percent(row.succeeded, finished) : null,
      avg_execution_time: row.dur_n > 0 ? seconds(row.dur_sum / row.dur_n) : null,
      time_saved_minutes: Math.round(row.succeeded * Number(row.minutes) * 100) / 100,
      last_run_at: isoOrNull(row.last_run_at),
    };
  });
  workflows.sort(compareBy(query.sort_by));
  return { period: query.period, sort_by: query.sort_by, workflows: workflows.slice(0, query.limit) };
}

const BUILT_IN_NAMES: Record<string, string> = { code: 'Code', loop: 'Loop on Items', router: 'Router' };
const PIECE_NAMES = new Map(PIECES.map((piece) => [piece.name, piece.displayName]));

export async function pieceUsage(db: Queryable, userId: string, period: AnalyticsPeriod, now: Date): Promise<PieceUsage> {
  const window = periodWindow(period, now);
  const { rows } = await db.query<{ piece: string; step_count: number; workflow_count: number; execution_count: number }>(
    `WITH current AS (
       SELECT f.id AS flow_id,
              (SELECT v.content -> 'steps' FROM flow_versions v WHERE v.flow_id = f.id ORDER BY ${latestVersionOrder('f')} LIMIT 1) AS steps
       FROM flows f WHERE f.user_id = $1
     ), per_flow AS (
       SELECT c.flow_id,
              CASE s ->> 'type' WHEN 'PIECE' THEN s -> 'settings' ->> 'pieceName' WHEN 'CODE' THEN 'code'
                               WHEN 'LOOP_ON_ITEMS' THEN 'loop' WHEN 'ROUTER' THEN 'router' END AS piece,
              count(*)::int AS steps
       FROM current c, jsonb_array_elements(CASE WHEN jsonb_typeof(c.steps) = 'array' THEN c.steps ELSE '[]'::jsonb END) s
       GROUP BY 1, 2
     ), runs AS (${flowTotals(2)})
     SELECT p.piece, sum(p.steps)::int AS step_count, count(*)::int AS workflow_count, coalesce(sum(r.executions), 0)::int AS execution_count
     FROM per_flow p LEFT JOIN runs r ON r.flow_id = p.flow_id
     WHERE p.piece IS NOT NULL
     GROUP BY p.piece
     ORDER BY step_count DESC, p.piece`,
    [userId, ...dayParams(daySplit(window))],
  );
  return {
    period,
    pieces: rows.map((row) => ({
      piece_name: row.piece,
      display_name: BUILT_IN_NAMES[row.piece] ?? PIECE_NAMES.get(row.piece) ?? row.piece,
      step_count: row.step_count,
      workflow_count: row.workflow_count,
      execution_count: row.execution_count,
    })),
  };
}
