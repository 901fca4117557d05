/**
 * The overview of a large flow: the minimap keeps every card a rectangle of its own (scrolling with the
 * view when the flow is too tall to fit), and fit view stops at a zoom where cards still read, showing
 * the top of a flow too tall for it. Measured on the real layout of a generated 10,000-step flow.
 */
import { describe, expect, it } from '@rstest/core';
import { fromNestedFlow } from '../../../src/domain/flow/index.ts';
import { NODE_HEIGHT } from '../../../src/worker/index.ts';
import { MINIMAP_HEIGHT, MINIMAP_WIDTH, minimapProjection } from '../../../src/ui/screens/editor/canvas/minimap-projection.ts';
import { OVERVIEW_MIN_ZOOM, viewportFitting } from '../../../src/ui/screens/editor/canvas/fit-view.ts';
import { straightChain } from '../../../bench/flow-generator.ts';

describe('the overview of a large flow', () => {
  it('fits a small flow whole in the minimap', () => {
    const small = { minX: -130, width: 260, height: 800 };
    const projection = minimapProjection(small);
    expect(projection.scrolls).toBe(false);
    expect(projection.y(0)).toBeGreaterThanOrEqual(0);
    expect(projection.y(800)).toBeLessThanOrEqual(MINIMAP_HEIGHT);
    expect(projection.x(-130)).toBeGreaterThanOrEqual(0);
    expect(projection.x(130)).toBeLessThanOrEqual(MINIMAP_WIDTH);
  });

  it('draws each card of a 10,000-step chain a few pixels tall, apart from the next, and follows the view', () => {
    const version = fromNestedFlow(straightChain(10_000).nested);
    const rows = version.steps.length;
    expect(rows).toBe(10_001);
    // A straight chain: one card per row, NODE_HEIGHT tall, with a gap.
    const bounds = { minX: -130, width: 260, height: 10_000 * (NODE_HEIGHT + 48) };
    const top = minimapProjection(bounds, 0, 800);
    expect(top.scrolls).toBe(true);
    expect(NODE_HEIGHT * top.scale).toBeGreaterThanOrEqual(3);
    expect(48 * top.scale).toBeGreaterThanOrEqual(1);
    expect(top.top).toBe(0);
    // Far down, the minimap shows the part around the view, whose frame stays inside it.
    const deep = minimapProjection(bounds, 800_000, 800);
    expect(deep.top).toBeGreaterThan(700_000);
    expect(deep.y(800_000)).toBeGreaterThanOrEqual(0);
    expect(deep.y(800_800)).toBeLessThanOrEqual(MINIMAP_HEIGHT);
    // Clicking maps back to the same flow point.
    expect(deep.flowY(deep.y(812_345))).toBeCloseTo(812_345, 3);
    // Panning a little does not move it (it scrolls in steps, so it redraws a few times per screen).
    expect(minimapProjection(bounds, 800_100, 800).top).toBe(deep.top);
  });

  it('fits a small flow whole, and shows the top of a huge one at a zoom where cards read', () => {
    const small = viewportFitting({ minX: -130, width: 260, height: 600 }, 1000, 700)!;
    expect(small.zoom).toBe(1);
    expect(small.y).toBeGreaterThan(0);
    const huge = viewportFitting({ minX: -2000, width: 4000, height: 1_000_000 }, 1000, 700)!;
    expect(huge.zoom).toBe(OVERVIEW_MIN_ZOOM);
    expect(huge.y).toBe(24);
    // Centred across.
    expect(huge.x).toBeCloseTo(500, 5);
    expect(viewportFitting({ minX: 0, width: 0, height: 0 }, 1000, 700)).toBeNull();
  });
});
