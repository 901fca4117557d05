/**
 * Runs as the workflow service lists and shows them (SPEC §7 executions): a page of runs, and one run
 * with its step-by-step record. The list's filters are in requests.ts.
 */
import * as z from 'zod/mini';
import { runStatusSchema, stepRunStatusSchema } from '../flow/runs.ts';
import { pageOf } from './text.ts';

// ---- replies ----

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
