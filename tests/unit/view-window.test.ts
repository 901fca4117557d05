import { describe, expect, it } from '@rstest/core';
import { edgesIn, nextWindow, nodesIn, viewRect, windowFor } from '../../src/ui/screens/editor/canvas/view-window.ts';
import type { CanvasEdge } from '../../src/ui/screens/editor/store/canvas-model.ts';
import type { LayoutNode } from '../../src/worker/index.ts';

const node = (id: string, x: number, y: number, width = 260, height = 64) => ({ id, kind: 'step', x, y, width, height }) as LayoutNode;
const edge = (id: string, points: [number, number][]) => ({ id, source: 'a', target: 'b', data: { points } }) as unknown as CanvasEdge;

describe('the part of the flow given to React Flow', () => {
  it('keeps the window while the view stays near its middle, and moves it when the view nears an edge', () => {
    const view = viewRect({ x: 400, y: 0, zoom: 1 }, 800, 600); // flow x -400..400, y 0..600
    expect(view).toEqual({ left: -400, top: 0, right: 400, bottom: 600 });
    const window = nextWindow(null, view);
    expect(window).toEqual(windowFor(view));
    expect(window).toEqual({ left: -1200, top: -600, right: 1200, bottom: 1200 });
    // Panned down by a quarter view: same window (no new node list for React Flow).
    expect(nextWindow(window, viewRect({ x: 400, y: -150, zoom: 1 }, 800, 600))).toBe(window);
    // Panned down by a whole view: a new window around the new view.
    const moved = nextWindow(window, viewRect({ x: 400, y: -600, zoom: 1 }, 800, 600));
    expect(moved).not.toBe(window);
    expect(moved.top).toBe(0);
    // Zoomed far out: the view outgrows the window, which follows.
    expect(nextWindow(window, viewRect({ x: 400, y: 0, zoom: 0.1 }, 800, 600))).not.toBe(window);
  });

  it('gives the nodes that overlap the window and the edges whose path crosses it', () => {
    const window = { left: 0, top: 0, right: 1000, bottom: 1000 };
    const nodes = [node('in', 10, 10), node('below', 10, 2000), node('tall', 10, -5000, 300, 10_000)];
    expect(nodesIn(window, nodes).map((n) => n.id)).toEqual(['in', 'tall']);
    const edges = [
      edge('inside', [[100, 100], [100, 200]]),
      edge('through', [[100, -3000], [100, 3000]]),
      edge('away', [[100, 3000], [100, 4000]]),
    ];
    expect(edgesIn(window, edges).map((e) => e.id)).toEqual(['inside', 'through']);
  });
});
