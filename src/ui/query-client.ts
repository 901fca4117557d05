import { QueryClient } from '@tanstack/react-query';

/** SPEC §9 data fetching: 3 retries, 1 s doubling up to 30 s, unused cache dropped after 5 minutes. */
export const QUERY_RETRIES = 3;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
const FIRST_RETRY_DELAY_MS = 1000;
const MAX_RETRY_DELAY_MS = 30_000;

/** Delay before retry number `failureCount` (0 for the first retry): 1 s, 2 s, 4 s, … capped at 30 s. */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: QUERY_RETRIES, retryDelay: queryRetryDelay, gcTime: QUERY_GC_TIME_MS },
    },
  });
}
