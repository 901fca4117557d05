import * as z from 'zod/mini';
import { fieldErrorsOf } from '../../src/domain/contract/field-errors.ts';
import { validationError } from '../shared/api-error.ts';

// zod/mini leaves its built-in messages to a locale; the API words them in English (classic zod's default).
z.config(z.locales.en());

/** Parses untrusted input (a body, a query, path parameters) or throws a 400 VALIDATION ApiError. */
// Typed by zod's core so that both classic schemas and the contract's zod/mini ones (src/domain) fit.
export function parse<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw validationError(fieldErrorsOf(result.error));
  return result.data;
}
