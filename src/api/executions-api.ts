/**
 * Executions (runs) of the workflow service, SPEC §7: the paginated list with its filters, one run with its
 * step-by-step record, and the workflow names the list's filter offers. Replies are checked with zod at
 * this trust boundary; the screens get typed data or an ApiError.
 *
 * Query keys: ['executions', 'list', filters] and ['executions', 'detail', id], so invalidating
 * ['executions'] refreshes both; the filter's workflow choices sit under ['executions', 'workflow-choices'].
 */
import * as z from 'zod/mini';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RunStatus } from '../domain/index.ts';
import { runDetailSchema, runPageSchema, type RetryStrategy, type RunDetail, type RunPage, type RunSource } from '../domain/contract/runs.ts';
import { deleteRunsReplySchema, type DeleteRunsReply } from '../domain/contract/runs.ts';
import { ApiError } from './api-error.ts';
import { authenticatedClient } from './clients.ts';
import type { HttpClient } from './http-client.ts';

export { runDetailSchema, runPageSchema, runSummarySchema, stepRunRecordSchema } from '../domain/contract/runs.ts';
export type { DeleteRunsReply, RetryStrategy, RunDetail, RunLink, RunPage, RunSource, RunSummary, StepRunRecord } from '../domain/contract/runs.ts';
export { MAX_RUNS_DELETED, RUN_SOURCES } from '../domain/contract/runs.ts';

const workflowChoicesSchema = z.object({
  data: z.array(z.object({ id: z.string(), displayName: z.string() })),
});
export type WorkflowChoice = z.output<typeof workflowChoicesSchema>['data'][number];

/** The list's time-range filter; 'all' sends no bounds. */
export const TIME_RANGES = ['24h', '7d', '30d', 'all'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
const RANGE_MS: Record<Exclude<TimeRange, 'all'>, number> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };

export interface RunFilters {
  page: number;
  limit: number;
  workflowId?: string | undefined;
  status?: RunStatus | undefined;
  /** How the runs started (issue 17). */
  startedBy?: RunSource | undefined;
  range: TimeRange;
}

/** The `from` bound of a range, measured back from `now` (undefined for 'all'). */
export function rangeStart(range: TimeRange, now: Date = new Date()): string | undefined {
  return range === 'all' ? undefined : new Date(now.getTime() - RANGE_MS[range]).toISOString();
}

/** How many workflows the filter lists; a user with more types a run's workflow from its detail instead. */
export const WORKFLOW_CHOICES_LIMIT = 100;

export function createExecutionsApi(http: HttpClient) {
  return {
    async list(filters: RunFilters, now: Date = new Date()): Promise<RunPage> {
      const reply = await http.request('/workflow/executions', {
        query: {
          page: filters.page,
          limit: filters.limit,
          workflow_id: filters.workflowId || undefined,
          status: filters.status || undefined,
          started_by: filters.startedBy || undefined,
          from: rangeStart(filters.range, now),
        },
      });
      return runPageSchema.parse(reply);
    },
    async get(id: string): Promise<RunDetail> {
      return runDetailSchema.parse(await http.request(`/workflow/execution/${encodeURIComponent(id)}`));
    },
    /** A new run from a finished one (issue 15), answered as queued; linked to it both ways. */
    async retry(id: string, strategy: RetryStrategy): Promise<RunDetail> {
      return runDetailSchema.parse(await http.request(`/workflow/execution/${encodeURIComponent(id)}/retry`, { method: 'POST', body: { strategy } }));
    },
    /** Deletes one finished run (issue 17); a run still going is refused (409). */
    async remove(id: string): Promise<void> {
      await http.request(`/workflow/execution/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    /** Deletes up to 100 finished runs; says which were deleted, still going or not found. */
    async removeMany(ids: readonly string[]): Promise<DeleteRunsReply> {
      return deleteRunsReplySchema.parse(await http.request('/workflow/executions/delete', { method: 'POST', body: { ids } }));
    },
    async workflowChoices(): Promise<WorkflowChoice[]> {
      const reply = await http.request('/workflow/paginate', { query: { page: 1, limit: WORKFLOW_CHOICES_LIMIT } });
      return workflowChoicesSchema.parse(reply).data;
    },
  };
}

export const executionsApi = createExecutionsApi(authenticatedClient);

/** How often a list or a run still in progress is asked again, so its status moves without a reload. */
export const LIVE_REFRESH_MS = 2000;
const whileRunning = (running: boolean) => (running ? LIVE_REFRESH_MS : false);

/** SPEC §9 retries are for failures that may pass; a 4xx (not found, refused) will answer the same again. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

/**
 * Whether a request for one record says it does not exist: 404, or a 400 VALIDATION refusing the id
 * itself (the server checks ids are UUIDs before looking) — either way there is nothing to show.
 */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || (error.status === 400 && error.code === 'VALIDATION'));

export const executionKeys = {
  all: ['executions'] as const,
  list: (filters: RunFilters) => ['executions', 'list', filters] as const,
  detail: (id: string) => ['executions', 'detail', id] as const,
  workflowChoices: ['executions', 'workflow-choices'] as const,
};

export const executionListQuery = (filters: RunFilters) =>
  queryOptions({
    queryKey: executionKeys.list(filters),
    queryFn: () => executionsApi.list(filters),
    // keep the current page on screen while the next one loads, instead of flashing skeletons
    placeholderData: keepPreviousData,
    refetchInterval: (query) => whileRunning(query.state.data?.data.some((run) => run.status === 'RUNNING') ?? false),
  });

export const executionDetailQuery = (id: string) =>
  queryOptions({
    queryKey: executionKeys.detail(id),
    queryFn: () => executionsApi.get(id),
    retry: retryUnlessClientError,
    refetchInterval: (query) => whileRunning(query.state.data?.status === 'RUNNING'),
  });

export const workflowChoicesQuery = () =>
  queryOptions({ queryKey: executionKeys.workflowChoices, queryFn: () => executionsApi.workflowChoices(), staleTime: 60_000 });
