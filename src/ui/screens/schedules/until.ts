/**
 * How long until a schedule's next run, in the units of SPEC §9's 'ago' form (s, m, h, d): 'in 12m',
 * 'in 3h', 'in 2d'; 'due now' once the time has come (the list is refetched then).
 * Whole units are counted down like formatAgo counts up (floored), so a daily schedule 23.5 hours away
 * reads 'in 23h', never 'in 1d'.
 */
export function formatUntil(iso: string | null | undefined, now: Date): string | undefined {
  if (!iso) return undefined;
  const seconds = Math.floor((new Date(iso).getTime() - now.getTime()) / 1000);
  if (Number.isNaN(seconds)) return undefined;
  if (seconds <= 0) return 'due now';
  if (seconds < 60) return 'in under 1m';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `in ${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `in ${hours}h`;
  return `in ${Math.floor(hours / 24)}d`;
}

/** Whether an enabled schedule's next run has passed, so the list should be read again for the one after. */
export const isDue = (iso: string | null | undefined, now: Date): boolean => !!iso && new Date(iso).getTime() <= now.getTime();
