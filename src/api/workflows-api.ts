/**
 * The workflow endpoints (SPEC §7 "Workflow service"), bulletproof-react style: each call's fetcher, its
 * query options or mutation hook. Requests and replies are the contract's (src/domain/contract): a reply
 * must pass its schema, and a name a person typed is checked before it is sent. Server data lives in
 * TanStack Query's cache only; screens read it through these hooks.
 *
 * A workflow's version arrives in the stored flat form and is turned into the domain's `FlatVersion`
 * with `fromStoredVersion` (which checks every step and link), so screens never see unchecked steps.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { fromStoredVersion, type FlatVersion, type FlowStatus } from '../domain/index.ts';
import {
  createdWorkflowSchema,
  versionListSchema,
  versionReplySchema,
  WORKFLOW_PAGE_SIZE,
  workflowPageSchema,
  workflowStatusReplySchema,
  workflowFieldsSchema,
  workflowUpdateFieldsSchema,
  workflowWithVersionSchema,
  type CreatedWorkflow,
  type VersionList,
  type Workflow,
  type WorkflowPage,
} from '../domain/contract/workflows.ts';
import { workflowBulkReplySchema, type BulkAction, type SortOrder, type WorkflowBulkReply, type WorkflowSort } from '../domain/contract/workflow-list.ts';
import { checkedBody } from './checked-body.ts';
import { authenticatedClient } from './clients.ts';
import type { HttpClient } from './http-client.ts';

export { WORKFLOW_PAGE_SIZE, workflowPageSchema, versionListSchema };
export type { VersionList, WorkflowPage };
export type { VersionSummary, WorkflowSummary } from '../domain/contract/workflows.ts';


/** A workflow opened for viewing: the flow and its current version as the domain's flat model. */
export interface WorkflowDetail {
  flow: Workflow;
  version: FlatVersion;
}

function toDetail(reply: unknown): WorkflowDetail {
  const { flow, version } = workflowWithVersionSchema.parse(reply);
  return { flow, version: fromStoredVersion(version) };
}

// ---- fetchers ----

export interface WorkflowListParams {
  page: number;
  limit?: number;
  /** Case-insensitive part of the name; empty means no filter. */
  name?: string;
  status?: FlowStatus;
  /** One folder's workflows, or UNCATEGORIZED_FOLDER ('NULL') for those in none; absent means all. */
  folderId?: string;
  /** Sorted on the server (issue 17); absent: updated, newest first. */
  sort?: WorkflowSort;
  order?: SortOrder;
}

export async function listWorkflows(params: WorkflowListParams, signal?: AbortSignal, http: HttpClient = authenticatedClient): Promise<WorkflowPage> {
  const query = {
    page: params.page,
    limit: params.limit ?? WORKFLOW_PAGE_SIZE,
    name: params.name || undefined,
    status: params.status,
    folderId: params.folderId,
    sort: params.sort,
    order: params.order,
  };
  return workflowPageSchema.parse(await http.request('/workflow/paginate', { query, signal }));
}

export async function getWorkflow(id: string, signal?: AbortSignal, http: HttpClient = authenticatedClient): Promise<WorkflowDetail> {
  return toDetail(await http.request(`/workflow/${encodeURIComponent(id)}`, { signal }));
}

/**
 * POST /workflow. `provisional` (the New button's /workflows/create): the server keeps it out of the
 * list until its first edit and deletes it after a day without one, so an abandoned visit leaves nothing.
 */
export async function createWorkflow(displayName?: string, http: HttpClient = authenticatedClient, options: { provisional?: boolean } = {}): Promise<CreatedWorkflow> {
  const fields = checkedBody(workflowFieldsSchema, displayName ? { displayName } : {});
  const body = options.provisional ? { ...fields, provisional: true } : fields;
  return createdWorkflowSchema.parse(await http.request('/workflow', { method: 'POST', body }));
}

/** POST /workflow/bulk: one action over up to BULK_MAX_IDS workflows; what it did and what it did not. */
export async function bulkWorkflows(
  input: { action: BulkAction; ids: readonly string[]; folderId?: string | null },
  http: HttpClient = authenticatedClient,
): Promise<WorkflowBulkReply> {
  return workflowBulkReplySchema.parse(await http.request('/workflow/bulk', { method: 'POST', body: input }));
}

/** PUT /workflow: what a person gives a workflow (its name, its minutes saved per run), checked before sending. */
export interface WorkflowUpdate {
  id: string;
  displayName?: string;
  timeSavedPerRun?: number;
  /** null: no limit of its own. */
  maxConcurrentRuns?: number | null;
  /** The folder to file it in; null takes it out of its folder. */
  folderId?: string | null;
}

export async function updateWorkflow(input: WorkflowUpdate, http: HttpClient = authenticatedClient): Promise<WorkflowDetail> {
  return toDetail(await http.request('/workflow', { method: 'PUT', body: checkedBody(workflowUpdateFieldsSchema, input) }));
}

export async function renameWorkflow(input: { id: string; displayName: string }, http: HttpClient = authenticatedClient): Promise<WorkflowDetail> {
  return updateWorkflow(input, http);
}

export async function duplicateWorkflow(id: string, http: HttpClient = authenticatedClient): Promise<CreatedWorkflow> {
  return createdWorkflowSchema.parse(await http.request(`/workflow/${encodeURIComponent(id)}/duplicate`, { method: 'POST', body: {} }));
}

export async function deleteWorkflow(id: string, http: HttpClient = authenticatedClient): Promise<void> {
  await http.request(`/workflow/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function setWorkflowStatus(input: { id: string; status: FlowStatus }, http: HttpClient = authenticatedClient): Promise<Workflow> {
  return workflowStatusReplySchema.parse(await http.request('/workflow/status', { method: 'PUT', body: input })).flow;
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
 * Imports a flow file (ours or an Activepieces export); `text` must be JSON (checked before sending). The
 * file's own text goes over the wire unchanged: a flow file is nested as deep as the flow is long, and
 * JSON.stringify of the parsed object overflows near 5,000 levels (src/domain/README.md).
 */
export async function importWorkflow(text: string, http: HttpClient = authenticatedClient): Promise<CreatedWorkflow> {
  return createdWorkflowSchema.parse(await http.request('/workflow/import', { method: 'POST', rawBody: text }));
}

// ---- queries ----

export const workflowKeys = {
  all: ['workflows'] as const,
  lists: () => [...workflowKeys.all, 'list'] as const,
  list: (params: WorkflowListParams) => [...workflowKeys.lists(), params] as const,
  detail: (id: string) => [...workflowKeys.all, 'detail', id] as const,
  versions: (flowId: string) => [...workflowKeys.all, 'versions', flowId] as const,
  version: (flowId: string, versionId: string) => [...workflowKeys.versions(flowId), versionId] as const,
  /** The folders with their counts (folders-api.ts): creating, moving or deleting a workflow changes them. */
  folders: () => [...workflowKeys.all, 'folders'] as const,
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

/** One version in full, for comparing two (a stored version never changes once locked; a draft may). */
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

// ---- mutations ----

const invalidateLists = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: workflowKeys.lists() }), client.invalidateQueries({ queryKey: workflowKeys.folders() })]);

export function useCreateWorkflow() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (displayName?: string) => createWorkflow(displayName), onSuccess: () => invalidateLists(client) });
}

/** The New button's workflow: provisional, so it joins the list only once edited (nothing to refresh). */
export function useCreateProvisionalWorkflow() {
  return useMutation({ mutationFn: () => createWorkflow(undefined, authenticatedClient, { provisional: true }) });
}

/** A bulk action over selected rows; the lists and folder counts are read again whatever it did. */
export function useBulkWorkflows() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: BulkAction; ids: readonly string[]; folderId?: string | null }) => bulkWorkflows(input),
    onSettled: (_reply, _error, input) => {
      if (input.action === 'DELETE') for (const id of input.ids) client.removeQueries({ queryKey: workflowKeys.detail(id) });
      return invalidateLists(client);
    },
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

/** Saves a workflow's fields (name, minutes saved per run) and refreshes the lists that show them. */
export function useUpdateWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkflowUpdate) => updateWorkflow(input),
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
