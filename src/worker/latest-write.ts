/**
 * Keeps one stored record equal to the newest value asked for, without queueing every intermediate one.
 *
 * The autosave queue writes the whole unsaved configuration on every edit; typing fast would otherwise
 * pile up one IndexedDB write per keystroke. Here, while a write runs, later requests replace each other
 * and only the newest is written next. Each request's promise resolves once that value, or a newer one
 * (or a delete requested after it), is durable, which is what "written before the request" needs.
 * Writes and deletes run strictly in request order, so a late write never resurrects a deleted record.
 */
import type { StoredRecord } from './persistence.ts';

type Wanted<T> = { kind: 'put'; value: T } | { kind: 'delete' };

export class LatestWrite<T> {
  private wanted: Wanted<T> | null = null;
  private lastRequested: Wanted<T> | null = null;
  private requested = 0;
  private written = 0;
  private running: Promise<void> | null = null;
  private waiters: Array<{ generation: number; resolve: () => void }> = [];

  constructor(
    private readonly record: StoredRecord<T>,
    private readonly options: {
      /**
       * Waits before a burst of writes starts. The editor worker passes a macrotask: storing a large
       * version clones all of it, and the edit that asked for the write should reach the UI first.
       */
      defer?: () => Promise<void>;
    } = {},
  ) {}

  put(value: T): Promise<void> {
    // Asking again for the value already requested (enqueue, then send) costs no second write.
    if (this.lastRequested?.kind === 'put' && this.lastRequested.value === value) return this.waitFor(this.requested);
    return this.request({ kind: 'put', value });
  }

  delete(): Promise<void> {
    if (this.lastRequested?.kind === 'delete') return this.waitFor(this.requested);
    return this.request({ kind: 'delete' });
  }

  /** Resolves when nothing is being written (used before handing the storage to a new session). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private request(wanted: Wanted<T>): Promise<void> {
    this.requested++;
    this.wanted = wanted;
    this.lastRequested = wanted;
    const done = this.waitFor(this.requested);
    this.running ??= this.drain();
    return done;
  }

  private waitFor(generation: number): Promise<void> {
    if (generation <= this.written) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ generation, resolve }));
  }

  private async drain(): Promise<void> {
    if (this.options.defer) await this.options.defer();
    while (this.wanted) {
      const next = this.wanted;
      const generation = this.requested;
      this.wanted = null;
      try {
        if (next.kind === 'put') await this.record.put(next.value);
        else await this.record.delete();
      } catch {
        // The editor storage reports its own failures and keeps the value in memory; nothing to add here.
      }
      this.written = generation;
      const ready = this.waiters.filter((waiter) => waiter.generation <= generation);
      this.waiters = this.waiters.filter((waiter) => waiter.generation > generation);
      for (const waiter of ready) waiter.resolve();
    }
    this.running = null;
  }
}
