/** One step's record as the engine fills it in (stored in the API's shape by server/runs). */
import type { StepRunStatus } from '../../src/domain/index.ts';
import type { StepAttempt } from './step-retry.ts';

export interface StepRecord {
  stepName: string;
  displayName: string;
  type: string;
  status: StepRunStatus;
  input?: unknown;
  output?: unknown;
  error?: string;
  duration?: number;
  iterations?: StepRecord[][];
  /** What a code step wrote with console.log and friends. */
  logs?: string[];
  /** Each attempt of a step with 'Retry on failure' on (step-retry.ts), in order. */
  attempts?: StepAttempt[];
}
