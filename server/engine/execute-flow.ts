/**
 * Runs one version of a workflow (issue #6): the trigger's output, then each step along the chain —
 * code in the sandbox, pieces by their implementation, loops over their items (every iteration
 * recorded), routers by the domain's condition evaluation (first match or all matches, the fallback
 * when nothing matches). Skipped steps are recorded SKIPPED and not run. A failing step fails the run
 * and nothing after it runs, unless the step says continue on failure. References (`{{step_1.x}}`,
 * `{{trigger.y}}`) are resolved from what ran before (templates.ts).
 *
 * Chains are walked with a loop, so a 10,000-step chain costs no stack; only loops and routers nest,
 * at most MAX_RUN_NESTING levels. Every input and output is measured before the record keeps it
 * (run-budget.ts): a run past a cap ends FAILED naming the cap, with its record still small enough to store.
 */
import { selectBranches, type ResolvedConditionRow } from '../../src/domain/conditions/index.ts';
import type { FlatStep, FlatVersion, RunStatus } from '../../src/domain/index.ts';
import type { StepRecord } from './step-record.ts';
import { versionReader } from '../../src/domain/flow/index.ts';
import type { CodeResult } from './sandbox/code-sandbox.ts';
import { asList } from '../../src/domain/flow/templates.ts';
import { DEFAULT_RUN_LIMITS, errorText, MAX_RUN_NESTING, resolveStepData, RunBudget, StepFailure, type RunLimits } from './run-budget.ts';
import { createReplay } from './replay.ts';
import { hasSideEffects } from './side-effects.ts';

import { retryPolicy } from '../../src/domain/flow/retry.ts';
import { runWithRetry, type StepAttempt } from './step-retry.ts';

export type { StepRecord } from './step-record.ts';

export interface PieceContext {
  /** The run's user (pieces keep per-user data, e.g. the store). */
  userId: string;
  /** The workflow and run, when the step runs inside a run (absent for a 'Test step'). */
  flowId?: string;
  runId?: string;
  signal?: AbortSignal;
  /** The headers of the connection the step names, added by connection-credentials.ts (never kept or shown). */
  credentials?: { headers: Readonly<Record<string, string>> };
}

/** A piece action's behaviour: its resolved input in, its output out; throws to fail the step. */
export type PieceAction = (input: Record<string, unknown>, context: PieceContext) => Promise<unknown>;

export interface EngineDeps {
  /**
   * `owner`: whose code it is, so the sandbox shares its threads fairly between users; `session`: the
   * run, whose code steps may share one sandbox realm (never with another run).
   */
  runCode(source: string, inputs: unknown, owner?: string, session?: string): Promise<CodeResult>;
  /** The action implementation, or undefined when the piece or action is unknown (PIECE_NOT_FOUND). */
  pieceAction(pieceName: string, actionName: string | undefined): PieceAction | undefined;
  userId: string;
  flowId?: string;
  runId?: string;
  now?: () => number;
  signal?: AbortSignal;
  limits?: RunLimits;
  /**
   * Called each time a step starts or ends, with every record so far (the same objects, still being
   * filled in): it must only take note, cheaply, and read them later — the run does not wait for it.
   */
  onProgress?: (steps: readonly StepRecord[]) => void;
  /**
   * Stores every record so far durably; awaited after each step with side effects (side-effects.ts)
   * ends, before the next step starts, so a resumed run finds that step done and does not repeat it.
   */
  checkpoint?: (steps: readonly StepRecord[]) => Promise<void>;
  /**
   * The stored step records of an earlier attempt (this run's checkpoint after its worker died, or the
   * failed run a 'Retry from failed step' retries): the steps it finished are not executed again, their
   * outputs feed later references, and execution goes on from the first unfinished step (replay.ts).
   */
  resumeFrom?: readonly StepRecord[];
  /** The wait between a step's attempts (step-retry.ts); tests pass a shorter one. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface FlowResult {
  status: RunStatus;
  steps: StepRecord[];
}

/** A piece's error as the step records it; one that carries a SPEC §8 code (INVALID_APP_CONNECTION) is prefixed with it. */
function pieceErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'INVALID_APP_CONNECTION' ? `${code}: ${message}` : message;
}

function continuesOnFailure(step: FlatStep): boolean {
  if (step.type !== 'CODE' && step.type !== 'PIECE') return false;
  const options = step.settings.errorHandlingOptions as { continueOnFailure?: { value?: unknown } } | undefined;
  return options?.continueOnFailure?.value === true;
}


export async function executeFlow(version: FlatVersion, triggerOutput: unknown, deps: EngineDeps): Promise<FlowResult> {
  const now = deps.now ?? Date.now;
  const read = versionReader(version);
  const limits = deps.limits ?? DEFAULT_RUN_LIMITS;
  const budget = new RunBudget(limits);
  const resolve = (value: unknown) => resolveStepData(value, scope, limits);
  const trigger: StepRecord = { stepName: 'trigger', displayName: version.trigger.displayName, type: version.trigger.type, status: 'SUCCEEDED', duration: 0 };
  const records: StepRecord[] = [trigger];
  const progressed = () => deps.onProgress?.(records);
  try {
    budget.record();
    budget.admit(triggerOutput, 'The trigger’s output');
  } catch (error) {
    // A payload queued before its limits were checked (or grown since): the run fails, nothing of it kept.
    return { status: 'FAILED', steps: [{ ...trigger, status: 'FAILED', error: error instanceof Error ? error.message : String(error) }] };
  }
  trigger.output = triggerOutput;
  const scope: Record<string, unknown> = { trigger: triggerOutput };
  const replay = createReplay(records, deps.resumeFrom);

  /** Runs a chain from `head`, appending records to `into`; throws StepFailure to stop the run. */
  async function runChain(head: string | null, into: StepRecord[], nesting: number): Promise<void> {
    if (nesting > MAX_RUN_NESTING) throw new StepFailure('FAILED', `Loops and routers nest deeper than ${MAX_RUN_NESTING} levels`, true);
    for (let name = head; name !== null; ) {
      const step = read(name);
      if (!step) return;
      if (deps.signal?.aborted) throw new StepFailure('STOPPED', 'The run was stopped');
      await runStep(step, into, nesting);
      name = step.next;
    }
  }

  /** A code or piece step's action, run again on failure as its 'Retry on failure' says (step-retry.ts). */
  function retrying<T>(step: FlatStep, record: StepRecord, attempt: () => Promise<T>): Promise<T> {
    const policy = step.type === 'CODE' || step.type === 'PIECE' ? retryPolicy(step.settings) : undefined;
    if (!policy || policy.attempts <= 1) return attempt();
    record.attempts = [];
    // Each attempt kept in the record counts against the run's data cap like a step record and its error.
    const onAttempt = (attempts: readonly StepAttempt[]) => {
      budget.record();
      budget.error(attempts[attempts.length - 1]?.error ?? '');
      progressed();
    };
    return runWithRetry(policy, attempt, { signal: deps.signal, now, ...(deps.sleep ? { sleep: deps.sleep } : {}), onAttempt }, record.attempts);
  }

  async function runStep(step: FlatStep, into: StepRecord[], nesting: number): Promise<void> {
    budget.record();
    const earlier = replay.earlier(step, into);
    const kept = earlier && replay.keeps(step, earlier, continuesOnFailure(step), into);
    if (kept) {
      // Finished by the earlier attempt: its record and output stand, nothing is executed again.
      if (earlier.input !== undefined) budget.admit(earlier.input, 'The step’s input');
      budget.admit(earlier.output, 'The step’s output');
      if (earlier.logs) budget.logs(earlier.logs);
      into.push(earlier);
      if (earlier.status === 'FAILED') {
        budget.error(earlier.error ?? '');
        scope[step.name] = { error: earlier.error ?? '' };
      } else scope[step.name] = earlier.output;
      progressed();
      return;
    }
    replay.executing(step);
    const record: StepRecord = { stepName: step.name, displayName: step.displayName, type: step.type, status: 'RUNNING' };
    into.push(record);
    if (step.skip) {
      record.status = 'SKIPPED';
      progressed();
      return;
    }
    progressed();
    const started = now();
    try {
      switch (step.type) {
        case 'CODE': {
          const input = resolve(step.settings.input ?? {}) as Record<string, unknown>;
          budget.admit(input, 'The step’s input');
          record.input = input;
          const output = await retrying(step, record, async () => {
            const result = await deps.runCode(step.settings.sourceCode?.code ?? '', input, deps.userId, deps.runId);
            if (result.logs.length > 0) {
              budget.logs(result.logs);
              record.logs = result.logs;
            }
            if (!result.ok) {
              const status: RunStatus = result.reason === 'TIMEOUT' ? 'TIMEOUT' : result.reason === 'MEMORY_LIMIT_EXCEEDED' ? 'MEMORY_LIMIT_EXCEEDED' : 'FAILED';
              throw new StepFailure(status, result.message);
            }
            budget.admit(result.output, 'The step’s output');
            return result.output;
          });
          record.output = output;
          break;
        }
        case 'PIECE': {
          const input = resolve(step.settings.input ?? {}) as Record<string, unknown>;
          budget.admit(input, 'The step’s input');
          record.input = input;
          const action = deps.pieceAction(step.settings.pieceName, step.settings.actionName);
          if (!action) throw new StepFailure('FAILED', `PIECE_NOT_FOUND: ${step.settings.pieceName} ${step.settings.actionName ?? ''}`.trim());
          const output = await retrying(step, record, async () => {
            let output: unknown;
            try {
              output = await action(input, {
                userId: deps.userId,
                ...(deps.flowId ? { flowId: deps.flowId } : {}),
                ...(deps.runId ? { runId: deps.runId } : {}),
                ...(deps.signal ? { signal: deps.signal } : {}),
              });
            } catch (error) {
              if (error instanceof StepFailure) throw error;
              if (deps.signal?.aborted) throw new StepFailure('STOPPED', 'The run was stopped');
              throw new StepFailure('FAILED', pieceErrorText(error));
            }
            budget.admit(output, 'The step’s output');
            return output;
          });
          record.output = output;
          break;
        }
        case 'LOOP_ON_ITEMS': {
          const resolved = resolve(step.settings.items);
          budget.admit(resolved, 'The step’s input');
          const items = asList(resolved);
          record.input = { items: resolved };
          if (!items) throw new StepFailure('FAILED', 'The loop’s items are not a list');
          budget.loopItems(items.length);
          const output = { items, index: items.length };
          budget.admit(output, 'The step’s output');
          record.iterations = [];
          for (let index = 0; index < items.length; index++) {
            scope[step.name] = { item: items[index], index };
            const iteration: StepRecord[] = [];
            record.iterations.push(iteration);
            replay.iteration(iteration, earlier, index);
            await runChain(step.firstLoopStep, iteration, nesting + 1);
          }
          record.output = output;
          scope[step.name] = record.output;
          break;
        }
        case 'ROUTER': {
          const branches = step.settings.branches.map((branch) =>
            branch.branchType === 'CONDITION'
              ? { branchType: 'CONDITION' as const, conditions: resolve(branch.conditions) as ResolvedConditionRow[][] }
              : { branchType: 'FALLBACK' as const },
          );
          const chosen = selectBranches(branches, step.settings.executionType);
          record.output = { branches: step.settings.branches.map((branch, i) => ({ branchName: branch.branchName, evaluation: chosen.includes(i) })) };
          for (const index of chosen) await runChain(step.children[index] ?? null, into, nesting + 1);
          break;
        }
      }
      record.status = 'SUCCEEDED';
      if (step.type !== 'LOOP_ON_ITEMS') scope[step.name] = record.output;
    } catch (error) {
      const failure = error instanceof StepFailure ? error : new StepFailure('INTERNAL_ERROR', error instanceof Error ? error.message : String(error));
      // A loop or router whose inner step failed fails too; its own record says so.
      record.status = 'FAILED';
      record.error ??= errorText(failure.message);
      if (failure.endsRun || !continuesOnFailure(step) || step.type === 'LOOP_ON_ITEMS' || step.type === 'ROUTER') throw failure;
      budget.error(record.error);
      scope[step.name] = { error: record.error };
    } finally {
      record.duration = Math.max(0, now() - started);
      progressed();
    }
    if (deps.checkpoint && hasSideEffects(step)) await deps.checkpoint(records);
  }

  try {
    await runChain(version.trigger.next, records, 0);
    return { status: 'SUCCEEDED', steps: records };
  } catch (error) {
    if (error instanceof StepFailure) return { status: error.runStatus, steps: records };
    throw error;
  }
}
