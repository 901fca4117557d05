/**
 * Undo and redo shown on the keypress, not after the worker's answer. Chromium holds a worker's message
 * back after a key until the next frame is drawn, so an answered undo paints a frame later than the key;
 * and the worker may be busy saving. Every edit's answer carries what the next undo and redo will apply
 * when that moves nothing on the canvas (a rename, a settings change): the store applies it to its mirror
 * at once, and the worker's answer, naming the same history entry, only confirms it.
 *
 * A preview is used only when it describes the mirror as it is (the version it came with) and no edit is
 * on its way to the worker, whose answer would make it stale; then the undo waits for the answer, as every
 * edit does. A shown undo the worker refuses, or answers with another entry, is taken back first.
 */
import { action, makeObservable } from 'mobx';
import { applyVersionPatches, type FlatVersion } from '../../../../domain/flow/index.ts';
import type { EditResult, ReplayPreviews } from '../../../../worker/index.ts';
import type { EditsInFlight } from './edits-in-flight.ts';

export type ReplayDirection = 'undo' | 'redo';

/** An undo or redo applied to the mirror before the worker answered. */
export interface ShownReplay {
  entry: string;
  before: FlatVersion;
  after: FlatVersion;
}

export class ReplayPreviewState {
  private previews: { base: FlatVersion; next: ReplayPreviews } | null = null;

  /** `mirror`: the store, whose `version` a shown replay changes. */
  constructor(
    private readonly edits: EditsInFlight,
    private readonly mirror: { version: FlatVersion | null },
  ) {
    makeObservable(this, { show: action, takeBack: action });
  }

  /** Keeps the previews an answer brought, for the mirror as it stands after that answer. */
  remember(version: FlatVersion | null, result: EditResult): void {
    this.previews = version && result.next ? { base: version, next: result.next } : null;
  }

  /** Applies the undo or redo to the mirror, when a preview describes it and nothing is in flight; else null. */
  show(direction: ReplayDirection): ShownReplay | null {
    const version = this.mirror.version;
    const preview = this.previews?.base === version ? this.previews.next[direction] : null;
    if (!preview || !version || !this.edits.idle) return null;
    this.previews = null;
    let after: FlatVersion;
    try {
      after = applyVersionPatches(version, preview.patches);
    } catch {
      return null; // a preview that does not fit: the worker's answer will do
    }
    this.mirror.version = after;
    return { entry: preview.entry, before: version, after };
  }

  /** The mirror without a shown replay; a new draft's id and state, given since, are kept. */
  takeBack(shown: ShownReplay | null): void {
    const version = this.mirror.version;
    if (!shown || !version) return;
    this.mirror.version = version === shown.after ? shown.before : { ...shown.before, id: version.id, state: version.state };
  }
}

/** Whether the worker's answer replayed the entry that was shown (then its patches are already applied). */
export function confirms(result: EditResult, shown: ShownReplay | null): boolean {
  return shown !== null && result.replayed === shown.entry;
}
