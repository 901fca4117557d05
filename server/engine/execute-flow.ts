/**
 * Runs one version of a workflow (issue #6): the trigger's output, then each step along the chain —
 * code in the sandbox, pieces by their implementation, loops over their items (every iteration
 * recorded), routers by the domain's condition evaluation (first match or all matches, the fallback
 * when nothing matches). Skipped steps are recorded SKIPPED and not run. A failing step fails the run
 * and nothing after it runs, unless the step says continue on failure. References (`{{step_1.x}}`,
 * `{{trigger.y}}`) are resolved from what ran before (templates.ts).
 *
 * Chains are walked with a loop, so a 10,000-step chain costs no stack; only loops and routers nest.
 */
import { selectBranches, type ResolvedConditionRow } from '../../src/domain/conditions/index.ts';
import type { FlatStep, FlatVersion, RunStatus, StepRunStatus } from '../../src/domain/index.ts';
import { versionReader } from '../../src/domain/flow/index.ts';
import type { CodeResult } from './sandbox/code-sandbox.ts';
import { asList, resolveTemplates } from '../../src/domain/flow/templates.ts';

export interface StepRecord {
  stepName: string;
  displayName: string;
  type: string;
  status: StepRunStatus;
  input?: unknown;
  output?: unknown;
  error?: string;
  duration?: number;
  iterations?: StepRecord[][];
}

export interface PieceContext {
  /** The run's user (pieces keep per-user data, e.g. the store). */
  userId: string;
  /** The workflow and run, when the step runs inside a run (absent for a 'Test step'). */
  flowId?: string;
  runId?: string;
  signal?: AbortSignal;
}

/** A piece action's behaviour: its resolved input in, its output out; throws to fail the step. */
export type PieceAction = (input: Record<string, unknown>, context: PieceContext) => Promise<unknown>;

export interface EngineDeps {
  runCode(source: string, inputs: unknown): Promise<CodeResult>;
  /** The action implementation, or undefined when the piece or action is unknown (PIECE_NOT_FOUND). */
  pieceAction(pieceName: string, actionName: string | undefined): PieceAction | undefined;
  userId: string;
  flowId?: string;
  runId?: string;
  now?: () => number;
  signal?: AbortSignal;
}

export interface FlowResult {
  status: RunStatus;
  steps: StepRecord[];
}

/** Why a run stopped early; the run's status follows the failing step's kind. */
class StepFailure extends Error {
  constructor(
    readonly runStatus: RunStatus,
    message: string,
  ) {
    super(message);
  }
}

function continuesOnFailure(step: FlatStep): boolean {
  if (step.type !== 'CODE' && step.type !== 'PIECE') return false;
  const options = step.settings.errorHandlingOptions as { continueOnFailure?: { value?: unknown } } | undefined;
  return options?.continueOnFailure?.value === true;
}


export async function executeFlow(version: FlatVersion, triggerOutput: unknown, deps: EngineDeps): Promise<FlowResult> {
  const now = deps.now ?? Date.now;
  const read = versionReader(version);
  const scope: Record<string, unknown> = { trigger: triggerOutput };
  const records: StepRecord[] = [
    { stepName: 'trigger', displayName: version.trigger.displayName, type: version.trigger.type, status: 'SUCCEEDED', output: triggerOutput, duration: 0 },
  ];

  /** Runs a chain from `head`, appending records to `into`; throws StepFailure to stop the run. */
  async function runChain(head: string | null, into: StepRecord[]): Promise<void> {
    for (let name = head; name !== null; ) {
      const step = read(name);
      if (!step) return;
      if (deps.signal?.aborted) throw new StepFailure('STOPPED', 'The run was stopped');
      await runStep(step, into);
      name = step.next;
    }
  }

  async function runStep(step: FlatStep, into: StepRecord[]): Promise<void> {
    const record: StepRecord = { stepName: step.name, displayName: step.displayName, type: step.type, status: 'RUNNING' };
    into.push(record);
    if (step.skip) {
      record.status = 'SKIPPED';
      return;
    }
    const started = now();
    try {
      switch (step.type) {
        case 'CODE': {
          const input = resolveTemplates(step.settings.input ?? {}, scope) as Record<string, unknown>;
          record.input = input;
          const result = await deps.runCode(step.settings.sourceCode?.code ?? '', input);
          if (!result.ok) {
            const status: RunStatus = result.reason === 'TIMEOUT' ? 'TIMEOUT' : result.reason === 'MEMORY_LIMIT_EXCEEDED' ? 'MEMORY_LIMIT_EXCEEDED' : 'FAILED';
            throw new StepFailure(status, result.message);
          }
          record.output = result.output;
          break;
        }
        case 'PIECE': {
          const input = resolveTemplates(step.settings.input ?? {}, scope) as Record<string, unknown>;
          record.input = input;
          const action = deps.pieceAction(step.settings.pieceName, step.settings.actionName);
          if (!action) throw new StepFailure('FAILED', `PIECE_NOT_FOUND: ${step.settings.pieceName} ${step.settings.actionName ?? ''}`.trim());
          try {
            record.output = await action(input, {
              userId: deps.userId,
              ...(deps.flowId ? { flowId: deps.flowId } : {}),
              ...(deps.runId ? { runId: deps.runId } : {}),
              ...(deps.signal ? { signal: deps.signal } : {}),
            });
          } catch (error) {
            if (error instanceof StepFailure) throw error;
            if (deps.signal?.aborted) throw new StepFailure('STOPPED', 'The run was stopped');
            throw new StepFailure('FAILED', error instanceof Error ? error.message : String(error));
          }
          break;
        }
        case 'LOOP_ON_ITEMS': {
          const resolved = resolveTemplates(step.settings.items, scope);
          const items = asList(resolved);
          record.input = { items: resolved };
          if (!items) throw new StepFailure('FAILED', 'The loop’s items are not a list');
          record.iterations = [];
          for (let index = 0; index < items.length; index++) {
            scope[step.name] = { item: items[index], index };
            const iteration: StepRecord[] = [];
            record.iterations.push(iteration);
            await runChain(step.firstLoopStep, iteration);
          }
          record.output = { items, index: items.length };
          scope[step.name] = record.output;
          break;
        }
        case 'ROUTER': {
          const branches = step.settings.branches.map((branch) =>
            branch.branchType === 'CONDITION'
              ? { branchType: 'CONDITION' as const, conditions: resolveTemplates(branch.conditions, scope) as ResolvedConditionRow[][] }
              : { branchType: 'FALLBACK' as const },
          );
          const chosen = selectBranches(branches, step.settings.executionType);
          record.output = { branches: step.settings.branches.map((branch, i) => ({ branchName: branch.branchName, evaluation: chosen.includes(i) })) };
          for (const index of chosen) await runChain(step.children[index] ?? null, into);
          break;
        }
      }
      record.status = 'SUCCEEDED';
      if (step.type !== 'LOOP_ON_ITEMS') scope[step.name] = record.output;
    } catch (error) {
      const failure = error instanceof StepFailure ? error : new StepFailure('INTERNAL_ERROR', error instanceof Error ? error.message : String(error));
      // A loop or router whose inner step failed fails too; its own record says so.
      record.status = 'FAILED';
      record.error ??= failure.message;
      if (!continuesOnFailure(step) || step.type === 'LOOP_ON_ITEMS' || step.type === 'ROUTER') throw failure;
      scope[step.name] = { error: failure.message };
    } finally {
      record.duration = Math.max(0, now() - started);
    }
  }

  try {
    await runChain(version.trigger.next, records);
    return { status: 'SUCCEEDED', steps: records };
  } catch (error) {
    if (error instanceof StepFailure) return { status: error.runStatus, steps: records };
    throw error;
  }
}
