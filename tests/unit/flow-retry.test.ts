/** 'Retry on failure' in the domain: the policy a step's settings give, its delays, and the bounds the schema keeps. */
import { describe, expect, it } from '@rstest/core';
import * as z from 'zod/mini';
import {
  codeSettingsSchema,
  NO_RETRY,
  pieceSettingsSchema,
  RETRY_DEFAULT_ATTEMPTS,
  RETRY_MAX_ATTEMPTS,
  RETRY_MAX_DELAY_SECONDS,
  retryDelayMs,
  retryPolicy,
  withRetryOnFailure,
} from '../../src/domain/index.ts';

const settings = (retryOnFailure: unknown) => ({ errorHandlingOptions: { retryOnFailure } as Record<string, unknown> });

describe('retryPolicy', () => {
  it('is one attempt when the switch is off, absent or unreadable', () => {
    expect(retryPolicy({})).toEqual(NO_RETRY);
    expect(retryPolicy(settings({ value: false, attempts: 5 }))).toEqual(NO_RETRY);
    expect(retryPolicy(settings('yes'))).toEqual(NO_RETRY);
    expect(retryPolicy(settings({ value: true, attempts: 99 }))).toEqual(NO_RETRY);
  });

  it('gives Activepieces’ bare switch four attempts, doubling from 2 s', () => {
    const policy = retryPolicy(settings({ value: true }));
    expect(policy.attempts).toBe(RETRY_DEFAULT_ATTEMPTS);
    expect([1, 2, 3].map((n) => retryDelayMs(policy, n))).toEqual([2000, 4000, 8000]);
  });

  it('keeps a fixed delay fixed and caps a doubling one at the maximum', () => {
    const fixed = retryPolicy(settings({ value: true, attempts: 5, backoff: 'FIXED', delaySeconds: 3 }));
    expect([1, 2, 3, 4].map((n) => retryDelayMs(fixed, n))).toEqual([3000, 3000, 3000, 3000]);
    const doubling = retryPolicy(settings({ value: true, attempts: 5, backoff: 'EXPONENTIAL', delaySeconds: 1, maxDelaySeconds: 5 }));
    expect([1, 2, 3, 4].map((n) => retryDelayMs(doubling, n))).toEqual([1000, 2000, 4000, 5000]);
  });

  it('never waits past the bound, whatever the attempt', () => {
    const policy = retryPolicy(settings({ value: true, attempts: RETRY_MAX_ATTEMPTS, delaySeconds: RETRY_MAX_DELAY_SECONDS, maxDelaySeconds: RETRY_MAX_DELAY_SECONDS }));
    for (let n = 1; n < 60; n++) expect(retryDelayMs(policy, n)).toBeLessThanOrEqual(RETRY_MAX_DELAY_SECONDS * 1000);
  });
});

describe('the step settings schema', () => {
  const code = (retryOnFailure: unknown) => ({ input: {}, errorHandlingOptions: { continueOnFailure: { value: false }, retryOnFailure } });
  const piece = (retryOnFailure: unknown) => ({ pieceName: 'p', pieceVersion: '1', input: {}, errorHandlingOptions: { retryOnFailure } });

  it('accepts the bounds and Activepieces’ shapes, keeping other fields', () => {
    for (const ok of [{ value: true }, { value: false }, {}, { value: true, attempts: 1 }, { value: true, attempts: 5, backoff: 'FIXED', delaySeconds: 0, maxDelaySeconds: 300 }]) {
      expect(z.safeParse(codeSettingsSchema, code(ok)).success).toBe(true);
      expect(z.safeParse(pieceSettingsSchema, piece(ok)).success).toBe(true);
    }
    const parsed = z.parse(codeSettingsSchema, { input: {}, errorHandlingOptions: { retryOnFailure: { value: true, extra: 1 }, other: { x: 1 } } });
    expect(parsed.errorHandlingOptions).toEqual({ retryOnFailure: { value: true, extra: 1 }, other: { x: 1 } });
  });

  it('refuses attempts, delays and back-offs out of bounds, naming the field', () => {
    for (const [bad, field] of [
      [{ value: true, attempts: 6 }, 'attempts'],
      [{ value: true, attempts: 0 }, 'attempts'],
      [{ value: true, attempts: 2.5 }, 'attempts'],
      [{ value: true, delaySeconds: -1 }, 'delaySeconds'],
      [{ value: true, delaySeconds: 301 }, 'delaySeconds'],
      [{ value: true, backoff: 'LINEAR' }, 'backoff'],
      [{ value: true, delaySeconds: 10, maxDelaySeconds: 5 }, 'maxDelaySeconds'],
      [{ value: 'yes' }, 'value'],
    ] as const) {
      const result = z.safeParse(codeSettingsSchema, code(bad));
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual(['errorHandlingOptions', 'retryOnFailure', field]);
    }
  });

  it('sets the switch and its fields without touching continue on failure', () => {
    const before = { input: {}, errorHandlingOptions: { continueOnFailure: { value: true } } };
    const after = withRetryOnFailure(before, { value: true, attempts: 3 });
    expect(after.errorHandlingOptions).toEqual({ continueOnFailure: { value: true }, retryOnFailure: { value: true, attempts: 3 } });
    expect(before.errorHandlingOptions).toEqual({ continueOnFailure: { value: true } });
    expect((withRetryOnFailure(after, { value: false }).errorHandlingOptions as Record<string, unknown>).retryOnFailure).toEqual({ value: false, attempts: 3 });
  });
});
