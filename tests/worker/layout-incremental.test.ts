import { describe, expect, it } from '@rstest/core';
import { mixedFlow, straightChain } from '../../bench/flow-generator.ts';
import {
  applyOperation,
  createAction,
  flowOperationSchema,
  fromNestedFlow,
  type FlatStep,
  type FlatVersion,
  type FlowOperationInput,
} from '../../src/domain/flow/index.ts';
import { createLayoutCache, layoutFlow, newCounter, type FlowLayout, type LayoutCounter } from '../../src/worker/layout/index.ts';

const apply = (version: FlatVersion, input: FlowOperationInput): FlatVersion => applyOperation(version, flowOperationSchema.parse(input));

function rename(version: FlatVersion, name: string, displayName: string): FlatVersion {
  const step = version.steps.find((s) => s?.name === name)!;
  const { type, valid, skip, settings } = step;
  return apply(version, { type: 'UPDATE_ACTION', request: { name, type, displayName, valid, skip, settings } } as FlowOperationInput);
}

const positions = (layout: FlowLayout) => new Map(layout.nodes.map((n) => [n.id, `${n.x},${n.y},${n.width},${n.height}`]));
const delta = (before: LayoutCounter, after: LayoutCounter) => ({
  blocks: after.blocks - before.blocks,
  compositions: after.compositions - before.compositions,
});

/** The top chain's steps in order (trigger.next, then next...). */
function topChain(version: FlatVersion): FlatStep[] {
  const out: FlatStep[] = [];
  for (let name = version.trigger.next; name; ) {
    const step = version.steps.find((s) => s?.name === name)!;
    out.push(step);
    name = step.next;
  }
  return out;
}

describe('layoutFlow reuse', () => {
  it('reuses every block and calls ELK no more for an unchanged version', async () => {
    const counter = newCounter();
    const cache = createLayoutCache({ counter });
    const version = fromNestedFlow(mixedFlow(400).nested);
    const first = await layoutFlow(version, cache);
    expect(counter.blocks).toBeGreaterThan(10);
    expect(counter.compositions).toBeGreaterThan(0);
    const before = { ...counter };
    const second = await layoutFlow(version, cache);
    expect(delta(before, counter)).toEqual({ blocks: 0, compositions: 0 });
    expect(counter.reused - before.reused).toBe(before.blocks);
    expect(second).toEqual(first);
  });

  it('after UPDATE_ACTION of a top-chain step recomputes only its block; nothing moves', async () => {
    const counter = newCounter();
    const cache = createLayoutCache({ counter });
    const version = fromNestedFlow(mixedFlow(400).nested);
    const first = await layoutFlow(version, cache);
    const target = topChain(version)[5]!;
    const before = { ...counter };
    const edited = rename(version, target.name, 'Renamed');
    const second = await layoutFlow(edited, cache);
    expect(delta(before, counter)).toEqual({ blocks: 1, compositions: 0 });
    expect(positions(second)).toEqual(positions(first));
  });

  it('after UPDATE_ACTION of a step deep inside a body recomputes its chain and no ELK lane placement', async () => {
    const counter = newCounter();
    const cache = createLayoutCache({ counter });
    const version = fromNestedFlow(mixedFlow(400).nested);
    const first = await layoutFlow(version, cache);
    // A step inside a branch: its chain is rebuilt; the chains holding it keep their blocks (sizes unchanged).
    const inBranch = version.steps.find((s) => s && typeof s.parent.slot === 'number')!;
    const before = { ...counter };
    const second = await layoutFlow(rename(version, inBranch.name, 'Renamed'), cache);
    expect(delta(before, counter)).toEqual({ blocks: 1, compositions: 0 });
    expect(positions(second)).toEqual(positions(first));
  });

  it('after ADD_ACTION in the middle keeps every node above the new step where it was', async () => {
    const cache = createLayoutCache();
    const version = fromNestedFlow(mixedFlow(400).nested);
    const first = await layoutFlow(version, cache);
    const chain = topChain(version);
    const anchor = chain[Math.floor(chain.length / 2)]!;
    const edited = apply(version, {
      type: 'ADD_ACTION',
      request: { parentStep: anchor.name, stepLocationRelativeToParent: 'AFTER', action: createAction('ROUTER', `step_${version.steps.length}`) },
    } as FlowOperationInput);
    const second = await layoutFlow(edited, cache);
    const old = new Map(first.nodes.map((n) => [n.id, n]));
    const anchorNode = old.get(anchor.name)!;
    let checked = 0;
    for (const node of second.nodes) {
      const was = old.get(node.id);
      if (!was || was.y > anchorNode.y + anchorNode.height) continue;
      // Everything that ended at or above the anchor row keeps its place (a wider router grows both ways).
      if (was.y + was.height <= anchorNode.y + anchorNode.height) {
        expect(node).toEqual(was);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(second.nodes.filter((n) => n.kind === 'step')).toHaveLength(401);
  });

  it('re-lays a 10,000-step chain after an edit, reusing nothing it need not rebuild', async () => {
    const counter = newCounter();
    const cache = createLayoutCache({ counter });
    const version = fromNestedFlow(straightChain(10_000).nested);
    await layoutFlow(version, cache);
    const before = { ...counter };
    await layoutFlow(rename(version, 'step_5000', 'Renamed'), cache);
    expect(delta(before, counter)).toEqual({ blocks: 1, compositions: 0 });
  });
});
