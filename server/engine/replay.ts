/**
 * Resuming a run from the stored records of an earlier attempt (issue 15): a run whose worker died,
 * resumed on another worker from its checkpoint, or a 'Retry from failed step' of a failed run.
 *
 * The walk is the same as the first time (the same version, the same trigger output), so a step's
 * earlier record is found where it was: at the same position of the same list — the run's top list
 * (a router's branch steps follow the router in it), or the same iteration of the same loop. While the
 * walk is still on finished ground, a step whose earlier record SUCCEEDED (or FAILED, continued on
 * failure, with the run gone on past it) is kept as it is, not executed: its output feeds the references
 * after it. Loops and routers are never kept whole: they only compute (their items, their branches) from
 * the outputs kept before them, so they are walked again and their inner steps kept one by one — a loop
 * resumes at the first unfinished step of its first unfinished iteration. The first step that does
 * execute ends the replay: everything after it executes too, as its output may differ from the earlier one.
 */
import type { FlatStep } from '../../src/domain/index.ts';
import type { StepRecord } from './step-record.ts';

export interface Replay {
  /** The earlier record at the place `step` is about to take in `into`, if it is that step's. */
  earlier(step: FlatStep, into: readonly StepRecord[]): StepRecord | undefined;
  /** Whether that record stands in for executing the step. */
  keeps(step: FlatStep, earlier: StepRecord, continuesOnFailure: boolean, into: readonly StepRecord[]): boolean;
  /** The step is executed (not kept): from here on nothing is kept. */
  executing(step: FlatStep): void;
  /** A loop's iteration list, paired with the same iteration of the loop's earlier record. */
  iteration(list: readonly StepRecord[], earlierLoop: StepRecord | undefined, index: number): void;
}

const NO_REPLAY: Replay = {
  earlier: () => undefined,
  keeps: () => false,
  executing: () => {},
  iteration: () => {},
};

export function createReplay(top: readonly StepRecord[], earlierRecords: readonly StepRecord[] | undefined): Replay {
  if (!earlierRecords || earlierRecords.length < 2) return NO_REPLAY;
  let replaying = true;
  /** Each list being filled → the earlier attempt's list at the same place. */
  const earlierOf = new Map<readonly StepRecord[], readonly StepRecord[]>([[top, earlierRecords.map(fromStored)]]);
  return {
    earlier(step, into) {
      if (!replaying) return undefined;
      const candidate = earlierOf.get(into)?.[into.length];
      return candidate && candidate.stepName === step.name && candidate.type === step.type ? candidate : undefined;
    },
    keeps(step, earlier, continuesOnFailure, into) {
      if (!replaying || step.skip || step.type === 'LOOP_ON_ITEMS' || step.type === 'ROUTER') return false;
      if (earlier.status === 'SUCCEEDED') return true;
      // A failure the run went on past (continue on failure): the step is done; not the one that stopped the run.
      const list = earlierOf.get(into);
      return earlier.status === 'FAILED' && continuesOnFailure && list !== undefined && list.length > into.length + 1;
    },
    executing(step) {
      if (step.skip || step.type === 'LOOP_ON_ITEMS' || step.type === 'ROUTER') return;
      replaying = false;
    },
    iteration(list, earlierLoop, index) {
      const earlierIteration = replaying ? earlierLoop?.iterations?.[index] : undefined;
      if (earlierIteration) earlierOf.set(list, earlierIteration);
    },
  };
}

/** A stored record (the API's shape: absent fields stored as null) as the engine's record. */
function fromStored(stored: StepRecord): StepRecord {
  const loose = stored as StepRecord & { input?: unknown; error?: string | null; duration?: number | null };
  return {
    stepName: loose.stepName,
    displayName: loose.displayName,
    type: loose.type,
    status: loose.status,
    ...(loose.input !== undefined && loose.input !== null ? { input: loose.input } : {}),
    ...(loose.output !== undefined ? { output: loose.output } : {}),
    ...(typeof loose.error === 'string' ? { error: loose.error } : {}),
    ...(typeof loose.duration === 'number' ? { duration: loose.duration } : {}),
    ...(loose.iterations ? { iterations: loose.iterations.map((iteration) => iteration.map(fromStored)) } : {}),
    ...(loose.logs && loose.logs.length > 0 ? { logs: loose.logs } : {}),
    ...(loose.attempts && loose.attempts.length > 0 ? { attempts: loose.attempts } : {}),
  };
}
