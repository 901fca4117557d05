/**
 * The editor's engine calls (SPEC §7): a step's test ('Test step', POST /workflow/sample), the stored
 * samples of a workflow's steps, a piece input's dynamic choices (POST /workflow/options) and the URL a
 * Webhook trigger listens on. Their request bodies are in requests.ts.
 */
import * as z from 'zod/mini';

/** A test of one step ends like a step run, but only ever SUCCEEDED or FAILED (it never waits). */
export const testStatusSchema = z.enum(['SUCCEEDED', 'FAILED']);

/** What is kept of a step's latest test (its 'sample'): the trigger's saved payload is one too. */
export const stepSampleSchema = z.object({
  status: testStatusSchema,
  output: z.unknown(),
  error: z.nullish(z.string()),
  /** Why it failed, as a SPEC §8 code: EXECUTION_TIMEOUT, MEMORY_ISSUE, PIECE_NOT_FOUND… */
  code: z.nullish(z.string()),
  /** A code step's console output, in order. */
  logs: z.optional(z.array(z.string())),
  duration: z.nullish(z.number()),
  testedAt: z.string(),
});
export type StepSample = z.output<typeof stepSampleSchema>;

/** POST /workflow/sample: the test's outcome, now also the step's sample. */
export const stepTestResultSchema = z.extend(stepSampleSchema, { stepName: z.string() });
export type StepTestResult = z.output<typeof stepTestResultSchema>;

/** GET /workflow/:id/samples: the latest sample of each tested step, by step name. */
export const stepSamplesReplySchema = z.object({ samples: z.record(z.string(), stepSampleSchema) });

export const pieceOptionSchema = z.object({ label: z.string(), value: z.union([z.string(), z.number()]) });
export type PieceOption = z.output<typeof pieceOptionSchema>;

/** POST /workflow/options */
export const pieceOptionsReplySchema = z.object({ options: z.array(pieceOptionSchema) });

/** GET /workflow/:id/webhook: the secret URL of the workflow's Webhook trigger. */
export const webhookUrlReplySchema = z.object({ url: z.string() });
