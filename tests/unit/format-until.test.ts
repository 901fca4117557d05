/** The schedules list's countdown to a next run: whole units, the way 'ago' counts them. */
import { describe, expect, it } from '@rstest/core';
import { formatUntil } from '../../src/ui/screens/schedules/until.ts';

const NOW = new Date('2026-03-04T07:00:30.000Z');
const inSeconds = (s: number) => new Date(NOW.getTime() + s * 1000).toISOString();

describe('formatUntil', () => {
  it('reads a daily schedule just past its hour as hours away, not a day', () => {
    // Tomorrow 07:00 is 23h59m30s away: the CI run that met this read 'in 1d'.
    expect(formatUntil('2026-03-05T07:00:00.000Z', NOW)).toBe('in 23h');
  });

  it('counts whole units at each boundary', () => {
    expect(formatUntil(inSeconds(0), NOW)).toBe('due now');
    expect(formatUntil(inSeconds(-5), NOW)).toBe('due now');
    expect(formatUntil(inSeconds(59), NOW)).toBe('in under 1m');
    expect(formatUntil(inSeconds(60), NOW)).toBe('in 1m');
    expect(formatUntil(inSeconds(3599), NOW)).toBe('in 59m');
    expect(formatUntil(inSeconds(3600), NOW)).toBe('in 1h');
    expect(formatUntil(inSeconds(24 * 3600 - 1), NOW)).toBe('in 23h');
    expect(formatUntil(inSeconds(24 * 3600), NOW)).toBe('in 1d');
    expect(formatUntil(inSeconds(3 * 24 * 3600 + 5), NOW)).toBe('in 3d');
  });

  it('shows nothing for a schedule without a next run or an unreadable date', () => {
    expect(formatUntil(null, NOW)).toBeUndefined();
    expect(formatUntil('not a date', NOW)).toBeUndefined();
  });
});
