/** How the UI writes dates and durations (SPEC §9). Pure; shared by every screen that lists runs or records. */
export { formatAgo, formatFullDate, formatRelativeDate, FORMAT_LOCALE, NO_VALUE } from './dates.ts';
export { formatDuration } from './duration.ts';
