/**
 * Dates as SPEC §9 shows them: relative ('Today at 3:04 PM', 'Yesterday at 9:15 AM', else 'Mar 4'), the
 * 'ago' form ('12s ago' … '2d ago', then 'Mar 4, 2026') and a full date for title attributes.
 *
 * Pure functions of their inputs: `now` is a parameter so tests (and lists rendered in one pass) use one
 * fixed instant. English only (SPEC §1), in the browser's own time zone. The formatters are built once, on
 * first use (once.ts) — creating an Intl.DateTimeFormat costs far more than using one, and a table formats
 * hundreds of cells.
 */
import { once } from './once.ts';

export const FORMAT_LOCALE = 'en';

const timeFormat = once(() => new Intl.DateTimeFormat(FORMAT_LOCALE, { hour: 'numeric', minute: '2-digit' }));
const monthDayFormat = once(() => new Intl.DateTimeFormat(FORMAT_LOCALE, { month: 'short', day: 'numeric' }));
const monthDayYearFormat = once(() => new Intl.DateTimeFormat(FORMAT_LOCALE, { month: 'short', day: 'numeric', year: 'numeric' }));
const fullFormat = once(() => new Intl.DateTimeFormat(FORMAT_LOCALE, { dateStyle: 'full', timeStyle: 'medium' }));

/** Shown for a missing or unreadable value rather than 'Invalid Date' or 'NaN'. */
export const NO_VALUE = '—';

/**
 * Recent ICU puts a narrow no-break space (U+202F) before AM/PM and around range dashes. Plain spaces read
 * the same, copy-paste cleanly and keep text matching (tests, find-in-page) predictable.
 */
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

function parse(iso: string | Date | null | undefined): Date | undefined {
  if (iso === null || iso === undefined || iso === '') return undefined;
  const date = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function sameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** 'Mar 4', or 'Mar 4, 2025' when the year is not the current one (as seen from `now`). */
function formatMonthDay(date: Date, now: Date): string {
  const format = date.getFullYear() === now.getFullYear() ? monthDayFormat() : monthDayYearFormat();
  return plainSpaces(format.format(date));
}

/** SPEC §9 relative date: 'Today at 3:04 PM', 'Yesterday at 9:15 AM', otherwise 'Mar 4' (with the year if not this year). */
export function formatRelativeDate(iso: string | Date | null | undefined, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return NO_VALUE;
  const time = plainSpaces(timeFormat().format(date));
  if (sameLocalDay(date, now)) return `Today at ${time}`;
  // Built from calendar fields, not now − 24 h, so the day before a DST change is still 'Yesterday'.
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (sameLocalDay(date, yesterday)) return `Yesterday at ${time}`;
  return formatMonthDay(date, now);
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** SPEC §9: the 'ago' units stop at 30 days; older dates show month, day and year. */
const AGO_LIMIT = 30 * DAY;

/** SPEC §9 'ago' format: '12s ago', '5m ago', '3h ago', '2d ago' under 30 days, else 'Mar 4, 2026'. */
export function formatAgo(iso: string | Date | null | undefined, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return NO_VALUE;
  // A timestamp slightly in the future (server and browser clocks differ a little) reads as just now.
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed >= AGO_LIMIT) return plainSpaces(monthDayYearFormat().format(date));
  if (elapsed >= DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  if (elapsed >= HOUR) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed >= MINUTE) return `${Math.floor(elapsed / MINUTE)}m ago`;
  return `${Math.floor(elapsed / SECOND)}s ago`;
}

/** The unambiguous date and time, for a title attribute beside a relative one. */
export function formatFullDate(iso: string | Date | null | undefined): string {
  const date = parse(iso);
  return date ? plainSpaces(fullFormat().format(date)) : NO_VALUE;
}
