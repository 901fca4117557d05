/**
 * What the next undo and redo will apply, sent with every answer so the UI can show them on the keypress
 * (src/ui/screens/editor/store/replay-previews.ts): Chromium delivers a worker's message after a key only
 * once the next frame is drawn, so waiting for the answer costs the undo a frame.
 *
 * Only entries that move nothing on the canvas get a preview (renames, settings: `changesShape`); a
 * relinking undo needs the worker's layout anyway. The patches are the entry's own, a typing burst's
 * replacements of one field collapsed to one (`netPatches`), at most `PREVIEW_MAX_PATCHES` and
 * `PREVIEW_MAX_CHARS` of values: an answer carries a few patches more, never a copy of a large entry or
 * of a long value (a code source), which every answer would clone again while its entry is on top. During
 * a gesture there is none: an undo then squashes the gesture first, and the entry on top is not the one
 * undone.
 */
import { changesShape, netPatches } from '../domain/flow/index.ts';
import type { ReplayPreview, ReplayPreviews } from './editor-types.ts';
import type { HistoryEntry, UndoHistory } from './history.ts';

export const PREVIEW_MAX_PATCHES = 64;
/** Characters of strings and keys (other values count 8) in a preview's values. */
export const PREVIEW_MAX_CHARS = 16_384;
/** Longer entries are not even collapsed: a pasted or imported flow's entry holds thousands of patches. */
const COLLAPSE_AT_MOST = 1024;

/** Names an entry as one direction of it stands now: a typing burst merged into it changes its length. */
export function previewEntry(direction: 'undo' | 'redo', entry: HistoryEntry): string {
  return `${direction}:${entry.id}:${entry.patches.length}`;
}

export function replayPreviews(history: UndoHistory<unknown>): ReplayPreviews | undefined {
  if (history.inGesture) return undefined;
  return { undo: previewOf('undo', history.nextUndo), redo: previewOf('redo', history.nextRedo) };
}

function previewOf(direction: 'undo' | 'redo', entry: HistoryEntry | undefined): ReplayPreview | null {
  if (!entry) return null;
  const patches = direction === 'undo' ? entry.inversePatches : entry.patches;
  if (patches.length > COLLAPSE_AT_MOST) return null;
  const net = netPatches(patches);
  if (net.length > PREVIEW_MAX_PATCHES || changesShape(net) || largerThan(net.map((patch) => patch.value), PREVIEW_MAX_CHARS)) return null;
  return { entry: previewEntry(direction, entry), patches: [...net] };
}

/** Whether the values' strings and keys add up to more than `budget` characters; stops as soon as they do. */
function largerThan(values: readonly unknown[], budget: number): boolean {
  const stack = [...values];
  let left = budget;
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') left -= value.length;
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        left -= key.length;
        stack.push(inner);
      }
    } else left -= 8;
    if (left < 0) return true;
  }
  return false;
}
