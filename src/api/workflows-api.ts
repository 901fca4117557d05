/**
 * The workflow endpoints (SPEC §7 "Workflow service"), bulletproof-react style: each call's fetcher, its
 * query options or mutation hook, and the zod schema its reply must pass. Server data lives in TanStack
 * Query's cache only; screens read it through these hooks.
 *
 * A workflow's version arrives in the stored flat form and is turned into the domain's `FlatVersion`
 * with `fromStoredVersion` (which checks every step and link), so screens never see unchecked steps.
 */
import * as z from 'zod/mini';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { FLOW_STATUSES, fromStoredVersion, versionStateSchema, type FlatVersion, type FlowStatus } from '../domain/index.ts';
import { API_BASE_URL, authenticatedClient, redirectToLogin, refreshTokenPair } from './clients.ts';
import { createAuthenticatedClient, type HttpClient } from './http-client.ts';
import { tokenStorage } from './token-storage.ts';

/** SPEC §9: the workflow list shows 10 per page. */
export const WORKFLOW_PAGE_SIZE = 10;

// ---- reply schemas ----

const flowStatusSchema = z.enum(FLOW_STATUSES);

export const workflowSummarySchema = z.object({
  id: z.string(),
  displayName: z.string(),
  status: flowStatusSchema,
  folderId: z._default(z.nullable(z.string()), null),
  publishedVersionId: z._default(z.nullable(z.string()), null),
  created: z.string(),
  updated: z.string(),
  version: z.object({ id: z.string(), state: versionStateSchema, valid: z.boolean(), updated: z.string() }),
});
export type WorkflowSummary = z.output<typeof workflowSummarySchema>;

export const workflowPageSchema = z.object({
  data: z.array(workflowSummarySchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type WorkflowPage = z.output<typeof workflowPageSchema>;

export const flowRecordSchema = z.looseObject({
  id: z.string(),
  displayName: z.string(),
  status: flowStatusSchema,
  folderId: z._default(z.nullable(z.string()), null),
  publishedVersionId: z._default(z.nullable(z.string()), null),
  created: z.string(),
  updated: z.string(),
});
export type FlowRecord = z.output<typeof flowRecordSchema>;

/** `{flow, version}` where only the new flow's identity matters (create, import, duplicate, use template). */
export const createdFlowSchema = z.object({ flow: flowRecordSchema, version: z.looseObject({ id: z.string() }) });
export type CreatedFlow = z.output<typeof createdFlowSchema>;

const flowWithVersionSchema = z.object({ flow: flowRecordSchema, version: z.unknown() });

/** One row of GET /workflow/{id}/versions: a version without its steps. */
export const versionSummarySchema = z.object({
  id: z.string(),
  flowId: z.string(),
  displayName: z.string(),
  state: versionStateSchema,
  valid: z.boolean(),
  created: z.string(),
  updated: z.string(),
});
export type VersionSummary = z.output<typeof versionSummarySchema>;

/** A flow's versions, newest first; `activeVersionId` is the published one. */
export const versionListSchema = z.object({
  versions: z.array(versionSummarySchema),
  activeVersionId: z._default(z.nullable(z.string()), null),
});
export type VersionList = z.output<typeof versionListSchema>;

const versionReplySchema = z.object({ version: z.unknown() });

/** A workflow opened for viewing: the flow and its current version as the domain's flat model. */
export interface WorkflowDetail {
  flow: FlowRecord;
  version: FlatVersion;
}

function toDetail(reply: unknown): WorkflowDetail {
  const { flow, version } = flowWithVersionSchema.parse(reply);
  return { flow, version: fromStoredVersion(version) };
}

// ---- fetchers ----

export interface WorkflowListParams {
  page: number;
  limit?: number;
  /** Case-insensitive part of the name; empty means no filter. */
  name?: string;
  status?: FlowStatus;
}

export async function listWorkflows(params: WorkflowListParams, signal?: AbortSignal, http: HttpClient = authenticatedClient): Promise<WorkflowPage> {
  const query = { page: params.page, limit: params.limit ?? WORKFLOW_PAGE_SIZE, name: params.name || undefined, status: params.status };
  return workflowPageSchema.parse(await http.request('/workflow/paginate', { query, signal }));
}

export async function getWorkflow(id: string, signal?: AbortSignal, http: HttpClient = authenticatedClient): Promise<WorkflowDetail> {
  return toDetail(await http.request(`/workflow/${encodeURIComponent(id)}`, { signal }));
}

export async function createWorkflow(displayName?: string, http: HttpClient = authenticatedClient): Promise<CreatedFlow> {
  const body = displayName ? { displayName } : {};
  return createdFlowSchema.parse(await http.request('/workflow', { method: 'POST', body }));
}

export async function renameWorkflow(input: { id: string; displayName: string }, http: HttpClient = authenticatedClient): Promise<WorkflowDetail> {
  return toDetail(await http.request('/workflow', { method: 'PUT', body: input }));
}

export async function duplicateWorkflow(id: string, http: HttpClient = authenticatedClient): Promise<CreatedFlow> {
  return createdFlowSchema.parse(await http.request(`/workflow/${encodeURIComponent(id)}/duplicate`, { method: 'POST', body: {} }));
}

export async function deleteWorkflow(id: string, http: HttpClient = authenticatedClient): Promise<void> {
  await http.request(`/workflow/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function setWorkflowStatus(input: { id: string; status: FlowStatus }, http: HttpClient = authenticatedClient): Promise<FlowRecord> {
  const reply = z.object({ flow: flowRecordSchema }).parse(await http.request('/workflow/status', { method: 'PUT', body: input }));
  return reply.flow;
}

export async function listVersions(flowId: string, signal?: AbortSignal, http: HttpClient = authenticatedClient): Promise<VersionList> {
  return versionListSchema.parse(await http.request(`/workflow/${encodeURIComponent(flowId)}/versions`, { signal }));
}

/** One version in full (e.g. an older one opened read-only), as the domain's flat model. */
export async function getVersion(flowId: string, versionId: string, signal?: AbortSignal, http: HttpClient = authenticatedClient): Promise<FlatVersion> {
  const path = `/workflow/${encodeURIComponent(flowId)}/versions/${encodeURIComponent(versionId)}`;
  return fromStoredVersion(versionReplySchema.parse(await http.request(path, { signal })).version);
}

/** 'Use as draft': the flow's one draft becomes a copy of `fromVersionId` (replacing any draft). */
export async function createDraftFrom(flowId: string, fromVersionId: string, http: HttpClient = authenticatedClient): Promise<FlatVersion> {
  const body = { workflow_id: flowId, from_version_id: fromVersionId };
  return fromStoredVersion(versionReplySchema.parse(await http.request('/workflow/version', { method: 'POST', body })).version);
}

/**
 * The bearer client, except that the request body is `text` as it is. A flow file is nested as deep as
 * the flow is long, and JSON.stringify of the parsed object overflows near 5,000 levels
 * (src/domain/README.md), so the file's own text goes over the wire unchanged.
 */
function rawJsonBodyClient(text: string): HttpClient {
  return createAuthenticatedClient({
    baseUrl: API_BASE_URL,
    getAccessToken: tokenStorage.getAccessToken,
    refreshTokens: refreshTokenPair,
    clearTokens: tokenStorage.clearTokens,
    onAuthFailure: redirectToLogin,
    fetch: (url, init) => globalThis.fetch(url, { ...init, body: text }),
  });
}

/** Imports a flow file (ours or an Activepieces export); `text` must be JSON (checked before sending). */
export async function importWorkflow(text: string, http: HttpClient = rawJsonBodyClient(text)): Promise<CreatedFlow> {
  // The placeholder body makes the client send the JSON content type; the client above swaps in `text`.
  return createdFlowSchema.parse(await http.request('/workflow/import', { method: 'POST', body: {} }));
}

// ---- queries ----

export const workflowKeys = {
  all: ['workflows'] as const,
  lists: () => [...workflowKeys.all, 'list'] as const,
  list: (params: WorkflowListParams) => [...workflowKeys.lists(), params] as const,
  detail: (id: string) => [...workflowKeys.all, 'detail', id] as const,
  versions: (flowId: string) => [...workflowKeys.all, 'versions', flowId] as const,
  version: (flowId: string, versionId: string) => [...workflowKeys.versions(flowId), versionId] as const,
};

export const workflowListQueryOptions = (params: WorkflowListParams) =>
  queryOptions({
    queryKey: workflowKeys.list(params),
    queryFn: ({ signal }) => listWorkflows(params, signal),
    // The previous page stays on screen while the next one loads: no flash of skeletons when paging.
    placeholderData: keepPreviousData,
  });

export const workflowQueryOptions = (id: string) =>
  queryOptions({
    queryKey: workflowKeys.detail(id),
    queryFn: ({ signal }) => getWorkflow(id, signal),
    // A refusal (404 unknown workflow, 400 malformed id) will not change by asking again.
    retry: (failureCount, error) => !isClientError(error) && failureCount < 3,
  });

export const versionListQueryOptions = (flowId: string) =>
  queryOptions({
    queryKey: workflowKeys.versions(flowId),
    queryFn: ({ signal }) => listVersions(flowId, signal),
    retry: (failureCount, error) => !isClientError(error) && failureCount < 3,
  });

export const versionQueryOptions = (flowId: string, versionId: string) =>
  queryOptions({
    queryKey: workflowKeys.version(flowId, versionId),
    queryFn: ({ signal }) => getVersion(flowId, versionId, signal),
    retry: (failureCount, error) => !isClientError(error) && failureCount < 3,
  });

const statusOf = (error: unknown): unknown => (typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined);

export function isNotFound(error: unknown): boolean {
  return statusOf(error) === 404;
}

/** A 4xx answer: the request itself was refused, so retrying it unchanged is pointless. */
export function isClientError(error: unknown): boolean {
  const status = statusOf(error);
  return typeof status === 'number' && status >= 400 && status < 500;
}

export const useWorkflows = (params: WorkflowListParams) => useQuery(workflowListQueryOptions(params));
export const useWorkflow = (id: string) => useQuery(workflowQueryOptions(id));

// ---- mutations ----

const invalidateLists = (client: QueryClient) => client.invalidateQueries({ queryKey: workflowKeys.lists() });

export function useCreateWorkflow() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (displayName?: string) => createWorkflow(displayName), onSuccess: () => invalidateLists(client) });
}

/** 'Use as draft'; the versions list is asked again afterwards (the draft moved to the top). */
export function useCreateDraftFrom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { flowId: string; fromVersionId: string }) => createDraftFrom(input.flowId, input.fromVersionId),
    onSuccess: (_version, input) => client.invalidateQueries({ queryKey: workflowKeys.versions(input.flowId) }),
  });
}

export function useImportWorkflow() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (text: string) => importWorkflow(text), onSuccess: () => invalidateLists(client) });
}

export function useDuplicateWorkflow() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => duplicateWorkflow(id), onSuccess: () => invalidateLists(client) });
}

export function useRenameWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; displayName: string }) => renameWorkflow(input),
    onSuccess: (detail) => {
      client.setQueryData(workflowKeys.detail(detail.flow.id), detail);
      return invalidateLists(client);
    },
  });
}

export function useDeleteWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteWorkflow(id),
    onSuccess: (_reply, id) => {
      client.removeQueries({ queryKey: workflowKeys.detail(id) });
      return invalidateLists(client);
    },
  });
}

/**
 * Enable / disable, shown at once: every cached list page flips the row before the server answers, and
 * flips it back if the server refuses (TRIGGER_ENABLE) — the caller shows the refusal in a toast.
 */
export function useSetWorkflowStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; status: FlowStatus }) => setWorkflowStatus(input),
    onMutate: async ({ id, status }) => {
      await client.cancelQueries({ queryKey: workflowKeys.lists() });
      const before = client.getQueriesData<WorkflowPage>({ queryKey: workflowKeys.lists() });
      client.setQueriesData<WorkflowPage>({ queryKey: workflowKeys.lists() }, (page) =>
        page ? { ...page, data: page.data.map((row) => (row.id === id ? { ...row, status } : row)) } : page,
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    onSettled: () => invalidateLists(client),
  });
}
