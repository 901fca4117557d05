/**
 * Undo and redo shown on the keypress, not after the worker's answer. Chromium holds a worker's message
 * back after a key until the next frame is drawn, so an answered undo paints a frame later than the key;
 * and the worker may be busy saving. Every edit's answer carries what the next undo and redo will apply
 * when that moves nothing on the canvas (a rename, a settings change): the store applies it to its mirror
 * at once, and the worker's answer, naming the same history entry, only confirms it.
 *
 * A preview is used only when it describes the mirror as it is (the version it came with) and no edit is
 * on its way to the worker: an edit in flight, or the worker refusing, would make it wrong. Then the undo
 * waits for the answer, as every edit does. A wrong guess is taken back before the answer is applied.
 */
import { applyVersionPatches, type FlatVersion } from '../../../../domain/flow/index.ts';
import type { EditResult, ReplayPreviews } from '../../../../worker/index.ts';
import type { EditorRemote } from './editor-remote.ts';

export type ReplayDirection = 'undo' | 'redo';

/** An undo or redo applied to the mirror before the worker answered. */
export interface ShownReplay {
  entry: string;
  before: FlatVersion;
  after: FlatVersion;
}

/** Remote calls that change neither the version nor its history: they may be in flight during a preview. */
const NOT_EDITS = new Set<PropertyKey>(['layout', 'resetLayout', 'select', 'breakGroup', 'firstInvalidStep', 'getState', 'flush', 'subscribe', 'then']);

export class ReplayPreviewState {
  private previews: { base: FlatVersion; next: ReplayPreviews } | null = null;
  private inFlight = 0;

  /** The remote with every call that may change the version or its history counted while it runs. */
  counting(remote: EditorRemote): EditorRemote {
    return new Proxy(remote, {
      get: (target, key, receiver) => {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value !== 'function' || NOT_EDITS.has(key)) return value;
        return (...args: unknown[]) => {
          this.inFlight++;
          // Reflect.apply: a comlink proxy would take `.apply` for a remote method of that name.
          const call = new Promise((resolve) => resolve(Reflect.apply(value as (...a: unknown[]) => unknown, target, args)));
          void call.then(this.settled, this.settled);
          return call;
        };
      },
    });
  }

  /** Keeps the previews an answer brought, for the mirror as it stands after that answer. */
  remember(version: FlatVersion | null, result: EditResult): void {
    this.previews = version && result.next ? { base: version, next: result.next } : null;
  }

  /** The undo or redo applied to `version`, when a preview describes it and nothing is in flight; else null. */
  show(direction: ReplayDirection, version: FlatVersion | null): ShownReplay | null {
    const preview = this.previews?.base === version ? this.previews.next[direction] : null;
    if (!preview || !version || this.inFlight > 0) return null;
    this.previews = null;
    return { entry: preview.entry, before: version, after: applyVersionPatches(version, preview.patches) };
  }

  private readonly settled = () => {
    this.inFlight--;
  };
}

/** The mirror without a shown replay; a new draft's id and state, given since, are kept. */
export function withoutShown(version: FlatVersion, shown: ShownReplay): FlatVersion {
  if (version === shown.after) return shown.before;
  return { ...shown.before, id: version.id, state: version.state };
}

/** Whether the worker's answer replayed the entry that was shown (then its patches are already applied). */
export function confirms(result: EditResult, shown: ShownReplay | null): boolean {
  return shown !== null && result.replayed === shown.entry;
}
