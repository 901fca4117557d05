/**
 * Values on their way into and out of PostgreSQL. It refuses two things JavaScript strings may hold: the
 * NUL character (text and jsonb) and lone UTF-16 surrogates (jsonb; the drivers silently replace them in
 * text). Input holding either is refused with a 400 (an ApiError) instead of reaching the database as a
 * 500. Timestamps come back as Dates (pg) or text (PGlite) and leave as ISO 8601.
 */
import { ApiError } from '../shared/api-error.ts';

const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const UNSTORABLE_TEXT = 'Contains characters that cannot be stored';

export const isStorableText = (text: string): boolean => !text.includes(NUL) && !LONE_SURROGATE.test(text);

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
