/**
 * Placing one router's branch lanes side by side under it. This is where ELK sits in the pipeline: the
 * lanes are the one irregular composition in the tree (different widths and heights per branch). The
 * arithmetic composer gives the same answer for today's straight rows and is kept to measure against ELK
 * (see README.md). Results are cached by the lanes' sizes, so a re-layout that leaves every lane's size
 * unchanged never calls ELK.
 */
import type { ELK as ElkApi, ElkNode } from 'elkjs/lib/elk-api.js';
import { LANE_GAP, NODE_HEIGHT, NODE_WIDTH } from './types.ts';

export interface LaneSize {
  width: number;
  height: number;
}

/** Lane left edges relative to the left of the lanes area, and the area's size. */
export interface LaneComposition {
  xs: number[];
  width: number;
  height: number;
}

export type LaneComposer = (lanes: readonly LaneSize[]) => Promise<LaneComposition>;

export function composeLanesArithmetic(lanes: readonly LaneSize[]): LaneComposition {
  const xs: number[] = [];
  let x = 0;
  let height = 0;
  for (const lane of lanes) {
    xs.push(x);
    x += lane.width + LANE_GAP;
    height = Math.max(height, lane.height);
  }
  return { xs, width: Math.max(0, x - LANE_GAP), height };
}

/**
 * One ELK instance per composer. ELK (1.5 MB of JavaScript) is loaded on first use, not with the worker:
 * the first layout of a flow is placed by sums (layout-feed.ts), so opening the editor never waits for it.
 * In a browser it runs in a worker of its own (`loadElk`); should that worker fail, the lanes are placed by
 * sums, which give the same answer today, rather than leave a layout waiting for ever.
 */
export function createElkLaneComposer(): LaneComposer {
  let elk: Promise<LoadedElk> | null = null;
  let failed = false;
  const load = () =>
    (elk ??= loadElk(() => {
      failed = true;
      console.warn("ELK's worker failed: router lanes are placed by sums from now on");
    }));
  return async (lanes) => {
    const loaded = await load();
    if (failed) return composeLanesArithmetic(lanes);
    const graph = await Promise.race([loaded.elk.layout(laneGraph(lanes)), loaded.failure]);
    if (!graph) return composeLanesArithmetic(lanes);
    return compositionFrom(graph, lanes);
  };
}

interface LoadedElk {
  elk: ElkApi;
  /** Settles (with null) if ELK's worker fails; never otherwise. */
  failure: Promise<null>;
}

/**
 * Where a Worker can be made (the browser), ELK gets one of its own: each composition computes
 * synchronously for 3–30 ms, which in the editor worker kept an undo or a keystroke waiting behind it for
 * the first seconds after a large flow opened. Elsewhere (Node: tests, benches) it runs in this thread.
 */
async function loadElk(onFailure: () => void): Promise<LoadedElk> {
  if (typeof Worker === 'undefined') {
    const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
    return { elk: new ELK(), failure: new Promise<null>(() => undefined) };
  }
  const { default: ELK } = await import('elkjs/lib/elk-api.js');
  let fail: (value: null) => void = () => undefined;
  const failure = new Promise<null>((resolve) => (fail = resolve));
  const workerFactory = () => {
    const worker = new Worker(new URL('./elk.worker.ts', import.meta.url), { name: 'flowsmith-elk' });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      onFailure();
      fail(null);
      worker.terminate();
    });
    return worker;
  };
  return { elk: new ELK({ workerFactory }), failure };
}

function laneGraph(lanes: readonly LaneSize[]): ElkNode {
  return {
    id: 'router',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.spacing.nodeNode': String(LANE_GAP),
      // Branch order is meaning ('Branch 1' before 'Otherwise'): ELK must not reorder lanes to save crossings.
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.layered.crossingMinimization.forceNodeModelOrder': 'true',
    },
    children: [
      { id: 'router', width: NODE_WIDTH, height: NODE_HEIGHT },
      ...lanes.map((lane, i) => ({ id: `lane${i}`, width: lane.width, height: lane.height })),
    ],
    edges: lanes.map((_, i) => ({ id: `e${i}`, sources: ['router'], targets: [`lane${i}`] })),
  };
}

function compositionFrom(graph: ElkNode, lanes: readonly LaneSize[]): LaneComposition {
  const placed = new Map<string, number>();
  for (const child of graph.children ?? []) placed.set(child.id, child.x ?? 0);
  const raw = lanes.map((_, i) => placed.get(`lane${i}`) ?? 0);
  const left = Math.min(...raw);
  const xs = raw.map((x) => x - left);
  let width = 0;
  let height = 0;
  lanes.forEach((lane, i) => {
    width = Math.max(width, (xs[i] ?? 0) + lane.width);
    height = Math.max(height, lane.height);
  });
  // Lanes are top-aligned (ELK puts one layer on one line); only their horizontal placement is ELK's.
  return { xs, width, height };
}
