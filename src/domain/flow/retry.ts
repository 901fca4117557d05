/**
 * 'Retry on failure' of a code or piece step (issue 15): how many attempts a step gets and how long the
 * engine waits between them. Kept where Activepieces keeps its switch, `settings.errorHandlingOptions.
 * retryOnFailure`, which there is only `{ value: boolean }`; ours adds bounded fields next to `value`, so a
 * flow exported from Activepieces imports as is (its `value: true` gets the defaults below: four attempts,
 * as Activepieces' "retry up to four attempts") and ours exports to it with the switch it knows.
 *
 * `attempts` counts every run of the step, the first included (1 = no retry). The wait before attempt
 * n + 1 is `delaySeconds` (FIXED) or `delaySeconds × 2^(n−1)` (EXPONENTIAL), never above `maxDelaySeconds`.
 * Every field is bounded, so the longest a step can spend waiting is (RETRY_MAX_ATTEMPTS − 1) ×
 * RETRY_MAX_DELAY_SECONDS.
 */
import * as z from 'zod/mini';

export const RETRY_MIN_ATTEMPTS = 1;
export const RETRY_MAX_ATTEMPTS = 5;
export const RETRY_DEFAULT_ATTEMPTS = 4;
export const RETRY_MAX_DELAY_SECONDS = 300;
export const RETRY_DEFAULT_DELAY_SECONDS = 2;
export const RETRY_DEFAULT_MAX_DELAY_SECONDS = 60;
export const RETRY_BACKOFFS = ['FIXED', 'EXPONENTIAL'] as const;
export type RetryBackoff = (typeof RETRY_BACKOFFS)[number];

const seconds = (what: string) =>
  z.number().check(z.gte(0, `${what}: 0 or more seconds`), z.lte(RETRY_MAX_DELAY_SECONDS, `${what}: at most ${RETRY_MAX_DELAY_SECONDS} seconds`));

export const retryOnFailureSchema = z.looseObject({
  value: z.optional(z.boolean()),
  attempts: z.optional(
    z.int().check(
      z.gte(RETRY_MIN_ATTEMPTS, `Attempts: at least ${RETRY_MIN_ATTEMPTS}`),
      z.lte(RETRY_MAX_ATTEMPTS, `Attempts: at most ${RETRY_MAX_ATTEMPTS}`),
    ),
  ),
  backoff: z.optional(z.enum(RETRY_BACKOFFS)),
  delaySeconds: z.optional(seconds('Delay')),
  maxDelaySeconds: z.optional(seconds('Maximum delay')),
}).check(
  z.refine(
    (retry) => retry.delaySeconds === undefined || retry.maxDelaySeconds === undefined || retry.maxDelaySeconds >= retry.delaySeconds,
    { message: 'Maximum delay: at least the delay', path: ['maxDelaySeconds'] },
  ),
);
export type RetryOnFailure = z.output<typeof retryOnFailureSchema>;

/** A code or piece step's `errorHandlingOptions`: the two switches checked, anything else kept. */
export const errorHandlingOptionsSchema = z.looseObject({
  continueOnFailure: z.optional(z.looseObject({ value: z.optional(z.boolean()) })),
  retryOnFailure: z.optional(retryOnFailureSchema),
});

export interface RetryPolicy {
  /** Every run of the step, the first included; 1 when retrying is off. */
  attempts: number;
  backoff: RetryBackoff;
  delayMs: number;
  maxDelayMs: number;
}

export const NO_RETRY: RetryPolicy = { attempts: 1, backoff: 'FIXED', delayMs: 0, maxDelayMs: 0 };

/**
 * The policy a step's settings give. Read leniently (the settings were validated when saved; a stored
 * value out of bounds is clamped, not obeyed), so the engine never waits longer than the bounds allow.
 */
export function retryPolicy(settings: { errorHandlingOptions?: Record<string, unknown> | undefined }): RetryPolicy {
  const parsed = z.safeParse(retryOnFailureSchema, settings.errorHandlingOptions?.retryOnFailure);
  if (!parsed.success || parsed.data.value !== true) return NO_RETRY;
  const retry = parsed.data;
  const delay = retry.delaySeconds ?? RETRY_DEFAULT_DELAY_SECONDS;
  return {
    attempts: retry.attempts ?? RETRY_DEFAULT_ATTEMPTS,
    backoff: retry.backoff ?? 'EXPONENTIAL',
    delayMs: delay * 1000,
    maxDelayMs: Math.max(delay, retry.maxDelaySeconds ?? RETRY_DEFAULT_MAX_DELAY_SECONDS) * 1000,
  };
}

/** The wait after failed attempt `attempt` (1-based) before the next one, in ms. */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number {
  const factor = policy.backoff === 'EXPONENTIAL' ? 2 ** Math.min(attempt - 1, 30) : 1;
  return Math.min(policy.delayMs * factor, policy.maxDelayMs);
}

/** The settings with retrying switched and set; fields left out keep what the step had. */
export function withRetryOnFailure<S extends { errorHandlingOptions?: Record<string, unknown> | undefined }>(
  settings: S,
  retry: RetryOnFailure,
): S {
  const current = (settings.errorHandlingOptions?.retryOnFailure ?? {}) as Record<string, unknown>;
  return { ...settings, errorHandlingOptions: { ...settings.errorHandlingOptions, retryOnFailure: { ...current, ...retry } } };
}
