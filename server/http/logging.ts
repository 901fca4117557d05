/**
 * Logger options for Fastify's pino: JSON lines, and nothing secret in them. Headers that carry
 * credentials and any field named like a password, a token or a variable's value are censored; request URLs lose the values
 * of query parameters that carry tokens (the SPA's /reset-password?token=... page is requested that way)
 * and the secret of webhook URLs.
 *
 * Errors are logged by a bounded serializer: a database error may carry the statement's parameters (a
 * run's whole record, megabytes) and pino's default copies every field, so one failing run once wrote
 * gigabytes of logs. A logged error keeps its type, code, a cut message and a cut stack, nothing else.
 */
import type { FastifyServerOptions } from 'fastify';

/** The object form of Fastify's `logger` option (pino options). */
export type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/** `value`: a variable's value may be sensitive (server/variables); no log line carries one. */
const SECRET_FIELDS = ['password', 'token', 'access_token', 'refresh_token', 'credentials', 'jwtSecret', 'valuesKey', 'previousValuesKey', 'smtpUrl', 'value'];
const SECRET_QUERY = /([?&](?:token|email_token|access_token|refresh_token|credentials|code)=)[^&#]*/gi;
/**
 * The sign-in guard sends a signed-out visitor of a link to /login?redirect=<the link, encoded>, so a
 * token in the link (an email-change link) arrives encoded inside `redirect`: it is decoded, redacted and
 * encoded again, a few levels deep; a value that does not decode, or nests deeper, is redacted whole.
 */
const REDIRECT_QUERY = /([?&]redirect=)([^&#]*)/gi;
const MAX_REDIRECT_NESTING = 4;

/** A webhook URL's path is its credential (server/runs/webhook-routes.ts). */
const WEBHOOK_SECRET = /(\/webhooks\/)[^/?#]+/gi;

export function redactUrl(url: string, nesting = 0): string {
  return url
    .replace(REDIRECT_QUERY, (_match, key: string, value: string) => key + redactRedirect(value, nesting))
    .replace(SECRET_QUERY, '$1[redacted]')
    .replace(WEBHOOK_SECRET, '$1[redacted]');
}

function redactRedirect(value: string, nesting: number): string {
  // Encoded once by the guard, maybe again by whoever passed the link on: decoded until it stops changing.
  let decoded = value;
  for (let level = 0; ; level++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded.replace(/\+/g, ' '));
    } catch {
      return '[redacted]';
    }
    if (next === decoded) break;
    if (level >= MAX_REDIRECT_NESTING || nesting >= MAX_REDIRECT_NESTING) return '[redacted]';
    decoded = next;
  }
  if (decoded === value) return value;
  const redacted = redactUrl(decoded, nesting + 1);
  return redacted === decoded ? value : encodeURIComponent(redacted);
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

const MAX_LOGGED_MESSAGE = 1000;
const MAX_LOGGED_STACK = 4000;

const cut = (text: unknown, max: number): string | undefined =>
  typeof text === 'string' ? (text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text) : undefined;

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  cause?: LoggedError;
}

/** What a log line keeps of an error: bounded whatever the error carries. */
export function boundedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: cut(String(error), MAX_LOGGED_MESSAGE) ?? '', stack: '' };
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: unknown }).cause;
  return {
    type: error.name,
    message: cut(error.message, MAX_LOGGED_MESSAGE) ?? '',
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    stack: cut(error.stack, MAX_LOGGED_STACK) ?? '',
    ...(cause !== undefined && depth < 2 ? { cause: boundedError(cause, depth + 1) } : {}),
  };
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((field) => `*.${field}`),
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: (error: unknown) => boundedError(error),
      req(request: LoggedRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
