/**
 * The engine of one server process, put together: the code sandbox and the pieces, and with them what
 * executes a claimed run and a 'Test step'. Which runs execute, and when, is server/runs' business
 * (the queue, its workers, the scheduler); the engine only walks a version.
 */
import type { Database } from '../db/database.ts';
import type { EngineSettings } from '../config.ts';
import type { LiveMessage } from '../live/live-hub.ts';
import { createPieceActions } from './pieces/index.ts';
import { createRunExecutor, type ExecuteRun, type RunExecutorDeps } from './run-executor.ts';
import { CodeSandbox } from './sandbox/code-sandbox.ts';
import { testStep, type StepTestResult } from './test-step.ts';
import type { FlatVersion } from '../../src/domain/index.ts';

export interface Engine {
  /** Walks a claimed run's version; `onProgress` hears each step start and end. */
  executeRun: ExecuteRun;
  testStep(version: FlatVersion, userId: string, stepName: string, input: Record<string, unknown> | undefined, signal?: AbortSignal): Promise<StepTestResult>;
  close(): Promise<void>;
}

export interface EngineOptions {
  db: Database;
  readVersion: RunExecutorDeps['readVersion'];
  /** The notification piece's way to the user's live connection. */
  notifyUser(userId: string, message: LiveMessage): Promise<void>;
  settings: EngineSettings;
}

export function createEngine({ db, readVersion, notifyUser, settings }: EngineOptions): Engine {
  const sandbox = new CodeSandbox({
    threads: settings.codeThreads,
    ...(settings.codeThreadsPerUser ? { threadsPerOwner: settings.codeThreadsPerUser } : {}),
    memoryBytes: settings.codeMemoryBytes,
    timeoutMs: settings.codeTimeoutMs,
    maxDataSize: settings.runLimits.maxStepData,
  });
  const pieceAction = createPieceActions({
    db,
    notifyUser,
    http: { defaultTimeoutMs: settings.httpTimeoutMs, maxTimeoutMs: settings.httpTimeoutMs, allowPrivateNetworks: settings.httpAllowPrivateNetworks, maxResponseBytes: 5 * 1024 * 1024 },
    maxDelayMs: settings.maxDelayMs,
  });
  const runCode = (source: string, inputs: unknown, owner?: string) => sandbox.run(source, inputs, owner ? { owner } : {});
  return {
    executeRun: createRunExecutor({ readVersion, runCode, pieceAction, limits: settings.runLimits }),
    testStep: (version, userId, stepName, input, signal) => testStep({ db, runCode, pieceAction, limits: settings.runLimits }, version, userId, stepName, input, signal),
    close: () => sandbox.close(),
  };
}
