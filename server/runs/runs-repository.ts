/**
 * flow_runs as the executions screens read it. The run queue (run-queue.ts) opens, fills in and closes
 * a run's record; `insertRun` stores a finished run directly (tests and fixtures).
 *
 * A run's steps are kept as one JSON array of step runs in the API's shape (`StepRun` below). `insertRun`
 * also takes the domain's `runSchema` shape (`{status, steps: [{step_name, status, ...}]}`, loose): a step
 * run may name itself `step_name` / `display_name` instead of `stepName` / `displayName`, and its missing
 * fields default (input and output null, error null, duration null, type '').
 */
import { z } from 'zod';
import { RUN_STATUSES, STEP_RUN_STATUSES, type RunStatus, type StepRunStatus } from '../../src/domain/index.ts';
import type { Queryable } from '../db/database.ts';
import { iso, isoOrNull, storableJson } from '../db/stored-values.ts';
import { LATEST_NAME_SQL } from '../workflows/runs-port.ts';
import { RUN_SOURCES, type RunSource } from '../../src/domain/contract/runs.ts';

export interface StepRun {
  stepName: string;
  displayName: string;
  type: string;
  status: StepRunStatus;
  input: unknown;
  output: unknown;
  error: string | null;
  duration: number | null;
  /** Loop steps: one array of the body's step runs per iteration. */
  iterations?: StepRun[][];
  /** Code steps: the lines the code logged. */
  logs?: string[];
  /** Steps with 'Retry on failure': each attempt's status, error and duration (server/engine/step-retry.ts). */
  attempts?: StepAttemptRecord[];
}

export interface StepAttemptRecord {
  status: 'SUCCEEDED' | 'FAILED';
  error?: string | undefined;
  duration: number;
}

export interface RunSummary {
  id: string;
  flowId: string;
  workflowName: string;
  versionId: string | null;
  status: RunStatus;
  startTime: string;
  finishTime: string | null;
  duration: number | null;
  /** How the run started (migration 021). */
  startedBy: RunSource;
}

export interface Run extends RunSummary {
  steps: StepRun[];
}

export type StepRunInput = {
  stepName?: string | undefined;
  step_name?: string | undefined;
  displayName?: string | undefined;
  display_name?: string | undefined;
  type?: string | undefined;
  status: StepRunStatus;
  input?: unknown;
  output?: unknown;
  error?: string | null | undefined;
  duration?: number | null | undefined;
  iterations?: StepRunInput[][] | undefined;
  logs?: string[] | undefined;
  attempts?: StepAttemptRecord[] | undefined;
};

const stepRunInputSchema: z.ZodType<StepRunInput> = z.lazy(() =>
  z.looseObject({
    stepName: z.string().optional(),
    step_name: z.string().optional(),
    displayName: z.string().optional(),
    display_name: z.string().optional(),
    type: z.string().optional(),
    status: z.enum(STEP_RUN_STATUSES),
    input: z.unknown().optional(),
    output: z.unknown().optional(),
    error: z.string().nullable().optional(),
    duration: z.number().nonnegative().nullable().optional(),
    iterations: z.array(z.array(stepRunInputSchema)).optional(),
    logs: z.array(z.string()).optional(),
    attempts: z
      .array(z.object({ status: z.enum(['SUCCEEDED', 'FAILED']), error: z.string().optional(), duration: z.number().nonnegative() }))
      .optional(),
  }),
);

const timeSchema = z.union([z.date(), z.iso.datetime({ offset: true })]);

export const newRunSchema = z.looseObject({
  id: z.guid().optional(),
  flowId: z.guid(),
  versionId: z.guid().nullable().optional(),
  status: z.enum(RUN_STATUSES),
  startTime: timeSchema,
  finishTime: timeSchema.nullable().optional(),
  steps: z.array(stepRunInputSchema),
  startedBy: z.enum(RUN_SOURCES).optional(),
});
export type NewRun = z.input<typeof newRunSchema>;

/** Step runs in the API's shape with every field present (what the engine records goes through this too). */
export function normalizeStep(step: StepRunInput): StepRun {
  const stepName = step.stepName ?? step.step_name ?? '';
  return {
    stepName,
    displayName: step.displayName ?? step.display_name ?? stepName,
    type: step.type ?? '',
    status: step.status,
    input: step.input ?? null,
    output: step.output ?? null,
    error: step.error ?? null,
    duration: step.duration ?? null,
    ...(step.iterations ? { iterations: step.iterations.map((iteration) => iteration.map(normalizeStep)) } : {}),
    ...(step.logs && step.logs.length > 0 ? { logs: step.logs } : {}),
    ...(step.attempts && step.attempts.length > 0 ? { attempts: step.attempts } : {}),
  };
}

/** Stores a run of one of the user's flows; throws if the flow is not the user's. Returns the run's id. */
export async function insertRun(db: Queryable, userId: string, run: NewRun): Promise<string> {
  const parsed = newRunSchema.parse(run);
  const steps = parsed.steps.map(normalizeStep);
  const time = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO flow_runs (id, flow_id, version_id, user_id, status, start_time, finish_time, steps, started_by)
     SELECT coalesce($1::uuid, gen_random_uuid()), f.id, $3, f.user_id, $4, $5, $6, $7::jsonb, $9
     FROM flows f WHERE f.id = $2 AND f.user_id = $8
       AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM flow_versions v WHERE v.id = $3 AND v.flow_id = f.id))
     RETURNING id`,
    [
      parsed.id ?? null,
      parsed.flowId,
      parsed.versionId ?? null,
      parsed.status,
      time(parsed.startTime),
      parsed.finishTime ? time(parsed.finishTime) : null,
      storableJson(steps, 'The run'),
      userId,
      parsed.startedBy ?? 'manual',
    ],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`Workflow ${parsed.flowId} (version ${parsed.versionId ?? 'none'}) is not a workflow of user ${userId}`);
  return id;
}

interface RunRow {
  id: string;
  flow_id: string;
  workflow_name: string | null;
  version_id: string | null;
  status: RunStatus;
  start_time: Date;
  finish_time: Date | null;
  started_by: RunSource;
  steps?: StepRun[];
}

function toRunSummary(row: RunRow): RunSummary {
  const start = new Date(row.start_time).getTime();
  return {
    id: row.id,
    flowId: row.flow_id,
    workflowName: row.workflow_name ?? '',
    versionId: row.version_id,
    status: row.status,
    startTime: iso(row.start_time),
    finishTime: isoOrNull(row.finish_time),
    duration: row.finish_time === null ? null : Math.max(0, new Date(row.finish_time).getTime() - start),
    startedBy: row.started_by,
  };
}

const SUMMARY_COLUMNS = `r.id, r.flow_id, ${LATEST_NAME_SQL('f')} AS workflow_name, r.version_id, r.status, r.start_time, r.finish_time, r.started_by`;

export interface RunFilter {
  page: number;
  limit: number;
  workflowId?: string | undefined;
  status?: RunStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  startedBy?: RunSource | undefined;
}

/** One page of the user's runs, newest first. */
export async function listRuns(db: Queryable, userId: string, filter: RunFilter): Promise<{ data: RunSummary[]; total: number }> {
  const where = `WHERE r.user_id = $1 AND ($2::uuid IS NULL OR r.flow_id = $2) AND ($3::text IS NULL OR r.status = $3)
    AND ($4::timestamptz IS NULL OR r.start_time >= $4) AND ($5::timestamptz IS NULL OR r.start_time <= $5)
    AND ($6::text IS NULL OR r.started_by = $6)`;
  const params = [userId, filter.workflowId ?? null, filter.status ?? null, filter.from ?? null, filter.to ?? null, filter.startedBy ?? null];
  const [page, count] = await Promise.all([
    db.query<RunRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM flow_runs r JOIN flows f ON f.id = r.flow_id ${where}
       ORDER BY r.start_time DESC, r.id DESC LIMIT $7 OFFSET $8`,
      [...params, filter.limit, (filter.page - 1) * filter.limit],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM flow_runs r ${where}`, params),
  ]);
  return { data: page.rows.map(toRunSummary), total: count.rows[0]?.total ?? 0 };
}

/** One of the user's runs with every step's run, or undefined. */
export async function findRun(db: Queryable, userId: string, runId: string): Promise<Run | undefined> {
  const { rows } = await db.query<RunRow>(
    `SELECT ${SUMMARY_COLUMNS}, r.steps FROM flow_runs r JOIN flows f ON f.id = r.flow_id WHERE r.id = $1 AND r.user_id = $2`,
    [runId, userId],
  );
  const row = rows[0];
  return row ? { ...toRunSummary(row), steps: row.steps ?? [] } : undefined;
}

/**
 * The same run as JSON text, its steps spliced in as the database writes them: a run's record may be
 * megabytes, and reading it as objects to write it out again held the server's thread for its length.
 */
export async function findRunJson(db: Queryable, userId: string, runId: string): Promise<string | undefined> {
  const { rows } = await db.query<RunRow & { steps_json: string | null }>(
    `SELECT ${SUMMARY_COLUMNS}, r.steps::text AS steps_json FROM flow_runs r JOIN flows f ON f.id = r.flow_id WHERE r.id = $1 AND r.user_id = $2`,
    [runId, userId],
  );
  const row = rows[0];
  return row ? `${JSON.stringify(toRunSummary(row)).slice(0, -1)},"steps":${row.steps_json ?? '[]'}}` : undefined;
}

export interface QueuedRunView extends Run {
  queued: true;
}

/**
 * A run still waiting in the queue, as the executions API shows it: RUNNING (SPEC §4 has no waiting
 * status, and to the user it has started), `queued: true`, no steps yet, started when it was queued.
 */
export async function findQueuedRun(db: Queryable, userId: string, runId: string): Promise<QueuedRunView | undefined> {
  const { rows } = await db.query<RunRow>(
    `SELECT q.run_id AS id, q.flow_id, ${LATEST_NAME_SQL('f')} AS workflow_name, q.version_id, 'RUNNING' AS status,
            date_trunc('milliseconds', q.enqueued_at) AS start_time, NULL::timestamptz AS finish_time, q.started_by
     FROM run_queue q JOIN flows f ON f.id = q.flow_id WHERE q.run_id = $1 AND q.user_id = $2`,
    [runId, userId],
  );
  const row = rows[0];
  return row ? { ...toRunSummary(row), steps: [], queued: true } : undefined;
}

/** The view of a run this process has just queued, from what it knows (no read). */
export function justQueuedRun(run: { runId: string; flowId: string; workflowName: string; versionId: string; queuedAt: Date; startedBy: RunSource }): QueuedRunView {
  return {
    ...toRunSummary({
      id: run.runId,
      flow_id: run.flowId,
      workflow_name: run.workflowName,
      version_id: run.versionId,
      status: 'RUNNING',
      start_time: run.queuedAt,
      finish_time: null,
      started_by: run.startedBy,
    }),
    steps: [],
    queued: true,
  };
}

/** The start of each given flow's latest run. */
export async function lastRunTimes(db: Queryable, flowIds: readonly string[]): Promise<Map<string, string>> {
  if (flowIds.length === 0) return new Map();
  const { rows } = await db.query<{ flow_id: string; last: Date }>(
    `SELECT flow_id, max(start_time) AS last FROM flow_runs WHERE flow_id = ANY($1::uuid[]) GROUP BY flow_id`,
    [flowIds],
  );
  return new Map(rows.map((row) => [row.flow_id, iso(row.last)]));
}
