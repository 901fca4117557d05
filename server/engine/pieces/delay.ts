/**
 * The Delay piece's delay_for. The wait holds a worker slot for its whole length, which is why there is a
 * ceiling (maxDelayMs) and why a stopped run ends the wait at once instead of sleeping it out.
 */
import { isBlankValue, numberOf } from '../../../src/domain/pieces/index.ts';
import type { PieceAction } from '../execute-flow.ts';

const UNIT_MS = { seconds: 1000, minutes: 60_000, hours: 3_600_000 } as const;
type Unit = keyof typeof UNIT_MS;

/** setTimeout fires at once past this (about 24.8 days), so no limit may reach beyond it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "2 hours", "90 seconds": the limit in the largest unit that states it exactly. */
export function formatDuration(ms: number): string {
  if (ms >= UNIT_MS.hours && ms % UNIT_MS.hours === 0) return plural(ms / UNIT_MS.hours, 'hour');
  if (ms >= UNIT_MS.minutes && ms % UNIT_MS.minutes === 0) return plural(ms / UNIT_MS.minutes, 'minute');
  return plural(ms / 1000, 'second');
}

function readUnit(value: unknown): Unit {
  if (isBlankValue(value)) return 'seconds';
  const unit = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (unit === 'seconds' || unit === 'minutes' || unit === 'hours') return unit;
  throw new Error('Choose a unit: seconds, minutes or hours');
}

export function createDelayAction(maxDelayMs: number): PieceAction {
  const limit = Math.min(maxDelayMs, MAX_TIMER_MS);
  return async (input, context) => {
    const amount = numberOf(input.delayFor);
    if (amount === undefined || amount < 0) throw new Error('Enter how long to wait: a number, 0 or more');
    const ms = Math.round(amount * UNIT_MS[readUnit(input.unit)]);
    if (ms > limit) throw new Error(`A delay can be at most ${formatDuration(limit)}`);

    const signal = context.signal;
    if (signal?.aborted) throw new Error('The delay was stopped');
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(new Error('The delay was stopped'));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    return { delayedForMs: ms };
  };
}
