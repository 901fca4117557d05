/**
 * Building blocks of the fields a person types, checked alike by the forms and the server: text the
 * database can store, and its length. zod/mini, like the rest of the domain, so the browser pays only for
 * the checks it uses (ids, paging and instants, which only the server parses, are in wire.ts).
 *
 * PostgreSQL refuses two things JavaScript strings may hold: the NUL character (text and jsonb) and lone
 * UTF-16 surrogates (jsonb; the drivers silently replace them in text). Input holding either is refused
 * with a 400 instead of reaching the database as a 500.
 */
import * as z from 'zod/mini';

const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const UNSTORABLE_TEXT = 'Contains characters that cannot be stored';

export const isStorableText = (text: string): boolean => !text.includes(NUL) && !LONE_SURROGATE.test(text);

export const tooLongMessage = (max: number) => `Use at most ${max} characters`;

/** Free text of at most `max` characters, trimmed; `min` 1 makes it required. */
export function textSchema(max: number, min = 0, requiredMessage = 'This field is required') {
  return z
    .string()
    .check(z.trim(), z.minLength(min, requiredMessage), z.maxLength(max, tooLongMessage(max)), z.refine(isStorableText, UNSTORABLE_TEXT));
}

/** Bytes of `text` in UTF-8, counted without an encoder (the domain has neither TextEncoder nor Buffer). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4; // a surrogate pair is one code point of four bytes
      i++;
    } else bytes += 3; // lone surrogates are written as U+FFFD (three bytes), as Buffer and TextEncoder do
  }
  return bytes;
}

/** One page of a list reply (SPEC §7 paginate). */
export function pageOf<S extends z.core.SomeType>(item: S) {
  return z.object({ data: z.array(item), total: z.number(), page: z.number(), limit: z.number() });
}
