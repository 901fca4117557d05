/**
 * The autosave queue of one open version (SPEC §4 "Saving", DESIGN "Autosave").
 *
 * - One request at a time, in order. Each payload carries the whole configuration, so a payload waiting
 *   behind the one in flight is replaced by a newer one (superseded saves are dropped); the one in
 *   flight is never cancelled.
 * - Nothing is lost. The newest payload is written to storage before its request and deleted only once
 *   the server confirmed it and nothing newer is waiting; after a reload the core hands it back here as
 *   `recovered`, which is sent first.
 * - A failure never halts the queue: it retries with exponential back-off (1 s doubling to 30 s, SPEC §9)
 *   and always retries the newest payload. A 409 is different: retrying would fail the same way, so the
 *   queue stops in 'conflict' until `resolveConflict('keep-mine' | 'reload')`.
 * - `scheduleDelayed` is the 3 s autosave after undo or redo; any immediate save replaces it.
 * - `flush()` is for publish: it sends what is delayed or waiting for a retry now, and settles with the
 *   outcome of that work (it rejects on the first failure; the queue itself keeps retrying).
 * - Paced (`pace`): after a slow save the next one waits as long as that one took, so a user editing a
 *   10,000-step flow (half a second of server time per save) keeps the server at most half busy with
 *   their saves, not always. A fast save is followed at once; `flush()` does not wait.
 *
 * Timers are injected so tests step through back-off without waiting.
 */
import { LatestWrite } from './latest-write.ts';
import type { StoredRecord } from './persistence.ts';
import { describeError, isConflictError } from './transport.ts';

export const AUTOSAVE_DELAY_AFTER_UNDO_MS = 3000;
/** The shortest save the worker's queue pauses after (`pace`). */
export const AUTOSAVE_PACE_FROM_MS = 200;
export const RETRY_INITIAL_MS = 1000;
export const RETRY_MAX_MS = 30_000;

export type AutosaveStatus = 'saved' | 'saving' | 'unsaved' | 'error' | 'conflict';

export interface AutosaveStatusEvent {
  status: AutosaveStatus;
  /** For 'error' and 'conflict': what went wrong, as plain data (it crosses comlink). */
  error?: { message: string; status?: number; code?: string };
  /** For 'error': failed attempts in a row, and when the next one starts. */
  attempt?: number;
  retryInMs?: number;
}

export type TimerHandle = unknown;

/** Pacing (see above): the clock, and the shortest save (ms) the next one waits after. */
export interface AutosavePace {
  now: () => number;
  fromMs: number;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
};

export interface SaveContext {
  /** 1 for the first try of a payload, then 2, 3... while failures continue. */
  attempt: number;
  /** The user chose to keep their changes after a conflict. */
  overwrite: boolean;
  signal: AbortSignal;
}

export type ConflictChoice = 'keep-mine' | 'reload';

export interface AutosaveQueueOptions<TPayload, TResult> {
  save: (payload: TPayload, context: SaveContext) => Promise<TResult>;
  /** Where the newest unsaved payload waits for the server (the 'unsaved' store, keyed by version). */
  pending?: StoredRecord<TPayload>;
  /** Waits before storing the payload (see LatestWrite); absent: store at once. */
  deferWrites?: () => Promise<void>;
  /** A payload found in storage after a reload: sent first. */
  recovered?: TPayload;
  timers?: Timers;
  retryInitialMs?: number;
  retryMaxMs?: number;
  isConflict?: (error: unknown) => boolean;
  /** Runs after each confirmed save, before the next one starts. */
  onSaved?: (result: TResult, payload: TPayload) => void;
  pace?: AutosavePace;
}

type Slot<T> = { payload: T };

export class AutosaveQueue<TPayload, TResult = unknown> {
  private queued: Slot<TPayload> | null = null;
  private inFlight: Slot<TPayload> | null = null;
  private delayed: { payload: TPayload; handle: TimerHandle } | null = null;
  private retryHandle: { handle: TimerHandle } | null = null;
  /** The pause after a slow save, before the next one starts (`pace`). */
  private paced: { handle: TimerHandle } | null = null;
  private conflict: { error: unknown } | null = null;
  private failures = 0;
  /** The request in flight when the user discarded their changes (see `discard`). */
  private discardedInFlight: unknown = null;
  private overwriteNext = false;
  private disposed = false;
  private event: AutosaveStatusEvent = { status: 'saved' };
  private readonly listeners = new Set<(event: AutosaveStatusEvent) => void>();
  private flushWaiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  private readonly abort = new AbortController();
  private readonly writer: LatestWrite<TPayload> | null;
  private readonly timers: Timers;

  constructor(private readonly options: AutosaveQueueOptions<TPayload, TResult>) {
    this.timers = options.timers ?? realTimers;
    this.writer = options.pending ? new LatestWrite(options.pending, options.deferWrites ? { defer: options.deferWrites } : {}) : null;
    if (options.recovered !== undefined) this.enqueue(options.recovered);
  }

  get status(): AutosaveStatusEvent {
    return this.event;
  }

  /** True while something is not yet confirmed by the server. */
  get hasPending(): boolean {
    return Boolean(this.queued || this.inFlight || this.delayed || this.conflict);
  }

  get isSaving(): boolean {
    return this.inFlight !== null;
  }

  /** The listener gets the current status at once, then every change. Returns the disposer. */
  subscribe(listener: (event: AutosaveStatusEvent) => void): () => void {
    this.listeners.add(listener);
    listener(this.event);
    return () => this.listeners.delete(listener);
  }

  /** Saves this payload as soon as the request before it is done (or its retry is due). */
  enqueue(payload: TPayload): void {
    if (this.disposed) return;
    this.cancelDelayed();
    this.queued = { payload };
    void this.writer?.put(payload);
    this.pump();
  }

  /** Saves this payload after `delayMs` unless something newer is saved first (undo, redo). */
  scheduleDelayed(payload: TPayload, delayMs = AUTOSAVE_DELAY_AFTER_UNDO_MS): void {
    if (this.disposed) return;
    this.cancelDelayed();
    this.queued = null; // superseded: the delayed payload is newer and complete
    const handle = this.timers.setTimeout(() => {
      this.delayed = null;
      this.enqueue(payload);
    }, delayMs);
    this.delayed = { payload, handle };
    void this.writer?.put(payload);
    if (!this.inFlight && !this.retryHandle && !this.conflict) this.setStatus({ status: 'unsaved' });
  }

  /** Sends everything pending now; resolves when the server has it, rejects on the next failure. */
  flush(): Promise<void> {
    if (this.disposed) return Promise.reject(new Error('The autosave queue is closed'));
    if (this.conflict) return Promise.reject(this.conflict.error);
    this.endPause();
    if (this.delayed) this.enqueue(this.delayed.payload);
    if (this.retryHandle) {
      this.timers.clearTimeout(this.retryHandle.handle);
      this.retryHandle = null;
      this.pump();
    }
    if (!this.inFlight && !this.queued) return Promise.resolve();
    return new Promise((resolve, reject) => this.flushWaiters.push({ resolve, reject }));
  }

  /**
   * After a 409: 'keep-mine' sends the newest payload again, flagged as an overwrite; 'reload' drops
   * every unsaved change (the core then reopens the server's version).
   */
  resolveConflict(choice: ConflictChoice): void {
    if (!this.conflict || this.disposed) return;
    this.conflict = null;
    this.failures = 0;
    if (choice === 'keep-mine') {
      this.overwriteNext = true;
      if (this.queued) this.pump();
      else if (!this.delayed) this.setStatus({ status: 'saved' });
      else this.setStatus({ status: 'unsaved' });
      return;
    }
    this.queued = null;
    this.cancelDelayed();
    this.overwriteNext = false;
    void this.writer?.delete();
    this.setStatus({ status: 'saved' });
  }

  /**
   * Drops every change not yet sent (the user chose to discard them when leaving): nothing queued,
   * delayed or waiting for a retry is sent, and the copy kept for the next session is deleted. A request
   * already in flight is left to finish.
   */
  discard(): void {
    if (this.disposed) return;
    this.queued = null;
    this.cancelDelayed();
    this.cancelPause();
    if (this.retryHandle) this.timers.clearTimeout(this.retryHandle.handle);
    this.retryHandle = null;
    this.conflict = null;
    this.failures = 0;
    this.overwriteNext = false;
    void this.writer?.delete();
    this.settleFlush();
    // A request already sent may still fail; its payload must not come back for a retry then.
    this.discardedInFlight = this.inFlight;
    this.setStatus({ status: 'saved' });
  }

  /**
   * Stops timers and listeners and cancels the request in flight. What is unsaved stays in storage for
   * the next session; the promise resolves once storage writes already started have landed.
   */
  async dispose(): Promise<void> {
    if (this.disposed) return this.writer?.idle();
    this.disposed = true;
    this.cancelDelayed();
    this.cancelPause();
    if (this.retryHandle) this.timers.clearTimeout(this.retryHandle.handle);
    this.retryHandle = null;
    this.abort.abort();
    this.listeners.clear();
    this.settleFlush(new Error('The autosave queue is closed'));
    await this.writer?.idle();
  }

  private pump(): void {
    if (this.disposed || this.inFlight || this.retryHandle || this.paced || this.conflict || !this.queued) return;
    const slot = this.queued;
    this.queued = null;
    this.inFlight = slot;
    this.setStatus({ status: 'saving' });
    void this.send(slot.payload);
  }

  private async send(payload: TPayload): Promise<void> {
    // Durable first: if the tab dies during the request, the next session still has this payload.
    await this.writer?.put(payload);
    if (this.disposed) return;
    const overwrite = this.overwriteNext;
    this.overwriteNext = false;
    let result: TResult;
    const started = this.options.pace?.now();
    try {
      result = await this.options.save(payload, { attempt: this.failures + 1, overwrite, signal: this.abort.signal });
    } catch (error) {
      if (overwrite) this.overwriteNext = true; // the user's choice stands until a save goes through
      this.failed(payload, error);
      return;
    }
    this.succeeded(payload, result, started === undefined ? 0 : this.options.pace!.now() - started);
  }

  private succeeded(payload: TPayload, result: TResult, tookMs: number): void {
    if (this.disposed) return;
    this.inFlight = null;
    this.discardedInFlight = null;
    this.failures = 0;
    try {
      this.options.onSaved?.(result, payload);
    } catch {
      // A bug in a reaction to a save must not stop later saves.
    }
    if (this.queued && this.options.pace && tookMs >= this.options.pace.fromMs) {
      const handle = this.timers.setTimeout(() => this.endPause(), tookMs);
      this.paced = { handle };
      return;
    }
    this.afterSave();
  }

  /** The pause after a slow save is over (or `flush()` cut it short): on to what waits. */
  private endPause(): void {
    if (!this.paced) return;
    this.cancelPause();
    this.afterSave();
  }

  private cancelPause(): void {
    if (this.paced) this.timers.clearTimeout(this.paced.handle);
    this.paced = null;
  }

  private afterSave(): void {
    if (this.queued) return this.pump();
    if (this.delayed) return this.setStatus({ status: 'unsaved' });
    // The server has everything: the stored copy has served its purpose.
    void this.writer?.delete();
    this.setStatus({ status: 'saved' });
    this.settleFlush();
  }

  private failed(payload: TPayload, error: unknown): void {
    if (this.disposed) return;
    const discarded = this.inFlight !== null && this.inFlight === this.discardedInFlight;
    this.inFlight = null;
    this.discardedInFlight = null;
    if (discarded) {
      if (this.queued) this.pump();
      return;
    }
    // Never drop the newest: retry this payload unless a newer one is already waiting.
    if (!this.queued && !this.delayed) this.queued = { payload };
    if ((this.options.isConflict ?? isConflictError)(error)) {
      this.conflict = { error };
      this.setStatus({ status: 'conflict', error: describeError(error) });
      this.settleFlush(error);
      return;
    }
    this.failures++;
    const initial = this.options.retryInitialMs ?? RETRY_INITIAL_MS;
    const retryInMs = Math.min(initial * 2 ** (this.failures - 1), this.options.retryMaxMs ?? RETRY_MAX_MS);
    const handle = this.timers.setTimeout(() => {
      this.retryHandle = null;
      // A delayed save still waiting is newer than what failed: send it now rather than in 3 s.
      if (this.delayed && !this.queued) this.enqueue(this.delayed.payload);
      else this.pump();
    }, retryInMs);
    this.retryHandle = { handle };
    this.setStatus({ status: 'error', error: describeError(error), attempt: this.failures, retryInMs });
    this.settleFlush(error);
  }

  private cancelDelayed(): void {
    if (!this.delayed) return;
    this.timers.clearTimeout(this.delayed.handle);
    this.delayed = null;
  }

  private settleFlush(error?: unknown): void {
    const waiters = this.flushWaiters;
    this.flushWaiters = [];
    for (const waiter of waiters) {
      if (error === undefined) waiter.resolve();
      else waiter.reject(error);
    }
  }

  private setStatus(event: AutosaveStatusEvent): void {
    // Repeated 'error' events carry a new attempt count, so they always go out.
    if (event.status === this.event.status && event.status !== 'error') return;
    this.event = event;
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // One broken listener must not stop the queue or the other listeners.
      }
    }
  }
}
