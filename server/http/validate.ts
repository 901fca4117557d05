import { z } from 'zod';
import { type FieldErrors, validationError } from './errors.ts';

/** Field errors as the UI maps them: one list per field, errors about the whole value under "_". */
export function fieldErrorsOf(error: z.core.$ZodError): FieldErrors {
  const flat = z.flattenError(error);
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(flat.fieldErrors as Record<string, string[] | undefined>)) {
    if (messages && messages.length > 0) errors[field] = messages;
  }
  if (flat.formErrors.length > 0) errors._ = flat.formErrors;
  return errors;
}

/** Parses untrusted input (a body, a query, path parameters) or throws a 400 VALIDATION ApiError. */
// Typed by zod's core so that both classic schemas and the shared zod/mini ones (src/domain) fit.
export function parse<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw validationError(fieldErrorsOf(result.error));
  return result.data;
}
