/**
 * Runs code steps in the sandbox (sandbox-worker.mjs: QuickJS in WebAssembly) on a small pool of worker
 * threads, so a busy loop or an allocation bomb never stalls the server's event loop. Each run has a
 * memory cap and a deadline enforced inside QuickJS; if a thread still does not answer shortly after the
 * deadline (a hang outside the interpreter), it is terminated and replaced, and the run ends TIMEOUT.
 */
import { Worker } from 'node:worker_threads';

export type CodeFailure = 'TIMEOUT' | 'MEMORY_LIMIT_EXCEEDED' | 'ERROR';

export type CodeResult =
  | { ok: true; output: unknown; logs: string[] }
  | { ok: false; reason: CodeFailure; message: string; logs: string[] };

export interface CodeSandboxOptions {
  /** Threads running code at once; more runs wait their turn. */
  threads?: number;
  memoryBytes?: number;
  timeoutMs?: number;
  /** Beyond the deadline, how long a silent thread gets before it is terminated. */
  graceMs?: number;
}

export const DEFAULT_CODE_MEMORY_BYTES = 64 * 1024 * 1024;
export const DEFAULT_CODE_TIMEOUT_MS = 10_000;

interface Job {
  id: number;
  source: string;
  inputs: unknown;
  memoryBytes: number;
  timeoutMs: number;
  resolve: (result: CodeResult) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  job: Job | null;
  guard: NodeJS.Timeout | null;
}

const WORKER_URL = new URL('./sandbox-worker.mjs', import.meta.url);

export class CodeSandbox {
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly threads: number;
  private readonly memoryBytes: number;
  private readonly timeoutMs: number;
  private readonly graceMs: number;

  constructor(options: CodeSandboxOptions = {}) {
    this.threads = Math.max(1, options.threads ?? 2);
    this.memoryBytes = options.memoryBytes ?? DEFAULT_CODE_MEMORY_BYTES;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_CODE_TIMEOUT_MS;
    this.graceMs = options.graceMs ?? 2000;
  }

  /** Runs `source` (it exports `code(inputs)`) with `inputs`; never rejects, every outcome is a result. */
  run(source: string, inputs: unknown, limits: { memoryBytes?: number; timeoutMs?: number } = {}): Promise<CodeResult> {
    if (this.closed) return Promise.resolve({ ok: false, reason: 'ERROR', message: 'The code sandbox is closed', logs: [] });
    return new Promise((resolve) => {
      this.waiting.push({
        id: this.nextId++,
        source,
        inputs,
        memoryBytes: limits.memoryBytes ?? this.memoryBytes,
        timeoutMs: limits.timeoutMs ?? this.timeoutMs,
        resolve,
      });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.resolve({ ok: false, reason: 'ERROR', message: 'The code sandbox closed', logs: [] });
    await Promise.all(this.slots.splice(0).map((slot) => this.retire(slot, 'The code sandbox closed')));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      let slot = this.slots.find((candidate) => candidate.job === null);
      if (!slot && this.slots.length < this.threads) slot = this.spawn();
      if (!slot) return;
      const job = this.waiting.shift()!;
      this.start(slot, job);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL);
    let markReady!: () => void;
    const slot: Slot = { worker, ready: new Promise((resolve) => (markReady = resolve)), job: null, guard: null };
    worker.on('message', (message: { ready?: boolean; id?: number } & Partial<CodeResult>) => {
      if (message.ready) return markReady();
      const job = slot.job;
      if (!job || message.id !== job.id) return;
      this.finish(slot, message as unknown as CodeResult);
    });
    worker.on('error', (error) => this.replace(slot, `The code sandbox failed: ${error.message}`));
    worker.on('exit', () => this.replace(slot, 'The code sandbox stopped'));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    // Time to load QuickJS counts against nobody: the guard starts once the thread is ready.
    void slot.ready.then(() => {
      if (slot.job !== job) return;
      slot.guard = setTimeout(() => this.replace(slot, 'The code ran past its time limit', 'TIMEOUT'), job.timeoutMs + this.graceMs);
      slot.guard.unref();
      slot.worker.postMessage({ id: job.id, source: job.source, inputs: job.inputs, memoryBytes: job.memoryBytes, timeoutMs: job.timeoutMs });
    });
  }

  private finish(slot: Slot, message: CodeResult & { id?: number; retire?: boolean }): void {
    const job = slot.job;
    if (slot.guard) clearTimeout(slot.guard);
    slot.guard = null;
    slot.job = null;
    const { id: _id, retire, ...result } = message;
    // A thread whose runtime could not be freed (a run hit its memory cap) is replaced before it takes
    // another run: its WebAssembly memory is no longer clean.
    if (retire && this.slots.includes(slot)) {
      this.slots.splice(this.slots.indexOf(slot), 1);
      void slot.worker.terminate().catch(() => undefined);
    }
    job?.resolve(result as CodeResult);
    this.dispatch();
  }

  /** Ends a thread that misbehaved (or died), answers its run, and lets a fresh thread take the next. */
  private replace(slot: Slot, message: string, reason: CodeFailure = 'ERROR'): void {
    if (!this.slots.includes(slot)) return;
    this.slots.splice(this.slots.indexOf(slot), 1);
    void this.retire(slot, message, reason);
    if (!this.closed) this.dispatch();
  }

  private async retire(slot: Slot, message: string, reason: CodeFailure = 'ERROR'): Promise<void> {
    if (slot.guard) clearTimeout(slot.guard);
    const job = slot.job;
    slot.job = null;
    job?.resolve({ ok: false, reason, message, logs: [] });
    await slot.worker.terminate().catch(() => undefined);
  }
}
