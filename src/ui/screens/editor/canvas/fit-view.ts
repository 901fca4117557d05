/**
 * Fit view over the whole flow. React Flow's own fit covers the nodes it was given, and the canvas gives
 * it only the part around the view (view-window.ts), so the bounds come from the layout instead.
 */
import type { Viewport } from '@xyflow/react';

const PADDING = 0.1;
const MIN_ZOOM = 0.05;
const MAX_ZOOM = 1;

export interface FlowBounds {
  minX: number;
  width: number;
  height: number;
}

/** The viewport that shows the whole flow centred in a pane; null when there is nothing to fit. */
export function viewportFitting(bounds: FlowBounds, paneWidth: number, paneHeight: number): Viewport | null {
  const { minX, width, height } = bounds;
  if (width <= 0 || height <= 0) return null;
  const zoom = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, Math.min(paneWidth / width, paneHeight / height) * (1 - PADDING)));
  return { x: paneWidth / 2 - (minX + width / 2) * zoom, y: paneHeight / 2 - (height / 2) * zoom, zoom };
}

export function fitWholeFlow(flow: { setViewport(viewport: Viewport): unknown }, bounds: FlowBounds, pane: HTMLElement): void {
  const viewport = viewportFitting(bounds, pane.clientWidth, pane.clientHeight);
  if (viewport) void flow.setViewport(viewport);
}
