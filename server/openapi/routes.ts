/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of this server (src/domain/contract/openapi.ts), public.
 * Built once per process, when the routes are registered, and kept as text and as gzip, with an ETag: a
 * request costs no work, a client that has it gets a 304, and the ~60 KB travel as ~8 KB.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '../../src/domain/contract/openapi.ts';

/** Kept five minutes, then revalidated with the ETag (a new server version is a new document). */
const CACHE_CONTROL = 'public, max-age=300';

interface Served {
  text: string;
  gzipped: Buffer;
  etag: string;
}

let served: Served | undefined;

function serverVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}

function document(): Served {
  if (!served) {
    const text = JSON.stringify(openApiDocument({ version: serverVersion() }));
    served = { text, gzipped: gzipSync(text, { level: 9 }), etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"` };
  }
  return served;
}

const matches = (ifNoneMatch: string | undefined, etag: string): boolean =>
  ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');

/** `Accept-Encoding` names gzip (or `*`) without `q=0`. */
function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

export function openApiRoutes() {
  const { text, gzipped, etag } = document();
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/openapi.json', async (request, reply) => {
      void reply.header('cache-control', CACHE_CONTROL).header('etag', etag).header('vary', 'accept-encoding');
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      void reply.type('application/json; charset=utf-8');
      if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(gzipped);
      return reply.send(text);
    });
  };
}
