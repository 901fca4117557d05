/**
 * Fastify's JSON parser with two changes:
 * - an empty body with a JSON content type reads as "no body" instead of an error: clients send
 *   `Content-Type: application/json` on a bare POST (logout, logout-all) and the route's schema decides
 *   whether a body was required;
 * - the text's nesting depth is counted before it is parsed (iteratively, see src/domain/json-limits.ts),
 *   and a body deeper than the route allows answers 400 naming the limit, so nothing recursive on the
 *   server ever meets a hostile depth. Routes that take flow files (whose chains nest a level per step)
 *   raise the limit with `config: { jsonDepth }`.
 * Prototype poisoning is still refused.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonTextDepth, MAX_JSON_DEPTH } from '../../src/domain/index.ts';
import { ApiError } from '../shared/api-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Deepest JSON body this route accepts (default MAX_JSON_DEPTH). */
    jsonDepth?: number;
  }
}

export function bodyDepthLimit(request: FastifyRequest): number {
  return request.routeOptions.config?.jsonDepth ?? MAX_JSON_DEPTH;
}

export function tooDeep(limit: number): ApiError {
  return new ApiError(400, 'VALIDATION', `The request body nests deeper than ${limit} levels`, {
    errors: { _: [`JSON may nest at most ${limit} levels`] },
  });
}

export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    const limit = bodyDepthLimit(request);
    if (jsonTextDepth(text, limit) > limit) {
      done(tooDeep(limit), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
