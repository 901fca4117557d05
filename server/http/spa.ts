/**
 * Serves the built single-page app. Files under dist/static/ carry content hashes in their names and are
 * cached for a year; everything else, index.html above all, is revalidated on every load. Any other GET
 * that asks for HTML is a client-side route and gets index.html (history fallback), with the runtime
 * configuration the browser needs injected before </head>. Unknown /api and /ws paths answer JSON 404s.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundError } from '../shared/api-error.ts';

export interface SpaOptions {
  distDir: string;
  googleClientId: string | undefined;
}

/** What the browser reads from `<script id="flowsmith-config">` at start. */
export interface BrowserConfig {
  googleClientId: string | null;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT =
  'Flowsmith has not been built yet.\n\nRun `npm run build` (or `npm start`, which builds what is missing), then reload this page.\n';

/** JSON that is safe inside a <script> element: nothing in it can close the element or start a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function injectBrowserConfig(html: string, config: BrowserConfig): string {
  const tag = `<script id="flowsmith-config" type="application/json">${scriptSafeJson(config)}</script>`;
  const headEnd = html.search(/<\/head>/i);
  return headEnd === -1 ? tag + html : html.slice(0, headEnd) + tag + html.slice(headEnd);
}

function isApiOrSocketPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/') || path === '/ws' || path.startsWith('/ws/');
}

export async function registerSpa(app: FastifyInstance, options: SpaOptions): Promise<void> {
  const distDir = resolve(options.distDir);
  const indexFile = join(distDir, 'index.html');
  const browserConfig: BrowserConfig = { googleClientId: options.googleClientId ?? null };

  async function sendIndex(reply: FastifyReply): Promise<FastifyReply> {
    let html: string;
    try {
      // Read per request (it is small) so a rebuild is picked up without a restart.
      html = await readFile(indexFile, 'utf8');
    } catch {
      return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
    }
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-frame-options', 'DENY')
      .send(injectBrowserConfig(html, browserConfig));
  }

  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz copies of each asset; send the smallest the browser accepts.
      preCompressed: true,
      // index.html is only ever served with its configuration injected (by the not-found handler below).
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(reply, filePath) {
        const inDist = relative(distDir, filePath);
        reply.header('cache-control', inDist.startsWith(`static${sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.get('/', (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiOrSocketPath(request.url) &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return sendIndex(reply);
    const error = notFoundError();
    return reply.code(error.status).send(error.toBody());
  });
}
