/**
 * How far a running run got, passed on at a bounded rate: the engine reports every step start and end
 * (a loop of 10,000 items reports 20,000 times), while the record is written and the user told at most
 * once per `intervalMs`. The final state is not this class's business: finishing the run records and
 * announces it, after `settle()` has let the last progress write land, so progress never follows it.
 */
import type { StepRunInput } from './runs-repository.ts';

/** The editor and /executions follow a running run this closely. */
export const PROGRESS_INTERVAL_MS = 250;

/** The clock RunProgress waits on; tests hand in one they move themselves. */
export interface ProgressTimer {
  start(run: () => void, ms: number): unknown;
  cancel(handle: unknown): void;
}

const realTimer: ProgressTimer = {
  start(run, ms) {
    const handle = setTimeout(run, ms);
    handle.unref();
    return handle;
  },
  cancel: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class RunProgress {
  private latest: readonly StepRunInput[] | null = null;
  private timer: unknown = null;
  private writing: Promise<void> = Promise.resolve();
  private settled = false;

  constructor(
    /** Stores the steps and tells the run's owner; its failure is logged, never the run's. */
    private readonly publish: (steps: readonly StepRunInput[]) => Promise<void>,
    private readonly intervalMs = PROGRESS_INTERVAL_MS,
    private readonly clock: ProgressTimer = realTimer,
  ) {}

  /** The engine's callback: notes the records (read when the interval is up, so the newest state goes). */
  changed = (steps: readonly StepRunInput[]): void => {
    if (this.settled) return;
    this.latest = steps;
    if (this.timer !== null) return;
    this.timer = this.clock.start(() => this.flush(), this.intervalMs);
  };

  /**
   * A checkpoint (issue 15): the records are written now, not at the next interval, and the promise
   * settles once they are stored (or the write failed and was logged), so the engine starts the next
   * step only then. Takes the place of a pending interval write.
   */
  now = async (steps: readonly StepRunInput[]): Promise<void> => {
    if (this.settled) return;
    if (this.timer !== null) this.clock.cancel(this.timer);
    this.timer = null;
    this.latest = steps;
    this.writing = this.writing.then(() => this.publish(steps));
    await this.writing;
  };

  /** No more progress: a pending one is dropped, one being written is waited for. */
  async settle(): Promise<void> {
    this.settled = true;
    if (this.timer !== null) this.clock.cancel(this.timer);
    this.timer = null;
    await this.writing;
  }

  private flush(): void {
    this.timer = null;
    const steps = this.latest;
    if (!steps || this.settled) return;
    this.writing = this.writing.then(() => this.publish(steps));
  }
}
