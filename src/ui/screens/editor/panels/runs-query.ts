/**
 * One flow's runs for the editor's runs panel: GET /workflow/executions?workflow_id=…, newest first, ten
 * at a time with 'Load more'. Keyed under ['executions'] so whatever refreshes the executions screens
 * refreshes this too, the live socket's run messages included (stores/live-runs.ts); asked again every
 * LIVE_REFRESH_MS while a loaded run is still RUNNING only while the socket is down.
 *
 * And the run the editor shows over the canvas, read again on each of its progress messages so the step
 * colours and the details fill in as the engine goes; polled every second instead while the socket is down.
 */
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import {
  executionDetailQuery,
  executionsApi,
  LIVE_REFRESH_MS,
  retryUnlessClientError,
  type RunPage,
  type RunSummary,
} from '../../../../api/executions-api.ts';
import { pollWhileOffline } from '../../../stores/live-runs.ts';

/** Without the socket, the canvas follows a running run this closely; runs of a few steps end within a second or two. */
export const LIVE_RUN_MS = 1000;

/** GET /workflow/execution/{id} under the executions screens' key; polled every second while RUNNING and the socket is down. */
export const liveRunQuery = (runId: string) =>
  queryOptions({
    ...executionDetailQuery(runId),
    refetchInterval: pollWhileOffline((query) => (query.state.data?.status === 'RUNNING' ? LIVE_RUN_MS : false)),
  });

export const RUNS_PANEL_PAGE_SIZE = 10;

export const flowRunsKey = (flowId: string) => ['executions', 'flow-runs', flowId] as const;

export const flowRunsQuery = (flowId: string) =>
  infiniteQueryOptions({
    queryKey: flowRunsKey(flowId),
    queryFn: ({ pageParam }) => executionsApi.list({ page: pageParam, limit: RUNS_PANEL_PAGE_SIZE, workflowId: flowId, range: 'all' }),
    initialPageParam: 1,
    getNextPageParam: (last: RunPage, pages: RunPage[]) => (pages.length * RUNS_PANEL_PAGE_SIZE < last.total ? last.page + 1 : undefined),
    retry: retryUnlessClientError,
    refetchInterval: pollWhileOffline((query) => (anyRunning(query.state.data) ? LIVE_REFRESH_MS : false)),
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
