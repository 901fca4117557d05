/**
 * A side panel opening (settings, runs, versions, copilot) narrows the canvas from one side, or on a
 * phone covers its lower part as a sheet, and the selected card could end up under it. After the panels
 * change and the canvas has its new size, the selected card is moved into the part still visible if it
 * left it (the zoom stays). `visibleArea` is that part: the pane minus any panel lying over it.
 */
import { useEffect, type RefObject } from 'react';
import { reaction } from 'mobx';
import type { Viewport } from '@xyflow/react';
import type { LayoutNode } from '../../../../worker/index.ts';
import type { EditorStore } from '../store/editor-store.ts';
import type { ViewDriver } from './reveal-step.ts';

export interface Area {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The pane's part (in pane coordinates) not covered by a panel lying over it (a phone's sheet). */
export function visibleArea(pane: DOMRect, covers: readonly DOMRect[]): Area {
  let bottom = pane.height;
  for (const cover of covers) {
    const overlaps = cover.left < pane.right && cover.right > pane.left && cover.top < pane.bottom && cover.bottom > pane.top;
    if (overlaps && cover.top > pane.top) bottom = Math.min(bottom, cover.top - pane.top);
  }
  return { left: 0, top: 0, width: pane.width, height: Math.max(0, bottom) };
}

/** The viewport that brings the card into `area` (centred there), or null when it is wholly inside already. */
export function viewportShowing(node: Pick<LayoutNode, 'x' | 'y' | 'width' | 'height'>, viewport: Viewport, area: Area, margin = 8): Viewport | null {
  const { zoom } = viewport;
  const left = node.x * zoom + viewport.x;
  const top = node.y * zoom + viewport.y;
  const inside =
    left >= area.left + margin &&
    top >= area.top + margin &&
    left + node.width * zoom <= area.left + area.width - margin &&
    top + node.height * zoom <= area.top + area.height - margin;
  if (inside) return null;
  return {
    zoom,
    x: area.left + area.width / 2 - (node.x + node.width / 2) * zoom,
    y: area.top + area.height / 2 - (node.y + node.height / 2) * zoom,
  };
}

export function useKeepSelectionVisible(store: EditorStore, view: RefObject<(ViewDriver & { setViewport(viewport: Viewport, options?: { duration?: number }): unknown }) | null>): void {
  useEffect(
    () =>
      reaction(
        () => [store.leftPanel, store.rightPanel, store.primary !== null && store.rightPanel !== 'none'] as const,
        () => {
          // Two frames: the panel mounts, then the canvas has its new size.
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const name = store.primary;
              const node = name ? store.canvas.layoutOf(name) : undefined;
              const instance = view.current;
              const pane = document.querySelector<HTMLElement>('.flow-canvas');
              if (!node || !instance || !pane) return;
              const covers = [...document.querySelectorAll<HTMLElement>('.editor-side')].map((side) => side.getBoundingClientRect());
              const next = viewportShowing(node, instance.getViewport(), visibleArea(pane.getBoundingClientRect(), covers));
              if (next) void instance.setViewport(next, { duration: 150 });
            }),
          );
        },
      ),
    [store, view],
  );
}
