/**
 * Editor-core figures for `npm run bench`: for flows of 100, 1,000 and 10,000 steps (a mixed flow with
 * nested loops and routers up to depth 6, and a 10,000-step straight chain), the median and p95 time of
 * each operation, the bytes an edit posts to the UI, undo and redo through a headless EditorCore, and the
 * heap growth after 1,000 edits. Operations are pure, so each sample applies one operation to the same
 * version; targets vary between samples (seeded), so no cache makes a sample cheaper than the first.
 */
import {
  applyOperationWithPatches,
  collectSubtree,
  createAction,
  flowOperationSchema,
  fromNestedFlow,
  toStoredVersion,
  type FlatStep,
  type FlatVersion,
  type FlowOperation,
  type FlowOperationInput,
} from '../src/domain/flow/index.ts';
import { versionReader } from '../src/domain/flow/structure.ts';
import { EditorCore } from '../src/worker/editor-core.ts';
import type { EditorTransportForCore } from '../src/worker/editor-types.ts';
import { mixedFlow, seededRandom, straightChain, type GeneratedFlow } from './flow-generator.ts';

const SAMPLES = 300;

/**
 * A server that acknowledges every save and keeps nothing, so heap growth is the core's own (the test
 * FakeServerTransport records each request, which would be counted against the core).
 */
const acknowledgingServer: EditorTransportForCore = {
  autosave: async () => ({ newVersionCreated: false, version: undefined as never }),
  publish: async () => {
    throw new Error('publishing is not benchmarked');
  },
};

export interface Timing {
  median: number;
  p95: number;
  n: number;
}

export interface SizeFigures {
  flow: string;
  steps: number;
  timingsMs: Record<string, Timing>;
  /** JSON bytes of the patches one edit posts to the UI, by operation. */
  postedBytes: Record<string, number>;
  heapGrowthMiBAfter1000Edits: number;
}

function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), n: samples.length };
}

const op = (input: FlowOperationInput): FlowOperation => flowOperationSchema.parse(input);

/** UPDATE_ACTION as the settings panel sends it: the step's own fields, links left out. */
function updateRequest(step: FlatStep, change: { displayName?: string; settings?: object }): FlowOperationInput {
  const { name, type, displayName, valid, skip, settings } = step;
  return { type: 'UPDATE_ACTION', request: { name, type, displayName, valid, skip, settings, ...change } } as FlowOperationInput;
}

interface Targets {
  any: FlatStep[];
  plain: FlatStep[];
  routers: FlatStep[];
}

function targetsOf(version: FlatVersion): Targets {
  const any = version.steps.filter((s): s is FlatStep => s !== null);
  return {
    any,
    plain: any.filter((s) => s.type === 'CODE' || s.type === 'PIECE'),
    routers: any.filter((s) => s.type === 'ROUTER'),
  };
}

/** Times `make(i)`'s operation applied to `version`, SAMPLES times, after a warm-up; returns timings and bytes. */
function measure(version: FlatVersion, make: (i: number) => FlowOperation | null): { t: Timing; bytes: number } {
  const ops: FlowOperation[] = [];
  for (let i = 0; ops.length < SAMPLES + 50 && i < (SAMPLES + 50) * 4; i++) {
    const next = make(i);
    if (next) ops.push(next);
  }
  const samples: number[] = [];
  let bytes = 0;
  ops.forEach((operation, i) => {
    const start = performance.now();
    const result = applyOperationWithPatches(version, operation);
    const elapsed = performance.now() - start;
    if (i >= 50) samples.push(elapsed);
    if (i === 50) bytes = Buffer.byteLength(JSON.stringify(result.patches));
  });
  return { t: timing(samples), bytes };
}

function measureOperations(version: FlatVersion, generated: GeneratedFlow) {
  const random = seededRandom(7);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const targets = targetsOf(version);
  const read = versionReader(version);
  const timings: Record<string, Timing> = {};
  const bytes: Record<string, number> = {};
  const record = (name: string, result: { t: Timing; bytes: number }) => {
    timings[name] = result.t;
    bytes[name] = result.bytes;
  };

  record('ADD_ACTION', measure(version, () => op({
    type: 'ADD_ACTION',
    request: { parentStep: pick(targets.any).name, stepLocationRelativeToParent: 'AFTER', action: createAction('CODE', `step_${version.steps.length}`) },
  })));
  record('UPDATE_ACTION', measure(version, (i) => {
    const step = pick(targets.plain);
    const settings = { ...step.settings, input: { ...(step.settings as { input?: object }).input, note: `edit ${i}` } };
    return op(updateRequest(step, { settings }));
  }));
  record('DELETE_ACTION', measure(version, () => op({ type: 'DELETE_ACTION', request: { names: [pick(targets.plain).name] } })));
  record('MOVE_ACTION', measure(version, () => {
    const moved = pick(targets.plain);
    const target = pick(targets.any);
    if (target.name === moved.name) return null;
    return op({ type: 'MOVE_ACTION', request: { name: moved.name, newParentStep: target.name, stepLocationRelativeToNewParent: 'AFTER' } });
  }));
  record('DUPLICATE_ACTION (one step)', measure(version, () => op({ type: 'DUPLICATE_ACTION', request: { stepName: pick(targets.plain).name } })));
  if (generated.bigLoop) {
    const size = collectSubtree(read, generated.bigLoop).length;
    record(`DUPLICATE_ACTION (loop of ${size - 1})`, measure(version, () => op({ type: 'DUPLICATE_ACTION', request: { stepName: generated.bigLoop! } })));
  }
  record('SET_SKIP_ACTION', measure(version, () => op({ type: 'SET_SKIP_ACTION', request: { names: [pick(targets.any).name], skip: true } })));
  if (targets.routers.length > 0) {
    record('ADD_BRANCH', measure(version, () => op({ type: 'ADD_BRANCH', request: { stepName: pick(targets.routers).name, branchIndex: 0, branchName: 'Added' } })));
  }
  return { timings, bytes };
}

/** Undo and redo through the editor core (history, patches, autosave scheduling), against a fake server. */
async function measureUndoRedo(version: FlatVersion) {
  const core = new EditorCore({ transport: acknowledgingServer, indexedDB: null, autosaveDelayMs: 60_000, log: () => {} });
  await core.open({ flow: { id: version.flowId, status: 'DISABLED', folderId: null, publishedVersionId: null }, version: toStoredVersion(version) });
  const targets = targetsOf(version).plain;
  const random = seededRandom(11);
  const undo: number[] = [];
  const redo: number[] = [];
  for (let i = 0; i < 120; i++) {
    const step = targets[Math.floor(random() * targets.length)]!;
    core.breakGroup();
    core.apply({ type: 'SET_SKIP_ACTION', request: { names: [step.name], skip: i % 2 === 0 } });
    let start = performance.now();
    core.undo();
    if (i >= 20) undo.push(performance.now() - start);
    start = performance.now();
    core.redo();
    if (i >= 20) redo.push(performance.now() - start);
  }
  await core.dispose();
  return { undo: timing(undo), redo: timing(redo) };
}

/** Heap after 1,000 mixed edits through the core, minus heap before, both after a full collection. */
async function measureHeapGrowth(version: FlatVersion): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const core = new EditorCore({ transport: acknowledgingServer, indexedDB: null, autosaveDelayMs: 60_000, log: () => {} });
  await core.open({ flow: { id: version.flowId, status: 'DISABLED', folderId: null, publishedVersionId: null }, version: toStoredVersion(version) });
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const random = seededRandom(13);
  const names = targetsOf(version).plain.map((s) => s.name);
  for (let i = 0; i < 1000; i++) {
    const name = names[Math.floor(random() * names.length)]!;
    core.breakGroup();
    const step = version.steps[Number(name.slice(5))]!;
    if (i % 4 === 3) core.apply({ type: 'SET_SKIP_ACTION', request: { names: [name], skip: true } });
    else core.apply(updateRequest(step, { displayName: `Renamed ${i}` }));
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc?.();
  const after = process.memoryUsage().heapUsed;
  await core.dispose();
  return (after - before) / (1024 * 1024);
}

export async function measureEditorFigures(): Promise<SizeFigures[]> {
  const flows: Array<[string, GeneratedFlow]> = [
    ['mixed', mixedFlow(100)],
    ['mixed', mixedFlow(1000)],
    ['mixed', mixedFlow(10_000)],
    ['straight chain', straightChain(10_000)],
  ];
  const figures: SizeFigures[] = [];
  for (const [kind, generated] of flows) {
    const version = fromNestedFlow(generated.nested, { id: `bench-${generated.stepCount}`, flowId: 'bench' });
    const { timings, bytes } = measureOperations(version, generated);
    const { undo, redo } = await measureUndoRedo(version);
    timings.undo = undo;
    timings.redo = redo;
    figures.push({ flow: kind, steps: generated.stepCount, timingsMs: timings, postedBytes: bytes, heapGrowthMiBAfter1000Edits: await measureHeapGrowth(version) });
  }
  return figures;
}

export function printEditorFigures(figures: SizeFigures[]): void {
  console.log('Editor core (median / p95 ms per operation; bytes of patches posted to the UI)');
  const names = [...new Set(figures.flatMap((f) => Object.keys(f.timingsMs)))];
  const header = ['operation'.padEnd(34), ...figures.map((f) => `${f.steps} ${f.flow}`.padStart(24))].join('');
  console.log(`  ${header}`);
  for (const name of names) {
    const cells = figures.map((f) => {
      const t = f.timingsMs[name];
      const b = f.postedBytes[name];
      return (t ? `${t.median.toFixed(3)}/${t.p95.toFixed(3)}${b === undefined ? '' : ` ${b}B`}` : '—').padStart(24);
    });
    console.log(`  ${name.padEnd(34)}${cells.join('')}`);
  }
  console.log(`  ${'heap growth after 1,000 edits'.padEnd(34)}${figures.map((f) => `${f.heapGrowthMiBAfter1000Edits.toFixed(1)} MiB`.padStart(24)).join('')}`);
}
