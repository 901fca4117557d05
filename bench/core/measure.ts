/**
 * Times a script through the headless editor core, as the browser's worker runs it: each operation is
 * parsed, applied, recorded in the undo history and answered with its patches. The flow is put back
 * after each timed edit (an untimed undo), so every repetition edits the same flow; saves are held off
 * (the autosave delay is an hour) so that the figures are the edits' own.
 */
import { EditorError, openFlow, type HeadlessEditor } from '../../src/worker/headless.ts';
import type { FlatVersion } from '../../src/domain/flow/index.ts';
import { summarise, type Summary } from '../stats.ts';
import { InputError } from './input-error.ts';
import type { ScriptEntry } from './script.ts';

export interface OperationFigures {
  /** The SPEC §4 type, or UNDO / REDO. */
  type: string;
  timing: Summary;
  /** JSON bytes of the patches the edit answered with (what the worker posts to the UI), median. */
  patchBytes: number;
  /** Repetitions where the core refused the edit (a default-mix move into its own subtree, …). */
  refused: number;
}

export interface CoreFigures {
  operations: Record<string, OperationFigures>;
  heapGrowthMiB: number;
  openMs: number;
}

interface Collected {
  type: string;
  samples: number[];
  bytes: number[];
  refused: number;
}

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

/** A step to toggle for undo/redo samples: any step but the trigger. */
function someStep(version: FlatVersion, rep: number): string {
  const steps = version.steps;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[(rep + i) % steps.length];
    if (step) return step.name;
  }
  throw new InputError('The flow has no steps besides its trigger: undo and redo need one');
}

function timeEntry(editor: HeadlessEditor, entry: ScriptEntry, rep: number): { ms: number; bytes: number } {
  if (entry.kind === 'operation') {
    const start = performance.now();
    const result = editor.apply(entry.operation, { groupKey: null });
    const ms = performance.now() - start;
    const bytes = Buffer.byteLength(JSON.stringify(result.patches));
    editor.undo();
    return { ms, bytes };
  }
  const name = someStep(editor.version, rep);
  editor.apply({ type: 'SET_SKIP_ACTION', request: { names: [name], skip: !editor.version.steps.find((s) => s?.name === name)?.skip } }, { groupKey: null });
  if (entry.kind === 'redo') editor.undo();
  const start = performance.now();
  const result = entry.kind === 'undo' ? editor.undo() : editor.redo();
  const ms = performance.now() - start;
  const bytes = Buffer.byteLength(JSON.stringify(result?.patches ?? []));
  if (entry.kind === 'redo') editor.undo();
  return { ms, bytes };
}

/**
 * Runs `entriesOf(rep)` for `warmup + reps` repetitions and keeps the last `reps`. A scripted edit the
 * core refuses stops the run (the script is wrong); a default-mix edit it refuses is counted and skipped.
 */
export async function measureCore(
  version: FlatVersion,
  entriesOf: (rep: number) => ScriptEntry[],
  options: { reps: number; warmup: number; scripted: boolean },
): Promise<CoreFigures> {
  const start = performance.now();
  const editor = await openFlow(version, { autosaveDelayMs: 3_600_000 });
  const openMs = performance.now() - start;
  const collected = new Map<string, Collected>();
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  try {
    for (let rep = 0; rep < options.warmup + options.reps; rep++) {
      const entries = entriesOf(rep);
      entries.forEach((entry, index) => {
        const type = entry.kind === 'operation' ? entry.operation.type : entry.kind.toUpperCase();
        const figures = collected.get(entry.label) ?? { type, samples: [], bytes: [], refused: 0 };
        collected.set(entry.label, figures);
        try {
          const { ms, bytes } = timeEntry(editor, entry, rep);
          if (rep >= options.warmup) {
            figures.samples.push(ms);
            figures.bytes.push(bytes);
          }
        } catch (error) {
          if (!(error instanceof EditorError)) throw error;
          if (options.scripted) throw new InputError(`operation ${index + 1} (${entry.label}) was refused by the core: ${error.message}`);
          if (rep >= options.warmup) figures.refused++;
        }
      });
    }
    gc();
    const heapGrowthMiB = (process.memoryUsage().heapUsed - heapBefore) / (1024 * 1024);
    const operations: Record<string, OperationFigures> = {};
    for (const [label, figures] of collected) {
      operations[label] = { type: figures.type, timing: summarise(figures.samples), patchBytes: summarise(figures.bytes).p50, refused: figures.refused };
    }
    return { operations, heapGrowthMiB, openMs };
  } finally {
    await editor.core.dispose();
  }
}
