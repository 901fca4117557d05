/**
 * Writes new settings over old ones through the draft, changing only what differs. A settings panel
 * sends the whole step on every keystroke; writing it whole would make each keystroke's patch as big as
 * the step (and its undo entry too). Diffing first makes typing into one input a one-field patch.
 * Walks the settings object only (small), to a fixed depth, below which it replaces whole values.
 */
import { cloneJson, isPlainObject, jsonEqual, type JsonObject } from '../json.ts';

const SYNC_DEPTH = 12;

/** Makes `target[key]` equal `next`, given that it currently equals `previous` (plain data, not a draft). */
export function syncField(target: JsonObject, key: string, previous: unknown, next: unknown, depth = 0): void {
  if (next === undefined) {
    if (Object.hasOwn(target, key)) delete target[key];
    return;
  }
  if (Object.is(previous, next)) return;
  if (
    isPlainObject(previous) &&
    isPlainObject(next) &&
    depth < SYNC_DEPTH &&
    !Object.hasOwn(previous, '__proto__') &&
    !Object.hasOwn(next, '__proto__')
  ) {
    const child = target[key] as JsonObject;
    for (const k of Object.keys(previous)) {
      if (next[k] === undefined && Object.hasOwn(child, k)) delete child[k];
    }
    for (const k of Object.keys(next)) syncField(child, k, previous[k], next[k], depth + 1);
    return;
  }
  if (jsonEqual(previous, next)) return;
  target[key] = cloneJson(next);
}
