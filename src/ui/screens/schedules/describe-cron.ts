/**
 * A cron expression in words, for the common forms people write:
 *   every N minutes · every N hours · hourly at :MM · daily at HH:MM · weekdays at HH:MM ·
 *   weekly on <day> at HH:MM · monthly on day D at HH:MM
 * and the @-macros that mean the same. Anything else (ranges of hours, lists, seconds fields…) is shown as
 * the raw expression: an exact machine form beats a wrong sentence. Times are the cron's own, in the
 * schedule's time zone (shown beside it), 24-hour and zero-padded as cron itself counts them.
 */

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

const MACROS: Record<string, string> = {
  '@hourly': '0 * * * *',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@weekly': '0 0 * * 0',
  '@monthly': '0 0 1 * *',
};

/** A plain number in [min, max], or undefined ('05' is 5; '5-7', '*', '1,2' are not plain). */
function plain(field: string, min: number, max: number): number | undefined {
  if (!/^\d{1,2}$/.test(field)) return undefined;
  const value = Number(field);
  return value >= min && value <= max ? value : undefined;
}

/** '*\/N' (or '0/N', which cron reads the same) → N. */
function step(field: string, max: number): number | undefined {
  const match = /^(?:\*|0)\/(\d{1,2})$/.exec(field);
  if (!match) return undefined;
  const n = Number(match[1]);
  return n >= 1 && n <= max ? n : undefined;
}

function dayOfWeek(field: string): number | undefined {
  const byName = DAY_NAMES.indexOf(field.toUpperCase());
  if (byName >= 0) return byName;
  const n = plain(field, 0, 7);
  return n === undefined ? undefined : n % 7; // 7 is Sunday too
}

const isWeekdays = (field: string) => /^(1-5|MON-FRI)$/i.test(field);
const pad = (n: number) => String(n).padStart(2, '0');
const time = (hour: number, minute: number) => `${pad(hour)}:${pad(minute)}`;

export function describeCron(expression: string): string {
  const raw = expression.trim();
  const fields = (MACROS[raw.toLowerCase()] ?? raw).split(/\s+/);
  if (fields.length !== 5) return raw;
  const [minuteField, hourField, dayField, monthField, weekdayField] = fields as [string, string, string, string, string];
  if (monthField !== '*') return raw;

  const everyDay = dayField === '*' && weekdayField === '*';
  if (everyDay && hourField === '*') {
    if (minuteField === '*') return 'Every minute';
    const n = step(minuteField, 59);
    if (n !== undefined) return n === 1 ? 'Every minute' : `Every ${n} minutes`;
    const minute = plain(minuteField, 0, 59);
    if (minute !== undefined) return `Hourly at :${pad(minute)}`;
    return raw;
  }

  const minute = plain(minuteField, 0, 59);
  if (minute === undefined) return raw;
  const everyNHours = step(hourField, 23);
  if (everyDay && everyNHours !== undefined) {
    const suffix = minute === 0 ? '' : ` at :${pad(minute)}`;
    return everyNHours === 1 ? `Hourly at :${pad(minute)}` : `Every ${everyNHours} hours${suffix}`;
  }

  const hour = plain(hourField, 0, 23);
  if (hour === undefined) return raw;
  const at = time(hour, minute);
  if (everyDay) return `Daily at ${at}`;
  if (dayField === '*') {
    if (isWeekdays(weekdayField)) return `Weekdays at ${at}`;
    const day = dayOfWeek(weekdayField);
    return day === undefined ? raw : `Weekly on ${DAYS[day]} at ${at}`;
  }
  const dayOfMonth = plain(dayField, 1, 31);
  if (weekdayField === '*' && dayOfMonth !== undefined) return `Monthly on day ${dayOfMonth} at ${at}`;
  return raw;
}
