/**
 * A run's progress at a bounded rate (server/runs/run-progress.ts): however many step starts and ends
 * the engine reports, at most one write per interval, carrying the newest records; nothing once the
 * run is settled, and settling waits for a write under way.
 */
import { describe, expect, it } from '@rstest/core';
import { RunProgress, type ProgressTimer } from '../../server/runs/run-progress.ts';
import type { StepRunInput } from '../../server/runs/runs-repository.ts';

/** Timers that fire only when the test says so. */
function manualTimer() {
  const pending = new Map<number, () => void>();
  let next = 0;
  const timer: ProgressTimer = {
    start(run) {
      pending.set(++next, run);
      return next;
    },
    cancel: (handle) => void pending.delete(handle as number),
  };
  return {
    timer,
    get waiting() {
      return pending.size;
    },
    /** The interval is up: every timer set so far fires. */
    elapse() {
      const due = [...pending.values()];
      pending.clear();
      for (const run of due) run();
    },
  };
}

const step = (n: number, status: StepRunInput['status']): StepRunInput => ({ stepName: `step_${n}`, status });

describe('RunProgress', () => {
  it('publishes once per interval with the newest steps, however many changes came in it', async () => {
    const clock = manualTimer();
    const published: string[][] = [];
    const progress = new RunProgress(async (steps) => void published.push(steps.map((s) => `${s.stepName}:${s.status}`)), 250, clock.timer);
    const records: StepRunInput[] = [];
    for (let n = 1; n <= 100; n++) {
      records.push(step(n, 'RUNNING'));
      progress.changed(records);
      records[n - 1] = step(n, 'SUCCEEDED');
      progress.changed(records);
    }
    expect(published).toEqual([]);
    expect(clock.waiting).toBe(1);
    clock.elapse();
    await progress.settle();
    expect(published).toHaveLength(1);
    expect(published[0]).toHaveLength(100);
    expect(published[0]!.at(-1)).toBe('step_100:SUCCEEDED');
  });

  it('publishes nothing after it is settled, and settling waits for a write under way', async () => {
    const clock = manualTimer();
    let release!: () => void;
    const written: number[] = [];
    const progress = new RunProgress(
      (steps) =>
        new Promise<void>((resolve) => {
          release = () => {
            written.push(steps.length);
            resolve();
          };
        }),
      250,
      clock.timer,
    );
    progress.changed([step(1, 'RUNNING')]);
    clock.elapse();
    let settled = false;
    const settling = progress.settle().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    await settling;
    expect(written).toEqual([1]);
    progress.changed([step(1, 'SUCCEEDED'), step(2, 'RUNNING')]);
    expect(clock.waiting).toBe(0);
    expect(written).toEqual([1]);
  });
});
