/**
 * Runs in one server process, put together: every start (the Run button, a webhook call, a schedule
 * tick) is queued here, the workers claim queued runs and have the engine execute them, and the run's
 * owner hears on the live connection how it goes (`run_progress`, at most every 250 ms while it runs)
 * and how it ended (`run_finished`). Only this folder writes `flow_runs`.
 */
import type { EngineSettings } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Engine } from '../engine/engine.ts';
import type { LiveHub } from '../live/live-hub.ts';
import type { WorkflowsForRuns } from '../workflows/runs-port.ts';
import type { AnnounceActivity } from '../activity/recording.ts';
import { runFinishedMessage, runFinishedText, runProgressMessage } from './run-messages.ts';
import type { FinishedRun, QueuedRun, RunEndNotice } from './run-queue.ts';
import { normalizeStep } from './runs-repository.ts';
import { RunWorkers } from './run-workers.ts';
import { Scheduler } from './scheduler.ts';
import { createQueuedSignal } from './queued-signal.ts';
import { startRunNow, startRunOfFlow, type RunOfFlowRequest, type RunRequest, type StartedRun } from './start-run.ts';
import type { FlowToRun } from '../workflows/runs-port.ts';

export interface Runs {
  /** Queues a run (or records it QUOTA_EXCEEDED) and wakes this process's workers. */
  start(request: RunRequest): Promise<StartedRun>;
  /** The Run button's start with its payload given: the lookup and the queueing in one statement (start-run.ts). */
  startOfFlow(request: RunOfFlowRequest): Promise<{ toRun: FlowToRun | undefined; started: StartedRun | null }>;
  /**
   * A workflow's status, published version or existence changed in this process (or an account went):
   * schedules are read again, and runs of workflows that no longer exist stop.
   */
  flowsChanged(): void;
  readonly scheduler: Scheduler | null;
  /** Stops taking runs; the ones going on get a grace period to end and be recorded. */
  close(): Promise<void>;
}

export interface RunsOptions {
  db: Database;
  hub: Pick<LiveHub, 'notifyUser'>;
  engine: Pick<Engine, 'executeRun'>;
  workflows: Pick<WorkflowsForRuns, 'versionName'>;
  settings: EngineSettings;
  log: { error(details: object, message: string): void };
  /** Tells the user's open dashboards of an activity entry a run wrote (server/activity). */
  announceActivity?: AnnounceActivity;
  /** The id this process's workers claim runs with (its heartbeat row, server/system); random if unset. */
  workerId?: string;
}

export async function createRuns({ db, hub, engine, workflows, settings, log: logger, announceActivity, workerId }: RunsOptions): Promise<Runs> {
  const log = (message: string, error?: unknown) => logger.error({ err: error }, message);
  const announceRefusal = (userId: string, started: StartedRun) => {
    if (!started.queued && started.activity) announceActivity?.(userId, started.activity);
  };

  // The bell's sentence is made before the run's end is recorded, so the same statement keeps it (issue 17).
  const describeEnd = async (run: QueuedRun, result: FinishedRun): Promise<RunEndNotice> => {
    const name = (await workflows.versionName(run.userId, run.versionId)) || 'Untitled';
    // Only a failure's sentence names a step: a success is not walked.
    const succeeded = result.status === 'SUCCEEDED' || result.status === 'STOPPED';
    return { message: runFinishedText(result.status, name, succeeded ? [] : result.steps.map(normalizeStep)), level: succeeded ? 'success' : 'error' };
  };
  const announceFinished = (run: QueuedRun, result: FinishedRun, notice: RunEndNotice | undefined, notificationId: string | null) =>
    hub.notifyUser(run.userId, runFinishedMessage(run, result.status, notice?.message ?? runFinishedText(result.status, 'Untitled'), notificationId));

  const workers = settings.workersEnabled
    ? new RunWorkers({
        db,
        workerId,
        execute: (run, signal, progress, durable) => engine.executeRun(run, signal, progress, durable),
        maxResumes: settings.maxResumes,
        concurrency: settings.concurrency,
        concurrencyPerUser: settings.concurrencyPerUser,
        leaseMs: settings.leaseMs,
        onProgress: (run) => void hub.notifyUser(run.userId, runProgressMessage(run)),
        describeEnd,
        onFinished: (run, result, notice, notificationId) =>
          void announceFinished(run, result, notice, notificationId).catch((error: unknown) => log('Announcing a run failed', error)),
        onActivity: announceActivity,
        log,
      })
    : null;
  const scheduler = settings.workersEnabled
    ? new Scheduler({
        db,
        dailyQuota: settings.dailyQuota,
        minIntervalMs: settings.scheduleMinIntervalMs,
        onStarted: (started, userId) => {
          announceRefusal(userId, started);
          if (started.queued) queuedSignal.queued();
        },
        onActivity: announceActivity,
        log,
      })
    : null;
  // Declared before the scheduler starts: its first tick may queue a run.
  const queuedSignal = await createQueuedSignal(db, workers ? () => workers.wake() : null, log);
  await workers?.start();
  await scheduler?.start();

  return {
    scheduler,
    async start(request) {
      const started = await startRunNow(db, request, settings.dailyQuota);
      if (started.queued) queuedSignal.queued();
      else announceRefusal(request.userId, started);
      return started;
    },
    async startOfFlow(request) {
      const outcome = await startRunOfFlow(db, request, settings.dailyQuota);
      if (outcome.started?.queued) queuedSignal.queued();
      else if (outcome.started) announceRefusal(request.userId, outcome.started);
      return outcome;
    },
    flowsChanged() {
      void scheduler?.refresh();
      void workers?.checkClaims();
    },
    async close() {
      scheduler?.stop();
      await queuedSignal.close();
      await workers?.stop();
    },
  };
}
