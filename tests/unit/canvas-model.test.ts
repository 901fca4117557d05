import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import { mixedFlow } from '../../bench/flow-generator.ts';
import { applyOperation, createAction, flowOperationSchema, fromNestedFlow, type FlatVersion, type FlowOperationInput } from '../../src/domain/flow/index.ts';
import { edgesIn } from '../../src/ui/screens/editor/canvas/view-window.ts';
import { CanvasModel } from '../../src/ui/screens/editor/store/canvas-model.ts';
import { firstLayoutDelta, LayoutFeed } from '../../src/worker/layout-feed.ts';

const apply = (version: FlatVersion, input: FlowOperationInput): FlatVersion => applyOperation(version, flowOperationSchema.parse(input));

/** What React Flow is given: every node's place and every edge's path, in a stable order. */
function drawn(model: CanvasModel) {
  return {
    nodes: model.nodes.map((node) => JSON.stringify([node.id, node.position, node.data])).sort(),
    edges: model.edges.map((edge) => JSON.stringify([edge.id, edge.source, edge.target, edge.data])).sort(),
    bounds: model.bounds,
  };
}

describe('the canvas model', () => {
  it('draws after a whole layout and the changes that follow it what a whole layout of the changed flow draws', async () => {
    let version = fromNestedFlow(mixedFlow(300).nested, { id: 'v1', flowId: 'f1' });
    const feed = new LayoutFeed({ lanes: 'arithmetic' });
    const model = new CanvasModel();
    const whole = await feed.next(version);
    expect(whole.full).toBe(true);
    model.apply(whole);
    // Every node and edge shown once before the edits, so what an edit moves must be built again.
    drawn(model);
    const firstRevision = model.revision;
    const present = version.steps.filter((step) => step !== null);
    const middle = present[150]!;
    // A router and a loop: their next edges start below their lanes and container, which these edits change.
    const router = present.find((step) => step.type === 'ROUTER' && step.children.length > 1 && step.parent.slot === 'next')!;
    const loop = present.filter((step) => step.type === 'LOOP_ON_ITEMS' && step.next !== null).at(-1)!;
    const edits: FlowOperationInput[] = [
      { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: createAction('CODE', `step_${version.steps.length}`) } },
      { type: 'ADD_ACTION', request: { parentStep: middle.name, stepLocationRelativeToParent: 'AFTER', action: createAction('ROUTER', `step_${version.steps.length + 1}`) } },
      { type: 'DELETE_ACTION', request: { names: [middle.name] } },
      { type: 'DELETE_BRANCH', request: { stepName: router.name, branchIndex: 0 } },
      { type: 'ADD_ACTION', request: { parentStep: loop.name, stepLocationRelativeToParent: 'INSIDE_LOOP', action: createAction('CODE', `step_${version.steps.length + 2}`) } },
      { type: 'DELETE_ACTION', request: { names: [loop.name] } },
      // The loop's name again, on a plain step with a step after it: its next edge starts at its card.
      { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: createAction('CODE', loop.name) } },
    ] as FlowOperationInput[];
    for (const edit of edits) {
      version = apply(version, edit);
      const delta = await feed.next(version);
      expect(delta.full).toBe(false);
      model.apply(delta);
      drawn(model);
    }
    expect(model.revision).toBeGreaterThan(firstRevision);
    const fresh = new CanvasModel();
    fresh.apply(await new LayoutFeed({ lanes: 'arithmetic' }).next(version));
    expect(drawn(model)).toEqual(drawn(fresh));
  });

  it('builds on a first layout the UI made itself once the feed takes it as sent', async () => {
    let version = fromNestedFlow(mixedFlow(300).nested, { id: 'v1', flowId: 'f1' });
    const refined: string[] = [];
    const feed = new LayoutFeed({ lanes: 'arithmetic', onRefine: () => refined.push('asked') });
    const model = new CanvasModel();
    model.apply(await firstLayoutDelta(version));
    feed.assumeSent(version);
    // Nothing moved: the feed's first answer for the same version is an empty delta, not a whole layout.
    expect(await feed.next(version)).toMatchObject({ full: false, nodes: [], edges: [], removedNodes: [], removedEdges: [] });
    version = apply(version, { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: createAction('LOOP_ON_ITEMS', `step_${version.steps.length}`) } } as FlowOperationInput);
    const delta = await feed.next(version);
    expect(delta.full).toBe(false);
    model.apply(delta);
    const fresh = new CanvasModel();
    fresh.apply(await firstLayoutDelta(version));
    expect(drawn(model)).toEqual(drawn(fresh));
    // An arithmetic feed has nothing to refine.
    expect(refined).toEqual([]);
  });

  it('finds near any window every edge whose drawn path crosses it, building only those', async () => {
    const version = fromNestedFlow(mixedFlow(400).nested, { id: 'v1', flowId: 'f1' });
    const model = new CanvasModel();
    model.apply(await firstLayoutDelta(version));
    const { minX, width, height } = model.bounds;
    const all = model.edges;
    const span = (size: number) => fc.integer({ min: Math.floor(-size / 4), max: Math.ceil(size + size / 4) });
    fc.assert(
      fc.property(span(width), span(height), fc.integer({ min: 50, max: 3000 }), fc.integer({ min: 50, max: 3000 }), (x, y, w, h) => {
        const window = { left: minX + x, top: y, right: minX + x + w, bottom: y + h };
        const near = model.edgesNear(window);
        const ids = (edges: typeof all) => edges.map((edge) => edge.id).sort();
        expect(ids(edgesIn(window, near))).toEqual(ids(edgesIn(window, all)));
        // Near is a window's worth, not the flow.
        expect(near.length).toBeLessThan(all.length);
      }),
      { numRuns: 200 },
    );
  });
});
