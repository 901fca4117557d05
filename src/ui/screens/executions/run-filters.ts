/**
 * The executions list's filters live in the address (?status=FAILED&source=webhook&workflow=…&range=7d&page=2), so a
 * filtered view survives a reload, can be shared, and Back returns to the same page of the same view.
 * Anything unreadable in the address falls back to its default rather than failing the screen.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { RUN_STATUSES, type RunStatus } from '../../../domain/index.ts';
import { RUN_SOURCES, TIME_RANGES, type RunFilters, type RunSource, type TimeRange } from '../../../api/executions-api.ts';
import { parsePageParam } from '../../components/data/pagination-math.ts';

/** The page size for executions. */
export const EXECUTIONS_PAGE_SIZE = 10;
export const DEFAULT_TIME_RANGE: TimeRange = 'all';

export const TIME_RANGE_OPTIONS: ReadonlyArray<{ value: TimeRange; label: string }> = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: 'all', label: 'All time' },
];

export function readRunFilters(params: URLSearchParams): RunFilters {
  const status = params.get('status');
  const range = params.get('range');
  const source = params.get('source');
  return {
    page: parsePageParam(params.get('page')),
    limit: EXECUTIONS_PAGE_SIZE,
    status: RUN_STATUSES.includes(status as RunStatus) ? (status as RunStatus) : undefined,
    workflowId: params.get('workflow') || undefined,
    startedBy: RUN_SOURCES.includes(source as RunSource) ? (source as RunSource) : undefined,
    range: TIME_RANGES.includes(range as TimeRange) ? (range as TimeRange) : DEFAULT_TIME_RANGE,
  };
}

export type FilterName = 'status' | 'workflow' | 'range' | 'source';

export function useRunFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readRunFilters(params), [params]);

  /** A new filter starts again at page 1: page 4 of the old result means nothing in the new one. */
  const setFilter = useCallback(
    (name: FilterName, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setPage = useCallback(
    (page: number) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (page > 1) next.set('page', String(page));
        else next.delete('page');
        return next;
      }),
    [setParams],
  );

  const clearFilters = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);

  const filtered = Boolean(filters.status || filters.workflowId || filters.startedBy || filters.range !== DEFAULT_TIME_RANGE);
  return { filters, filtered, setFilter, setPage, clearFilters };
}
