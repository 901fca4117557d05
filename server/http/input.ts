/**
 * Building blocks for request schemas shared by the workflow, variable and template routes: ids, text
 * the database can store, list paging, and a check on JSON about to go into a jsonb column.
 *
 * PostgreSQL refuses two things JavaScript strings may hold: the NUL character (text and jsonb) and lone
 * UTF-16 surrogates (jsonb; the drivers silently replace them in text). Input holding either is refused
 * here with a 400 instead of reaching the database as a 500.
 */
import { z } from 'zod';
import { ApiError } from './errors.ts';

/** A uuid as PostgreSQL prints them (any version, so hand-made ids in tests and fixtures pass too). */
export const idSchema = z.guid('Enter a valid id');
export const idParamsSchema = z.object({ id: idSchema });

const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const UNSTORABLE_TEXT = 'Contains characters that cannot be stored';

export const isStorableText = (text: string): boolean => !text.includes(NUL) && !LONE_SURROGATE.test(text);

/** Free text of at most `max` characters, trimmed; `min` 1 makes it required. */
export function textSchema(max: number, min = 0, requiredMessage = 'This field is required') {
  return z
    .string()
    .trim()
    .min(min, requiredMessage)
    .max(max, `Use at most ${max} characters`)
    .refine(isStorableText, UNSTORABLE_TEXT);
}

/** A query parameter sent empty (`?status=`) means "not given". */
export function optionalQuery<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

export const pageSchema = optionalQuery(z.coerce.number().int().min(1).max(1_000_000)).transform((v) => v ?? 1);
export const limitSchema = optionalQuery(z.coerce.number().int().min(1).max(100, 'At most 100 per page')).transform(
  (v) => v ?? 10,
);

/** An ISO 8601 instant with a time zone (Z or an offset). */
export const instantSchema = z.iso.datetime({ offset: true, message: 'Enter an ISO 8601 date and time' });

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}

/**
 * JSON text for a jsonb parameter. JSON.stringify writes NUL as \u0000 and a lone surrogate as \udXXX
 * (a valid pair is written as the characters themselves), both of which PostgreSQL refuses; an escape
 * counts only after an even run of backslashes (`\\u0000` is a backslash followed by "u0000").
 */
const UNSTORABLE_ESCAPE = /(?:^|[^\\])(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

export function storableJson(value: unknown, what: string): string {
  const text = JSON.stringify(value);
  if (UNSTORABLE_ESCAPE.test(text)) {
    throw new ApiError(400, 'VALIDATION', `${what} contains characters that cannot be stored (a NUL character or a broken Unicode surrogate)`);
  }
  return text;
}

/** `2024-01-02T03:04:05.678Z` from a database timestamp (a Date from either driver, or text). */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function isoOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : iso(value);
}
