/**
 * Analytics (SPEC §3 dashboard overview, activity feed, analytics parameters; §7 the ten calls): the
 * parameters' values and the replies. The queries the server parses are in requests.ts.
 *
 * Definitions every call shares, so their figures agree with each other:
 * - A period is the last 24 h, 7, 30 or 90 days or 365 days up to now; the previous period is the same
 *   length just before it.
 * - An execution is a run that started in the period, whatever its status.
 * - A run succeeded when it ended SUCCEEDED or STOPPED (SPEC §4 reads both as success); it finished when it
 *   is no longer RUNNING or PAUSED. success_rate = succeeded / finished × 100, and 0 when nothing finished.
 * - Durations are finish − start of finished runs, in seconds (a run refused for the quota never ran and
 *   has none); an average or percentile of nothing is 0
 *   in the overview cards and null in the detailed calls (no runs is not "instant").
 * - A change against the previous period is null when the previous period has nothing to compare with
 *   (no executions; no finished run for the success rate): never NaN or Infinity.
 * - Buckets (creation trends, timeline) are in the caller's X-Timezone (an IANA name; UTC without one),
 *   start at local midnight / hour / Monday / first of the month, DST-correct, and empty ones are listed.
 */
import * as z from 'zod/mini';
import { RUN_STATUSES } from '../flow/runs.ts';

// ---- parameters ----

export const ANALYTICS_PERIODS = ['24h', '7d', '30d', '90d', '1y'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const GRANULARITIES = ['hour', 'day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const TOP_SORTS = ['execution_count', 'success_rate', 'failure_count', 'avg_execution_time', 'time_saved'] as const;
export type TopSort = (typeof TOP_SORTS)[number];

/** SPEC §9: default dashboard period 30d, recent activity size 50. */
export const DEFAULT_DASHBOARD_PERIOD: AnalyticsPeriod = '30d';
export const RECENT_ACTIVITY_SIZE = 50;
export const RECENT_ACTIVITY_MAX = 200;
export const TOP_PERFORMING_MAX = 100;

/** Milliseconds in each period. */
export const PERIOD_MS: Record<AnalyticsPeriod, number> = {
  '24h': 24 * 3_600_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
  '90d': 90 * 86_400_000,
  '1y': 365 * 86_400_000,
};

/** What is recorded in the activity feed (recorded as it happens, never inferred afterwards). */
export const ACTIVITY_TYPES = [
  'workflow_created',
  'workflow_renamed',
  'workflow_published',
  'workflow_enabled',
  'workflow_disabled',
  'workflow_deleted',
  'workflow_imported',
  'run_failed',
  'run_succeeded',
  'schedule_failed',
  'quota_reached',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ACTIVITY_SEVERITIES = ['error', 'warning', 'success', 'info'] as const;
export type ActivitySeverity = (typeof ACTIVITY_SEVERITIES)[number];

// ---- replies ----

const count = z.number().check(z.int(), z.gte(0));
const instant = z.string();
const seconds = z.number();

/** GET /analytics/dashboard/overview */
export const dashboardOverviewSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  total_workflows: count,
  total_executions: count,
  /** Percent, 0–100; 0 when nothing finished. */
  success_rate: z.number(),
  /** Seconds; 0 when nothing finished. */
  avg_execution_time: seconds,
  period_comparison: z.object({
    /** Percent change of executions; null when the previous period had none. */
    executions_change: z.nullable(z.number()),
    /** Percentage points; null when either period has no finished run. */
    success_rate_change: z.nullable(z.number()),
  }),
});
export type DashboardOverview = z.output<typeof dashboardOverviewSchema>;

/** GET /analytics/workflows/overview */
export const workflowsOverviewSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  total_workflows: count,
  enabled_workflows: count,
  disabled_workflows: count,
  published_workflows: count,
  /** Created within the period. */
  created_in_period: count,
  /** With at least one execution in the period. */
  active_in_period: count,
});
export type WorkflowsOverview = z.output<typeof workflowsOverviewSchema>;

const bucketMeta = {
  period: z.enum(ANALYTICS_PERIODS),
  granularity: z.enum(GRANULARITIES),
  /** The IANA time zone the buckets were cut in. */
  timezone: z.string(),
};

/** GET /analytics/workflows/creation-trends: workflows created per bucket. */
export const creationTrendsSchema = z.object({
  ...bucketMeta,
  buckets: z.array(z.object({ start: instant, count })),
});
export type CreationTrends = z.output<typeof creationTrendsSchema>;

/** GET /analytics/executions/timeline: executions per bucket, by outcome. */
export const executionsTimelineSchema = z.object({
  ...bucketMeta,
  buckets: z.array(
    z.object({
      start: instant,
      total: count,
      succeeded: count,
      failed: count,
      /** Still RUNNING or PAUSED. */
      running: count,
      /** Percent of the bucket's finished runs; null when none finished. */
      success_rate: z.nullable(z.number()),
    }),
  ),
});
export type ExecutionsTimeline = z.output<typeof executionsTimelineSchema>;

/** GET /analytics/workflows/top-performing */
export const topPerformingSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  sort_by: z.enum(TOP_SORTS),
  workflows: z.array(
    z.object({
      workflow_id: z.string(),
      workflow_name: z.string(),
      execution_count: count,
      success_count: count,
      failure_count: count,
      /** Percent; null when nothing finished. */
      success_rate: z.nullable(z.number()),
      /** Seconds; null when nothing finished. */
      avg_execution_time: z.nullable(seconds),
      /** The workflow's minutes saved per run × its succeeded runs. */
      time_saved_minutes: z.number(),
      last_run_at: z.nullable(instant),
    }),
  ),
});
export type TopPerforming = z.output<typeof topPerformingSchema>;

/** GET /analytics/workflows/piece-usage: what the user's workflows (their current versions) are made of. */
export const pieceUsageSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  pieces: z.array(
    z.object({
      /** A piece's name, or 'code', 'loop', 'router' for the built-in step types. */
      piece_name: z.string(),
      display_name: z.string(),
      step_count: count,
      workflow_count: count,
      /** Executions in the period of the workflows that use it. */
      execution_count: count,
    }),
  ),
});
export type PieceUsage = z.output<typeof pieceUsageSchema>;

/** GET /analytics/executions/overview */
export const executionsOverviewSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  total_executions: count,
  by_status: z.record(z.enum(RUN_STATUSES), count),
  success_rate: z.number(),
  avg_execution_time: z.nullable(seconds),
  /** Runs refused for the daily quota and counted rather than stored, one by one. */
  quota_refused: count,
  /** Σ over workflows of minutes saved per run × succeeded runs. */
  time_saved_minutes: z.number(),
});
export type ExecutionsOverview = z.output<typeof executionsOverviewSchema>;

/**
 * GET /analytics/executions/performance: durations of finished runs, seconds (null when none). avg, max
 * and finished_runs are exact; p50/p95/p99 are nearest-rank percentiles read from a log-scale histogram
 * (buckets 10% wide), within ±5% of the exact value.
 */
export const executionsPerformanceSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  finished_runs: count,
  avg: z.nullable(seconds),
  p50: z.nullable(seconds),
  p95: z.nullable(seconds),
  p99: z.nullable(seconds),
  max: z.nullable(seconds),
});
export type ExecutionsPerformance = z.output<typeof executionsPerformanceSchema>;

/** GET /analytics/executions/error-analysis: failed runs by error code (the run's end status) and by failing step. */
export const errorAnalysisSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  total_errors: count,
  by_code: z.array(z.object({ code: z.string(), count })),
  by_step: z.array(
    z.object({ workflow_id: z.string(), workflow_name: z.string(), step_name: z.string(), step_display_name: z.string(), count }),
  ),
});
export type ErrorAnalysis = z.output<typeof errorAnalysisSchema>;

/** GET /analytics/activity/recent (SPEC §3 activity feed). */
export const activitySchema = z.object({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  severity: z.enum(ACTIVITY_SEVERITIES),
  user_name: z.string(),
  description: z.string(),
  /** The latest occurrence (rolled-up runs: the last run). */
  timestamp: instant,
  workflow_id: z.nullable(z.string()),
  run_id: z.nullable(z.string()),
  /** How many occurrences this entry stands for (runs of one workflow rolled up); 1 otherwise. */
  count,
});
export type Activity = z.output<typeof activitySchema>;
export const recentActivitySchema = z.object({ activities: z.array(activitySchema) });
export type RecentActivity = z.output<typeof recentActivitySchema>;
