/**
 * The engine of one server process, put together: the code sandbox and the pieces, and with them what
 * executes a claimed run and a 'Test step'. Which runs execute, and when, is server/runs' business
 * (the queue, its workers, the scheduler); the engine only walks a version.
 */
import type { Database } from '../db/database.ts';
import type { EngineSettings } from '../config.ts';
import type { LiveMessage } from '../live/live-hub.ts';
import type { ValueCipher } from '../variables/encryption.ts';
import type { ConnectionTestReply } from '../../src/domain/contract/connections.ts';
import { createConnectionResolver } from './connection-credentials.ts';
import { testConnection } from './connection-test.ts';
import { createPieceActions } from './pieces/index.ts';
import { createRunExecutor, type ExecuteRun, type RunExecutorDeps } from './run-executor.ts';
import { CodeSandbox } from './sandbox/code-sandbox.ts';
import { testStep, type StepTestResult } from './test-step.ts';
import type { FlatVersion } from '../../src/domain/index.ts';

export interface Engine {
  /** Walks a claimed run's version; `onProgress` hears each step start and end. */
  executeRun: ExecuteRun;
  testStep(version: FlatVersion, userId: string, stepName: string, input: Record<string, unknown> | undefined, signal?: AbortSignal): Promise<StepTestResult>;
  /** A GET to `url` with the user's connection of that name, as an HTTP step would send it. */
  testConnection(userId: string, connectionName: string, url: string, signal?: AbortSignal): Promise<ConnectionTestReply>;
  close(): Promise<void>;
}

export interface EngineOptions {
  db: Database;
  readVersion: RunExecutorDeps['readVersion'];
  /** The notification piece's way to the user's live connection. */
  notifyUser(userId: string, message: LiveMessage): Promise<void>;
  settings: EngineSettings;
  /** Decrypts connections' secrets when a step that uses one executes. */
  valuesCipher: ValueCipher;
}

export function createEngine({ db, readVersion, notifyUser, settings, valuesCipher }: EngineOptions): Engine {
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
    resolveConnection: createConnectionResolver(db, valuesCipher),
  });
  const runCode = (source: string, inputs: unknown, owner?: string, session?: string) =>
    sandbox.run(source, inputs, { ...(owner ? { owner } : {}), ...(session ? { session } : {}) });
  const executor = createRunExecutor({ readVersion, runCode, pieceAction, limits: settings.runLimits });
  return {
    // The run's code steps shared one sandbox realm (its id is the session): freed when the run ends.
    executeRun: async (run, signal, onProgress, durable) => {
      try {
        return await executor(run, signal, onProgress, durable);
      } finally {
        sandbox.endSession(run.runId);
      }
    },
    testStep: (version, userId, stepName, input, signal) => testStep({ db, runCode, pieceAction, limits: settings.runLimits }, version, userId, stepName, input, signal),
    testConnection: (userId, connectionName, url, signal) => testConnection(pieceAction, userId, connectionName, url, signal),
    close: () => sandbox.close(),
  };
}
