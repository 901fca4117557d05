/**
 * API keys (/settings/api-keys): list, create (the reply holds the secret, the only time it is ever
 * sent), revoke. Only a signed-in session may call these; the server refuses an API key here.
 *
 * Query keys: ['api-keys']; create and revoke invalidate it.
 */
import * as z from 'zod/mini';
import { queryOptions } from '@tanstack/react-query';
import {
  apiKeyFields,
  apiKeyListSchema,
  createdApiKeySchema,
  type ApiKey,
  type ApiKeyList,
  type ApiKeyScope,
  type CreatedApiKey,
} from '../domain/contract/api-keys.ts';
import { successReplySchema } from '../domain/contract/variables.ts';
import { checkedBody } from './checked-body.ts';
import { authenticatedClient } from './clients.ts';
import type { HttpClient } from './http-client.ts';

export type { ApiKey, ApiKeyList, ApiKeyScope, CreatedApiKey };

/** POST /api-keys: `expires_at` null is "never". */
export interface CreateApiKeyRequest {
  name: string;
  scope: ApiKeyScope;
  expires_at: string | null;
  /** The current password; left out for an account without one. */
  password?: string;
}

const typedFieldsSchema = z.object(apiKeyFields);

export function createApiKeysApi(http: HttpClient) {
  return {
    async list(signal?: AbortSignal): Promise<ApiKeyList> {
      return apiKeyListSchema.parse(await http.request('/api-keys', { signal }));
    },
    async create(request: CreateApiKeyRequest): Promise<CreatedApiKey> {
      const { expires_at: _expiresAt, ...typed } = request;
      checkedBody(typedFieldsSchema, typed);
      return createdApiKeySchema.parse(await http.request('/api-keys', { method: 'POST', body: request }));
    },
    async revoke(id: string): Promise<void> {
      successReplySchema.parse(await http.request(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }));
    },
  };
}

export const apiKeysApi = createApiKeysApi(authenticatedClient);

export const apiKeyKeys = { all: ['api-keys'] as const };

export const apiKeyListQuery = () => queryOptions({ queryKey: apiKeyKeys.all, queryFn: ({ signal }) => apiKeysApi.list(signal) });
