/**
 * What the editor's chrome reads of the open version — its id, name, state and validity — as one
 * computed value that changes only when one of those does. Every edit, undo and keystroke swaps
 * `store.version`; the top bar, the Run button, the commands' enabled states and the workspace around
 * the canvas read the version itself before, so each of them rendered again on every edit (at 10,000
 * steps, a third of an undo's time on the UI thread went on re-rendering what had not changed).
 */
import { compareStructural, computed, type IComputedValue } from 'mobx';
import type { FlatVersion } from '../../../../domain/flow/index.ts';

export interface VersionHead {
  id: string;
  displayName: string;
  state: FlatVersion['state'];
  valid: boolean;
}

export function versionHead(read: () => FlatVersion | null): IComputedValue<VersionHead | null> {
  return computed(
    () => {
      const version = read();
      return version && { id: version.id, displayName: version.displayName, state: version.state, valid: version.valid };
    },
    { equals: compareStructural },
  );
}
