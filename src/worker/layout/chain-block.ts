/**
 * One chain's layout in its own coordinates: x = 0 is the chain's centre line (every block is symmetric
 * about it), y = 0 its top. Rows go top to bottom: a step card, and under a loop its container, under a
 * router its lanes. Nested chains are not copied in: the block records where each one goes (`children`),
 * and the flow assembles them, so a block stays valid as long as its own steps and the sizes of the
 * chains it holds are unchanged, whatever happens inside those chains. Pure arithmetic: fixed card sizes
 * make it exact, and it is O(chain length).
 */
import type { FlatStep, StepName } from '../../domain/flow/types.ts';
import { childHeads } from './chains.ts';
import type { LaneComposition, LaneSize } from './lanes.ts';
import {
  EMPTY_HEIGHT,
  EMPTY_WIDTH,
  LABEL_HEIGHT,
  NODE_HEIGHT,
  NODE_WIDTH,
  PADDING,
  ROW_GAP,
  type LayoutEdge,
  type LayoutNode,
} from './types.ts';

/** Where a nested chain (by its head's name) goes: its centre line at dx, its top at dy. */
export interface ChildSlot {
  head: StepName;
  dx: number;
  dy: number;
}

export interface ChainBlock {
  /** The step objects this block was computed from; reused only while every one is the same object. */
  members: readonly FlatStep[];
  /** Width and height of each nested chain, in `childHeads` order (−1, −1 for an empty body or branch). */
  childSizes: readonly number[];
  width: number;
  height: number;
  nodes: LayoutNode[];
  edges: LayoutEdge[];
  children: ChildSlot[];
}

export interface SizeLookup {
  (head: StepName): { width: number; height: number };
}

export function childSizesOf(members: readonly FlatStep[], sizeOf: SizeLookup): number[] {
  const sizes: number[] = [];
  for (const step of members) {
    for (const head of childHeads(step)) {
      if (head === null) sizes.push(-1, -1);
      else {
        const size = sizeOf(head);
        sizes.push(size.width, size.height);
      }
    }
  }
  return sizes;
}

export function sameMembers(block: ChainBlock, members: readonly FlatStep[], childSizes: readonly number[]): boolean {
  if (block.members.length !== members.length || block.childSizes.length !== childSizes.length) return false;
  for (let i = 0; i < members.length; i++) if (block.members[i] !== members[i]) return false;
  for (let i = 0; i < childSizes.length; i++) if (block.childSizes[i] !== childSizes[i]) return false;
  return true;
}

/** The content size of the nested chain at `childSizes[at]`, or the empty drop target's. */
function contentSize(childSizes: readonly number[], at: number): { width: number; height: number } {
  const width = childSizes[at * 2] ?? -1;
  if (width < 0) return { width: EMPTY_WIDTH, height: EMPTY_HEIGHT };
  return { width, height: childSizes[at * 2 + 1] ?? 0 };
}

/** A lane's outer size: label strip, padding, content. */
function laneSize(content: { width: number; height: number }): LaneSize {
  return { width: content.width + 2 * PADDING, height: LABEL_HEIGHT + content.height + 2 * PADDING };
}

/** The lane sizes of every router in the chain, in order (what the lane composer must place). */
export function routerLanes(members: readonly FlatStep[], childSizes: readonly number[]): LaneSize[][] {
  const result: LaneSize[][] = [];
  let at = 0;
  for (const step of members) {
    const count = childHeads(step).length;
    if (step.type === 'ROUTER') {
      const lanes: LaneSize[] = [];
      for (let i = 0; i < count; i++) lanes.push(laneSize(contentSize(childSizes, at + i)));
      result.push(lanes);
    }
    at += count;
  }
  return result;
}

export function laneSignature(lanes: readonly LaneSize[]): string {
  return lanes.map((lane) => `${lane.width}x${lane.height}`).join(',');
}

/** Where the chain sits: which loop or router branch holds it (none for the top chain). */
function chainContext(head: FlatStep): { parentStep?: StepName; branchIndex?: number } {
  const { step, slot } = head.parent;
  if (step === 'trigger' || slot === 'next') return {};
  return slot === 'loop' ? { parentStep: step } : { parentStep: step, branchIndex: slot };
}

export function buildChainBlock(
  members: readonly FlatStep[],
  childSizes: readonly number[],
  compositionOf: (lanes: readonly LaneSize[]) => LaneComposition,
): ChainBlock {
  const nodes: LayoutNode[] = [];
  const edges: LayoutEdge[] = [];
  const children: ChildSlot[] = [];
  const context = chainContext(members[0] as FlatStep);
  let y = 0;
  let width = NODE_WIDTH;
  let at = 0;
  for (let m = 0; m < members.length; m++) {
    const step = members[m] as FlatStep;
    const name = step.name;
    nodes.push({ id: name, kind: 'step', x: -NODE_WIDTH / 2, y, width: NODE_WIDTH, height: NODE_HEIGHT, ...context });
    let bottom = y + NODE_HEIGHT;
    const heads = childHeads(step);
    if (step.type === 'LOOP_ON_ITEMS') {
      const content = contentSize(childSizes, at);
      const top = bottom + ROW_GAP;
      const container = { width: content.width + 2 * PADDING, height: content.height + 2 * PADDING };
      nodes.push({ id: `${name}:container`, kind: 'loop-container', x: -container.width / 2, y: top, ...container, parentStep: name });
      const head = heads[0] ?? null;
      const target = head ?? `${name}:empty`;
      if (head === null) {
        nodes.push({ id: target, kind: 'empty-drop', x: -EMPTY_WIDTH / 2, y: top + PADDING, width: EMPTY_WIDTH, height: EMPTY_HEIGHT, parentStep: name });
      } else children.push({ head, dx: 0, dy: top + PADDING });
      edges.push({ id: `${name}->${target}`, source: name, target, kind: 'loop-entry', insertAt: { parentStep: name, location: 'INSIDE_LOOP' } });
      width = Math.max(width, container.width);
      bottom = top + container.height;
    } else if (step.type === 'ROUTER') {
      const lanes = routerLanes([step], childSizes.slice(at * 2, (at + heads.length) * 2))[0] ?? [];
      const composition = compositionOf(lanes);
      const top = bottom + ROW_GAP;
      const left = -composition.width / 2;
      heads.forEach((head, i) => {
        const lane = lanes[i] as LaneSize;
        const laneX = left + (composition.xs[i] ?? 0);
        const label = step.settings.branches[i]?.branchName ?? `Branch ${i + 1}`;
        nodes.push({ id: `${name}:lane:${i}`, kind: 'branch-lane', x: laneX, y: top, width: lane.width, height: composition.height, parentStep: name, branchIndex: i, label });
        const centre = laneX + lane.width / 2;
        const contentTop = top + LABEL_HEIGHT + PADDING;
        const target = head ?? `${name}:empty:${i}`;
        if (head === null) {
          nodes.push({ id: target, kind: 'empty-drop', x: centre - EMPTY_WIDTH / 2, y: contentTop, width: EMPTY_WIDTH, height: EMPTY_HEIGHT, parentStep: name, branchIndex: i });
        } else children.push({ head, dx: centre, dy: contentTop });
        edges.push({ id: `${name}->${target}`, source: name, target, kind: 'branch-entry', insertAt: { parentStep: name, location: 'INSIDE_BRANCH', branchIndex: i } });
      });
      width = Math.max(width, composition.width);
      bottom = top + composition.height;
    }
    at += heads.length;
    const next = members[m + 1];
    if (next) edges.push({ id: `${name}->${next.name}`, source: name, target: next.name, kind: 'next', insertAt: { parentStep: name, location: 'AFTER' } });
    y = next ? bottom + ROW_GAP : bottom;
  }
  return { members, childSizes, width, height: y, nodes, edges, children };
}
