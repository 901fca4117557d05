/**
 * Where an API key is never accepted: sign-in and sign-out (/api/auth/*), key management
 * (/api/api-keys) and the account (/api/account/*, and anything but reading /api/profile). A key outlives sessions, so it
 * must never mint sessions, new keys or a new password. Refused in an onRequest hook, before the body is
 * read, whatever the route does later; those routes also authenticate with `sessionFromRequest`, which
 * takes access tokens only.
 */
import type { FastifyInstance } from 'fastify';
import { KEY_NOT_ALLOWED_MESSAGE } from '../../src/domain/contract/api-keys.ts';
import { permissionDenied } from './key-auth.ts';
import { looksLikeApiKey } from './secrets.ts';

const BEARER_KEY = /^Bearer\s+(\S+)/;

/** Whether `path` (no query) is closed to API keys for `method`. */
export function closedToApiKeys(method: string, path: string): boolean {
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (under('/api/auth') || under('/api/api-keys') || under('/api/account')) return true;
  return under('/api/profile') && method !== 'GET' && method !== 'HEAD';
}

export function installApiKeyGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const token = BEARER_KEY.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !looksLikeApiKey(token)) return;
    // The route the router chose (`/api/api-keys/:id`); a path nothing serves is judged as written.
    const path = request.routeOptions.url ?? decodePath(request.url.split('?')[0] ?? '');
    if (closedToApiKeys(request.method, path)) throw permissionDenied(KEY_NOT_ALLOWED_MESSAGE);
  });
}

/** `/api/%61uth` is `/api/auth` to the router: compare what it routes, not the raw text. */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path).replace(/\/{2,}/g, '/');
  } catch {
    return path;
  }
}
