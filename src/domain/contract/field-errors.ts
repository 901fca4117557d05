/**
 * A refusal as the API words it and the UI maps it (SPEC §8 VALIDATION): one list of messages per field,
 * errors about the whole value under "_". The server answers with it and the API client builds the same
 * from the same schema, so a form shows one message whichever side refused.
 */
import type * as z from 'zod/mini';

export type FieldErrors = Record<string, string[]>;

/**
 * Each issue under the first segment of its path, in order (zod's flattenError, written out: the browser
 * then loads no more of zod than its schemas need).
 */
export function fieldErrorsOf(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  const wholeValue: string[] = [];
  for (const issue of error.issues) {
    if (issue.path.length > 0) (errors[String(issue.path[0])] ??= []).push(issue.message);
    else wholeValue.push(issue.message);
  }
  if (wholeValue.length > 0) errors._ = wholeValue;
  return errors;
}

/** The sentence of every VALIDATION refusal. */
export const INVALID_REQUEST = 'Invalid request';
