import { apiErrorBodySchema } from '../domain/index.ts';

export type ApiErrorKind = 'http' | 'network' | 'timeout';

/**
 * Every failed call surfaces as one ApiError: `status` 0 with kind network/timeout when no response came,
 * else the HTTP status with the server's `{code, message, errors}` (or whatever body it sent, in `body`).
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: Record<string, string[]> | undefined;
  readonly body: unknown;

  constructor(init: { kind: ApiErrorKind; status: number; body?: unknown; message?: string }) {
    const parsed = apiErrorBodySchema.safeParse(init.body);
    super(parsed.success ? parsed.data.message : (init.message ?? `Request failed with status ${init.status}`));
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.body = init.body;
    this.code = parsed.success ? parsed.data.code : undefined;
    this.errors = parsed.success ? parsed.data.errors : undefined;
  }

  get isNetworkError(): boolean {
    return this.kind !== 'http';
  }

  /** The server's own sentence, when it sent one (SPEC §8's "server error field"). */
  get serverMessage(): string | undefined {
    if (this.body && typeof this.body === 'object') {
      const { error, message } = this.body as { error?: unknown; message?: unknown };
      if (typeof error === 'string' && error) return error;
      if (typeof message === 'string' && message) return message;
    }
    return undefined;
  }
}
