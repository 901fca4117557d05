/**
 * The server's refusal: an HTTP status, a SPEC §8 code and the message the client is shown. Services,
 * repositories and pieces throw it; server/http/errors.ts turns it into the reply. It lives outside
 * server/http so the layers under HTTP (server/db, repositories) can refuse without importing the HTTP layer.
 */
import type { ErrorCode } from '../../src/domain/index.ts';

/** SPEC §8 has no code for "the server has a bug"; this is the one code outside the catalogue. */
export type ApiErrorCode = ErrorCode | 'INTERNAL';

export type FieldErrors = Record<string, string[]>;

export interface ApiErrorDetails {
  errors?: FieldErrors;
  /** Some replies of SPEC §7 also carry `success: false` (reset-password). */
  success?: false;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details: ApiErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): { code: ApiErrorCode; message: string; errors?: FieldErrors; success?: false } {
    return {
      ...(this.details.success === false ? { success: false as const } : {}),
      code: this.code,
      message: this.message,
      ...(this.details.errors ? { errors: this.details.errors } : {}),
    };
  }
}

export const INVALID_REQUEST = 'Invalid request';

export function validationError(errors: FieldErrors): ApiError {
  return new ApiError(400, 'VALIDATION', INVALID_REQUEST, { errors });
}

export function notFoundError(): ApiError {
  return new ApiError(404, 'ENTITY_NOT_FOUND', 'Not found');
}
