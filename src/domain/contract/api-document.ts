/** GET /openapi.json: the API's OpenAPI 3.1 document (openapi.ts), checked loosely: it describes itself. */
import * as z from 'zod/mini';

export const openApiDocumentReplySchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
export type OpenApiDocument = z.output<typeof openApiDocumentReplySchema>;
