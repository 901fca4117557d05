/**
 * What a worker does with a claimed run: reads the version it was queued with, walks it with the
 * engine (code in the sandbox, pieces by their implementations), and hands back the outcome with every
 * step's record. A version that cannot be read (deleted meanwhile, or not a valid flow) ends the run
 * INTERNAL_ERROR with the reason on a trigger record, never an exception in the pool.
 */
import type { FlatVersion } from '../../src/domain/index.ts';
import { executeFlow, type EngineDeps, type FlowResult, type StepRecord } from './execute-flow.ts';
import type { RunLimits } from './run-budget.ts';

/** One queued run as the engine needs it (server/runs claims it and records the outcome). */
export interface RunToExecute {
  runId: string;
  flowId: string;
  versionId: string;
  userId: string;
  payload: unknown;
}

export interface RunExecutorDeps {
  /** The version's content; undefined once it no longer exists, a rejection when it cannot be read. */
  readVersion(flowId: string, versionId: string): Promise<FlatVersion | undefined>;
  runCode: EngineDeps['runCode'];
  pieceAction: EngineDeps['pieceAction'];
  limits?: RunLimits;
}

/** A run's durability (issue 15): where its checkpoints go, and the stored steps it resumes from. */
export interface RunDurability {
  checkpoint?: EngineDeps['checkpoint'];
  /** Stored step records (the API's shape) of an earlier attempt; see replay.ts. */
  resumeFrom?: readonly unknown[] | undefined;
}

export type ExecuteRun = (run: RunToExecute, signal?: AbortSignal, onProgress?: (steps: readonly StepRecord[]) => void, durable?: RunDurability) => Promise<FlowResult>;

export function createRunExecutor(deps: RunExecutorDeps): ExecuteRun {
  return async (run, signal, onProgress, durable) => {
    let version: FlatVersion | undefined;
    try {
      version = await deps.readVersion(run.flowId, run.versionId);
    } catch (error) {
      return failed(error instanceof Error ? error.message : 'The workflow version cannot be read');
    }
    if (!version) return failed('The workflow version of this run no longer exists');
    return executeFlow(version, run.payload, {
      runCode: deps.runCode,
      pieceAction: deps.pieceAction,
      userId: run.userId,
      flowId: run.flowId,
      runId: run.runId,
      ...(deps.limits ? { limits: deps.limits } : {}),
      ...(signal ? { signal } : {}),
      ...(onProgress ? { onProgress } : {}),
      ...(durable?.checkpoint ? { checkpoint: durable.checkpoint } : {}),
      ...(durable?.resumeFrom ? { resumeFrom: durable.resumeFrom as readonly StepRecord[] } : {}),
    });
  };
}

function failed(message: string): FlowResult {
  return { status: 'INTERNAL_ERROR', steps: [{ stepName: 'trigger', displayName: 'Trigger', type: '', status: 'FAILED', error: message }] };
}
