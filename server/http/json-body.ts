import type { FastifyInstance } from 'fastify';

/**
 * Fastify's JSON parser, except that an empty body with a JSON content type reads as "no body" instead of
 * an error: clients send `Content-Type: application/json` on a bare POST (logout, logout-all) and the
 * route's schema decides whether a body was required. Prototype poisoning is still refused.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
