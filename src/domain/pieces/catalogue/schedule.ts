/**
 * Activepieces' schedule piece (packages/pieces/community/schedule): trigger names and input names are
 * theirs, and exactly what server/workflows/schedules.ts turns into a cron expression. Defaults match the
 * server's fallbacks (every minute, hour 0, UTC, weekends off, Monday, the 1st).
 */
import type { PieceDefinition, PieceProp, PiecePropOption } from '../types.ts';

function timezoneOptions(): PiecePropOption[] {
  // Intl is part of the language (no DOM, no Node), present in browsers, workers and Node alike.
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = supported.includes('UTC') ? supported : ['UTC', ...supported];
  return zones.map((zone) => ({ label: zone, value: zone }));
}

const pad = (n: number) => String(n).padStart(2, '0');
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

let zones: PiecePropOption[] | undefined;

const timezone: PieceProp = {
  name: 'timezone',
  displayName: 'Time zone',
  type: 'STATIC_DROPDOWN',
  required: true,
  defaultValue: 'UTC',
  // Listed when first read: listing the zones at import set up ICU's time zone data while the editor loaded.
  get options() {
    return (zones ??= timezoneOptions());
  },
};

const hourOfTheDay: PieceProp = {
  name: 'hour_of_the_day',
  displayName: 'Hour of the day',
  type: 'STATIC_DROPDOWN',
  required: true,
  defaultValue: 0,
  options: range(0, 23).map((hour) => ({ label: `${pad(hour)}:00`, value: hour })),
};

const runOnWeekends: PieceProp = {
  name: 'run_on_weekends',
  displayName: 'Run on weekends (Saturday and Sunday)',
  type: 'CHECKBOX',
  required: false,
  defaultValue: false,
};

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const SCHEDULE_PIECE_NAME = '@activepieces/piece-schedule';

export const schedulePiece = {
  name: SCHEDULE_PIECE_NAME,
  displayName: 'Schedule',
  description: 'Start the workflow at set times',
  version: '0.1.0',
  icon: 'clock',
  actions: [],
  triggers: [
    {
      name: 'every_x_minutes',
      displayName: 'Every x minutes',
      description: 'Run every few minutes (UTC)',
      props: [{ name: 'minutes', displayName: 'Minutes', description: 'From 1 to 59', type: 'NUMBER', required: true, defaultValue: 1, min: 1, max: 59, integer: true }],
    },
    { name: 'every_hour', displayName: 'Every hour', description: 'Run at the start of every hour (UTC)', props: [runOnWeekends] },
    {
      name: 'every_day',
      displayName: 'Every day',
      description: 'Run once a day at a set hour',
      props: [hourOfTheDay, timezone, runOnWeekends],
    },
    {
      name: 'every_week',
      displayName: 'Every week',
      description: 'Run once a week on a set day and hour',
      props: [
        {
          name: 'day_of_the_week',
          displayName: 'Day of the week',
          type: 'STATIC_DROPDOWN',
          required: true,
          defaultValue: 1,
          options: DAYS.map((label, value) => ({ label, value })),
        },
        hourOfTheDay,
        timezone,
      ],
    },
    {
      name: 'every_month',
      displayName: 'Every month',
      description: 'Run once a month on a set day and hour',
      props: [
        {
          name: 'day_of_the_month',
          displayName: 'Day of the month',
          type: 'STATIC_DROPDOWN',
          required: true,
          defaultValue: 1,
          options: range(1, 31).map((day) => ({ label: String(day), value: day })),
        },
        hourOfTheDay,
        timezone,
      ],
    },
    {
      name: 'cron_expression',
      displayName: 'Cron expression',
      description: 'Run on a custom cron schedule',
      props: [
        {
          name: 'cronExpression',
          displayName: 'Cron expression',
          description: 'Five fields: minute hour day month weekday, e.g. 0 9 * * 1-5',
          type: 'SHORT_TEXT',
          required: true,
          defaultValue: '0 9 * * 1-5',
          // Five fields, or six whose first (the second) is one number: a schedule runs at most once a
          // minute (the server's SCHEDULE_MIN_INTERVAL_SECONDS, 60 by default, also refuses to fire it).
          pattern: {
            source: String.raw`^(?:[0-5]?\d\s+)?\S+(?:\s+\S+){4}$`,
            message: 'Use five fields: minute hour day month weekday (a schedule runs at most once a minute)',
          },
        },
        timezone,
      ],
    },
  ],
} as const satisfies PieceDefinition;
