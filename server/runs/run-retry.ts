/**
 * Retry and replay (issue 15): a new run made from a finished one, linked to it (`retry_of`, migration 015).
 * - FROM_FAILED_STEP: the same version and trigger payload; the worker hands the engine the first run's
 *   stored steps (run-resume.ts `checkpointOf`), so the steps before the failed one keep their recorded
 *   outputs and are not executed again (server/engine/replay.ts);
 * - ON_LATEST_VERSION: a fresh run of the workflow's published version (else its latest, as the Run
 *   button's rule is for a workflow never published) with the same trigger payload.
 * Both go through `Runs.start`, so the daily quota counts them like any run. Another user's run answers
 * exactly like a missing one.
 */
import type { Database, Queryable } from '../db/database.ts';
import type { RetryStrategy, RunLink } from '../../src/domain/contract/runs.ts';
import { ApiError } from '../shared/api-error.ts';
import { iso } from '../db/stored-values.ts';
import type { WorkflowsForRuns } from '../workflows/runs-port.ts';
import { invalidVersion, runNotFound } from './errors.ts';
import type { Runs } from './runs.ts';
import type { StartedRun } from './start-run.ts';

export const RUN_NOT_FINISHED_MESSAGE = 'This run has not finished yet';
export const NO_FAILED_STEP_MESSAGE = 'This run has no failed step to retry from';
export const NO_VERSION_MESSAGE = 'This workflow has no version to run';
export const VERSION_GONE_MESSAGE = 'The version this run ran no longer exists';

const refused = (message: string) => new ApiError(400, 'FLOW_OPERATION_INVALID', message);

/** Finished runs a 'Retry from failed step' applies to: they stopped at a step (QUOTA_EXCEEDED never started). */
const RETRYABLE_FROM_FAILED = new Set(['FAILED', 'TIMEOUT', 'MEMORY_LIMIT_EXCEEDED', 'INTERNAL_ERROR', 'STOPPED']);

export interface RetryDeps {
  db: Database;
  runs: Pick<Runs, 'start'>;
  workflows: Pick<WorkflowsForRuns, 'ownedFlow' | 'versionToRun'>;
}

/** Queues the retry of `runId` (or records it QUOTA_EXCEEDED); throws the API's refusal otherwise. */
export async function retryRun({ db, runs, workflows }: RetryDeps, userId: string, runId: string, strategy: RetryStrategy): Promise<StartedRun> {
  const { rows } = await db.query<{ flow_id: string; version_id: string | null; status: string; payload: string | null }>(
    `SELECT flow_id, version_id, status,
            CASE WHEN steps->0->>'stepName' = 'trigger' THEN (steps->0->'output')::text END AS payload
     FROM flow_runs WHERE id = $1 AND user_id = $2`,
    [runId, userId],
  );
  const original = rows[0];
  if (!original) {
    const queued = await db.query(`SELECT 1 FROM run_queue WHERE run_id = $1 AND user_id = $2`, [runId, userId]);
    throw queued.rows.length > 0 ? refused(RUN_NOT_FINISHED_MESSAGE) : runNotFound();
  }
  if (original.status === 'RUNNING') throw refused(RUN_NOT_FINISHED_MESSAGE);
  const flow = await workflows.ownedFlow(userId, original.flow_id);
  if (!flow) throw runNotFound();
  let versionId: string;
  if (strategy === 'FROM_FAILED_STEP') {
    if (!RETRYABLE_FROM_FAILED.has(original.status)) throw refused(NO_FAILED_STEP_MESSAGE);
    const version = original.version_id ? await workflows.versionToRun(userId, flow, original.version_id) : undefined;
    if (!version) throw refused(VERSION_GONE_MESSAGE);
    versionId = version.id;
  } else {
    const version = await workflows.versionToRun(userId, flow);
    if (!version) throw refused(NO_VERSION_MESSAGE);
    if (!version.valid) throw invalidVersion();
    versionId = version.id;
  }
  // The trigger's recorded output is the payload the first run started with (null JSON → {}).
  const payload = original.payload ? (JSON.parse(original.payload) as unknown) ?? {} : {};
  return runs.start({ flowId: original.flow_id, versionId, userId, payload, retryOf: runId, retryMode: strategy, startedBy: 'retry' });
}

interface LinkRow {
  id: string;
  strategy: RetryStrategy;
  status: RunLink['status'];
  start_time: Date;
}

const toLink = (row: LinkRow): RunLink => ({ id: row.id, strategy: row.strategy, status: row.status, startTime: iso(row.start_time) });

/** At most this many retries are listed on a run (newest first). */
export const MAX_LISTED_RETRIES = 20;

/**
 * A run's links both ways, for its details: the run it retries, and the runs made from it (a retry
 * still waiting in the queue shows as RUNNING, as the executions API shows queued runs).
 */
export async function runLinks(db: Queryable, userId: string, runId: string): Promise<{ retryOf: RunLink | null; retries: RunLink[] }> {
  const [of, made] = await Promise.all([
    db.query<LinkRow>(
      `SELECT o.id, r.retry_mode AS strategy, o.status, o.start_time
       FROM (SELECT retry_of, retry_mode FROM flow_runs WHERE id = $1 AND user_id = $2
             UNION ALL SELECT retry_of, retry_mode FROM run_queue WHERE run_id = $1 AND user_id = $2) r
       JOIN flow_runs o ON o.id = r.retry_of AND o.user_id = $2
       LIMIT 1`,
      [runId, userId],
    ),
    db.query<LinkRow>(
      `SELECT id, retry_mode AS strategy, status, start_time FROM flow_runs WHERE retry_of = $1 AND user_id = $2
       UNION ALL
       SELECT q.run_id, q.retry_mode, 'RUNNING', date_trunc('milliseconds', q.enqueued_at) FROM run_queue q
       WHERE q.retry_of = $1 AND q.user_id = $2 AND NOT EXISTS (SELECT 1 FROM flow_runs f WHERE f.id = q.run_id)
       ORDER BY start_time DESC, id DESC LIMIT ${MAX_LISTED_RETRIES}`,
      [runId, userId],
    ),
  ]);
  return { retryOf: of.rows[0] ? toLink(of.rows[0]) : null, retries: made.rows.map(toLink) };
}
