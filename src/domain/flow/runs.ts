/**
 * Runs and step runs (SPEC §3, §4): their statuses, and how the editor shows a run's status (SPEC §4:
 * STOPPED and SUCCEEDED read as success, PAUSED and RUNNING as neutral, every other end state as error).
 * Runs are loose objects: the engine adds fields (timings, outputs) these schemas let through.
 */
import * as z from 'zod/mini';

export const RUN_STATUSES = [
  'FAILED',
  'QUOTA_EXCEEDED',
  'INTERNAL_ERROR',
  'PAUSED',
  'RUNNING',
  'STOPPED',
  'SUCCEEDED',
  'MEMORY_LIMIT_EXCEEDED',
  'TIMEOUT',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const STEP_RUN_STATUSES = ['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'SKIPPED', 'CANCELLED'] as const;
export type StepRunStatus = (typeof STEP_RUN_STATUSES)[number];

export const runStatusSchema = z.enum(RUN_STATUSES);
export const stepRunStatusSchema = z.enum(STEP_RUN_STATUSES);

export const stepRunSchema = z.looseObject({ step_name: z.string(), status: stepRunStatusSchema });
export type StepRun = z.output<typeof stepRunSchema>;

export const runSchema = z.looseObject({ status: runStatusSchema, steps: z.array(stepRunSchema) });
export type Run = z.output<typeof runSchema>;

export type RunStatusVariant = 'success' | 'error' | 'neutral';

export function runStatusVariant(status: RunStatus): RunStatusVariant {
  if (status === 'SUCCEEDED' || status === 'STOPPED') return 'success';
  if (status === 'PAUSED' || status === 'RUNNING') return 'neutral';
  return 'error';
}
