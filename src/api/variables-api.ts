/**
 * Variables: global ones (no workflow) and a workflow's own. A sensitive variable's value never comes back
 * from the server — the reply simply has no `value` — and the UI never asks for it: to keep it on edit,
 * the update leaves `value` out.
 *
 * Query keys: ['variables', 'list', scope] where scope is 'global' or the workflow id; mutations
 * invalidate ['variables'] (a workflow's page and the global page may both be cached).
 */
import * as z from 'zod/mini';
import { queryOptions } from '@tanstack/react-query';
import {
  updateVariableBodySchema,
  newVariableFieldsSchema,
  variableListSchema,
  variableSchema,
  type UpdateVariableBody,
  type Variable,
  type VariableStatus,
  type VariableType,
} from '../domain/contract/variables.ts';
// Types only: the create body's schema is the server's to run (requests.ts is not loaded in the browser).
import type { CreateVariableBody } from '../domain/contract/requests.ts';
import { ApiError } from './api-error.ts';
import { checkedBody } from './checked-body.ts';
import { authenticatedClient } from './clients.ts';
import type { HttpClient } from './http-client.ts';

export { VARIABLE_STATUSES, VARIABLE_TYPES, variableSchema } from '../domain/contract/variables.ts';
export type { Variable, VariableStatus, VariableType };

/** What the variable dialog sends (POST /variables): its fields, and the workflow's id for a workflow's own variable. */
export type CreateVariableRequest = Omit<CreateVariableBody, 'value' | 'workflow_id'> & { value: string; workflow_id?: string };
/** Every field optional; no `value` keeps the stored one (the only way to keep a sensitive value). */
export type UpdateVariableRequest = Omit<UpdateVariableBody, 'value'> & { value?: string };

/** GET /workflow/{id}, read only for the heading: just the flow's id and name (`workflowSchema` holds the rest). */
const workflowHeaderSchema = z.object({ flow: z.object({ id: z.string(), displayName: z.string() }) });
export type WorkflowHeader = z.output<typeof workflowHeaderSchema>['flow'];

export function createVariablesApi(http: HttpClient) {
  return {
    async list(workflowId?: string): Promise<Variable[]> {
      const reply = await http.request('/variables', { query: { workflow_id: workflowId } });
      return variableListSchema.parse(reply).data;
    },
    async create(request: CreateVariableRequest): Promise<Variable> {
      return variableSchema.parse(await http.request('/variables', { method: 'POST', body: checkedBody(newVariableFieldsSchema, request) }));
    },
    async update(id: string, request: UpdateVariableRequest): Promise<Variable> {
      return variableSchema.parse(await http.request(`/variables/${encodeURIComponent(id)}`, { method: 'PUT', body: checkedBody(updateVariableBodySchema, request) }));
    },
    async remove(id: string): Promise<void> {
      await http.request(`/variables/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    /** The workflow a variables page belongs to, for its heading. */
    async workflow(id: string): Promise<WorkflowHeader> {
      return workflowHeaderSchema.parse(await http.request(`/workflow/${encodeURIComponent(id)}`)).flow;
    },
  };
}

export const variablesApi = createVariablesApi(authenticatedClient);

/** The server's per-field messages of a refused save (400/409 VALIDATION), the first one per field. */
export function variableFieldErrors(error: unknown): Partial<Record<string, string>> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  const fields: Partial<Record<string, string>> = {};
  for (const [field, messages] of Object.entries(error.errors)) if (messages[0]) fields[field] = messages[0];
  return fields;
}

/** 404, or a 400 VALIDATION refusing the id itself (not a UUID): no such workflow either way. */
export const isMissingWorkflow = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || (error.status === 400 && error.code === 'VALIDATION'));

export const variableKeys = {
  all: ['variables'] as const,
  list: (workflowId?: string) => ['variables', 'list', workflowId ?? 'global'] as const,
  /** Outside ['variables']: saving a variable does not change the workflow's name. */
  workflow: (id: string) => ['variables-workflow', id] as const,
};

export const variableListQuery = (workflowId?: string) =>
  queryOptions({ queryKey: variableKeys.list(workflowId), queryFn: () => variablesApi.list(workflowId) });

export const variableWorkflowQuery = (id: string) =>
  queryOptions({
    queryKey: variableKeys.workflow(id),
    queryFn: () => variablesApi.workflow(id),
    // a workflow that does not exist (or an id that cannot be one) will not appear on retry
    retry: (count, error) => !isMissingWorkflow(error) && count < 3,
  });
