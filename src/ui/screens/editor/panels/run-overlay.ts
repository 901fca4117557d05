/**
 * A run seen through the canvas (SPEC §4 "run details"): which record each step shows, which iteration
 * each loop shows, and which step failed. Pure functions of the run's records, no React.
 *
 * A run's step records are nested: a loop's record holds one list of records per iteration, and a loop
 * inside it appears once in each of those lists. The canvas is flat (one node per step), so a loop's
 * chosen iteration is keyed by the loop's step name alone: `iterations[loop]` picks the list its body
 * reads from, and a nested loop reads its own choice inside whichever outer iteration is shown (an index
 * past its end shows its last iteration, since inner loops may run a different number of times).
 *
 * Failure: within a list the first record containing a failure counts (run order: what failed first);
 * within a loop the LAST iteration containing one, the one the engine stopped at, leads to the failed
 * step. The loops on that path open on their maximum iteration (SPEC §4: "the maximum is used for loops
 * containing the failed step"), which is the failing one unless the loop continued past a failure.
 */
import type { RunDetail, StepRunRecord } from '../../../../api/executions-api.ts';

type Records = readonly StepRunRecord[];

/** Whether a record, or any record inside its iterations (at any depth), failed. */
function containsFailure(record: StepRunRecord): boolean {
  if (record.status === 'FAILED') return true;
  return record.iterations?.some((iteration) => iteration.some(containsFailure)) ?? false;
}

/** The last iteration of a loop record holding a failure, or -1. */
function lastFailingIteration(loop: StepRunRecord): number {
  const iterations = loop.iterations ?? [];
  for (let index = iterations.length - 1; index >= 0; index -= 1) {
    if (iterations[index]!.some(containsFailure)) return index;
  }
  return -1;
}

/** The index a loop record shows for a chosen value: clamped into its iterations. */
function shownIndex(loop: StepRunRecord, chosen: number | undefined): number {
  const count = loop.iterations?.length ?? 0;
  if (count === 0) return -1;
  const index = Number.isInteger(chosen) ? chosen! : 0;
  return Math.min(Math.max(index, 0), count - 1);
}

/**
 * The path to the failure: the failing records from the top list down, and for each failing loop on it
 * the iteration followed. Empty when nothing failed.
 */
function failurePath(steps: Records): { records: StepRunRecord[]; iterations: Record<string, number> } {
  const records: StepRunRecord[] = [];
  const iterations: Record<string, number> = {};
  let list: Records | undefined = steps;
  while (list) {
    const failing: StepRunRecord | undefined = list.find(containsFailure);
    if (!failing) break;
    records.push(failing);
    const index = lastFailingIteration(failing);
    if (index < 0) break;
    iterations[failing.stepName] = index;
    list = failing.iterations![index];
  }
  return { records, iterations };
}

/**
 * SPEC §4: each loop's iteration defaults to 0; the loops containing the failed step default to the
 * maximum, their last iteration. Holds every loop reached at those defaults.
 */
export function initialIterations(run: RunDetail): Record<string, number> {
  const { iterations: failing } = failurePath(run.steps);
  const result: Record<string, number> = {};
  const visit = (list: Records) => {
    for (const record of list) {
      if (!record.iterations || record.iterations.length === 0 || record.stepName in result) continue;
      const index = record.stepName in failing ? record.iterations.length - 1 : 0;
      result[record.stepName] = index;
      visit(record.iterations[index] ?? []);
    }
  };
  visit(run.steps);
  return result;
}

/**
 * Each step's record at the chosen iterations (steps of a loop body read from
 * `iteration[iterations[loop]]`, missing means 0; nested loops compose). Steps not reached are absent.
 */
export function stepRecordsAt(run: RunDetail, iterations: Record<string, number>): Map<string, StepRunRecord> {
  const records = new Map<string, StepRunRecord>();
  const visit = (list: Records) => {
    for (const record of list) {
      records.set(record.stepName, record);
      const index = shownIndex(record, iterations[record.stepName]);
      if (index >= 0) visit(record.iterations![index]!);
    }
  };
  visit(run.steps);
  return records;
}

/** The failed step's name (deepest FAILED record, following the failing iteration), or null. */
export function failedStepOf(run: RunDetail): string | null {
  const { records } = failurePath(run.steps);
  for (let index = records.length - 1; index >= 0; index -= 1) {
    if (records[index]!.status === 'FAILED') return records[index]!.stepName;
  }
  return null;
}

/** One row of the run-details list: a record at its nesting depth, with the loops that enclose it. */
export interface RunRow {
  record: StepRunRecord;
  depth: number;
  /** The enclosing loops' names, outermost first. */
  loops: string[];
}

/** The records shown at the chosen iterations, in run order, each loop's shown iteration right after it. */
export function runRowsAt(run: RunDetail, iterations: Record<string, number>): RunRow[] {
  const rows: RunRow[] = [];
  const visit = (list: Records, loops: string[]) => {
    for (const record of list) {
      rows.push({ record, depth: loops.length, loops });
      const index = shownIndex(record, iterations[record.stepName]);
      if (index >= 0) visit(record.iterations![index]!, [...loops, record.stepName]);
    }
  };
  visit(run.steps, []);
  return rows;
}

/** The iteration a loop record shows for the chosen value (0-based), clamped; -1 for no iterations. */
export function shownIterationOf(loop: StepRunRecord, iterations: Record<string, number>): number {
  return shownIndex(loop, iterations[loop.stepName]);
}
