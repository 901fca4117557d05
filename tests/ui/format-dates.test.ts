/**
 * SPEC §9 date formats. Instants are built from local calendar fields (new Date(y, m, d, h, min)), so
 * the expectations hold in any time zone the suite runs in.
 */
import { describe, expect, it } from '@rstest/core';
import { formatAgo, formatFullDate, formatRelativeDate, NO_VALUE } from '../../src/ui/format/index.ts';

const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s);
const now = local(2026, 3, 10, 16, 30);

describe('formatRelativeDate', () => {
  it('says Today at with the local time', () => {
    expect(formatRelativeDate(local(2026, 3, 10, 15, 4).toISOString(), now)).toBe('Today at 3:04 PM');
    expect(formatRelativeDate(local(2026, 3, 10, 0, 0).toISOString(), now)).toBe('Today at 12:00 AM');
  });

  it('says Yesterday at for the previous calendar day, even just before midnight', () => {
    expect(formatRelativeDate(local(2026, 3, 9, 9, 15).toISOString(), now)).toBe('Yesterday at 9:15 AM');
    expect(formatRelativeDate(local(2026, 3, 9, 23, 59), local(2026, 3, 10, 0, 1))).toBe('Yesterday at 11:59 PM');
  });

  it('uses the short month and day for older dates, with the year only when not this year', () => {
    expect(formatRelativeDate(local(2026, 3, 4, 10, 0).toISOString(), now)).toBe('Mar 4');
    expect(formatRelativeDate(local(2025, 12, 31, 10, 0).toISOString(), now)).toBe('Dec 31, 2025');
  });

  it('uses the plain space, never the narrow no-break space ICU puts before AM/PM', () => {
    expect(formatRelativeDate(local(2026, 3, 10, 9, 5), now)).not.toMatch(/[\u202f\u00a0]/);
  });

  it('answers a dash for a missing or unreadable date', () => {
    expect(formatRelativeDate(null, now)).toBe(NO_VALUE);
    expect(formatRelativeDate('not a date', now)).toBe(NO_VALUE);
  });
});

describe('formatAgo', () => {
  const ago = (ms: number) => formatAgo(new Date(now.getTime() - ms).toISOString(), now);

  it('counts seconds, minutes, hours and days', () => {
    expect(ago(12_000)).toBe('12s ago');
    expect(ago(5 * 60_000 + 59_000)).toBe('5m ago');
    expect(ago(3 * 3_600_000)).toBe('3h ago');
    expect(ago(2 * 86_400_000 + 5_000)).toBe('2d ago');
    expect(ago(29 * 86_400_000)).toBe('29d ago');
  });

  it('switches to month, day and year at 30 days', () => {
    // a day past the limit: a DST change in between must not matter
    expect(formatAgo(local(2026, 2, 7, 16, 30), now)).toBe('Feb 7, 2026');
    expect(ago(30 * 86_400_000)).toMatch(/^Feb \d+, 2026$/);
    expect(formatAgo(local(2025, 3, 4, 12, 0), now)).toBe('Mar 4, 2025');
  });

  it('reads a slightly future timestamp (clock skew) as just now', () => {
    expect(ago(-4_000)).toBe('0s ago');
  });
});

describe('formatFullDate', () => {
  it('writes the weekday, full date and time for title attributes', () => {
    expect(formatFullDate(local(2026, 3, 4, 15, 4, 5).toISOString())).toBe('Wednesday, March 4, 2026 at 3:04:05 PM');
    expect(formatFullDate(undefined)).toBe(NO_VALUE);
  });
});
