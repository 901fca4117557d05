/**
 * What a worker does with a claimed run: reads the version it was queued with, walks it with the
 * engine (code in the sandbox, pieces by their implementations), and hands back the outcome with every
 * step run in the API's shape. A version that cannot be read (deleted meanwhile, or not a valid flow)
 * ends the run INTERNAL_ERROR with the reason on a trigger record, never an exception in the pool.
 */
import type { Database } from '../db/database.ts';
import { normalizeStep } from '../workflows/runs-repository.ts';
import { flatFromRow } from '../workflows/service.ts';
import { findFlowVersion } from '../workflows/versions-repository.ts';
import { executeFlow, type EngineDeps } from './execute-flow.ts';
import type { FinishedRun, QueuedRun } from './run-queue.ts';
import type { RunLimits } from './run-budget.ts';

export interface RunExecutorDeps {
  db: Database;
  runCode: EngineDeps['runCode'];
  pieceAction: EngineDeps['pieceAction'];
  limits?: RunLimits;
}

export function createRunExecutor(deps: RunExecutorDeps): (run: QueuedRun, signal?: AbortSignal) => Promise<FinishedRun> {
  return async (run, signal) => {
    const row = await findFlowVersion(deps.db, run.flowId, run.versionId);
    if (!row) return failed('The workflow version of this run no longer exists');
    let version;
    try {
      version = flatFromRow(row);
    } catch (error) {
      return failed(error instanceof Error ? error.message : 'The workflow version cannot be read');
    }
    const result = await executeFlow(version, run.payload, {
      runCode: deps.runCode,
      pieceAction: deps.pieceAction,
      userId: run.userId,
      flowId: run.flowId,
      runId: run.runId,
      ...(deps.limits ? { limits: deps.limits } : {}),
      ...(signal ? { signal } : {}),
    });
    return { status: result.status, steps: result.steps.map(normalizeStep) };
  };
}

function failed(message: string): FinishedRun {
  return { status: 'INTERNAL_ERROR', steps: [normalizeStep({ stepName: 'trigger', displayName: 'Trigger', status: 'FAILED', error: message })] };
}
