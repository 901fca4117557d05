/**
 * The ten analytics calls of SPEC §7, one fetcher each, every reply checked with the contract's schema
 * (src/domain/contract/analytics.ts) at this trust boundary. A parameter left out is left to the server's
 * default for that call (the defaults differ: the timeline and performance default to 7d), so the client
 * never restates them.
 *
 * Query keys all start with ['analytics'], so one invalidation (a run finished: stores/live-analytics.ts)
 * refreshes the dashboard's cards and feed and every chart of /analytics at once.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  creationTrendsSchema,
  dashboardOverviewSchema,
  errorAnalysisSchema,
  executionsOverviewSchema,
  executionsPerformanceSchema,
  executionsTimelineSchema,
  pieceUsageSchema,
  recentActivitySchema,
  topPerformingSchema,
  workflowsOverviewSchema,
  RECENT_ACTIVITY_SIZE,
  type ActivityType,
  type AnalyticsPeriod,
  type CreationTrends,
  type DashboardOverview,
  type ErrorAnalysis,
  type ExecutionsOverview,
  type ExecutionsPerformance,
  type ExecutionsTimeline,
  type Granularity,
  type PieceUsage,
  type RecentActivity,
  type TopPerforming,
  type TopSort,
  type WorkflowsOverview,
} from '../domain/contract/analytics.ts';
import { authenticatedClient } from './clients.ts';
import type { HttpClient } from './http-client.ts';

export interface BucketParams {
  period?: AnalyticsPeriod;
  granularity?: Granularity;
}

export interface TopPerformingParams {
  period?: AnalyticsPeriod;
  limit?: number;
  sortBy?: TopSort;
}

export interface RecentActivityParams {
  limit?: number;
  activityTypes?: readonly ActivityType[];
}

export function createAnalyticsApi(http: HttpClient) {
  const get = (path: string, query: Record<string, string | number | undefined>, signal?: AbortSignal) =>
    http.request<unknown>(`/analytics/${path}`, { query, signal });
  return {
    async dashboardOverview(period?: AnalyticsPeriod, signal?: AbortSignal): Promise<DashboardOverview> {
      return dashboardOverviewSchema.parse(await get('dashboard/overview', { period }, signal));
    },
    async workflowsOverview(period?: AnalyticsPeriod, signal?: AbortSignal): Promise<WorkflowsOverview> {
      return workflowsOverviewSchema.parse(await get('workflows/overview', { period }, signal));
    },
    async creationTrends(params: BucketParams = {}, signal?: AbortSignal): Promise<CreationTrends> {
      return creationTrendsSchema.parse(await get('workflows/creation-trends', { ...params }, signal));
    },
    async topPerforming(params: TopPerformingParams = {}, signal?: AbortSignal): Promise<TopPerforming> {
      const query = { period: params.period, limit: params.limit, sort_by: params.sortBy };
      return topPerformingSchema.parse(await get('workflows/top-performing', query, signal));
    },
    async pieceUsage(period?: AnalyticsPeriod, signal?: AbortSignal): Promise<PieceUsage> {
      return pieceUsageSchema.parse(await get('workflows/piece-usage', { period }, signal));
    },
    async executionsOverview(period?: AnalyticsPeriod, signal?: AbortSignal): Promise<ExecutionsOverview> {
      return executionsOverviewSchema.parse(await get('executions/overview', { period }, signal));
    },
    async executionsTimeline(params: BucketParams = {}, signal?: AbortSignal): Promise<ExecutionsTimeline> {
      return executionsTimelineSchema.parse(await get('executions/timeline', { ...params }, signal));
    },
    async executionsPerformance(period?: AnalyticsPeriod, signal?: AbortSignal): Promise<ExecutionsPerformance> {
      return executionsPerformanceSchema.parse(await get('executions/performance', { period }, signal));
    },
    async errorAnalysis(period?: AnalyticsPeriod, signal?: AbortSignal): Promise<ErrorAnalysis> {
      return errorAnalysisSchema.parse(await get('executions/error-analysis', { period }, signal));
    },
    async recentActivity(params: RecentActivityParams = {}, signal?: AbortSignal): Promise<RecentActivity> {
      const types = params.activityTypes?.length ? params.activityTypes.join(',') : undefined;
      return recentActivitySchema.parse(await get('activity/recent', { limit: params.limit, activity_types: types }, signal));
    },
  };
}

export const analyticsApi = createAnalyticsApi(authenticatedClient);

export const analyticsKeys = {
  all: ['analytics'] as const,
  dashboardOverview: (period: AnalyticsPeriod) => ['analytics', 'dashboard-overview', period] as const,
  workflowsOverview: (period: AnalyticsPeriod) => ['analytics', 'workflows-overview', period] as const,
  creationTrends: (period: AnalyticsPeriod, granularity: Granularity) => ['analytics', 'creation-trends', period, granularity] as const,
  topPerforming: (period: AnalyticsPeriod, sortBy: TopSort, limit: number) => ['analytics', 'top-performing', period, sortBy, limit] as const,
  pieceUsage: (period: AnalyticsPeriod) => ['analytics', 'piece-usage', period] as const,
  executionsOverview: (period: AnalyticsPeriod) => ['analytics', 'executions-overview', period] as const,
  executionsTimeline: (period: AnalyticsPeriod, granularity: Granularity) => ['analytics', 'executions-timeline', period, granularity] as const,
  executionsPerformance: (period: AnalyticsPeriod) => ['analytics', 'executions-performance', period] as const,
  errorAnalysis: (period: AnalyticsPeriod) => ['analytics', 'error-analysis', period] as const,
  recentActivity: (limit: number) => ['analytics', 'recent-activity', limit] as const,
};

/**
 * Changing the period keeps the old figures on screen (marked busy) until the new ones arrive, rather
 * than flashing '...' on every card; the very first load still shows the loading state.
 */
const shared = { placeholderData: keepPreviousData } as const;

export const dashboardOverviewQuery = (period: AnalyticsPeriod) =>
  queryOptions({ queryKey: analyticsKeys.dashboardOverview(period), queryFn: ({ signal }) => analyticsApi.dashboardOverview(period, signal), ...shared });

export const workflowsOverviewQuery = (period: AnalyticsPeriod) =>
  queryOptions({ queryKey: analyticsKeys.workflowsOverview(period), queryFn: ({ signal }) => analyticsApi.workflowsOverview(period, signal), ...shared });

export const creationTrendsQuery = (period: AnalyticsPeriod, granularity: Granularity) =>
  queryOptions({
    queryKey: analyticsKeys.creationTrends(period, granularity),
    queryFn: ({ signal }) => analyticsApi.creationTrends({ period, granularity }, signal),
    ...shared,
  });

export const topPerformingQuery = (period: AnalyticsPeriod, sortBy: TopSort, limit = 10) =>
  queryOptions({
    queryKey: analyticsKeys.topPerforming(period, sortBy, limit),
    queryFn: ({ signal }) => analyticsApi.topPerforming({ period, sortBy, limit }, signal),
    ...shared,
  });

export const pieceUsageQuery = (period: AnalyticsPeriod) =>
  queryOptions({ queryKey: analyticsKeys.pieceUsage(period), queryFn: ({ signal }) => analyticsApi.pieceUsage(period, signal), ...shared });

export const executionsOverviewQuery = (period: AnalyticsPeriod) =>
  queryOptions({ queryKey: analyticsKeys.executionsOverview(period), queryFn: ({ signal }) => analyticsApi.executionsOverview(period, signal), ...shared });

export const executionsTimelineQuery = (period: AnalyticsPeriod, granularity: Granularity) =>
  queryOptions({
    queryKey: analyticsKeys.executionsTimeline(period, granularity),
    queryFn: ({ signal }) => analyticsApi.executionsTimeline({ period, granularity }, signal),
    ...shared,
  });

export const executionsPerformanceQuery = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: analyticsKeys.executionsPerformance(period),
    queryFn: ({ signal }) => analyticsApi.executionsPerformance(period, signal),
    ...shared,
  });

export const errorAnalysisQuery = (period: AnalyticsPeriod) =>
  queryOptions({ queryKey: analyticsKeys.errorAnalysis(period), queryFn: ({ signal }) => analyticsApi.errorAnalysis(period, signal), ...shared });

/** SPEC §7: the dashboard's feed is the newest 50. */
export const recentActivityQuery = (limit: number = RECENT_ACTIVITY_SIZE) =>
  queryOptions({ queryKey: analyticsKeys.recentActivity(limit), queryFn: ({ signal }) => analyticsApi.recentActivity({ limit }, signal) });
