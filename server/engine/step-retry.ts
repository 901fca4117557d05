/**
 * 'Retry on failure' (issue 15): runs one step's action again after it failed, as the step's settings
 * say (src/domain/flow/retry.ts: attempts, fixed or doubling delay, bounded), and notes every attempt
 * (its status, error and duration) for the step's record. Queue-agnostic: it wraps one step's action and
 * knows nothing of who claimed the run.
 *
 * What is retried: a step that FAILED — a thrown error in code, a piece that failed (an HTTP status ≥ 400,
 * a refused or dropped connection). What is not:
 * - a code step that ended TIMEOUT or MEMORY_LIMIT_EXCEEDED: the same code on the same input would spend
 *   the same time or memory again, holding a sandbox thread for up to CODE_TIMEOUT_MS per attempt while
 *   other runs wait; the run ends with that status at once, as without retries;
 * - a failure that ends the run whatever the step says (a run-wide cap, `endsRun`), and a stopped run;
 * - the step's input (resolved and measured before the first attempt): it is the same every time.
 * The wait between attempts ends at once when the run is stopped (the run then ends STOPPED).
 */
import { retryDelayMs, type RetryPolicy } from '../../src/domain/flow/retry.ts';
import { errorText, StepFailure } from './run-budget.ts';

/** One attempt of a step, as its record keeps it. */
export interface StepAttempt {
  status: 'SUCCEEDED' | 'FAILED';
  error?: string;
  duration: number;
}

export interface RetryDeps {
  signal?: AbortSignal | undefined;
  now: () => number;
  /** Waits `ms`; replaceable in tests. Resolves early when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Called after each attempt (the record is updated and progress reported there). */
  onAttempt?: (attempts: readonly StepAttempt[]) => void;
}

function retriable(failure: StepFailure): boolean {
  return failure.runStatus === 'FAILED' && !failure.endsRun;
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

const asFailure = (error: unknown): StepFailure =>
  error instanceof StepFailure ? error : new StepFailure('INTERNAL_ERROR', error instanceof Error ? error.message : String(error));

/**
 * Runs `attempt` until it succeeds or the policy's attempts are spent; answers its value, or throws the
 * last attempt's failure. `attempts` is filled in as it goes (only when the policy allows more than one).
 */
export async function runWithRetry<T>(policy: RetryPolicy, attempt: () => Promise<T>, deps: RetryDeps, attempts: StepAttempt[]): Promise<T> {
  if (policy.attempts <= 1) return attempt();
  const sleep = deps.sleep ?? abortableSleep;
  for (let n = 1; ; n++) {
    const started = deps.now();
    try {
      const value = await attempt();
      attempts.push({ status: 'SUCCEEDED', duration: Math.max(0, deps.now() - started) });
      deps.onAttempt?.(attempts);
      return value;
    } catch (error) {
      const failure = asFailure(error);
      attempts.push({ status: 'FAILED', error: errorText(failure.message), duration: Math.max(0, deps.now() - started) });
      deps.onAttempt?.(attempts);
      if (n >= policy.attempts || !retriable(failure) || deps.signal?.aborted) throw failure;
      await sleep(retryDelayMs(policy, n), deps.signal);
      if (deps.signal?.aborted) throw new StepFailure('STOPPED', 'The run was stopped');
    }
  }
}
