/**
 * Fit view over the whole flow. React Flow's own fit covers the nodes it was given, and the canvas gives
 * it only the part around the view (view-window.ts), so the bounds come from the layout instead.
 *
 * A flow too large to fit at a zoom where cards still read as cards (a few thousand steps) is not
 * squeezed into unreadable slivers: the view shows as much as fits at that floor, from the top of the
 * flow, centred (the minimap shows where it is in the whole).
 */
import type { Viewport } from '@xyflow/react';

const PADDING = 0.1;
const MAX_ZOOM = 1;
/** Under this, a card is a few pixels: the overview stops zooming out here. */
export const OVERVIEW_MIN_ZOOM = 0.2;
/** Space above the trigger when the view starts at the top of the flow. */
const TOP_MARGIN = 24;

export interface FlowBounds {
  minX: number;
  width: number;
  height: number;
}

/** The viewport that shows the whole flow centred in a pane, or its top at the overview's floor; null when empty. */
export function viewportFitting(bounds: FlowBounds, paneWidth: number, paneHeight: number): Viewport | null {
  const { minX, width, height } = bounds;
  if (width <= 0 || height <= 0) return null;
  const fit = Math.min(paneWidth / width, paneHeight / height) * (1 - PADDING);
  const zoom = Math.max(OVERVIEW_MIN_ZOOM, Math.min(MAX_ZOOM, fit));
  const x = paneWidth / 2 - (minX + width / 2) * zoom;
  if (height * zoom <= paneHeight) return { x, y: paneHeight / 2 - (height / 2) * zoom, zoom };
  return { x, y: TOP_MARGIN, zoom };
}

export function fitWholeFlow(flow: { setViewport(viewport: Viewport): unknown }, bounds: FlowBounds, pane: HTMLElement): void {
  const viewport = viewportFitting(bounds, pane.clientWidth, pane.clientHeight);
  if (viewport) void flow.setViewport(viewport);
}
