/**
 * One flow's runs for the editor's runs panel: GET /workflow/executions?workflow_id=…, newest first, ten
 * at a time with 'Load more'. Keyed under ['executions'] so whatever refreshes the executions screens
 * refreshes this too; asked again every 5 s while a loaded run is still RUNNING.
 */
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { executionsApi, LIVE_REFRESH_MS, retryUnlessClientError, type RunPage, type RunSummary } from '../../../../api/executions-api.ts';

export const RUNS_PANEL_PAGE_SIZE = 10;

export const flowRunsKey = (flowId: string) => ['executions', 'flow-runs', flowId] as const;

export const flowRunsQuery = (flowId: string) =>
  infiniteQueryOptions({
    queryKey: flowRunsKey(flowId),
    queryFn: ({ pageParam }) => executionsApi.list({ page: pageParam, limit: RUNS_PANEL_PAGE_SIZE, workflowId: flowId, range: 'all' }),
    initialPageParam: 1,
    getNextPageParam: (last: RunPage, pages: RunPage[]) => (pages.length * RUNS_PANEL_PAGE_SIZE < last.total ? last.page + 1 : undefined),
    retry: retryUnlessClientError,
    refetchInterval: (query) => (anyRunning(query.state.data) ? LIVE_REFRESH_MS : false),
  });

function anyRunning(data: InfiniteData<RunPage> | undefined): boolean {
  return data?.pages.some((page) => page.data.some((run) => run.status === 'RUNNING')) ?? false;
}

/**
 * The loaded pages as one list. A run that started while paging shifts older runs down a page, so the
 * same run can arrive twice: it is listed once.
 */
export function flattenRuns(data: InfiniteData<RunPage> | undefined): RunSummary[] {
  const seen = new Set<string>();
  const runs: RunSummary[] = [];
  for (const page of data?.pages ?? []) {
    for (const run of page.data) {
      if (seen.has(run.id)) continue;
      seen.add(run.id);
      runs.push(run);
    }
  }
  return runs;
}
