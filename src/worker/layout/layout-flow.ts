/**
 * layoutFlow: the whole flow's layout from cached chain blocks. Three passes, none recursive:
 *  1. split the version into chains (chains.ts);
 *  2. deepest chains first, one nesting level at a time: reuse each chain's block while its step objects
 *     and its nested chains' sizes are unchanged, else rebuild it; the lane compositions a level misses
 *     are computed together (the only await) before its blocks are built;
 *  3. place the blocks from the trigger down, turning relative coordinates into absolute ones.
 * Pass 1 and 3 are O(steps) cheap loops; pass 2 costs only what changed.
 */
import type { FlatVersion, StepName } from '../../domain/flow/types.ts';
import type { LayoutCache } from './cache.ts';
import { buildChainBlock, childSizesOf, laneSignature, routerLanes, sameMembers, type ChainBlock } from './chain-block.ts';
import { collectChains, type Chain } from './chains.ts';
import type { LaneComposition, LaneSize } from './lanes.ts';
import { MAX_COMPOSITIONS } from './cache.ts';
import { NODE_HEIGHT, NODE_WIDTH, ROW_GAP, type FlowLayout, type LayoutEdge, type LayoutNode } from './types.ts';
import { yieldToEvents } from '../yield-to-events.ts';

export async function layoutFlow(version: FlatVersion, cache: LayoutCache): Promise<FlowLayout> {
  const chains = collectChains(version);
  const blocks = await resolveBlocks(chains, cache);
  return place(chains[0], blocks);
}

async function resolveBlocks(chains: readonly Chain[], cache: LayoutCache): Promise<Map<StepName, ChainBlock>> {
  const current = new Map<StepName, ChainBlock>();
  const sizeOf = (head: StepName): ChainBlock => {
    const block = current.get(head);
    if (!block) throw new Error(`layout: nested chain ${head} was not laid out before its parent`);
    return block;
  };
  const byDepth: Chain[][] = [];
  for (const chain of chains) (byDepth[chain.depth] ??= []).push(chain);
  for (let depth = byDepth.length - 1; depth >= 0; depth--) {
    const stale: { chain: Chain; childSizes: number[] }[] = [];
    for (const chain of byDepth[depth] ?? []) {
      const childSizes = childSizesOf(chain.members, sizeOf);
      const cached = cache.blocks.get(chain.head);
      if (cached && sameMembers(cached, chain.members, childSizes)) {
        cache.counter.reused++;
        current.set(chain.head.name, cached);
      } else stale.push({ chain, childSizes });
    }
    if (stale.length === 0) continue;
    await composeMissing(stale.flatMap(({ chain, childSizes }) => routerLanes(chain.members, childSizes)), cache);
    const compositionOf = (lanes: readonly LaneSize[]): LaneComposition => {
      const found = cache.compositions.get(laneSignature(lanes));
      if (!found) throw new Error('layout: lane composition missing after composing');
      return found;
    };
    for (const { chain, childSizes } of stale) {
      const block = buildChainBlock(chain.members, childSizes, compositionOf);
      cache.counter.blocks++;
      cache.blocks.set(chain.head, block);
      current.set(chain.head.name, block);
    }
  }
  return current;
}

/** Computes every lane composition not cached yet (ELK answers with a promise). */
async function composeMissing(allLanes: readonly LaneSize[][], cache: LayoutCache): Promise<void> {
  const missing = new Map<string, LaneSize[]>();
  for (const lanes of allLanes) {
    const signature = laneSignature(lanes);
    if (!cache.compositions.has(signature)) missing.set(signature, lanes);
  }
  if (missing.size === 0) return;
  if (cache.compositions.size + missing.size > MAX_COMPOSITIONS) cache.compositions.clear();
  // One at a time, yielding now and then: ELK computes synchronously, and hundreds of compositions in
  // one go (a 10,000-step flow's first layout) would keep the worker from answering edits meanwhile.
  let done = 0;
  for (const [signature, lanes] of missing) {
    cache.compositions.set(signature, await cache.composer(lanes));
    if (++done % YIELD_EVERY === 0) await yieldToEvents();
  }
  cache.counter.compositions += missing.size;
}

const YIELD_EVERY = 8;

/** Absolute coordinates: the trigger centred on x = 0, the top chain under it, nested chains in their slots. */
function place(top: Chain | undefined, blocks: Map<StepName, ChainBlock>): FlowLayout {
  const nodes: LayoutNode[] = [{ id: 'trigger', kind: 'trigger', x: -NODE_WIDTH / 2, y: 0, width: NODE_WIDTH, height: NODE_HEIGHT }];
  const edges: LayoutEdge[] = [];
  let halfWidth = NODE_WIDTH / 2;
  let height = NODE_HEIGHT;
  const first = top ? blocks.get(top.head.name) : undefined;
  if (top && first) {
    const head = top.head.name;
    edges.push({ id: `trigger->${head}`, source: 'trigger', target: head, kind: 'next', insertAt: { parentStep: 'trigger', location: 'AFTER' } });
    halfWidth = Math.max(halfWidth, first.width / 2);
    height = NODE_HEIGHT + ROW_GAP + first.height;
    const pending: { block: ChainBlock; x: number; y: number }[] = [{ block: first, x: 0, y: NODE_HEIGHT + ROW_GAP }];
    for (let item = pending.pop(); item; item = pending.pop()) {
      const { block, x, y } = item;
      for (const node of block.nodes) nodes.push({ ...node, x: node.x + x, y: node.y + y });
      for (const edge of block.edges) edges.push(edge);
      for (const slot of block.children) {
        const child = blocks.get(slot.head);
        if (child) pending.push({ block: child, x: x + slot.dx, y: y + slot.dy });
      }
    }
  }
  return { nodes, edges, minX: -halfWidth, width: halfWidth * 2, height };
}
