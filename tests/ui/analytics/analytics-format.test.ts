/** The pure pieces behind the analytics screens: how figures read, chart math, granularities, minutes typed. */
import { describe, expect, it } from '@rstest/core';
import { describeChange, formatMinutesSaved, formatPercent, formatSeconds, NO_PREVIOUS_DATA } from '../../../src/ui/format/analytics.ts';
import { linePath, niceMax, tickIndexes } from '../../../src/ui/screens/analytics/chart-math.ts';
import { bucketLabel, granularityFor } from '../../../src/ui/screens/analytics/granularity.ts';
import { errorCodeHref } from '../../../src/ui/screens/analytics/breakdown-cards.tsx';
import { readMinutes } from '../../../src/ui/screens/workflows/time-saved-dialog.tsx';
import { formatActivityTime } from '../../../src/ui/screens/dashboard/recent-activity.tsx';

describe('figures', () => {
  it('writes rates with one decimal, times in seconds with two, and minutes saved as h/min', () => {
    expect(formatPercent(91.37)).toBe('91.4%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(null)).toBe('—');
    expect(formatSeconds(1.2549)).toBe('1.25s');
    expect(formatSeconds(0)).toBe('0.00s');
    expect(formatMinutesSaved(0)).toBe('0 min');
    expect(formatMinutesSaved(0.5)).toBe('0.5 min');
    expect(formatMinutesSaved(45)).toBe('45 min');
    expect(formatMinutesSaved(120)).toBe('2 h');
    expect(formatMinutesSaved(125.4)).toBe('2 h 5 min');
    expect(formatMinutesSaved(60_000)).toBe('1,000 h');
  });

  it('gives a change its arrow, sign and unit; nothing to compare with is flat', () => {
    expect(describeChange(12.5, '%')).toEqual({ direction: 'up', text: '+12.5%', label: 'Up 12.5% from the previous period' });
    expect(describeChange(-2.25, 'pp')).toEqual({ direction: 'down', text: '−2.3 pp', label: 'Down 2.3 pp from the previous period' });
    expect(describeChange(0.04, '%').direction).toBe('flat');
    expect(describeChange(null, '%')).toEqual({ direction: 'flat', text: null, label: NO_PREVIOUS_DATA });
  });
});

describe('charts', () => {
  it('rounds the axis up to 1, 2 or 5 × 10ⁿ', () => {
    expect([0, 1, 3, 7, 10, 11, 48, 230].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 50, 500]);
  });

  it('spreads ticks evenly and keeps the last', () => {
    expect(tickIndexes(3, 6)).toEqual([0, 1, 2]);
    expect(tickIndexes(30, 6)).toEqual([0, 6, 12, 17, 23, 29]);
    expect(tickIndexes(0, 6)).toEqual([]);
  });

  it('breaks the line where a period has no finished run', () => {
    expect(linePath([100, null, 50, 0], 100)).toBe('M12.50 0.00 M62.50 50.00 L87.50 100.00');
    expect(linePath([null, null], 100)).toBe('');
  });

  it('keeps a granularity that suits the period, else the period default', () => {
    expect(granularityFor('7d', 'hour')).toBe('hour');
    expect(granularityFor('1y', 'hour')).toBe('month');
    expect(granularityFor('30d', null)).toBe('day');
    expect(granularityFor('24h', 'week')).toBe('hour');
    expect(bucketLabel('2026-11-16T00:00:00', 'week')).toBe('Week of Nov 16');
    expect(bucketLabel('2026-11-01T00:00:00', 'month')).toBe('Nov 2026');
  });

  it('links an error code to the executions list only when it is a run status', () => {
    expect(errorCodeHref('TIMEOUT', '7d')).toBe('/executions?status=TIMEOUT&range=7d');
    // the list has no 90-day range: all time holds every run the period counted
    expect(errorCodeHref('FAILED', '90d')).toBe('/executions?status=FAILED&range=all');
    expect(errorCodeHref('ENGINE_OPERATION_FAILURE', '30d')).toBeNull();
  });
});

describe('minutes saved per run', () => {
  it("takes 0 to 10,000 minutes, with the contract's sentences", () => {
    expect(readMinutes('15')).toEqual({ minutes: 15 });
    expect(readMinutes(' 2.5 ')).toEqual({ minutes: 2.5 });
    expect(readMinutes('0')).toEqual({ minutes: 0 });
    expect(readMinutes('')).toEqual({ error: 'Enter a number of minutes' });
    expect(readMinutes('abc')).toEqual({ error: 'Enter a number of minutes' });
    expect(readMinutes('-1')).toEqual({ error: 'Enter 0 or more minutes' });
    expect(readMinutes('10001')).toEqual({ error: 'At most 10000 minutes' });
  });
});

describe('activity time', () => {
  it('drops the year only for this year', () => {
    const now = new Date(2026, 10, 24, 15, 0);
    expect(formatActivityTime(new Date(2026, 10, 24, 14, 31).toISOString(), now)).not.toMatch(/2026/);
    expect(formatActivityTime(new Date(2025, 0, 2, 9, 5).toISOString(), now)).toMatch(/2025/);
    expect(formatActivityTime('not a date', now)).toBe('not a date');
  });
});
