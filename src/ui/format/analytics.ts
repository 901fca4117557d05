/**
 * How the analytics figures read (SPEC §2): a success rate with one decimal and '%', a change in percent
 * or percentage points with its direction, an average execution time in seconds with two decimals
 * ('1.25s'), and minutes saved as hours and minutes. Pure, English only (SPEC §1).
 */
import { FORMAT_LOCALE, NO_VALUE } from './dates.ts';
import { once } from './once.ts';

const oneDecimal = once(() => new Intl.NumberFormat(FORMAT_LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
const twoDecimals = once(() => new Intl.NumberFormat(FORMAT_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const integer = once(() => new Intl.NumberFormat(FORMAT_LOCALE, { maximumFractionDigits: 0 }));

const finite = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** '1,234' */
export function formatCount(value: number | null | undefined): string {
  return finite(value) ? integer().format(value) : NO_VALUE;
}

/** '87.5%' (SPEC §2: one decimal). */
export function formatPercent(value: number | null | undefined): string {
  return finite(value) ? `${oneDecimal().format(value)}%` : NO_VALUE;
}

/** '1.25s' (SPEC §2: seconds, two decimals). */
export function formatSeconds(value: number | null | undefined): string {
  return finite(value) ? `${twoDecimals().format(value)}s` : NO_VALUE;
}

/** '45 min', '2 h', '3 h 20 min'; under a minute keeps one decimal ('0.5 min'). */
export function formatMinutesSaved(minutes: number | null | undefined): string {
  if (!finite(minutes) || minutes < 0) return NO_VALUE;
  if (minutes < 1) return minutes === 0 ? '0 min' : `${oneDecimal().format(minutes)} min`;
  const rounded = Math.round(minutes);
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${integer().format(hours)} h` : `${integer().format(hours)} h ${rest} min`;
}

export type TrendDirection = 'up' | 'down' | 'flat';

export interface Change {
  direction: TrendDirection;
  /** '+12.5%', '−3.0 pp', '0.0%'; null when there is nothing to compare with. */
  text: string | null;
  /** The whole sentence for assistive tech: 'Up 12.5% from the previous period' or 'No previous data'. */
  label: string;
}

export const NO_PREVIOUS_DATA = 'No previous data';

/**
 * A change against the previous period: `unit` '%' for a relative change (executions), 'pp' for
 * percentage points (success rate). Rounded to one decimal before choosing the arrow, so +0.04 is flat.
 */
export function describeChange(value: number | null | undefined, unit: '%' | 'pp'): Change {
  if (!finite(value)) return { direction: 'flat', text: null, label: NO_PREVIOUS_DATA };
  // half away from zero, so −2.25 reads −2.3 like +2.25 reads +2.3
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * 10)) / 10;
  const direction: TrendDirection = rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
  const magnitude = oneDecimal().format(Math.abs(rounded));
  const sign = direction === 'up' ? '+' : direction === 'down' ? '−' : '';
  const suffix = unit === '%' ? '%' : ' pp';
  const text = `${sign}${magnitude}${suffix}`;
  const word = direction === 'up' ? 'Up' : direction === 'down' ? 'Down' : 'No change,';
  return { direction, text, label: `${word} ${magnitude}${suffix} from the previous period` };
}
