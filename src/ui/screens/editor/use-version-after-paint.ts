/**
 * The open version as the settings panel shows it: caught up once the browser has painted the frame an
 * edit changed, so an undo or a keystroke paints the canvas card first and the panel (which keeps its
 * own field text while typing) a frame later. Rendered with the edit, the panel's fields took half of an
 * undo's UI-thread time at 10,000 steps before the card could paint; React's `useDeferredValue` did not
 * help, as the deferred render ran before the frame.
 */
import { useEffect, useState } from 'react';
import { reaction } from 'mobx';
import type { FlatVersion } from '../../../domain/flow/index.ts';
import type { EditorStore } from './store/editor-store.ts';

export function useVersionAfterPaint(store: Pick<EditorStore, 'version'>): FlatVersion | null {
  const [version, setVersion] = useState(() => store.version);
  useEffect(() => {
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The version may have moved between the first render and this effect.
    setVersion(store.version);
    const stop = reaction(
      () => store.version,
      () => {
        if (frame || timer) return; // one catch-up for the edits of a frame
        frame = requestAnimationFrame(() => {
          frame = 0;
          // A task after the frame's rendering: the paint is not held up by the panel.
          timer = setTimeout(() => {
            timer = undefined;
            setVersion(store.version);
          }, 0);
        });
      },
    );
    return () => {
      stop();
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [store]);
  return version;
}
