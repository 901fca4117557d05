/**
 * Durations as SPEC §9 shows them: milliseconds, seconds or minutes — '850 ms', '12.3 s', '4.2 min'.
 * The unit is picked after rounding, so 999.7 ms reads '1 s', not '1,000 ms', and 59.97 s reads '1 min'.
 */
import { FORMAT_LOCALE, NO_VALUE } from './dates.ts';
import { once } from './once.ts';

const oneDecimal = once(() => new Intl.NumberFormat(FORMAT_LOCALE, { maximumFractionDigits: 1 }));
const whole = once(() => new Intl.NumberFormat(FORMAT_LOCALE, { maximumFractionDigits: 0 }));

const roundTo1 = (value: number) => Math.round(value * 10) / 10;

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return NO_VALUE;
  if (Math.round(ms) < 1000) return `${whole().format(Math.round(ms))} ms`;
  const seconds = roundTo1(ms / 1000);
  if (seconds < 60) return `${oneDecimal().format(seconds)} s`;
  return `${oneDecimal().format(roundTo1(ms / 60_000))} min`;
}
