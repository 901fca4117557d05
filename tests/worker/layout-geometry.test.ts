import { describe, expect, it } from '@rstest/core';
import { mixedFlow, straightChain } from '../../bench/flow-generator.ts';
import {
  applyOperation,
  createAction,
  createEmptyVersion,
  flowOperationSchema,
  fromNestedFlow,
  type FlatStep,
  type FlatVersion,
  type FlowOperationInput,
} from '../../src/domain/flow/index.ts';
import { createLayoutCache, layoutFlow, type FlowLayout, type LayoutNode } from '../../src/worker/layout/index.ts';

const apply = (version: FlatVersion, input: FlowOperationInput): FlatVersion => applyOperation(version, flowOperationSchema.parse(input));

const add = (version: FlatVersion, parentStep: string, type: 'CODE' | 'LOOP_ON_ITEMS' | 'ROUTER', where: 'AFTER' | 'INSIDE_LOOP' | 'INSIDE_BRANCH' = 'AFTER', branchIndex?: number) =>
  apply(version, {
    type: 'ADD_ACTION',
    request: { parentStep, stepLocationRelativeToParent: where, ...(branchIndex === undefined ? {} : { branchIndex }), action: createAction(type, `step_${version.steps.length}`) },
  } as FlowOperationInput);

/** trigger → step_1 (code) → step_2 (loop: step_3) → step_4 (router: [step_5], [empty]) → step_6 (empty loop). */
function smallFlow(): FlatVersion {
  let v = createEmptyVersion();
  v = add(v, 'trigger', 'CODE');
  v = add(v, 'step_1', 'LOOP_ON_ITEMS');
  v = add(v, 'step_2', 'CODE', 'INSIDE_LOOP');
  v = add(v, 'step_2', 'ROUTER');
  v = add(v, 'step_4', 'CODE', 'INSIDE_BRANCH', 0);
  v = add(v, 'step_4', 'LOOP_ON_ITEMS');
  return v;
}

const byId = (layout: FlowLayout) => new Map(layout.nodes.map((n) => [n.id, n]));
const inside = (inner: LayoutNode, outer: LayoutNode) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
const overlap = (a: LayoutNode, b: LayoutNode) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Sweep by y so a 1,000-step flow needs no n² pair check. */
function overlappingPairs(nodes: LayoutNode[]): string[] {
  const sorted = [...nodes].sort((a, b) => a.y - b.y);
  const found: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length && sorted[j]!.y < a.y + a.height; j++) if (overlap(a, sorted[j]!)) found.push(`${a.id}/${sorted[j]!.id}`);
  }
  return found;
}

function presentSteps(version: FlatVersion): FlatStep[] {
  return version.steps.filter((s): s is FlatStep => s !== null);
}

describe('layoutFlow geometry', () => {
  it('gives every step exactly one node, and no two cards overlap (mixed flow of 1,000)', async () => {
    const version = fromNestedFlow(mixedFlow(1000).nested);
    const layout = await layoutFlow(version, createLayoutCache());
    const cards = layout.nodes.filter((n) => n.kind === 'step' || n.kind === 'trigger' || n.kind === 'empty-drop');
    const stepIds = layout.nodes.filter((n) => n.kind === 'step').map((n) => n.id).sort();
    expect(stepIds).toEqual(presentSteps(version).map((s) => s.name).sort());
    expect(new Set(layout.nodes.map((n) => n.id)).size).toBe(layout.nodes.length);
    expect(overlappingPairs(cards)).toEqual([]);
    for (const node of layout.nodes) {
      expect(node.x).toBeGreaterThanOrEqual(layout.minX);
      expect(node.x + node.width).toBeLessThanOrEqual(layout.minX + layout.width + 1e-9);
      expect(node.y + node.height).toBeLessThanOrEqual(layout.height + 1e-9);
    }
  });

  it('puts each loop body inside its container, and lanes side by side under their router in branch order', async () => {
    const version = fromNestedFlow(mixedFlow(400).nested);
    const layout = await layoutFlow(version, createLayoutCache());
    const nodes = byId(layout);
    for (const node of layout.nodes) {
      if (!node.parentStep) continue;
      const holder = nodes.get(node.parentStep)!;
      if (node.kind === 'loop-container' || node.kind === 'branch-lane') {
        expect(node.y).toBeGreaterThan(holder.y + holder.height);
        continue;
      }
      const frame = node.branchIndex === undefined ? nodes.get(`${node.parentStep}:container`)! : nodes.get(`${node.parentStep}:lane:${node.branchIndex}`)!;
      expect(inside(node, frame)).toBe(true);
    }
    // Nested frames lie inside their enclosing frames too (a body's container inside the outer container).
    for (const step of presentSteps(version)) {
      if (step.type !== 'ROUTER') continue;
      const lanes = step.children.map((_, i) => nodes.get(`${step.name}:lane:${i}`)!);
      expect(lanes.map((l) => l.label)).toEqual(step.settings.branches.map((b) => b.branchName));
      lanes.forEach((lane, i) => {
        expect(lane.y).toBe(lanes[0]!.y);
        if (i > 0) expect(lane.x).toBeGreaterThanOrEqual(lanes[i - 1]!.x + lanes[i - 1]!.width);
      });
      const router = nodes.get(step.name)!;
      const centre = (lanes[0]!.x + lanes.at(-1)!.x + lanes.at(-1)!.width) / 2;
      expect(Math.abs(centre - (router.x + router.width / 2))).toBeLessThan(1e-6);
    }
  });

  it('labels an edge with the placement its + button adds at', async () => {
    const version = smallFlow();
    const layout = await layoutFlow(version, createLayoutCache());
    const edges = new Map(layout.edges.map((e) => [`${e.source}->${e.target}`, e]));
    expect(edges.get('trigger->step_1')).toMatchObject({ kind: 'next', insertAt: { parentStep: 'trigger', location: 'AFTER' } });
    expect(edges.get('step_1->step_2')).toMatchObject({ kind: 'next', insertAt: { parentStep: 'step_1', location: 'AFTER' } });
    expect(edges.get('step_2->step_3')).toMatchObject({ kind: 'loop-entry', insertAt: { parentStep: 'step_2', location: 'INSIDE_LOOP' } });
    expect(edges.get('step_2->step_4')).toMatchObject({ kind: 'next', insertAt: { parentStep: 'step_2', location: 'AFTER' } });
    expect(edges.get('step_4->step_5')).toMatchObject({ kind: 'branch-entry', insertAt: { parentStep: 'step_4', location: 'INSIDE_BRANCH', branchIndex: 0 } });
    expect(edges.get('step_4->step_4:empty:1')).toMatchObject({ kind: 'branch-entry', insertAt: { parentStep: 'step_4', location: 'INSIDE_BRANCH', branchIndex: 1 } });
    expect(edges.get('step_6->step_6:empty')).toMatchObject({ kind: 'loop-entry', insertAt: { parentStep: 'step_6', location: 'INSIDE_LOOP' } });
    expect(layout.edges).toHaveLength(8);
    const nodes = byId(layout);
    expect(nodes.get('step_4:lane:0')).toMatchObject({ kind: 'branch-lane', label: 'Branch 1', branchIndex: 0 });
    expect(nodes.get('step_4:lane:1')).toMatchObject({ kind: 'branch-lane', label: 'Otherwise', branchIndex: 1 });
    expect(nodes.get('step_4:empty:1')).toMatchObject({ kind: 'empty-drop', parentStep: 'step_4', branchIndex: 1 });
    expect(nodes.get('step_6:empty')).toMatchObject({ kind: 'empty-drop', parentStep: 'step_6' });
    expect(nodes.get('step_3')).toMatchObject({ kind: 'step', parentStep: 'step_2' });
    expect(inside(nodes.get('step_6:empty')!, nodes.get('step_6:container')!)).toBe(true);
    expect(inside(nodes.get('step_4:empty:1')!, nodes.get('step_4:lane:1')!)).toBe(true);
    // Each '+' placement is one the domain accepts.
    for (const edge of layout.edges) {
      const { parentStep, location, branchIndex } = edge.insertAt;
      expect(() => apply(version, {
        type: 'ADD_ACTION',
        request: { parentStep, stepLocationRelativeToParent: location, ...(branchIndex === undefined ? {} : { branchIndex }), action: createAction('CODE', `step_${version.steps.length}`) },
      } as FlowOperationInput)).not.toThrow();
    }
  });

  it('places lanes exactly where plain sums would (ELK adds no geometry today, see README)', async () => {
    const version = fromNestedFlow(mixedFlow(400).nested);
    const elk = await layoutFlow(version, createLayoutCache());
    const sums = await layoutFlow(version, createLayoutCache({ lanes: 'arithmetic' }));
    expect(elk).toEqual(sums);
  });

  it('lays out a flow with no steps as the trigger alone', async () => {
    const layout = await layoutFlow(createEmptyVersion(), createLayoutCache());
    expect(layout.nodes.map((n) => n.kind)).toEqual(['trigger']);
    expect(layout.edges).toEqual([]);
  });

  it('lays out a 10,000-step straight chain without deep recursion', async () => {
    const version = fromNestedFlow(straightChain(10_000).nested);
    const layout = await layoutFlow(version, createLayoutCache());
    expect(layout.nodes.filter((n) => n.kind === 'step')).toHaveLength(10_000);
    const last = layout.nodes.find((n) => n.id === 'step_10000')!;
    expect(last.y + last.height).toBe(layout.height);
  });
});
