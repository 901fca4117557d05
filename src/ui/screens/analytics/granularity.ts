/**
 * Which timeline granularities make sense for a period (a year of hours is 8,760 columns, a day of weeks
 * is one), the default for each, and how a bucket's start reads. Buckets are cut in the browser's time
 * zone (the X-Timezone header), so their starts are formatted in it too.
 */
import type { AnalyticsPeriod, Granularity } from '../../../domain/contract/analytics.ts';
import { FORMAT_LOCALE } from '../../format/index.ts';

export const GRANULARITIES_FOR: Record<AnalyticsPeriod, readonly Granularity[]> = {
  '24h': ['hour'],
  '7d': ['hour', 'day'],
  '30d': ['day', 'week'],
  '90d': ['day', 'week', 'month'],
  '1y': ['week', 'month'],
};

export const DEFAULT_GRANULARITY: Record<AnalyticsPeriod, Granularity> = { '24h': 'hour', '7d': 'day', '30d': 'day', '90d': 'week', '1y': 'month' };

/** The granularity asked for, if it suits the period; else the period's default. */
export function granularityFor(period: AnalyticsPeriod, asked: string | null): Granularity {
  const allowed = GRANULARITIES_FOR[period];
  return allowed.includes(asked as Granularity) ? (asked as Granularity) : DEFAULT_GRANULARITY[period];
}

const formats: Record<Granularity, Intl.DateTimeFormat> = {
  hour: new Intl.DateTimeFormat(FORMAT_LOCALE, { month: 'short', day: 'numeric', hour: 'numeric' }),
  day: new Intl.DateTimeFormat(FORMAT_LOCALE, { month: 'short', day: 'numeric' }),
  week: new Intl.DateTimeFormat(FORMAT_LOCALE, { month: 'short', day: 'numeric' }),
  month: new Intl.DateTimeFormat(FORMAT_LOCALE, { month: 'short', year: 'numeric' }),
};

/** 'Nov 24, 2 PM', 'Nov 24', 'Week of Nov 24', 'Nov 2026'. */
export function bucketLabel(start: string, granularity: Granularity): string {
  const date = new Date(start);
  if (Number.isNaN(date.getTime())) return start;
  const text = formats[granularity].format(date).replace(/[\u202f\u00a0]/g, ' ');
  return granularity === 'week' ? `Week of ${text}` : text;
}
