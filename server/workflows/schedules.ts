/**
 * Which triggers are schedules, and when they run next. A schedule is a PIECE_TRIGGER of Activepieces'
 * schedule piece; its triggers and inputs are Activepieces' own (packages/pieces/community/schedule):
 *
 * | triggerName       | input                                              | cron                         |
 * | ----------------- | -------------------------------------------------- | ---------------------------- |
 * | cron_expression   | cronExpression, timezone                           | as given                     |
 * | every_x_minutes   | minutes                                            | `*\/m * * * *` (UTC)          |
 * | every_hour        | run_on_weekends                                    | `0 * * * *` or `... 1-5` (UTC)|
 * | every_day         | hour_of_the_day, timezone, run_on_weekends         | `0 h * * *` or `0 h * * 1-5` |
 * | every_week        | day_of_the_week (0 = Sunday), hour_of_the_day, tz  | `0 h * * d`                  |
 * | every_month       | day_of_the_month, hour_of_the_day, timezone        | `0 h d * *`                  |
 *
 * Missing inputs take the piece's defaults (every_x_minutes 1, hours 0, UTC, weekends off). The next run
 * is computed with croner in the schedule's time zone; an expression or zone croner refuses has none.
 */
import { Cron } from 'croner';
import type { StoredTrigger } from '../../src/domain/index.ts';

export const SCHEDULE_PIECE = '@activepieces/piece-schedule';
export const DEFAULT_TIMEZONE = 'UTC';

export interface Schedule {
  cronExpression: string;
  timezone: string;
}

type Input = Record<string, unknown>;

/** A whole number in [min, max] from a number or numeric text, else the fallback. */
function integer(value: unknown, min: number, max: number, fallback: number): number | undefined {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

const timezoneOf = (input: Input): string =>
  typeof input.timezone === 'string' && input.timezone.trim() !== '' ? input.timezone.trim() : DEFAULT_TIMEZONE;

const weekends = (input: Input): boolean => input.run_on_weekends === true || input.run_on_weekends === 'true';

function cronOf(triggerName: string, input: Input): string | undefined {
  switch (triggerName) {
    case 'cron_expression':
      return typeof input.cronExpression === 'string' && input.cronExpression.trim() !== '' ? input.cronExpression.trim() : undefined;
    case 'every_x_minutes': {
      const minutes = integer(input.minutes, 1, 59, 1);
      return minutes === undefined ? undefined : `*/${minutes} * * * *`;
    }
    case 'every_hour':
      return weekends(input) ? '0 * * * *' : '0 * * * 1-5';
    case 'every_day': {
      const hour = integer(input.hour_of_the_day, 0, 23, 0);
      return hour === undefined ? undefined : `0 ${hour} * * ${weekends(input) ? '*' : '1-5'}`;
    }
    case 'every_week': {
      const hour = integer(input.hour_of_the_day, 0, 23, 0);
      const day = integer(input.day_of_the_week, 0, 6, 1);
      return hour === undefined || day === undefined ? undefined : `0 ${hour} * * ${day}`;
    }
    case 'every_month': {
      const hour = integer(input.hour_of_the_day, 0, 23, 0);
      const day = integer(input.day_of_the_month, 1, 31, 1);
      return hour === undefined || day === undefined ? undefined : `0 ${hour} ${day} * *`;
    }
    default:
      return undefined;
  }
}

/** The schedule a trigger stands for, or undefined when it is not a (readable) schedule trigger. */
export function scheduleOf(trigger: StoredTrigger): Schedule | undefined {
  if (trigger.type !== 'PIECE_TRIGGER' || trigger.settings.pieceName !== SCHEDULE_PIECE) return undefined;
  const input = trigger.settings.input ?? {};
  const cronExpression = cronOf(trigger.settings.triggerName ?? '', input);
  if (!cronExpression) return undefined;
  const fixedUtc = trigger.settings.triggerName === 'every_x_minutes' || trigger.settings.triggerName === 'every_hour';
  return { cronExpression, timezone: fixedUtc ? DEFAULT_TIMEZONE : timezoneOf(input) };
}

/** Shortest time between two runs of a schedule by default (SCHEDULE_MIN_INTERVAL_SECONDS). */
export const SCHEDULE_MIN_INTERVAL_MS = 60_000;
/** Runs looked at to find a schedule's shortest gap: a pattern's gaps repeat within its smallest unit. */
const GAPS_CHECKED = 64;

/** A croner job for the schedule (paused: it only answers times), or null when croner refuses it. */
export function cronOfSchedule(schedule: Schedule): Cron | null {
  try {
    return new Cron(schedule.cronExpression, { timezone: schedule.timezone, mode: '5-or-6-parts', sloppyRanges: true, paused: true });
  } catch {
    return null;
  }
}

/**
 * Whether the schedule would fire twice within `minIntervalMs` (`* * * * * *` fires every second): such
 * a schedule never fires, so fifty of them cannot flood the queue or the quota.
 */
export function firesTooOften(cron: Cron, minIntervalMs: number, from: Date = new Date()): boolean {
  let previous: Date | null = null;
  for (const next of cron.nextRuns(GAPS_CHECKED, from)) {
    if (previous && next.getTime() - previous.getTime() < minIntervalMs) return true;
    previous = next;
  }
  return false;
}

/** The next time the schedule fires after `from`, as an ISO string; null when croner refuses it or it fires too often. */
export function nextRunOf(schedule: Schedule, from: Date = new Date(), minIntervalMs = SCHEDULE_MIN_INTERVAL_MS): string | null {
  const cron = cronOfSchedule(schedule);
  if (!cron || firesTooOften(cron, minIntervalMs, from)) return null;
  return cron.nextRun(from)?.toISOString() ?? null;
}
