/**
 * Which part of the flow React Flow is given. React Flow's own culling (`onlyRenderVisibleElements`)
 * still walks every node and edge on every pan frame; at 10,000 steps that walk is the frame. So the
 * canvas hands it only what lies in a window around the view (the view plus one view's size on every
 * side), and moves the window only when the view has travelled half a view towards its edge: panning
 * costs React Flow the window's hundred-odd nodes, whatever the flow's size.
 */
import type { LayoutNode } from '../../../../worker/index.ts';
import type { CanvasEdge } from '../store/canvas-model.ts';

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/** The flow-coordinate rectangle a viewport shows in a pane of this size. */
export function viewRect(viewport: Viewport, width: number, height: number): Rect {
  // `0 - x` rather than `-x`: a viewport at 0 is the edge 0, not -0.
  const left = (0 - viewport.x) / viewport.zoom;
  const top = (0 - viewport.y) / viewport.zoom;
  return { left, top, right: left + width / viewport.zoom, bottom: top + height / viewport.zoom };
}

function grow(rect: Rect, byX: number, byY: number): Rect {
  return { left: rect.left - byX, top: rect.top - byY, right: rect.right + byX, bottom: rect.bottom + byY };
}

const contains = (outer: Rect, inner: Rect): boolean =>
  inner.left >= outer.left && inner.top >= outer.top && inner.right <= outer.right && inner.bottom <= outer.bottom;

/** The window for a view: the view and one view's size around it. */
export function windowFor(view: Rect): Rect {
  return grow(view, view.right - view.left, view.bottom - view.top);
}

/**
 * The window to use for `view`: the current one while the view stays within half a view of its middle,
 * else a new one around the view. (A zoom-out that makes the view larger than the window also moves it.)
 */
export function nextWindow(current: Rect | null, view: Rect): Rect {
  if (current) {
    const inner = grow(current, -(view.right - view.left) / 2, -(view.bottom - view.top) / 2);
    if (inner.right > inner.left && inner.bottom > inner.top && contains(inner, view)) return current;
  }
  return windowFor(view);
}

const overlaps = (window: Rect, left: number, top: number, right: number, bottom: number): boolean =>
  left <= window.right && right >= window.left && top <= window.bottom && bottom >= window.top;

export function nodesIn(window: Rect, nodes: readonly LayoutNode[]): LayoutNode[] {
  return nodes.filter(({ x, y, width, height }) => overlaps(window, x, y, x + width, y + height));
}

/** Edges whose drawn path crosses the window (a long edge can pass through with both ends outside). */
export function edgesIn(window: Rect, edges: readonly CanvasEdge[]): CanvasEdge[] {
  return edges.filter((edge) => {
    const points = edge.data?.points;
    if (!points || points.length === 0) return false;
    let left = Infinity;
    let top = Infinity;
    let right = -Infinity;
    let bottom = -Infinity;
    for (const [x, y] of points) {
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
    return overlaps(window, left, top, right, bottom);
  });
}
