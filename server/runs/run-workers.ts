/**
 * A bounded pool of run workers in one server process: up to `concurrency` runs at once, each claimed
 * from the PostgreSQL queue (run-queue.ts), executed, its progress recorded as it goes (run-progress.ts),
 * and its outcome recorded. Idle workers poll; `wake()` makes
 * them look at once (after an enqueue in this process). Leases are renewed while runs go on, and expired
 * leases of dead processes are recovered at start and then now and again.
 *
 * A run that stops being this worker's while it goes on — its workflow or its whole account deleted (the
 * queue row goes with them), or its lease recovered by another process — is abandoned: the engine is told
 * to stop (the signal it checks before each step and hands to pieces), so no further step runs and no
 * further call goes out, and what it did is not recorded. The worker notices when a lease renewal or a
 * progress write finds no row, or at once when `checkClaims()` is called (this process deleted something),
 * or when this process claims the same run again.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { claimRun, finishRun, recordProgress, recoverExpired, renewLease, type FinishedRun, type QueuedRun, type RecordedEnd, type RunEndNotice } from './run-queue.ts';
import { RunProgress } from './run-progress.ts';
import { checkpointOf } from './run-resume.ts';
import type { StepRunInput } from './runs-repository.ts';
import type { Activity } from '../../src/domain/contract/analytics.ts';

export interface RunWorkersOptions {
  db: Database;
  /**
   * Runs one run; `signal` aborts when the process shuts down and the run did not end in time;
   * `progress` is told the step records each time a step starts or ends; `durable.checkpoint` stores them
   * at once (awaited); `durable.resumeFrom` is the stored steps the run resumes from (run-resume.ts).
   */
  execute: (run: QueuedRun, signal: AbortSignal, progress: (steps: readonly StepRunInput[]) => void, durable: DurableRun) => Promise<FinishedRun>;
  /** Crash-resumes of one run before lease recovery ends it INTERNAL_ERROR (RUN_MAX_RESUMES); 0 by default. */
  maxResumes?: number;
  concurrency?: number;
  /** Runs of one user claimed at once across every process on the database. */
  concurrencyPerUser?: number;
  leaseMs?: number;
  pollMs?: number;
  /** Identifies this process's claims; random by default. */
  workerId?: string;
  /**
   * Called once a run's outcome is recorded (not for runs this worker lost its lease on), with the bell's
   * notification the same statement kept (issue 17), if `describeEnd` gave one.
   */
  onFinished?: (run: QueuedRun, result: FinishedRun, notice: RunEndNotice | undefined, notificationId: string | null) => void;
  /** The bell's sentence for a run's end, kept by the statement that records it (issue 17); errors are logged. */
  describeEnd?: (run: QueuedRun, result: FinishedRun) => Promise<RunEndNotice>;
  /** Called with the activity entry a run's end wrote (its own, or a crashed run's closed by recovery). */
  onActivity?: (userId: string, activity: Activity) => void;
  /** Called after a running run's steps so far were recorded (at most every `progressMs`). */
  onProgress?: (run: QueuedRun) => void;
  /** How often a running run's record is brought up to date; default 250 ms. */
  progressMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface DurableRun {
  checkpoint: (steps: readonly StepRunInput[]) => Promise<void>;
  resumeFrom: readonly StepRunInput[] | undefined;
}

export class RunWorkers {
  readonly workerId: string;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private running = 0;
  private stopped = false;
  private pollTimer: NodeJS.Timeout | null = null;
  private recoverTimer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  /** The runs going on here, each with what abandons it. */
  private readonly claims = new Map<string, AbortController>();
  private filling: Promise<void> | null = null;
  private wakeAgain = false;
  private readonly shutdown = new AbortController();

  constructor(private readonly options: RunWorkersOptions) {
    this.workerId = options.workerId ?? `worker-${randomUUID()}`;
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 500;
  }

  /** Recovers runs left by dead processes, then starts taking runs. */
  async start(): Promise<void> {
    await this.recover();
    this.recoverTimer = setInterval(() => void this.recover().catch((error) => this.options.log?.('Recovering runs failed', error)), this.leaseMs);
    this.recoverTimer.unref();
    this.wake();
  }

  private async recover(): Promise<void> {
    for (const { userId, activity } of await recoverExpired(this.options.db, this.options.maxResumes ?? 0)) {
      if (activity) this.options.onActivity?.(userId, activity);
    }
    // Runs put back to resume wait for a worker: look now, not at the next poll.
    this.wake();
  }

  /**
   * Renews every lease held now: a run whose queue row is gone (deleted with its workflow or account) or
   * taken over is abandoned at once instead of at its next renewal.
   */
  async checkClaims(): Promise<void> {
    await Promise.all([...this.claims].map(([runId, abandon]) => this.renew(runId, abandon)));
  }

  private async renew(runId: string, abandon: AbortController): Promise<void> {
    try {
      if (!(await renewLease(this.options.db, runId, this.workerId, this.leaseMs))) abandon.abort();
    } catch {
      // A failed renewal is not a lost run: the next one decides.
    }
  }

  /**
   * Looks for waiting runs now. A wake while a fill is under way is kept for when it ends: the fill may
   * have looked before the run that woke us was queued (or before the slot that woke us was freed).
   */
  wake(): void {
    if (this.stopped) return;
    if (this.filling) {
      this.wakeAgain = true;
      return;
    }
    this.wakeAgain = false;
    this.filling = this.fill().finally(() => {
      this.filling = null;
      if (this.wakeAgain) this.wake();
    });
  }

  /**
   * Stops taking runs and waits for the ones in progress; after `graceMs` they are aborted (a long Delay
   * must not hold a shutdown) and get a moment to record how they ended.
   */
  async stop(graceMs = 5000): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.recoverTimer) clearInterval(this.recoverTimer);
    // A claim under way when stop() began adds its run to inFlight when it lands: wait for it first.
    await this.filling;
    const all = Promise.all([...this.inFlight]);
    if (await settlesWithin(all, graceMs)) return;
    this.shutdown.abort();
    await settlesWithin(all, 2000);
  }

  private async fill(): Promise<void> {
    while (!this.stopped && this.running < this.concurrency) {
      let run: QueuedRun | null;
      try {
        run = await claimRun(this.options.db, this.workerId, this.leaseMs, this.options.concurrencyPerUser);
      } catch (error) {
        this.options.log?.('Claiming a run failed', error);
        run = null;
      }
      if (!run) break;
      this.running++;
      const work = this.process(run).finally(() => {
        this.running--;
        this.inFlight.delete(work);
        this.wake();
      });
      this.inFlight.add(work);
    }
    if (!this.stopped && this.running < this.concurrency) {
      if (this.pollTimer) clearTimeout(this.pollTimer);
      this.pollTimer = setTimeout(() => this.wake(), this.pollMs);
      this.pollTimer.unref();
    }
  }

  /** Runs `first`, then each run its finish claimed next for this slot (`finishRun`'s `claimNext`). */
  private async process(first: QueuedRun): Promise<void> {
    let run: QueuedRun | null = first;
    while (run) run = await this.processOne(run);
  }

  /** Runs one claimed run to its end; answers the run claimed next with its finish, if any. */
  private async processOne(run: QueuedRun): Promise<QueuedRun | null> {
    const abandon = new AbortController();
    // This process claimed the run again while still running it (its lease ran out unrenewed and it was
    // put back): the older execution is stale, so it stops and records nothing.
    this.claims.get(run.runId)?.abort();
    this.claims.set(run.runId, abandon);
    const renew = setInterval(() => void this.renew(run.runId, abandon), this.leaseMs / 3);
    renew.unref();
    const progress = new RunProgress(async (steps) => {
      try {
        if (await recordProgress(this.options.db, run.runId, this.workerId, steps)) this.options.onProgress?.(run);
        else abandon.abort();
      } catch (error) {
        this.options.log?.('Recording a run’s progress failed', error);
      }
    }, this.options.progressMs);
    let result: FinishedRun;
    try {
      const resumeFrom = await checkpointOf(this.options.db, run);
      result = await this.options.execute(run, AbortSignal.any([this.shutdown.signal, abandon.signal]), progress.changed, { checkpoint: progress.now, resumeFrom });
    } catch (error) {
      this.options.log?.('A run failed inside the engine', error);
      result = { status: 'INTERNAL_ERROR', steps: [] };
    } finally {
      clearInterval(renew);
      if (this.claims.get(run.runId) === abandon) this.claims.delete(run.runId);
      await progress.settle();
    }
    // Abandoned: the run stopped being this execution's claim. Its finish would match a newer claim of the
    // same run by this process (claims carry the process's id) and record a result cut short.
    if (abandon.signal.aborted) return null;
    const describe = async (outcome: FinishedRun) => {
      try {
        return await this.options.describeEnd?.(run, outcome);
      } catch (error) {
        this.options.log?.('Describing a run’s end failed', error);
        return undefined;
      }
    };
    let notice = await describe(result);
    const ended = (recorded: RecordedEnd | null, outcome: FinishedRun) => {
      if (!recorded) return;
      this.options.onFinished?.(run, outcome, notice, recorded.notificationId);
      if (recorded.activity) this.options.onActivity?.(run.userId, recorded.activity);
    };
    try {
      const claimNext = this.stopped ? undefined : { leaseMs: this.leaseMs, perUser: this.options.concurrencyPerUser ?? 1_000_000 };
      const recorded = await finishTransiently(() => finishRun(this.options.db, run.runId, this.workerId, result, claimNext, notice));
      ended(recorded, result);
      return recorded?.next ?? null;
    } catch (error) {
      this.options.log?.('Recording a run failed', error);
      // Its steps could not be stored: record how it ended without them, rather than leave it RUNNING.
      const bare: FinishedRun = { status: 'INTERNAL_ERROR', steps: [unrecordable()] };
      notice = await describe(bare);
      await finishRun(this.options.db, run.runId, this.workerId, bare, undefined, notice).then(
        (recorded) => ended(recorded, bare),
        (again: unknown) => this.options.log?.('Recording a run failed', again),
      );
      return null;
    }
  }
}

/** PostgreSQL's "try again" errors: a deadlock (40P01) or a serialization failure (40001). */
const TRANSIENT_CODES = new Set(['40P01', '40001']);
const isTransient = (error: unknown) => TRANSIENT_CODES.has(String((error as { code?: unknown } | null)?.code));

/**
 * Recording a run's end also updates rows other finishes share (the analytics rollups, the activity
 * entry); when PostgreSQL breaks a deadlock by failing this statement, the same outcome is recorded again
 * rather than turned into INTERNAL_ERROR.
 */
async function finishTransiently<T>(finish: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await finish();
    } catch (error) {
      if (attempt >= attempts || !isTransient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

function unrecordable(): StepRunInput {
  return { stepName: 'trigger', displayName: 'Trigger', type: '', status: 'FAILED', input: null, output: null, error: 'The run’s record could not be stored', duration: null };
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = await Promise.race([promise.then(() => true, () => true), timeout]);
  clearTimeout(timer);
  return settled;
}
