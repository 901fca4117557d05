/**
 * How the minimap maps the flow: fitted whole when every card can still show as a card, otherwise at
 * the smallest scale where a card is a few pixels tall and scrolled vertically to follow the view (as a
 * code editor's minimap does). Fitting a 10,000-step flow whole drew each card at a fraction of a pixel,
 * a solid slab; at this scale each card is its own rectangle. Pure, so it is tested without a canvas.
 */
import { NODE_HEIGHT } from '../../../../worker/index.ts';

export const MINIMAP_WIDTH = 200;
export const MINIMAP_HEIGHT = 150;
export const MINIMAP_PAD = 6;
/** A card is at least this tall in the minimap (with a gap under it: rows stay apart). */
const MIN_CARD_PX = 3;

export interface Bounds {
  minX: number;
  width: number;
  height: number;
}

export interface MinimapProjection {
  scale: number;
  /** The flow's y at the minimap's top edge (0 when the flow fits). */
  top: number;
  /** Whether the minimap shows only part of the flow's height and follows the view. */
  scrolls: boolean;
  x(flowX: number): number;
  y(flowY: number): number;
  flowX(px: number): number;
  flowY(py: number): number;
}

/** The scale alone: fitted, unless that makes cards shorter than MIN_CARD_PX (never wider than the minimap). */
export function minimapScale(bounds: Bounds): number {
  if (bounds.width <= 0 || bounds.height <= 0) return 1;
  const fitWidth = (MINIMAP_WIDTH - 2 * MINIMAP_PAD) / bounds.width;
  const fitHeight = (MINIMAP_HEIGHT - 2 * MINIMAP_PAD) / bounds.height;
  return Math.min(fitWidth, Math.max(fitHeight, MIN_CARD_PX / NODE_HEIGHT));
}

/**
 * The projection for a view whose top is at flow y `viewTop` and which is `viewHeight` tall. A scrolling
 * minimap keeps the view's frame in its middle, clamped to the flow, and moves in steps of a quarter of
 * its height, so panning redraws it a few times per screen, not every frame.
 */
export function minimapProjection(bounds: Bounds, viewTop = 0, viewHeight = 0): MinimapProjection {
  const scale = minimapScale(bounds);
  const inner = MINIMAP_HEIGHT - 2 * MINIMAP_PAD;
  const shown = inner / scale;
  const scrolls = bounds.height > shown;
  let top = 0;
  if (scrolls) {
    const step = shown / 4;
    const wanted = viewTop + viewHeight / 2 - shown / 2;
    top = Math.max(0, Math.min(bounds.height - shown, Math.round(wanted / step) * step));
  }
  const offsetX = (MINIMAP_WIDTH - bounds.width * scale) / 2 - bounds.minX * scale;
  return {
    scale,
    top,
    scrolls,
    x: (x) => offsetX + x * scale,
    y: (y) => MINIMAP_PAD + (y - top) * scale,
    flowX: (px) => (px - offsetX) / scale,
    flowY: (py) => (py - MINIMAP_PAD) / scale + top,
  };
}
