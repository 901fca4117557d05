/**
 * 'Retry on failure' of a code or piece step (issue 15): the switch, then how many attempts and how long
 * to wait between them. Kept in `settings.errorHandlingOptions.retryOnFailure` (src/domain/flow/retry.ts
 * holds the shape, its bounds and defaults); a delay typed out of bounds shows why and is not sent.
 */
import { useState } from 'react';
import * as z from 'zod/mini';
import {
  RETRY_DEFAULT_ATTEMPTS,
  RETRY_DEFAULT_DELAY_SECONDS,
  RETRY_DEFAULT_MAX_DELAY_SECONDS,
  RETRY_MAX_ATTEMPTS,
  RETRY_MAX_DELAY_SECONDS,
  RETRY_MIN_ATTEMPTS,
  retryOnFailureSchema,
  withRetryOnFailure,
  type FlatCodeStep,
  type FlatPieceStep,
  type FlatStep,
  type RetryOnFailure,
} from '../../../../domain/index.ts';
import { useStepEdit } from './edit-context.ts';
import { CheckboxControl, SelectControl, TextControl } from './fields.tsx';

const ATTEMPT_OPTIONS = Array.from({ length: RETRY_MAX_ATTEMPTS - RETRY_MIN_ATTEMPTS + 1 }, (_, i) => {
  const n = RETRY_MIN_ATTEMPTS + i;
  return { value: String(n), label: n === 1 ? '1 attempt (no retry)' : `${n} attempts` };
});
const BACKOFF_OPTIONS = [
  { value: 'EXPONENTIAL', label: 'Doubling after each failure' },
  { value: 'FIXED', label: 'Fixed' },
];

/** The stored retry settings as typed (the schema read leniently: anything unreadable is off). */
function readRetry(step: FlatCodeStep | FlatPieceStep): RetryOnFailure {
  const parsed = z.safeParse(retryOnFailureSchema, step.settings.errorHandlingOptions?.retryOnFailure);
  return parsed.success ? parsed.data : {};
}

/** A number of seconds within the bounds, or the sentence saying why not. */
function readSeconds(text: string): { seconds: number } | { error: string } {
  const seconds = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(seconds)) return { error: 'Enter a number of seconds' };
  if (seconds < 0 || seconds > RETRY_MAX_DELAY_SECONDS) return { error: `Enter 0 to ${RETRY_MAX_DELAY_SECONDS} seconds` };
  return { seconds };
}

export function RetryOnFailureField({ step }: { step: FlatCodeStep | FlatPieceStep }) {
  const { update } = useStepEdit();
  const retry = readRetry(step);
  const on = retry.value === true;
  const [errors, setErrors] = useState<{ delay?: string; maxDelay?: string }>({});
  const change = (patch: RetryOnFailure, fieldPath: string | null) =>
    update((current) => {
      const s = current as FlatCodeStep | FlatPieceStep;
      return { ...s, settings: withRetryOnFailure(s.settings, patch) } as FlatStep;
    }, fieldPath);
  const delay = retry.delaySeconds ?? RETRY_DEFAULT_DELAY_SECONDS;
  const maxDelay = retry.maxDelaySeconds ?? Math.max(delay, RETRY_DEFAULT_MAX_DELAY_SECONDS);
  const backoff = retry.backoff ?? 'EXPONENTIAL';

  const onSeconds = (field: 'delay' | 'maxDelay') => (text: string) => {
    const read = readSeconds(text);
    let error = 'error' in read ? read.error : undefined;
    if (!error && 'seconds' in read) {
      const nextDelay = field === 'delay' ? read.seconds : delay;
      const nextMax = field === 'maxDelay' ? read.seconds : maxDelay;
      if (backoff === 'EXPONENTIAL' && nextMax < nextDelay) error = 'The maximum delay must be at least the delay';
      else
        change(
          field === 'delay'
            ? { delaySeconds: read.seconds, ...(backoff === 'EXPONENTIAL' ? { maxDelaySeconds: nextMax } : {}) }
            : { maxDelaySeconds: read.seconds },
          `retry.${field}`,
        );
    }
    setErrors((before) => ({ ...before, [field]: error }));
  };

  return (
    <div className="settings-retry">
      <CheckboxControl
        label="Retry on failure"
        description="When this step fails, run it again: by default retry up to four attempts, waiting longer after each failure. A code step that timed out or ran out of memory is not retried."
        checked={on}
        onChecked={(value) =>
          change(value ? { value, attempts: retry.attempts ?? RETRY_DEFAULT_ATTEMPTS, backoff, delaySeconds: delay, maxDelaySeconds: maxDelay } : { value }, null)
        }
      />
      {on ? (
        <div className="settings-retry-fields">
          <SelectControl
            label="Attempts"
            description="Every run of the step, the first one included."
            value={String(retry.attempts ?? RETRY_DEFAULT_ATTEMPTS)}
            options={ATTEMPT_OPTIONS}
            onValue={(value) => change({ attempts: Number(value) }, null)}
          />
          <SelectControl
            label="Wait between attempts"
            value={backoff}
            options={BACKOFF_OPTIONS}
            onValue={(value) => {
              const next = value === 'FIXED' ? 'FIXED' : 'EXPONENTIAL';
              change(next === 'EXPONENTIAL' ? { backoff: next, maxDelaySeconds: Math.max(delay, maxDelay) } : { backoff: next }, null);
              setErrors({});
            }}
          />
          <TextControl
            label={backoff === 'FIXED' ? 'Delay (seconds)' : 'First delay (seconds)'}
            value={String(delay)}
            error={errors.delay}
            onValue={onSeconds('delay')}
          />
          {backoff === 'EXPONENTIAL' ? (
            <TextControl
              label="Maximum delay (seconds)"
              description={`The delay doubles after each failure up to this, at most ${RETRY_MAX_DELAY_SECONDS} seconds.`}
              value={String(maxDelay)}
              error={errors.maxDelay}
              onValue={onSeconds('maxDelay')}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
