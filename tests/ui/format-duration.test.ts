/** SPEC §9 durations: ms, s or min, the unit chosen after rounding. */
import { describe, expect, it } from '@rstest/core';
import { formatDuration, NO_VALUE } from '../../src/ui/format/index.ts';

describe('formatDuration', () => {
  it('writes milliseconds under a second', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12.4)).toBe('12 ms');
  });

  it('writes seconds with one decimal under a minute', () => {
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(2_000)).toBe('2 s');
    expect(formatDuration(999.7)).toBe('1 s');
  });

  it('writes minutes with one decimal from a minute on', () => {
    expect(formatDuration(4.2 * 60_000)).toBe('4.2 min');
    expect(formatDuration(59_970)).toBe('1 min');
    expect(formatDuration(90 * 60_000)).toBe('90 min');
  });

  it('answers a dash for a missing or impossible duration', () => {
    expect(formatDuration(null)).toBe(NO_VALUE);
    expect(formatDuration(Number.NaN)).toBe(NO_VALUE);
    expect(formatDuration(-5)).toBe(NO_VALUE);
  });
});
