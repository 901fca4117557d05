/**
 * Bringing a step to the user: centre its card in the canvas (at a zoom where a card reads, so a jump
 * from a fitted overview lands somewhere readable) and, when asked, give it the keyboard focus once React
 * Flow has drawn it (the canvas draws only the window around the view, so the card may appear a frame
 * or two after the view moved).
 */
import type { Viewport } from '@xyflow/react';
import type { LayoutNode } from '../../../../worker/index.ts';

/** A zoom under this shows cards too small to read: a jump zooms in to it. */
export const READABLE_ZOOM = 0.75;

export interface ViewDriver {
  getViewport(): Viewport;
  setCenter(x: number, y: number, options?: { zoom?: number; duration?: number }): Promise<boolean> | unknown;
}

export function cardElement(name: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(name)}"]`);
}

export function centreOn(view: ViewDriver, node: Pick<LayoutNode, 'x' | 'y' | 'width' | 'height'>, zoom: number, duration = 0): void {
  void view.setCenter(node.x + node.width / 2, node.y + node.height / 2, { zoom, duration });
}

/** Focuses a card as soon as it is drawn (up to ~half a second of frames). */
export function focusCardWhenDrawn(name: string, frames = 30): void {
  const element = cardElement(name);
  if (element) {
    element.focus({ preventScroll: true });
    return;
  }
  if (frames > 0) requestAnimationFrame(() => focusCardWhenDrawn(name, frames - 1));
}
