/**
 * What survives between layouts of one flow: chain blocks keyed by their head step object (a WeakMap, so
 * blocks of steps no version holds any more are collected with them), lane compositions keyed by lane
 * sizes, and counters the tests and the bench read to see what was recomputed.
 */
import type { FlatStep } from '../../domain/flow/types.ts';
import type { ChainBlock } from './chain-block.ts';
import { composeLanesArithmetic, createElkLaneComposer, type LaneComposer, type LaneComposition } from './lanes.ts';

export interface LayoutCounter {
  /** Chain blocks computed (cache misses). */
  blocks: number;
  /** Chain blocks reused as they were. */
  reused: number;
  /** Lane compositions computed by the composer (ELK calls when the composer is ELK). */
  compositions: number;
}

export interface LayoutCache {
  readonly blocks: WeakMap<FlatStep, ChainBlock>;
  readonly compositions: Map<string, LaneComposition>;
  readonly composer: LaneComposer;
  readonly counter: LayoutCounter;
}

/** Distinct lane-size sets seen; past this the map is dropped rather than grow for ever in a long session. */
export const MAX_COMPOSITIONS = 10_000;

export interface LayoutCacheOptions {
  /** 'elk' (default) places router lanes with ELK; 'arithmetic' with plain sums (for measuring). */
  lanes?: 'elk' | 'arithmetic';
  counter?: LayoutCounter;
  /** Runs each ELK composition: the layout feed gives a refinement up when an edit comes in. */
  guard?: (compose: () => Promise<LaneComposition>) => Promise<LaneComposition>;
}

export function newCounter(): LayoutCounter {
  return { blocks: 0, reused: 0, compositions: 0 };
}

export function createLayoutCache(options: LayoutCacheOptions = {}): LayoutCache {
  const composer: LaneComposer =
    options.lanes === 'arithmetic' ? async (lanes) => composeLanesArithmetic(lanes) : guarded(createElkLaneComposer(), options.guard);
  return { blocks: new WeakMap(), compositions: new Map(), composer, counter: options.counter ?? newCounter() };
}

function guarded(composer: LaneComposer, guard: LayoutCacheOptions['guard']): LaneComposer {
  return guard ? (lanes) => guard(() => composer(lanes)) : composer;
}
