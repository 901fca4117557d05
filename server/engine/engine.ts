/**
 * The engine of one server process, put together: the code sandbox, the pieces, the run workers taking
 * runs from the shared queue, and the scheduler. Routes start runs and tests of a step through it; the
 * workers announce finished runs on the user's live connection.
 */
import type { Database } from '../db/database.ts';
import type { EngineSettings } from '../config.ts';
import type { LiveHub } from '../http/live-hub.ts';
import { createPieceActions } from './pieces/index.ts';
import { createRunExecutor } from './run-executor.ts';
import type { FinishedRun, QueuedRun } from './run-queue.ts';
import { RunWorkers } from './run-workers.ts';
import { CodeSandbox } from './sandbox/code-sandbox.ts';
import { Scheduler } from './scheduler.ts';
import { startRun, type RunRequest, type StartedRun } from './start-run.ts';
import { testStep, type StepTestResult } from './test-step.ts';
import type { FlatVersion } from '../../src/domain/index.ts';
import { findUserVersionHead } from '../workflows/versions-repository.ts';

export interface Engine {
  /** Queues a run (or records it QUOTA_EXCEEDED) and wakes this process's workers. */
  startRun(request: RunRequest): Promise<StartedRun>;
  testStep(version: FlatVersion, userId: string, stepName: string, input: Record<string, unknown> | undefined, signal?: AbortSignal): Promise<StepTestResult>;
  /** A workflow's status, published version or existence changed in this process. */
  flowsChanged(): void;
  readonly scheduler: Scheduler | null;
  close(): Promise<void>;
}

export interface EngineOptions {
  db: Database;
  hub: LiveHub;
  settings: EngineSettings;
  log: { error(details: object, message: string): void };
}

const OUTCOME: Record<string, string> = {
  SUCCEEDED: 'succeeded',
  FAILED: 'failed',
  TIMEOUT: 'timed out',
  MEMORY_LIMIT_EXCEEDED: 'ran out of memory',
  INTERNAL_ERROR: 'failed with an internal error',
  STOPPED: 'was stopped',
};

export async function createEngine(options: EngineOptions): Promise<Engine> {
  const { db, hub, settings } = options;
  const log = (message: string, error?: unknown) => options.log.error({ err: error }, message);
  const sandbox = new CodeSandbox({
    threads: settings.codeThreads,
    ...(settings.codeThreadsPerUser ? { threadsPerOwner: settings.codeThreadsPerUser } : {}),
    memoryBytes: settings.codeMemoryBytes,
    timeoutMs: settings.codeTimeoutMs,
    maxDataSize: settings.runLimits.maxStepData,
  });
  const pieceAction = createPieceActions({
    db,
    notifyUser: (userId, message) => hub.notifyUser(userId, message),
    http: { defaultTimeoutMs: settings.httpTimeoutMs, maxTimeoutMs: settings.httpTimeoutMs, allowPrivateNetworks: settings.httpAllowPrivateNetworks, maxResponseBytes: 5 * 1024 * 1024 },
    maxDelayMs: settings.maxDelayMs,
  });
  const runCode = (source: string, inputs: unknown, owner?: string) => sandbox.run(source, inputs, owner ? { owner } : {});

  const announce = async (run: QueuedRun, result: FinishedRun) => {
    // The head only: a finished run needs the name, not a version's (possibly megabytes of) content.
    const row = await findUserVersionHead(db, run.userId, run.versionId);
    const name = row?.display_name || 'Untitled';
    await hub.notifyUser(run.userId, {
      type: 'run_finished',
      data: { message: `Run of “${name}” ${OUTCOME[result.status] ?? result.status.toLowerCase()}`, runId: run.runId, flowId: run.flowId, status: result.status },
    });
  };

  const workers = settings.workersEnabled
    ? new RunWorkers({
        db,
        execute: createRunExecutor({ db, runCode, pieceAction, limits: settings.runLimits }),
        concurrency: settings.concurrency,
        concurrencyPerUser: settings.concurrencyPerUser,
        leaseMs: settings.leaseMs,
        onFinished: (run, result) => void announce(run, result).catch((error: unknown) => log('Announcing a run failed', error)),
        log,
      })
    : null;
  const scheduler = settings.workersEnabled
    ? new Scheduler({ db, dailyQuota: settings.dailyQuota, minIntervalMs: settings.scheduleMinIntervalMs, onStarted: () => workers?.wake(), log })
    : null;
  await workers?.start();
  await scheduler?.start();

  return {
    scheduler,
    async startRun(request) {
      const started = await db.transaction((tx) => startRun(tx, request, settings.dailyQuota));
      if (started.queued) workers?.wake();
      return started;
    },
    testStep: (version, userId, stepName, input, signal) => testStep({ db, runCode, pieceAction, limits: settings.runLimits }, version, userId, stepName, input, signal),
    flowsChanged() {
      void scheduler?.refresh();
    },
    async close() {
      scheduler?.stop();
      await workers?.stop();
      await sandbox.close();
    },
  };
}
