/**
 * A field's own state, so typing never waits for the editor core and the caret never jumps. The field
 * shows what the user typed; when the value from the version changes, it is shown only if it is not one
 * of this field's own edits coming back (in order), i.e. when something else changed it (undo, redo,
 * another control). Values are compared by a key: for text, the text the stored value will read back
 * as ('5.' is stored as 5 and reads back '5').
 */
import { useLayoutEffect, useRef, useState } from 'react';

export function useMirroredState<T>(external: T, keyOf: (value: T) => string) {
  const [local, setLocal] = useState(external);
  const externalKey = keyOf(external);
  const seen = useRef(externalKey);
  const pending = useRef<string[]>([]);
  const latestExternal = useRef(external);
  latestExternal.current = external;

  useLayoutEffect(() => {
    if (externalKey === seen.current) return;
    seen.current = externalKey;
    const own = pending.current.indexOf(externalKey);
    if (own >= 0) {
      pending.current.splice(0, own + 1);
      return;
    }
    pending.current = [];
    setLocal(latestExternal.current);
  }, [externalKey]);

  const change = (next: T) => {
    setLocal(next);
    // The value the version will hold once every edit sent so far is mirrored; a repeat brings no change.
    const expected = pending.current.at(-1) ?? seen.current;
    const key = keyOf(next);
    if (key !== expected) pending.current.push(key);
  };
  return [local, change] as const;
}

const same = (text: string) => text;

export function useFieldText(external: string, normalize: (text: string) => string = same) {
  // `normalize` leaves text already in stored form unchanged, so it keys the external text as well.
  return useMirroredState(external, normalize);
}
