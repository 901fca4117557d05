/**
 * A period as the queries read it: [from, to) cut into what the rollups answer (whole UTC hours or days
 * of starts) and the edges read from flow_runs directly (at most an hour, or a day, of runs in all), so
 * every figure is exact to the millisecond and every call agrees with every other.
 */
import { PERIOD_MS, type AnalyticsPeriod } from '../../src/domain/contract/analytics.ts';
import { validationError } from '../shared/api-error.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;

export interface Window {
  from: Date;
  to: Date;
}

/** The rolling period ending at `now`, and the one of the same length just before it. */
export function periodWindow(period: AnalyticsPeriod, now: Date): Window {
  return { from: new Date(now.getTime() - PERIOD_MS[period]), to: now };
}

export function previousWindow(window: Window): Window {
  const length = window.to.getTime() - window.from.getTime();
  return { from: new Date(window.from.getTime() - length), to: window.from };
}

/** [rollFrom, rollTo) from the rollups (unit-aligned), [from, rollFrom) and [rollTo, to) from flow_runs. */
export interface Split {
  rollFrom: Date;
  rollTo: Date;
  from: Date;
  to: Date;
}

function split(window: Window, unit: number): Split {
  const from = window.from.getTime();
  const to = window.to.getTime();
  const ceil = Math.ceil(from / unit) * unit;
  const floor = Math.floor(to / unit) * unit;
  // Shorter than a unit: everything from flow_runs, the rollups' range empty.
  if (ceil >= floor) return { rollFrom: window.to, rollTo: window.to, from: window.from, to: window.to };
  return { rollFrom: new Date(ceil), rollTo: new Date(floor), from: window.from, to: window.to };
}

export const hourSplit = (window: Window): Split => split(window, HOUR);
export const daySplit = (window: Window): Split => split(window, DAY);

/** The parameters `$first…$first+3` of a split's SQL: from, rollFrom, rollTo, to. */
export function splitParams(s: Split): string[] {
  return [s.from.toISOString(), s.rollFrom.toISOString(), s.rollTo.toISOString(), s.to.toISOString()];
}

/** `YYYY-MM-DD` of a UTC day boundary, for the daily rollups' `day` column. */
export const utcDay = (instant: Date): string => instant.toISOString().slice(0, 10);

export function dayParams(s: Split): string[] {
  return [s.from.toISOString(), utcDay(s.rollFrom), utcDay(s.rollTo), s.to.toISOString(), s.rollFrom.toISOString(), s.rollTo.toISOString()];
}

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-]*(\/[A-Za-z0-9_+\-]+)*$/;

/**
 * The caller's time zone from `X-Timezone`: an IANA name both Intl and PostgreSQL read alike; 'UTC'
 * without one. Offsets such as "+05:30" are refused: PostgreSQL reads a bare offset with POSIX's sign.
 */
export function timeZoneOf(header: string | string[] | undefined): string {
  if (header === undefined) return 'UTC';
  const name = Array.isArray(header) ? header[0] : header;
  const refuse = () => validationError({ 'X-Timezone': ['Use an IANA time zone name such as Europe/Berlin'] });
  if (typeof name !== 'string' || name.length === 0 || name.length > 64 || !ZONE_NAME.test(name)) throw refuse();
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: name });
  } catch {
    throw refuse();
  }
  return name;
}
