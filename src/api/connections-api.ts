/**
 * Connections: credentials an HTTP step uses by name. No reply ever holds a secret part, and the UI
 * never asks for one: an edit leaves out every secret field left empty, and the server keeps it.
 *
 * Query keys: ['connections', 'list'], ['connections', 'usage', id]; mutations invalidate ['connections']
 * and the pieces' dynamic choices (PIECE_OPTIONS_KEY), which list connections by name in the HTTP step.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  CONNECTION_MESSAGES,
  connectionListSchema,
  connectionSchema,
  connectionTestReplySchema,
  connectionUsageSchema,
  newConnectionFieldsSchema,
  testUrlSchema,
  updateConnectionBodySchema,
  type Connection,
  type ConnectionTestReply,
  type ConnectionUsage,
  type UpdateConnectionBody,
} from '../domain/contract/connections.ts';
// Types only: the create body's schema is composed in requests.ts, which the browser does not load.
import type { CreateConnectionBody } from '../domain/contract/requests.ts';
import * as z from 'zod/mini';
import { ApiError } from './api-error.ts';
import { checkedBody } from './checked-body.ts';
import { authenticatedClient } from './clients.ts';
import type { HttpClient } from './http-client.ts';

export { CONNECTION_MESSAGES, CONNECTION_TYPE_LABELS, CONNECTION_TYPES } from '../domain/contract/connections.ts';
export type { Connection, ConnectionTestReply, ConnectionType, ConnectionUsage } from '../domain/contract/connections.ts';

export type CreateConnectionRequest = CreateConnectionBody;
export type UpdateConnectionRequest = UpdateConnectionBody;

const testBodySchema = z.object({ url: testUrlSchema });

export function createConnectionsApi(http: HttpClient) {
  const path = (id: string) => `/connections/${encodeURIComponent(id)}`;
  return {
    async list(signal?: AbortSignal): Promise<Connection[]> {
      return connectionListSchema.parse(await http.request('/connections', { signal })).data;
    },
    async create(request: CreateConnectionRequest): Promise<Connection> {
      return connectionSchema.parse(await http.request('/connections', { method: 'POST', body: checkedBody(newConnectionFieldsSchema, request) }));
    },
    async update(id: string, request: UpdateConnectionRequest): Promise<Connection> {
      return connectionSchema.parse(await http.request(path(id), { method: 'PUT', body: checkedBody(updateConnectionBodySchema, request) }));
    },
    /** `force` deletes one that steps still use (after the person saw where). */
    async remove(id: string, force: boolean): Promise<void> {
      await http.request(path(id), { method: 'DELETE', query: force ? { force: 'true' } : {} });
    },
    async usage(id: string, signal?: AbortSignal): Promise<ConnectionUsage> {
      return connectionUsageSchema.parse(await http.request(`${path(id)}/usage`, { signal }));
    },
    async test(id: string, url: string): Promise<ConnectionTestReply> {
      return connectionTestReplySchema.parse(await http.request(`${path(id)}/test`, { method: 'POST', body: checkedBody(testBodySchema, { url }) }));
    },
  };
}

export const connectionsApi = createConnectionsApi(authenticatedClient);

export const connectionKeys = {
  all: ['connections'] as const,
  list: () => ['connections', 'list'] as const,
  usage: (id: string) => ['connections', 'usage', id] as const,
};

/** The prefix of every piece's dynamic choices (runs-api.ts `runKeys.options`). */
export const PIECE_OPTIONS_KEY = ['piece-options'] as const;

export const connectionListQuery = () => queryOptions({ queryKey: connectionKeys.list(), queryFn: ({ signal }) => connectionsApi.list(signal) });

/** Where a connection is used: always read afresh when asked (a delete decides on it). */
export const connectionUsageQuery = (id: string) =>
  queryOptions({ queryKey: connectionKeys.usage(id), queryFn: ({ signal }) => connectionsApi.usage(id, signal), staleTime: 0 });

/** The server's per-field messages of a refused save, the first one per field (`_`: about the whole request). */
export function connectionFieldErrors(error: unknown): Partial<Record<string, string>> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  const fields: Partial<Record<string, string>> = {};
  for (const [field, messages] of Object.entries(error.errors)) if (messages[0]) fields[field] = messages[0];
  return fields;
}

/** SPEC §6: a caller without write permission (a read-only API key) is told in the catalogue's words. */
export function connectionSaveMessage(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status === 403) return CONNECTION_MESSAGES.permissionDenied;
  return undefined;
}
