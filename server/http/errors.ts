/**
 * Every error the API answers has the shape `{code, message, errors?}` with a code of SPEC §8. Handlers
 * throw `ApiError` (server/shared/api-error.ts); `installErrorHandler` turns it, and whatever Fastify
 * itself rejects (bad JSON, a body too large, an unknown content type), into that shape. Anything else is
 * a bug: a logged 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, INVALID_REQUEST, notFoundError } from '../shared/api-error.ts';

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as { statusCode?: unknown }).statusCode === 'number';
}

/** What Fastify rejects before a handler runs: all of it is the client's fault, none of it a 500. */
function fromFastifyError(error: FastifyError, bodyLimit: number | undefined): ApiError | undefined {
  const status = error.statusCode ?? 500;
  if (status >= 500) return undefined;
  if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    // The limit is named, so a client knows how much smaller to send (a flow file: 20 MB).
    const errors = bodyLimit ? { errors: { _: [`A body may be at most ${bodyLimit} bytes`] } } : {};
    return new ApiError(413, 'VALIDATION', 'Request body is too large', errors);
  }
  if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new ApiError(415, 'VALIDATION', 'Unsupported content type');
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return new ApiError(400, 'VALIDATION', INVALID_REQUEST, { errors: { _: ['Body is not valid JSON'] } });
  }
  if (status === 404) return notFoundError();
  return new ApiError(status, 'VALIDATION', INVALID_REQUEST);
}

/**
 * SQLSTATEs of data PostgreSQL cannot store or handle: a character the encoding refuses (NUL, a broken
 * surrogate in jsonb), a value nested or sized past its limits. Input checks refuse these first; this is
 * the net under them, so such input is still the client's 400 and not a 500.
 */
const UNSTORABLE_DATA = new Set(['22021', '22P05', '54000', '54001']);

function fromDatabaseError(error: unknown): ApiError | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code !== 'string' || !UNSTORABLE_DATA.has(code)) return undefined;
  return new ApiError(400, 'VALIDATION', 'The request holds data that cannot be stored');
}

/**
 * What Fastify answers itself, before routing (a path with a broken escape, a path parameter past its
 * length limit), in the API's shape: its own reply named a framework code and echoed the path, and went
 * out without the hooks that set the security headers.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const apiError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError(414, 'VALIDATION', 'A part of the address is too long')
      : new ApiError(400, 'VALIDATION', 'The address is not valid');
  void reply.header('x-content-type-options', 'nosniff').code(apiError.status).send(apiError.toBody());
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const apiError =
      error instanceof ApiError ? error : isFastifyError(error) ? fromFastifyError(error, request.routeOptions.bodyLimit) : fromDatabaseError(error);
    if (apiError) {
      if (apiError.details.headers) reply.headers(apiError.details.headers);
      return reply.code(apiError.status).send(apiError.toBody());
    }
    request.log.error({ err: error }, 'Unexpected error');
    return reply.code(500).send({ code: 'INTERNAL', message: 'Server error' });
  });
}
