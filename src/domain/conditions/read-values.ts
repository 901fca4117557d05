/**
 * How a resolved value is read as text, number, boolean, date or list. A `{{...}}` reference can resolve
 * to anything JSON holds, or to nothing, and people type numbers, booleans and dates as text, so each
 * reader accepts the forms people mean and answers "not this type" (null, NaN) for the rest. None throws.
 */

/** Values that mean "nothing here": a missing reference, a JSON null, an empty field. */
export const isMissing = (value: unknown): boolean => value === undefined || value === null || value === '';

/**
 * Text for the text operators. Missing values read as '' (a missing reference renders as nothing, so
 * "does not contain" holds and "contains" fails); objects and arrays as their JSON, as Activepieces does.
 */
export function readText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value) ?? Object.prototype.toString.call(value);
    } catch {
      // A cycle or a bigint inside: JSON cannot write it, and String() throws on a null prototype.
      return Object.prototype.toString.call(value);
    }
  }
  return String(value);
}

// Plain decimal notation only: Number() would also read '', ' ', '0x1A', 'Infinity' and '1_000' oddly.
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A finite number, or NaN when the value is not one (so every comparison with it is false). */
export function readNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!DECIMAL.test(text)) return Number.NaN;
    const n = Number(text);
    return Number.isFinite(n) ? n : Number.NaN;
  }
  return Number.NaN;
}

/** true or false for a boolean or its text in any case ('TRUE', ' false '); null for anything else. */
export function readBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (text === 'true') return true;
    if (text === 'false') return false;
  }
  return null;
}

/** Below this an epoch number counts seconds: 1e10 s is the year 2286, 1e10 ms is April 1970. */
const EPOCH_SECONDS_LIMIT = 1e10;
const EPOCH = /^[+-]?\d+(?:\.\d+)?$/;
// An ISO date-time with no offset. ECMAScript reads it in the machine's zone; we read it as UTC so a
// condition gives the same answer in the browser and on the server.
const ISO_WITHOUT_OFFSET = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;
// V8 reads almost anything with a digit as a date ('foo 1' is 2001-01-01); a four-digit year keeps the
// readable forms ('Jan 2, 2021', RFC 2822) and refuses such noise.
const HAS_YEAR = /\d{4}/;

function fromEpoch(n: number): number {
  const ms = Math.abs(n) < EPOCH_SECONDS_LIMIT ? n * 1000 : n;
  return new Date(ms).getTime(); // NaN outside the Date range (±8.64e15 ms)
}

/**
 * Milliseconds since the epoch, or NaN. Accepts a Date, epoch milliseconds or seconds (as a number or
 * digits), ISO text, and other text the JavaScript date parser reads when it includes a four-digit year
 * (such text without a zone, 'Jan 2, 2021', stays in the machine's zone: the parser gives no way out).
 */
export function readDate(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? fromEpoch(value) : Number.NaN;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim();
  if (EPOCH.test(text)) return fromEpoch(Number(text));
  const iso = ISO_WITHOUT_OFFSET.exec(text);
  if (iso) return Date.parse(`${iso[1]}T${iso[2]}Z`);
  return HAS_YEAR.test(text) ? Date.parse(text) : Number.NaN;
}

/** An array, or JSON text of one; null for anything else (so "is empty" and "is not empty" both fail). */
export function readList(value: unknown): readonly unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || !value.trimStart().startsWith('[')) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The list "contains" searches. Like Activepieces, a single present value counts as a one-item list,
 * so a step that returned one item rather than a list still matches; a missing value is an empty list.
 */
export function readListLoosely(value: unknown): readonly unknown[] {
  if (isMissing(value)) return [];
  return readList(value) ?? [value];
}
