/**
 * The API's OpenAPI document (GET /api/openapi.json), for the reference page. Public: the page fetches
 * it without the bearer, as any other client would. Query key ['openapi-document'].
 */
import { queryOptions } from '@tanstack/react-query';
import { openApiDocumentReplySchema, type OpenApiDocument } from '../domain/contract/api-document.ts';
import { publicClient } from './clients.ts';
import type { HttpClient } from './http-client.ts';

export type { OpenApiDocument };

export async function fetchOpenApiDocument(signal?: AbortSignal, http: HttpClient = publicClient): Promise<OpenApiDocument> {
  return openApiDocumentReplySchema.parse(await http.request('/openapi.json', { signal }));
}

export const OPENAPI_DOCUMENT_URL = '/api/openapi.json';

export const openApiDocumentQuery = () =>
  queryOptions({
    queryKey: ['openapi-document'] as const,
    queryFn: ({ signal }) => fetchOpenApiDocument(signal),
    // The server sends the same document until it is upgraded.
    staleTime: 5 * 60_000,
  });
