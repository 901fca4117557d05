/**
 * A request's typed fields checked with the contract's schema before sending: what the server would
 * refuse is refused here with the same answer (400 VALIDATION, the same per-field messages), without a
 * round trip. Only fields a person types are checked this way (names, values, titles); ids and the rest
 * are the server's to judge. The body goes out as given, never as the schema's output.
 */
import * as z from 'zod/mini';
import { fieldErrorsOf, INVALID_REQUEST } from '../domain/contract/field-errors.ts';
import { ApiError } from './api-error.ts';

export function checkedBody<T>(schema: z.core.$ZodType, body: T): T {
  const result = z.safeParse(schema, body);
  if (!result.success) {
    throw new ApiError({ kind: 'http', status: 400, body: { code: 'VALIDATION', message: INVALID_REQUEST, errors: fieldErrorsOf(result.error) } });
  }
  return body;
}
