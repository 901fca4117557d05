/**
 * The analytics period (and, on /analytics, the granularity) kept in the address (?period=7d), so a view
 * survives a reload and can be shared. An unknown value reads as the default rather than failing.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ANALYTICS_PERIODS, DEFAULT_DASHBOARD_PERIOD, type AnalyticsPeriod } from '../../domain/contract/analytics.ts';

export function readChoice<T extends string>(value: string | null, choices: readonly T[], fallback: T): T {
  return choices.includes(value as T) ? (value as T) : fallback;
}

/** One search parameter with a closed set of values; setting the default removes it from the address. */
export function useChoiceParam<T extends string>(name: string, choices: readonly T[], fallback: T): [T, (value: T) => void] {
  const [params] = useSearchParams();
  return [readChoice(params.get(name), choices, fallback), useSetParam(name, fallback)];
}

/** Sets one search parameter in place (no new history entry); the default value leaves the address clean. */
export function useSetParam<T extends string>(name: string, fallback: T): (value: T) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (next: T) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === fallback) updated.delete(name);
          else updated.set(name, next);
          return updated;
        },
        { replace: true },
      ),
    [setParams, name, fallback],
  );
}

export const usePeriodParam = () => useChoiceParam<AnalyticsPeriod>('period', ANALYTICS_PERIODS, DEFAULT_DASHBOARD_PERIOD);
