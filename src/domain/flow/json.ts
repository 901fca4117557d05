/**
 * Plain-data helpers for step settings. Settings are JSON chosen by users and pieces, small per step but
 * of any shape, so these stop at a depth bound: a hostile 100,000-deep settings object is refused with
 * VALIDATION (or compared as different) instead of overflowing the stack. They never walk across steps:
 * only chains of steps can be arbitrarily deep, and those are walked with loops elsewhere.
 */
import { invalidInput } from './errors.ts';

export const MAX_SETTINGS_DEPTH = 100;

export type JsonObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

// A '__proto__' key from JSON.parse is an own property; plain assignment would set the prototype instead.
function setKey(target: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * A deep copy with JSON semantics (undefined, functions and symbols dropped from objects, null in arrays),
 * optionally passing every string through `mapString` (used to rewrite `{{step_x}}` references).
 * Recursive, but only down one settings object and never past MAX_SETTINGS_DEPTH, so the stack stays
 * shallow; recursion is also what keeps this fast (it runs for every step of an import or a copy).
 */
export function cloneJson<T>(value: T, mapString?: (text: string) => string): T {
  return copyValue(value, mapString, 0) as T;
}

function copyValue(value: unknown, mapString: ((text: string) => string) | undefined, depth: number): unknown {
  if (typeof value === 'string') return mapString ? mapString(value) : value;
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_SETTINGS_DEPTH) throw invalidInput(`Settings nest deeper than ${MAX_SETTINGS_DEPTH} levels`);
  if (Array.isArray(value)) {
    const out: unknown[] = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out[i] = item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : copyValue(item, mapString, depth + 1);
    }
    return out;
  }
  const out: JsonObject = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item: unknown = (value as JsonObject)[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    setKey(out, key, copyValue(item, mapString, depth + 1));
  }
  return out;
}

/**
 * What cloneJson refuses, without the copy: for settings freshly parsed from JSON text, which are already
 * plain data the caller owns (JSON.parse keeps a "__proto__" key as an own property, as setKey does).
 */
export function checkJsonDepth(value: unknown, depth = 0): void {
  if (typeof value !== 'object' || value === null) return;
  if (depth >= MAX_SETTINGS_DEPTH) throw invalidInput(`Settings nest deeper than ${MAX_SETTINGS_DEPTH} levels`);
  if (Array.isArray(value)) {
    for (const item of value) checkJsonDepth(item, depth + 1);
    return;
  }
  for (const key in value) if (Object.hasOwn(value, key)) checkJsonDepth((value as JsonObject)[key], depth + 1);
}

/** Structural equality of JSON values; past the depth bound it answers "different" (the caller then copies). */
export function jsonEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (depth > MAX_SETTINGS_DEPTH) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], other[i], depth + 1)) return false;
    return true;
  }
  // Counted in place, not through Object.keys(...).filter(...): the open of a 50,000-step flow compares
  // every step with its checked form, and those key arrays were most of that comparison's time.
  let keysOfA = 0;
  for (const k in a) {
    const value = (a as JsonObject)[k];
    if (!Object.hasOwn(a, k) || value === undefined) continue;
    keysOfA++;
    if (!Object.hasOwn(b, k) || !jsonEqual(value, (b as JsonObject)[k], depth + 1)) return false;
  }
  let keysOfB = 0;
  for (const k in b) if (Object.hasOwn(b, k) && (b as JsonObject)[k] !== undefined) keysOfB++;
  return keysOfA === keysOfB;
}
