/**
 * A side panel opening (settings, runs, versions, copilot) narrows the canvas from one side, and the
 * selected card could end up under it. After the panels change and the canvas has its new size, the
 * selected card is panned back into the visible part if it left it (the zoom stays).
 */
import { useEffect, type RefObject } from 'react';
import { reaction } from 'mobx';
import type { EditorStore } from '../store/editor-store.ts';
import { cardInView, centreOn, type ViewDriver } from './reveal-step.ts';

export function useKeepSelectionVisible(store: EditorStore, view: RefObject<ViewDriver | null>): void {
  useEffect(
    () =>
      reaction(
        () => [store.leftPanel, store.rightPanel] as const,
        () => {
          // Two frames: the panel mounts, then the canvas has its new width.
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const name = store.primary;
              const node = name ? store.canvas.layoutOf(name) : undefined;
              const instance = view.current;
              const pane = document.querySelector<HTMLElement>('.flow-canvas');
              if (!node || !instance || !pane) return;
              const viewport = instance.getViewport();
              if (!cardInView(node, viewport, pane.clientWidth, pane.clientHeight)) centreOn(instance, node, viewport.zoom, 150);
            }),
          );
        },
      ),
    [store, view],
  );
}
