/**
 * Layout figures (issue #5): for mixed flows of 200, 1,000 and 10,000 steps and a 10,000-step straight
 * chain, the first full layout, re-layout after one UPDATE_ACTION (median of 20, each on the previous
 * edit's result, as an editing session goes) and after an ADD_ACTION in the middle of the top chain
 * (median of 5). Measured with router lanes placed by ELK (what ships) and by arithmetic, plus one ELK
 * layered run over the whole flow as a single hierarchical graph — the "ELK for everything" baseline the
 * cache exists to avoid — for the sizes where that finishes in reasonable time.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import { applyOperation, createAction, flowOperationSchema, fromNestedFlow, type FlatStep, type FlatVersion, type FlowOperationInput } from '../src/domain/flow/index.ts';
import { createLayoutCache, layoutFlow, newCounter, type FlowLayout } from '../src/worker/layout/index.ts';
import { mixedFlow, seededRandom, straightChain, type GeneratedFlow } from './flow-generator.ts';

export interface LayoutFigures {
  flow: string;
  steps: number;
  firstMs: number;
  firstArithmeticLanesMs: number;
  /** ELK calls (distinct lane-size sets) in the first layout. */
  firstElkCalls: number;
  updateMedianMs: number;
  /** Blocks rebuilt per UPDATE_ACTION (median); ELK calls over all 20. */
  updateBlocksMedian: number;
  updateElkCalls: number;
  addMiddleMedianMs: number;
  /** One ELK layered run over the whole flow; null where skipped (too slow to be an option). */
  wholeGraphElkMs: number | null;
}

const apply = (version: FlatVersion, input: FlowOperationInput): FlatVersion => applyOperation(version, flowOperationSchema.parse(input));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

function topChainMiddle(version: FlatVersion): string {
  const names: string[] = [];
  for (let name = version.trigger.next; name; name = (version.steps[Number(name.slice(5))] as FlatStep).next) names.push(name);
  return names[Math.floor(names.length / 2)] ?? 'trigger';
}

/** The layout's nodes as one hierarchical ELK graph (steps inside their container or lane). */
function wholeGraph(layout: FlowLayout): ElkNode {
  const frames = new Map<string, ElkNode>();
  const root: ElkNode = { id: 'root', children: [], edges: [] };
  for (const node of layout.nodes) frames.set(node.id, { id: node.id, width: node.width, height: node.height, children: [] });
  for (const node of layout.nodes) {
    const frameId = !node.parentStep || node.kind === 'loop-container' || node.kind === 'branch-lane'
      ? null
      : node.branchIndex === undefined ? `${node.parentStep}:container` : `${node.parentStep}:lane:${node.branchIndex}`;
    // Containers and lanes sit beside the step that owns them, in that step's frame.
    const owner = node.kind === 'loop-container' || node.kind === 'branch-lane' ? layout.nodes.find((n) => n.id === node.parentStep) : undefined;
    const ownerFrame = owner?.parentStep ? (owner.branchIndex === undefined ? `${owner.parentStep}:container` : `${owner.parentStep}:lane:${owner.branchIndex}`) : null;
    const parent = frames.get(frameId ?? ownerFrame ?? '') ?? root;
    const elkNode = frames.get(node.id) as ElkNode;
    parent.children?.push(elkNode);
  }
  root.edges = layout.edges.map((e): ElkExtendedEdge => ({ id: e.id, sources: [e.source], targets: [e.target] }));
  return root;
}

async function measureWholeGraph(layout: FlowLayout): Promise<number> {
  const elk = new ELK();
  const graph = wholeGraph(layout);
  const { ms } = await timed(() => elk.layout(graph, { layoutOptions: { 'elk.algorithm': 'layered', 'elk.direction': 'DOWN', 'elk.hierarchyHandling': 'INCLUDE_CHILDREN' } }));
  return ms;
}

async function measureOne(label: string, generated: GeneratedFlow, wholeGraphToo: boolean): Promise<LayoutFigures> {
  const base = fromNestedFlow(generated.nested);
  const counter = newCounter();
  const cache = createLayoutCache({ counter });
  const first = await timed(() => layoutFlow(base, cache));
  const firstElkCalls = counter.compositions;
  const arithmetic = await timed(() => layoutFlow(base, createLayoutCache({ lanes: 'arithmetic' })));

  const random = seededRandom(7);
  const plain = base.steps.filter((s): s is FlatStep => s !== null && (s.type === 'CODE' || s.type === 'PIECE'));
  let version = base;
  const updateMs: number[] = [];
  const updateBlocks: number[] = [];
  const elkBefore = counter.compositions;
  for (let i = 0; i < 20; i++) {
    const step = plain[Math.floor(random() * plain.length)] as FlatStep;
    const { name, type, valid, skip, settings } = step;
    version = apply(version, { type: 'UPDATE_ACTION', request: { name, type, displayName: `Edit ${i}`, valid, skip, settings } } as FlowOperationInput);
    const blocksBefore = counter.blocks;
    const current = version;
    updateMs.push((await timed(() => layoutFlow(current, cache))).ms);
    updateBlocks.push(counter.blocks - blocksBefore);
  }
  const updateElkCalls = counter.compositions - elkBefore;

  const addMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    version = apply(version, {
      type: 'ADD_ACTION',
      request: { parentStep: topChainMiddle(version), stepLocationRelativeToParent: 'AFTER', action: createAction('CODE', `step_${version.steps.length}`) },
    } as FlowOperationInput);
    const current = version;
    addMs.push((await timed(() => layoutFlow(current, cache))).ms);
  }

  return {
    flow: label,
    steps: generated.stepCount,
    firstMs: first.ms,
    firstArithmeticLanesMs: arithmetic.ms,
    firstElkCalls,
    updateMedianMs: median(updateMs),
    updateBlocksMedian: median(updateBlocks),
    updateElkCalls,
    addMiddleMedianMs: median(addMs),
    wholeGraphElkMs: wholeGraphToo ? await measureWholeGraph(first.value) : null,
  };
}

export async function measureLayoutFigures(): Promise<LayoutFigures[]> {
  // Warm up the JIT and ELK's GWT runtime so the first figure is not the module's start-up.
  await layoutFlow(fromNestedFlow(mixedFlow(100, 1).nested), createLayoutCache());
  return [
    await measureOne('mixed 200', mixedFlow(200), true),
    await measureOne('mixed 1,000', mixedFlow(1000), true),
    await measureOne('mixed 10,000', mixedFlow(10_000), false),
    await measureOne('chain 10,000', straightChain(10_000), false),
  ];
}

export function printLayoutFigures(figures: LayoutFigures[]): void {
  const ms = (n: number | null) => (n === null ? '—' : n.toFixed(1));
  console.log('Layout (ms)          first  first(arith lanes)  ELK calls  update(med)  blocks/update  ELK on updates  add-middle(med)  whole-graph ELK');
  for (const f of figures) {
    console.log(
      `${f.flow.padEnd(18)} ${ms(f.firstMs).padStart(7)} ${ms(f.firstArithmeticLanesMs).padStart(19)} ${String(f.firstElkCalls).padStart(10)} ${ms(f.updateMedianMs).padStart(12)} ${String(f.updateBlocksMedian).padStart(14)} ${String(f.updateElkCalls).padStart(15)} ${ms(f.addMiddleMedianMs).padStart(16)} ${ms(f.wholeGraphElkMs).padStart(16)}`,
    );
  }
}
