/**
 * Logger options for Fastify's pino: JSON lines, and nothing secret in them. Headers that carry
 * credentials and any field named like a password, a token or a variable's value are censored; request URLs lose the values
 * of query parameters that carry tokens (the SPA's /reset-password?token=... page is requested that way)
 * and the secret of webhook URLs.
 */
import type { FastifyServerOptions } from 'fastify';

/** The object form of Fastify's `logger` option (pino options). */
export type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/** `value`: a variable's value may be sensitive (server/variables); no log line carries one. */
const SECRET_FIELDS = ['password', 'token', 'access_token', 'refresh_token', 'credentials', 'jwtSecret', 'valuesKey', 'previousValuesKey', 'smtpUrl', 'value'];
const SECRET_QUERY = /([?&](?:token|access_token|refresh_token|credentials|code)=)[^&#]*/gi;

/** A webhook URL's path is its credential (server/engine/webhook-routes.ts). */
const WEBHOOK_SECRET = /(\/webhooks\/)[^/?#]+/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]').replace(WEBHOOK_SECRET, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
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
      req(request: LoggedRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
