/**
 * The analytics calls on a real server and database: every figure of every call against figures computed
 * here from the runs the test inserted (fixed start and finish times relative to now), for every period
 * and granularity; the previous-period changes and their null cases; buckets in Europe/Berlin across its
 * DST changes; the rollups following a run from RUNNING to SUCCEEDED, a deleted workflow and a rebuild;
 * isolation between users; refusals of bad parameters and a bad X-Timezone; a user with nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import * as z from 'zod/mini';
import {
  ANALYTICS_PERIODS,
  creationTrendsSchema,
  dashboardOverviewSchema,
  errorAnalysisSchema,
  executionsOverviewSchema,
  executionsPerformanceSchema,
  executionsTimelineSchema,
  GRANULARITIES,
  PERIOD_MS,
  pieceUsageSchema,
  TOP_SORTS,
  topPerformingSchema,
  workflowsOverviewSchema,
  type AnalyticsPeriod,
  type Granularity,
  type TopSort,
} from '../../src/domain/contract/index.ts';
import { PIECES, RUN_STATUSES } from '../../src/domain/index.ts';
import { rebuildAnalytics } from '../../server/analytics/rollups.ts';
import { del, get, post, put, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { code, finishedRun, flowOf, manualTrigger } from './run-flows.ts';
import { createFlow, publishedFlow, scheduleTrigger } from './flows.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;

let t: TestServer;
let a: { id: string; token: string };
let b: { id: string; token: string };

interface TestRun {
  flowId: string;
  status: string;
  start: number;
  finish: number | null;
  steps: unknown[];
}

interface TestFlow {
  id: string;
  name: string;
  minutes: number;
  created: number;
  pieces: Array<'code' | 'loop' | 'router' | string>;
  status: 'ENABLED' | 'DISABLED';
  published: boolean;
}

const runsOf = new Map<string, TestRun[]>();
const flowsOf = new Map<string, TestFlow[]>();
let now0 = 0;

const round2 = (value: number) => Math.round(value * 100) / 100;
const round3 = (value: number) => Math.round(value * 1000) / 1000;
const percent = (part: number, whole: number) => Math.round((part / whole) * 10_000) / 100;
const isSuccess = (status: string) => status === 'SUCCEEDED' || status === 'STOPPED';
const isFinished = (status: string) => status !== 'RUNNING' && status !== 'PAUSED';
/** A run refused for the quota never ran: it has no duration. */
const duration = (run: TestRun) =>
  isFinished(run.status) && run.status !== 'QUOTA_EXCEEDED' && run.finish !== null ? Math.max(0, run.finish - run.start) / 1000 : null;

async function call<S extends z.core.$ZodType>(schema: S, path: string, token: string, headers: Record<string, string> = {}): Promise<z.output<S>> {
  const response = await get(t.app, path, { token, headers });
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return z.parse(schema, response.json());
}

async function insertRuns(userId: string, runs: TestRun[]): Promise<void> {
  await t.db.query(
    `INSERT INTO flow_runs (flow_id, user_id, status, start_time, finish_time, steps)
     SELECT f, $1, s, to_timestamp(st / 1000.0), CASE WHEN fi IS NULL THEN NULL ELSE to_timestamp(fi / 1000.0) END, sp::jsonb
     FROM unnest($2::uuid[], $3::text[], $4::float8[], $5::float8[], $6::text[]) AS x(f, s, st, fi, sp)`,
    [userId, runs.map((r) => r.flowId), runs.map((r) => r.status), runs.map((r) => r.start), runs.map((r) => r.finish), runs.map((r) => JSON.stringify(r.steps))],
  );
  runsOf.set(userId, [...(runsOf.get(userId) ?? []), ...runs]);
}

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Instants the server's "now" may move across while the test runs: runs keep a minute away from them. */
function nearBoundary(instant: number): boolean {
  const boundaries = [now0, ...Object.values(PERIOD_MS).flatMap((length) => [now0 - length, now0 - 2 * length])];
  return boundaries.some((boundary) => Math.abs(instant - boundary) < 5 * 60_000);
}

const failedStep = (name: string, display: string) => ({ stepName: name, displayName: display, type: 'CODE', status: 'FAILED', error: 'boom' });

function randomRuns(seed: number, flows: TestFlow[], count: number): TestRun[] {
  const next = random(seed);
  const runs: TestRun[] = [];
  while (runs.length < count) {
    // Dense near now (every period has runs), thinner back to 800 days.
    const back = next() < 0.5 ? next() * 3 * DAY : next() < 0.6 ? next() * 100 * DAY : next() * 800 * DAY;
    const start = Math.floor((now0 - back) / 1000) * 1000;
    if (nearBoundary(start) || start >= now0 - 60_000) continue;
    const status = RUN_STATUSES[Math.floor(next() * RUN_STATUSES.length)]!;
    const seconds = Math.floor(next() ** 3 * 3000);
    const finish = isFinished(status) ? (next() < 0.05 ? null : start + seconds * 1000) : null;
    const flow = flows[Math.floor(next() * flows.length)]!;
    let steps: unknown[] = [];
    if (status === 'FAILED') {
      const k = Math.floor(next() * 3);
      steps =
        k === 0
          ? [{ stepName: 'trigger', displayName: 'Trigger', status: 'SUCCEEDED' }, failedStep('step_1', 'Fetch')]
          : k === 1
            ? [{ stepName: 'step_2', displayName: 'Each', type: 'LOOP_ON_ITEMS', status: 'FAILED', iterations: [[{ stepName: 'step_3', status: 'SUCCEEDED' }], [failedStep('step_3', 'Inner')]] }]
            : [];
    }
    runs.push({ flowId: flow.id, status, start, finish, steps });
  }
  return runs;
}

/** The step the server names for a failed run (the tests' steps: a plain failed step or a loop's inner one). */
function stepOf(run: TestRun): { name: string; display: string } | null {
  for (const step of run.steps as Array<Record<string, unknown>>) {
    if (step.status !== 'FAILED') continue;
    const iterations = step.iterations as Array<Array<Record<string, unknown>>> | undefined;
    for (const iteration of iterations ?? []) {
      const inner = iteration.find((s) => s.status === 'FAILED');
      if (inner) return { name: String(inner.stepName), display: String(inner.displayName) };
    }
    return { name: String(step.stepName), display: String(step.displayName) };
  }
  return null;
}

// ---- the figures, computed here ----

function inWindow(runs: TestRun[], from: number, to: number) {
  return runs.filter((run) => run.start >= from && run.start < to);
}

function totals(runs: TestRun[]) {
  const finished = runs.filter((run) => isFinished(run.status));
  const succeeded = runs.filter((run) => isSuccess(run.status));
  const durations = runs.map(duration).filter((d): d is number => d !== null);
  return {
    total: runs.length,
    finished: finished.length,
    succeeded: succeeded.length,
    durations,
    sum: durations.reduce((s, d) => s + d, 0),
  };
}

function expectedDashboard(userId: string, period: AnalyticsPeriod) {
  const length = PERIOD_MS[period];
  const runs = runsOf.get(userId) ?? [];
  const current = totals(inWindow(runs, now0 - length, now0));
  const previous = totals(inWindow(runs, now0 - 2 * length, now0 - length));
  const rate = (x: ReturnType<typeof totals>) => (x.finished > 0 ? percent(x.succeeded, x.finished) : null);
  return {
    period,
    total_workflows: flowsOf.get(userId)?.length ?? 0,
    total_executions: current.total,
    success_rate: rate(current) ?? 0,
    avg_execution_time: current.durations.length > 0 ? round3(current.sum / current.durations.length) : 0,
    period_comparison: {
      executions_change: previous.total > 0 ? percent(current.total - previous.total, previous.total) : null,
      success_rate_change: rate(current) !== null && rate(previous) !== null ? round2(rate(current)! - rate(previous)!) : null,
    },
  };
}

function perFlow(userId: string, period: AnalyticsPeriod) {
  const runs = inWindow(runsOf.get(userId) ?? [], now0 - PERIOD_MS[period], now0);
  return (flowsOf.get(userId) ?? []).map((flow) => {
    const own = runs.filter((run) => run.flowId === flow.id);
    const x = totals(own);
    return {
      flow,
      execution_count: own.length,
      success_count: x.succeeded,
      failure_count: x.finished - x.succeeded,
      success_rate: x.finished > 0 ? percent(x.succeeded, x.finished) : null,
      avg_execution_time: x.durations.length > 0 ? round3(x.sum / x.durations.length) : null,
      time_saved_minutes: round2(x.succeeded * flow.minutes),
      last_run_at: own.length > 0 ? new Date(Math.max(...own.map((run) => run.start))).toISOString() : null,
    };
  });
}

function expectedExecutionsOverview(userId: string, period: AnalyticsPeriod, refused: number) {
  const runs = inWindow(runsOf.get(userId) ?? [], now0 - PERIOD_MS[period], now0);
  const x = totals(runs);
  return {
    period,
    total_executions: x.total,
    by_status: Object.fromEntries(RUN_STATUSES.map((status) => [status, runs.filter((run) => run.status === status).length])),
    success_rate: x.finished > 0 ? percent(x.succeeded, x.finished) : 0,
    avg_execution_time: x.durations.length > 0 ? round3(x.sum / x.durations.length) : null,
    quota_refused: refused,
    time_saved_minutes: round2(perFlow(userId, period).reduce((sum, row) => sum + row.success_count * row.flow.minutes, 0)),
  };
}

/** UTC bucket starts (the test's "UTC" timeline): hour, day, Monday, first of the month. */
function utcBucket(instant: number, granularity: Granularity): number {
  const date = new Date(instant);
  if (granularity === 'hour') return Math.floor(instant / HOUR) * HOUR;
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  if (granularity === 'day') return day;
  if (granularity === 'week') return day - ((date.getUTCDay() + 6) % 7) * DAY;
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

function nextUtcBucket(start: number, granularity: Granularity): number {
  if (granularity === 'hour') return start + HOUR;
  if (granularity === 'day') return start + DAY;
  if (granularity === 'week') return start + 7 * DAY;
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

function utcSeries(period: AnalyticsPeriod, granularity: Granularity): number[] {
  const starts: number[] = [];
  for (let start = utcBucket(now0 - PERIOD_MS[period], granularity); start <= utcBucket(now0, granularity); start = nextUtcBucket(start, granularity)) {
    starts.push(start);
  }
  return starts;
}

function expectedTimeline(userId: string, period: AnalyticsPeriod, granularity: Granularity) {
  const runs = inWindow(runsOf.get(userId) ?? [], now0 - PERIOD_MS[period], now0);
  return utcSeries(period, granularity).map((start) => {
    const own = runs.filter((run) => utcBucket(run.start, granularity) === start);
    const x = totals(own);
    return {
      start: new Date(start).toISOString(),
      total: x.total,
      succeeded: x.succeeded,
      failed: x.finished - x.succeeded,
      running: x.total - x.finished,
      success_rate: x.finished > 0 ? percent(x.succeeded, x.finished) : null,
    };
  });
}

function expectedErrors(userId: string, period: AnalyticsPeriod) {
  const runs = inWindow(runsOf.get(userId) ?? [], now0 - PERIOD_MS[period], now0).filter((run) => isFinished(run.status) && !isSuccess(run.status));
  const byCode = new Map<string, number>();
  const byStep = new Map<string, { workflow_id: string; step_name: string; step_display_name: string; count: number }>();
  for (const run of runs) {
    byCode.set(run.status, (byCode.get(run.status) ?? 0) + 1);
    const step = stepOf(run);
    if (!step) continue;
    const key = `${run.flowId} ${step.name}`;
    const entry = byStep.get(key) ?? { workflow_id: run.flowId, step_name: step.name, step_display_name: step.display, count: 0 };
    entry.count++;
    byStep.set(key, entry);
  }
  const names = new Map((flowsOf.get(userId) ?? []).map((flow) => [flow.id, flow.name]));
  return {
    total_errors: runs.length,
    by_code: [...byCode].map(([code, count]) => ({ code, count })).sort((x, y) => y.count - x.count || x.code.localeCompare(y.code)),
    by_step: [...byStep.values()]
      .map((entry) => ({ ...entry, workflow_name: names.get(entry.workflow_id) ?? '' }))
      .sort((x, y) => y.count - x.count || x.workflow_name.localeCompare(y.workflow_name) || x.step_name.localeCompare(y.step_name)),
  };
}

/** Nearest-rank percentile of the exact durations. */
function exactPercentile(sorted: number[], p: number): number {
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1]!;
}

// ---- setup ----

async function makeFlow(userId: string, token: string, spec: Omit<TestFlow, 'id'>, content: unknown[]): Promise<TestFlow> {
  const { flow } = spec.published ? await publishedFlow(t, token, { displayName: spec.name, trigger: scheduleTrigger(), steps: [] }, spec.status === 'ENABLED') : await createFlow(t, token, spec.name);
  await t.db.query(`UPDATE flows SET created = to_timestamp($2 / 1000.0) WHERE id = $1`, [flow.id, spec.created]);
  // The current version's steps, straight into the stored content (analytics reads only types and piece names).
  await t.db.query(
    `UPDATE flow_versions SET content = jsonb_set(content, '{steps}', $2::jsonb) WHERE flow_id = $1 AND state = 'DRAFT'`,
    [flow.id, JSON.stringify(content)],
  );
  if (spec.published) {
    await t.db.query(`UPDATE flow_versions SET content = jsonb_set(content, '{steps}', $2::jsonb) WHERE id = (SELECT published_version_id FROM flows WHERE id = $1)`, [flow.id, JSON.stringify(content)]);
  }
  if (spec.minutes > 0) {
    const response = await put(t.app, '/api/workflow', { id: flow.id, timeSavedPerRun: spec.minutes }, { token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ flow: { timeSavedPerRun: number } }>().flow.timeSavedPerRun).toBe(spec.minutes);
  }
  const made = { ...spec, id: flow.id };
  flowsOf.set(userId, [...(flowsOf.get(userId) ?? []), made]);
  return made;
}

const stepsOf = (...types: string[]) =>
  types.map((type, i) =>
    type === 'code'
      ? { name: `step_${i + 1}`, type: 'CODE' }
      : type === 'loop'
        ? { name: `step_${i + 1}`, type: 'LOOP_ON_ITEMS' }
        : type === 'router'
          ? { name: `step_${i + 1}`, type: 'ROUTER' }
          : { name: `step_${i + 1}`, type: 'PIECE', settings: { pieceName: type } },
  );

const HTTP = '@activepieces/piece-http';
const STORE = '@activepieces/piece-store';

beforeAll(async () => {
  t = await startTestServer();
  a = await signedInUser(t.app, 'Ada');
  b = await signedInUser(t.app, 'Bob');
  now0 = Date.now();
  // Far from an hour's end, so the server's "now" stays in the test's hour while the calls run.
  if (HOUR - (now0 % HOUR) < 3 * 60_000) {
    await new Promise((resolve) => setTimeout(resolve, HOUR - (now0 % HOUR) + 1000));
    now0 = Date.now();
  }
  const flows = [
    await makeFlow(a.id, a.token, { name: 'Alpha', minutes: 2.5, created: now0 - 2 * HOUR, pieces: [], status: 'ENABLED', published: true }, stepsOf('code', HTTP, 'code', 'loop')),
    await makeFlow(a.id, a.token, { name: 'Beta', minutes: 0, created: now0 - 10 * DAY, pieces: [], status: 'DISABLED', published: true }, stepsOf(HTTP, 'router', STORE)),
    await makeFlow(a.id, a.token, { name: 'Gamma', minutes: 10, created: now0 - 50 * DAY, pieces: [], status: 'DISABLED', published: false }, stepsOf('code')),
    await makeFlow(a.id, a.token, { name: 'Delta', minutes: 1, created: now0 - 200 * DAY, pieces: [], status: 'DISABLED', published: false }, []),
  ];
  await insertRuns(a.id, randomRuns(1, flows, 600));
  const bFlow = await makeFlow(b.id, b.token, { name: 'Bee', minutes: 3, created: now0 - HOUR, pieces: [], status: 'DISABLED', published: false }, stepsOf(HTTP));
  await insertRuns(b.id, randomRuns(2, [bFlow], 50));
  const today = new Date(now0).toISOString().slice(0, 10);
  const fortyDaysAgo = new Date(now0 - 40 * DAY).toISOString().slice(0, 10);
  await t.db.query(`INSERT INTO quota_refusals (flow_id, day, refused) VALUES ($1, $2, 3), ($1, $3, 5)`, [flows[0]!.id, today, fortyDaysAgo]);
  // A day whose first refusal was kept as a run (start-run.ts): that one is an execution, not a refusal.
  const kept = await t.db.query<{ id: string }>(`SELECT id FROM flow_runs WHERE flow_id = $1 LIMIT 1`, [flows[1]!.id]);
  await t.db.query(`INSERT INTO quota_refusals (flow_id, day, refused, run_id) VALUES ($1, $2, 4, $3)`, [flows[1]!.id, today, kept.rows[0]!.id]);
  // The wait for the next hour above can take up to 3 minutes, past the usual hook timeout.
}, 5 * 60_000);

afterAll(async () => {
  await t?.close();
});

function refusedFor(period: AnalyticsPeriod): number {
  const first = new Date(now0 - PERIOD_MS[period]).toISOString().slice(0, 10);
  const fortyDaysAgo = new Date(now0 - 40 * DAY).toISOString().slice(0, 10);
  return 3 + 3 + (fortyDaysAgo >= first ? 5 : 0);
}

async function expectAllFigures(userId: string, token: string): Promise<void> {
  for (const period of ANALYTICS_PERIODS) {
    expect(await call(dashboardOverviewSchema, `/api/analytics/dashboard/overview?period=${period}`, token)).toEqual(expectedDashboard(userId, period));

    const rows = perFlow(userId, period);
    const flows = flowsOf.get(userId) ?? [];
    expect(await call(workflowsOverviewSchema, `/api/analytics/workflows/overview?period=${period}`, token)).toEqual({
      period,
      total_workflows: flows.length,
      enabled_workflows: flows.filter((f) => f.status === 'ENABLED').length,
      disabled_workflows: flows.filter((f) => f.status === 'DISABLED').length,
      published_workflows: flows.filter((f) => f.published).length,
      created_in_period: flows.filter((f) => f.created >= now0 - PERIOD_MS[period]).length,
      active_in_period: rows.filter((row) => row.execution_count > 0).length,
    });

    for (const sort of TOP_SORTS) {
      const key: Record<TopSort, (row: (typeof rows)[number]) => number | null> = {
        execution_count: (row) => row.execution_count,
        success_rate: (row) => row.success_rate,
        failure_count: (row) => row.failure_count,
        avg_execution_time: (row) => row.avg_execution_time,
        time_saved: (row) => row.time_saved_minutes,
      };
      const expected = rows
        .filter((row) => row.execution_count > 0)
        .sort((x, y) => {
          const [vx, vy] = [key[sort](x), key[sort](y)];
          if (vx !== vy) return vx === null ? 1 : vy === null ? -1 : vy - vx;
          return y.execution_count - x.execution_count || x.flow.name.localeCompare(y.flow.name);
        })
        .slice(0, 3)
        .map(({ flow, ...row }) => ({ workflow_id: flow.id, workflow_name: flow.name, ...row }));
      expect(await call(topPerformingSchema, `/api/analytics/workflows/top-performing?period=${period}&sort_by=${sort}&limit=3`, token)).toEqual({
        period,
        sort_by: sort,
        workflows: expected,
      });
    }

    const usage = new Map<string, { step_count: number; workflows: Set<string>; execution_count: number }>();
    for (const row of rows) {
      const { rows: versionRows } = await t.db.query<{ steps: Array<{ type: string; settings?: { pieceName: string } }> }>(
        `SELECT content -> 'steps' AS steps FROM flow_versions WHERE flow_id = $1 AND state = 'DRAFT'
         UNION ALL SELECT content -> 'steps' FROM flow_versions v WHERE v.id = (SELECT published_version_id FROM flows WHERE id = $1)
           AND NOT EXISTS (SELECT 1 FROM flow_versions WHERE flow_id = $1 AND state = 'DRAFT')`,
        [row.flow.id],
      );
      for (const step of versionRows[0]?.steps ?? []) {
        const name = step.type === 'PIECE' ? step.settings!.pieceName : ({ CODE: 'code', LOOP_ON_ITEMS: 'loop', ROUTER: 'router' } as Record<string, string>)[step.type]!;
        const entry = usage.get(name) ?? { step_count: 0, workflows: new Set(), execution_count: 0 };
        entry.step_count++;
        if (!entry.workflows.has(row.flow.id)) entry.execution_count += row.execution_count;
        entry.workflows.add(row.flow.id);
        usage.set(name, entry);
      }
    }
    const displayNames: Record<string, string> = {
      code: 'Code',
      loop: 'Loop on Items',
      router: 'Router',
      ...Object.fromEntries(PIECES.map((piece) => [piece.name, piece.displayName])),
    };
    const pieces = await call(pieceUsageSchema, `/api/analytics/workflows/piece-usage?period=${period}`, token);
    expect(pieces.pieces).toEqual(
      [...usage]
        .map(([piece_name, entry]) => ({
          piece_name,
          display_name: displayNames[piece_name]!,
          step_count: entry.step_count,
          workflow_count: entry.workflows.size,
          execution_count: entry.execution_count,
        }))
        .sort((x, y) => y.step_count - x.step_count || (x.piece_name < y.piece_name ? -1 : 1)),
    );

    expect(await call(executionsOverviewSchema, `/api/analytics/executions/overview?period=${period}`, token)).toEqual(
      expectedExecutionsOverview(userId, period, userId === a.id ? refusedFor(period) : 0),
    );

    for (const granularity of GRANULARITIES) {
      if (granularity === 'hour' && (period === '90d' || period === '1y')) continue; // below, once
      const timeline = await call(executionsTimelineSchema, `/api/analytics/executions/timeline?period=${period}&granularity=${granularity}`, token);
      expect(timeline).toEqual({ period, granularity, timezone: 'UTC', buckets: expectedTimeline(userId, period, granularity) });
      // The timeline adds up to the overview.
      expect(timeline.buckets.reduce((sum, bucket) => sum + bucket.total, 0)).toBe(expectedDashboard(userId, period).total_executions);
    }

    const perf = await call(executionsPerformanceSchema, `/api/analytics/executions/performance?period=${period}`, token);
    const durations = inWindow(runsOf.get(userId) ?? [], now0 - PERIOD_MS[period], now0)
      .map(duration)
      .filter((d): d is number => d !== null)
      .sort((x, y) => x - y);
    expect(perf.finished_runs).toBe(durations.length);
    if (durations.length === 0) {
      expect(perf).toEqual({ period, finished_runs: 0, avg: null, p50: null, p95: null, p99: null, max: null });
    } else {
      expect(perf.avg).toBe(round3(durations.reduce((s, d) => s + d, 0) / durations.length));
      expect(perf.max).toBe(durations.at(-1));
      for (const p of [50, 95, 99] as const) {
        const exact = exactPercentile(durations, p);
        const got = perf[`p${p}`]!;
        // Histogram buckets are 10% wide: the middle is within 5% (+ rounding to a millisecond).
        expect(Math.abs(got - exact)).toBeLessThanOrEqual(exact * 0.0489 + 0.001);
      }
    }

    const errors = await call(errorAnalysisSchema, `/api/analytics/executions/error-analysis?period=${period}`, token);
    expect(errors).toEqual({ period, ...expectedErrors(userId, period) });
  }
}

describe('analytics figures', () => {
  it('every call, every period, sort and granularity matches the figures computed from the runs', async () => {
    await expectAllFigures(a.id, a.token);
  });

  it('hour buckets over 90 days and a year: one per hour, adding up', async () => {
    for (const period of ['90d', '1y'] as const) {
      const timeline = await call(executionsTimelineSchema, `/api/analytics/executions/timeline?period=${period}&granularity=hour`, a.token);
      expect(timeline.buckets).toEqual(expectedTimeline(a.id, period, 'hour'));
    }
  });

  it('user B sees only their own figures', async () => {
    await expectAllFigures(b.id, b.token);
  });

  it('creation trends count workflows per bucket, every bucket listed', async () => {
    for (const period of ANALYTICS_PERIODS) {
      for (const granularity of GRANULARITIES) {
        if (granularity === 'hour' && period === '1y') continue;
        const trends = await call(creationTrendsSchema, `/api/analytics/workflows/creation-trends?period=${period}&granularity=${granularity}`, a.token);
        const created = (flowsOf.get(a.id) ?? []).filter((f) => f.created >= now0 - PERIOD_MS[period]);
        expect(trends).toEqual({
          period,
          granularity,
          timezone: 'UTC',
          buckets: utcSeries(period, granularity).map((start) => ({
            start: new Date(start).toISOString(),
            count: created.filter((f) => utcBucket(f.created, granularity) === start).length,
          })),
        });
      }
    }
  });

  it('defaults: 30d overview, 7d hourly timeline, top 10 by execution count', async () => {
    expect((await call(dashboardOverviewSchema, '/api/analytics/dashboard/overview', a.token)).period).toBe('30d');
    const timeline = await call(executionsTimelineSchema, '/api/analytics/executions/timeline', a.token);
    expect([timeline.period, timeline.granularity, timeline.buckets.length]).toEqual(['7d', 'hour', 7 * 24 + 1]);
    const top = await call(topPerformingSchema, '/api/analytics/workflows/top-performing', a.token);
    expect([top.period, top.sort_by]).toEqual(['30d', 'execution_count']);
    expect((await call(executionsPerformanceSchema, '/api/analytics/executions/performance', a.token)).period).toBe('7d');
    const trends = await call(creationTrendsSchema, '/api/analytics/workflows/creation-trends', a.token);
    expect([trends.period, trends.granularity]).toEqual(['30d', 'day']);
  });

  it('a rebuild from flow_runs gives the rollups the triggers kept', async () => {
    const snapshot = async () =>
      Promise.all(
        ['analytics_user_hours ORDER BY user_id, hour', 'analytics_flow_days ORDER BY flow_id, day', 'analytics_duration_days WHERE n <> 0 ORDER BY user_id, day, bucket', 'analytics_failure_days WHERE n <> 0 ORDER BY flow_id, day, step_name'].map(
          async (table) => (await t.db.query(`SELECT * FROM ${table}`)).rows.map((row) => JSON.stringify(row, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v * 1000) / 1000 : v))),
        ),
      );
    const kept = await snapshot();
    await t.db.transaction((tx) => rebuildAnalytics(tx));
    const rebuilt = await snapshot();
    // Rows the triggers brought to zero may remain; the rebuild has none of them.
    const nonZero = (rows: string[]) => rows.filter((row) => !/"(executions|n)":0[,}]/.test(row) || /"executions":[1-9]/.test(row));
    expect(nonZero(kept[1]!)).toEqual(nonZero(rebuilt[1]!));
    expect(kept[2]).toEqual(rebuilt[2]);
    expect(kept[3]).toEqual(rebuilt[3]);
    await expectAllFigures(a.id, a.token);
  });
});

describe('rollups follow the runs', () => {
  it('a run going RUNNING → SUCCEEDED moves from running to succeeded, with its duration', async () => {
    const flow = flowsOf.get(a.id)![2]!;
    const start = Math.floor((now0 - 5 * HOUR) / 1000) * 1000;
    await insertRuns(a.id, [{ flowId: flow.id, status: 'RUNNING', start, finish: null, steps: [] }]);
    const run = runsOf.get(a.id)!.at(-1)!;
    const before = await call(executionsOverviewSchema, '/api/analytics/executions/overview?period=24h', a.token);
    expect(before).toEqual(expectedExecutionsOverview(a.id, '24h', refusedFor('24h')));
    await t.db.query(
      `UPDATE flow_runs SET status = 'SUCCEEDED', finish_time = to_timestamp($2 / 1000.0) WHERE flow_id = $1 AND start_time = to_timestamp($3 / 1000.0) AND status = 'RUNNING'`,
      [flow.id, start + 7000, start],
    );
    run.status = 'SUCCEEDED';
    run.finish = start + 7000;
    const after = await call(executionsOverviewSchema, '/api/analytics/executions/overview?period=24h', a.token);
    expect(after.by_status.RUNNING).toBe(before.by_status.RUNNING - 1);
    expect(after.by_status.SUCCEEDED).toBe(before.by_status.SUCCEEDED + 1);
    expect(after.time_saved_minutes).toBe(round2(before.time_saved_minutes + 10));
    await expectAllFigures(a.id, a.token);
  });

  it('a failed run then marked succeeded leaves the error analysis, and the hour\'s maximum follows', async () => {
    const flow = flowsOf.get(a.id)![1]!;
    const start = Math.floor((now0 - 50 * HOUR) / 1000) * 1000;
    await insertRuns(a.id, [{ flowId: flow.id, status: 'FAILED', start, finish: start + 2_000_000_000 / 1000, steps: [failedStep('step_9', 'Late')] }]);
    const run = runsOf.get(a.id)!.at(-1)!;
    const errors = await call(errorAnalysisSchema, '/api/analytics/executions/error-analysis?period=7d', a.token);
    expect(errors.by_step).toContainEqual(expect.objectContaining({ step_name: 'step_9', step_display_name: 'Late', count: 1 }));
    await t.db.query(`UPDATE flow_runs SET status = 'SUCCEEDED', finish_time = to_timestamp($2 / 1000.0) WHERE flow_id = $1 AND start_time = to_timestamp($3 / 1000.0)`, [
      flow.id,
      start + 1000,
      start,
    ]);
    run.status = 'SUCCEEDED';
    run.finish = start + 1000;
    await expectAllFigures(a.id, a.token);
  });

  it('a run through the real queue and engine is counted when it finishes', async () => {
    const user = await signedInUser(t.app, 'Runner');
    const { flow } = await publishedFlow(t, user.token, flowOf('Runs', manualTrigger(), [code(1, 'return 1;')]));
    const response = await post(t.app, `/api/workflow/run/${flow.id}`, {}, { token: user.token });
    expect(response.statusCode).toBe(202);
    const run = await finishedRun(t, user.token, response.json<{ id: string }>().id);
    expect(run.status).toBe('SUCCEEDED');
    const overview = await call(executionsOverviewSchema, '/api/analytics/executions/overview?period=24h', user.token);
    expect(overview).toMatchObject({ total_executions: 1, success_rate: 100, by_status: expect.objectContaining({ SUCCEEDED: 1, RUNNING: 0 }) });
    const perf = await call(executionsPerformanceSchema, '/api/analytics/executions/performance?period=24h', user.token);
    expect(perf.finished_runs).toBe(1);
    expect(perf.max).toBeGreaterThanOrEqual(0);
  });

  it('deleting a workflow removes its figures', async () => {
    const flows = flowsOf.get(a.id)!;
    const gone = flows[3]!;
    expect(runsOf.get(a.id)!.some((run) => run.flowId === gone.id)).toBe(true);
    expect((await del(t.app, `/api/workflow/${gone.id}`, { token: a.token })).statusCode).toBe(200);
    flowsOf.set(a.id, flows.filter((f) => f.id !== gone.id));
    runsOf.set(a.id, runsOf.get(a.id)!.filter((run) => run.flowId !== gone.id));
    await expectAllFigures(a.id, a.token);
  });
});

describe('time zones', () => {
  const BERLIN = { 'X-Timezone': 'Europe/Berlin' };
  const localParts = (instant: number) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short' })
        .formatToParts(new Date(instant))
        .map((part) => [part.type, part.value]),
    );

  it('day buckets start at Berlin midnight, one of 23 h and one of 25 h in a year, runs counted in their local day', async () => {
    const timeline = await call(executionsTimelineSchema, '/api/analytics/executions/timeline?period=1y&granularity=day', a.token, BERLIN);
    expect(timeline.timezone).toBe('Europe/Berlin');
    const starts = timeline.buckets.map((bucket) => Date.parse(bucket.start));
    for (const start of starts) expect([localParts(start).hour, localParts(start).minute]).toEqual(['00', '00']);
    const lengths = starts.slice(1).map((start, i) => (start - starts[i]!) / HOUR);
    expect(lengths.filter((h) => h === 23)).toHaveLength(1);
    expect(lengths.filter((h) => h === 25)).toHaveLength(1);
    expect(lengths.filter((h) => h !== 24)).toHaveLength(2);
    // Every run of the year in the bucket of its Berlin date.
    const runs = inWindow(runsOf.get(a.id)!, now0 - PERIOD_MS['1y'], now0);
    timeline.buckets.forEach((bucket, i) => {
      const end = starts[i + 1] ?? Infinity;
      expect(bucket.total).toBe(runs.filter((run) => run.start >= starts[i]! && run.start < end).length);
    });
    // The short day: 23 hours, and a run in its last hour belongs to it, not to the next day.
    const short = lengths.indexOf(23);
    expect(localParts(starts[short]!).month).toBe('03');
    expect(localParts(starts[lengths.indexOf(25)]!).month).toBe('10');
  });

  it('hour buckets are an hour apart across the changes; weeks start on Monday, months on the first', async () => {
    const hours = await call(executionsTimelineSchema, '/api/analytics/executions/timeline?period=1y&granularity=hour', a.token, BERLIN);
    const starts = hours.buckets.map((bucket) => Date.parse(bucket.start));
    expect(starts.slice(1).every((start, i) => start - starts[i]! === HOUR)).toBe(true);
    expect(hours.buckets.reduce((sum, bucket) => sum + bucket.total, 0)).toBe(inWindow(runsOf.get(a.id)!, now0 - PERIOD_MS['1y'], now0).length);
    const weeks = await call(executionsTimelineSchema, '/api/analytics/executions/timeline?period=1y&granularity=week', a.token, BERLIN);
    for (const bucket of weeks.buckets) expect([localParts(Date.parse(bucket.start)).weekday, localParts(Date.parse(bucket.start)).hour]).toEqual(['Mon', '00']);
    const months = await call(creationTrendsSchema, '/api/analytics/workflows/creation-trends?period=1y&granularity=month', a.token, BERLIN);
    expect(months.buckets.length).toBeGreaterThanOrEqual(13);
    for (const bucket of months.buckets) expect([localParts(Date.parse(bucket.start)).day, localParts(Date.parse(bucket.start)).hour]).toEqual(['01', '00']);
  });
});

describe('refusals and empty users', () => {
  it('bad parameters and a bad X-Timezone are 400 VALIDATION naming them', async () => {
    const cases: Array<[string, string, Record<string, string>?]> = [
      ['/api/analytics/dashboard/overview?period=2d', 'period'],
      ['/api/analytics/workflows/creation-trends?granularity=year', 'granularity'],
      ['/api/analytics/workflows/top-performing?limit=0', 'limit'],
      ['/api/analytics/workflows/top-performing?limit=101', 'limit'],
      ['/api/analytics/workflows/top-performing?sort_by=name', 'sort_by'],
      ['/api/analytics/executions/timeline?granularity=minute', 'granularity'],
      ['/api/analytics/executions/timeline', 'X-Timezone', { 'X-Timezone': 'Mars/Olympus' }],
      ['/api/analytics/workflows/creation-trends', 'X-Timezone', { 'X-Timezone': '+05:30' }],
      ['/api/analytics/executions/overview', 'X-Timezone', { 'X-Timezone': "Europe/Berlin'; --" }],
    ];
    for (const [path, field, headers] of cases) {
      const response = await get(t.app, path, { token: a.token, headers: headers ?? {} });
      expect(response.statusCode, path).toBe(400);
      expect(response.json<{ code: string; errors: Record<string, string[]> }>()).toMatchObject({ code: 'VALIDATION', errors: { [field]: [expect.any(String)] } });
    }
  });

  it('minutes saved per run: 0 to 10,000, kept on the workflow and in every reply', async () => {
    const flow = flowsOf.get(a.id)![0]!;
    for (const bad of [-1, 10_001, 'ten']) {
      const response = await put(t.app, '/api/workflow', { id: flow.id, timeSavedPerRun: bad }, { token: a.token });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ errors: Record<string, string[]> }>().errors.timeSavedPerRun).toHaveLength(1);
    }
    const read = await get(t.app, `/api/workflow/${flow.id}`, { token: a.token });
    expect(read.json<{ flow: { timeSavedPerRun: number } }>().flow.timeSavedPerRun).toBe(flow.minutes);
    const list = await get(t.app, '/api/workflow/paginate?limit=100', { token: a.token });
    expect(list.json<{ data: Array<{ id: string; timeSavedPerRun: number }> }>().data.find((row) => row.id === flow.id)?.timeSavedPerRun).toBe(flow.minutes);
  });

  it('signed out is 401', async () => {
    expect((await get(t.app, '/api/analytics/dashboard/overview')).statusCode).toBe(401);
  });

  it('a user with nothing gets zeros and nulls', async () => {
    const empty = await signedInUser(t.app, 'Nobody');
    for (const period of ANALYTICS_PERIODS) {
      expect(await call(dashboardOverviewSchema, `/api/analytics/dashboard/overview?period=${period}`, empty.token)).toEqual({
        period,
        total_workflows: 0,
        total_executions: 0,
        success_rate: 0,
        avg_execution_time: 0,
        period_comparison: { executions_change: null, success_rate_change: null },
      });
      expect(await call(executionsPerformanceSchema, `/api/analytics/executions/performance?period=${period}`, empty.token)).toEqual({
        period,
        finished_runs: 0,
        avg: null,
        p50: null,
        p95: null,
        p99: null,
        max: null,
      });
      const overview = await call(executionsOverviewSchema, `/api/analytics/executions/overview?period=${period}`, empty.token);
      expect(overview).toMatchObject({ total_executions: 0, success_rate: 0, avg_execution_time: null, quota_refused: 0, time_saved_minutes: 0 });
      expect((await call(topPerformingSchema, `/api/analytics/workflows/top-performing?period=${period}`, empty.token)).workflows).toEqual([]);
      expect((await call(pieceUsageSchema, `/api/analytics/workflows/piece-usage?period=${period}`, empty.token)).pieces).toEqual([]);
      expect(await call(errorAnalysisSchema, `/api/analytics/executions/error-analysis?period=${period}`, empty.token)).toEqual({ period, total_errors: 0, by_code: [], by_step: [] });
      const timeline = await call(executionsTimelineSchema, `/api/analytics/executions/timeline?period=${period}&granularity=day`, empty.token);
      expect(timeline.buckets.every((bucket) => bucket.total === 0 && bucket.success_rate === null)).toBe(true);
    }
  });

  it('the previous period\'s changes: null without previous executions or finished runs, numbers otherwise', async () => {
    const user = await signedInUser(t.app, 'Changes');
    const { flow } = await createFlow(t, user.token, 'Changing');
    const at = (msAgo: number) => Math.floor((Date.now() - msAgo) / 1000) * 1000;
    // Only current runs: 2 succeeded, 1 failed.
    await insertRuns(user.id, [
      { flowId: flow.id, status: 'SUCCEEDED', start: at(2 * HOUR), finish: at(2 * HOUR) + 4000, steps: [] },
      { flowId: flow.id, status: 'STOPPED', start: at(3 * HOUR), finish: at(3 * HOUR) + 2000, steps: [] },
      { flowId: flow.id, status: 'FAILED', start: at(4 * HOUR), finish: at(4 * HOUR) + 6000, steps: [] },
    ]);
    let overview = await call(dashboardOverviewSchema, '/api/analytics/dashboard/overview?period=24h', user.token);
    expect(overview).toEqual({
      period: '24h',
      total_workflows: 1,
      total_executions: 3,
      success_rate: 66.67,
      avg_execution_time: 4,
      period_comparison: { executions_change: null, success_rate_change: null },
    });
    // A previous run still RUNNING: executions to compare, no finished run for the rate.
    await insertRuns(user.id, [{ flowId: flow.id, status: 'RUNNING', start: at(30 * HOUR), finish: null, steps: [] }]);
    overview = await call(dashboardOverviewSchema, '/api/analytics/dashboard/overview?period=24h', user.token);
    expect(overview.period_comparison).toEqual({ executions_change: 200, success_rate_change: null });
    // And a finished one that succeeded: 2 before, 3 now (+50%); 100% before, 66.67% now.
    await insertRuns(user.id, [{ flowId: flow.id, status: 'SUCCEEDED', start: at(40 * HOUR), finish: at(40 * HOUR) + 1000, steps: [] }]);
    overview = await call(dashboardOverviewSchema, '/api/analytics/dashboard/overview?period=24h', user.token);
    expect(overview.period_comparison).toEqual({ executions_change: 50, success_rate_change: -33.33 });
  });
});
