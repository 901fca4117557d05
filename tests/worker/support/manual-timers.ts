import type { TimerHandle, Timers } from '../../../src/worker/autosave-queue.ts';

/** Lets every pending promise callback and I/O callback run (fake-indexeddb answers on macrotasks). */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Waits, in real time but briefly, until `condition` holds; fails loudly instead of hanging. */
export async function waitUntil(condition: () => boolean, what = 'condition', timeoutMs = 2000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** Timers that only move when the test says so: back-off and delays are checked without waiting. */
export class ManualTimers implements Timers {
  now = 0;
  private nextId = 1;
  private readonly tasks = new Map<number, { at: number; callback: () => void; ms: number }>();

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.tasks.set(id, { at: this.now + ms, callback, ms });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.tasks.delete(handle as number);
  }

  /** Delays of the timers now waiting, soonest first. */
  get pending(): number[] {
    return [...this.tasks.values()].sort((a, b) => a.at - b.at).map((task) => task.ms);
  }

  /** Moves time forward, running each due timer and letting its consequences settle. */
  async advance(ms: number): Promise<void> {
    const target = this.now + ms;
    for (;;) {
      const due = [...this.tasks.entries()].filter(([, task]) => task.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.tasks.delete(due[0]);
      this.now = due[1].at;
      due[1].callback();
      await settle();
    }
    this.now = target;
    await settle();
  }
}
