/**
 * Runs as the workflow service lists and shows them (SPEC §7 executions): a page of runs, and one run
 * with its step-by-step record. The list's filters are in requests.ts.
 */
import * as z from 'zod/mini';
import { runStatusSchema, stepRunStatusSchema } from '../flow/runs.ts';
import { pageOf } from './text.ts';
import { idSchema } from './wire.ts';

// ---- replies ----

/**
 * How a run started (issue 17): the Run button or the API ('manual'), a schedule tick, a call to the
 * workflow's webhook, or a retry of another run.
 */
export const RUN_SOURCES = ['manual', 'schedule', 'webhook', 'retry'] as const;
export const runSourceSchema = z.enum(RUN_SOURCES);
export type RunSource = z.output<typeof runSourceSchema>;

/** One row of GET /workflow/executions. */
export const runSummarySchema = z.object({
  id: z.string(),
  flowId: z.string(),
  workflowName: z.string(),
  versionId: z.nullish(z.string()),
  status: runStatusSchema,
  startTime: z.string(),
  finishTime: z.nullish(z.string()),
  duration: z.nullish(z.number()),
  /** How the run started (issue 17); always sent by this server, optional so older clients' fixtures still read. */
  startedBy: z.optional(runSourceSchema),
  /** A run still waiting for a free worker: RUNNING, with no step started yet. */
  queued: z.optional(z.boolean()),
});
export type RunSummary = z.output<typeof runSummarySchema>;

export const runPageSchema = pageOf(runSummarySchema);
export type RunPage = z.output<typeof runPageSchema>;

/** One step's record. A loop step carries one list of step records per iteration. */
export interface StepRunRecord {
  stepName: string;
  displayName: string;
  type: string;
  status: z.output<typeof stepRunStatusSchema>;
  input?: unknown;
  output?: unknown;
  error?: string | null | undefined;
  duration?: number | null | undefined;
  iterations?: StepRunRecord[][] | undefined;
  /** Code steps: what the code logged. */
  logs?: string[] | undefined;
  /** Steps with 'Retry on failure': each attempt, in order (issue 15). */
  attempts?: StepAttemptRecord[] | undefined;
}

export const stepAttemptSchema = z.object({
  status: z.enum(['SUCCEEDED', 'FAILED']),
  error: z.optional(z.string()),
  duration: z.number(),
});
export type StepAttemptRecord = z.output<typeof stepAttemptSchema>;

export const stepRunRecordSchema: z.ZodMiniType<StepRunRecord> = z.object({
  stepName: z.string(),
  displayName: z.string(),
  type: z.string(),
  status: stepRunStatusSchema,
  input: z.unknown(),
  output: z.unknown(),
  error: z.nullish(z.string()),
  duration: z.nullish(z.number()),
  logs: z.optional(z.array(z.string())),
  attempts: z.optional(z.array(stepAttemptSchema)),
  // a getter defers the reference, so the schema can contain itself
  get iterations() {
    return z.optional(z.array(z.array(stepRunRecordSchema)));
  },
});

// ---- retries (issue 15) ----

/**
 * How a run is made again from a finished one: FROM_FAILED_STEP (the same version; the steps before the
 * failed one keep their recorded outputs and are not executed again) or ON_LATEST_VERSION (a fresh run of
 * the workflow's published version, with the same trigger payload).
 */
export const RETRY_STRATEGIES = ['FROM_FAILED_STEP', 'ON_LATEST_VERSION'] as const;
export const retryStrategySchema = z.enum(RETRY_STRATEGIES);
export type RetryStrategy = z.output<typeof retryStrategySchema>;

/** POST /workflow/execution/:id/retry. */
export const retryRunBodySchema = z.object({ strategy: retryStrategySchema });
export type RetryRunBody = z.output<typeof retryRunBodySchema>;

/** A run linked to another by a retry: how it was made, how it went, when it started. */
export const runLinkSchema = z.object({ id: z.string(), strategy: retryStrategySchema, status: runStatusSchema, startTime: z.string() });
export type RunLink = z.output<typeof runLinkSchema>;

/**
 * GET /workflow/execution/:id, and a run started from the editor (POST /workflow/run/:id). `retryOf`: the
 * run this one retries; `retries`: the runs made from this one, newest first (both while those runs exist).
 */
export const runDetailSchema = z.extend(runSummarySchema, {
  steps: z.array(stepRunRecordSchema),
  retryOf: z.optional(z.nullable(runLinkSchema)),
  retries: z.optional(z.array(runLinkSchema)),
});
export type RunDetail = z.output<typeof runDetailSchema>;

// ---- deleting runs (issue 17) ----

/** At most this many runs are deleted by one request. */
export const MAX_RUNS_DELETED = 100;

/** POST /workflow/executions/delete: the runs to delete, each at most once counted. */
export const deleteRunsBodySchema = z.object({
  ids: z
    .array(idSchema)
    .check(z.minLength(1, 'Choose at least one run'), z.maxLength(MAX_RUNS_DELETED, `Delete at most ${MAX_RUNS_DELETED} runs at a time`)),
});
export type DeleteRunsBody = z.output<typeof deleteRunsBodySchema>;

/**
 * What a bulk delete did: `deleted`, the runs gone; `running`, runs still going (queued or running), kept;
 * `notFound`, ids that are not the caller's runs (missing, or another user's: the same answer).
 */
export const deleteRunsReplySchema = z.object({ deleted: z.array(z.string()), running: z.array(z.string()), notFound: z.array(z.string()) });
export type DeleteRunsReply = z.output<typeof deleteRunsReplySchema>;

/** The refusal of a run still going (DELETE /workflow/execution/:id, 409). */
export const RUN_STILL_GOING_MESSAGE = 'A run that has not finished cannot be deleted; wait for it to end';
