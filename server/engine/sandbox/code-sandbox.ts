/**
 * Runs code steps in the sandbox (sandbox-worker.mjs: QuickJS in WebAssembly) on a small pool of worker
 * threads, so a busy loop or an allocation bomb never stalls the server's event loop. Each run has a
 * memory cap and a deadline enforced inside QuickJS; if a thread still does not answer shortly after the
 * deadline (a hang outside the interpreter), it is terminated and replaced, and the run ends TIMEOUT.
 *
 * Inputs and outputs cross the thread boundary as JSON text, never as objects: postMessage clones
 * objects recursively and a deep one overflowed the stack and ended the process. Inputs are measured
 * (depth, size) before they are written; an output's text is measured on its thread before it is sent.
 *
 * Fairness: a job may name its owner (the run's user); one owner holds at most `threadsPerOwner`
 * threads at once, so one user's queue of slow code cannot keep another user's code waiting.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { isJsonLimitProblem, MAX_JSON_DEPTH, measureJson } from '../../../src/domain/index.ts';
import { stepDataMessage } from '../run-budget.ts';

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
  /** Threads one owner may hold at once (default: all but one, at least one). */
  threadsPerOwner?: number;
  /** Largest input and output, in characters of JSON text. */
  maxDataSize?: number;
}

export interface CodeRunLimits {
  memoryBytes?: number;
  timeoutMs?: number;
  /** Whose code this is; see `threadsPerOwner`. */
  owner?: string;
  /**
   * The run this step belongs to: a run's steps share one realm (made once, kept on its thread until
   * `endSession`), never another run's. Without it the step gets a realm of its own.
   */
  session?: string;
}

export const DEFAULT_CODE_MEMORY_BYTES = 64 * 1024 * 1024;
export const DEFAULT_CODE_TIMEOUT_MS = 10_000;
export const DEFAULT_CODE_DATA_SIZE = 2 * 1024 * 1024;

interface Job {
  id: number;
  owner: string | undefined;
  session: string | undefined;
  source: string;
  inputsJson: string;
  memoryBytes: number;
  timeoutMs: number;
  resolve: (result: CodeResult) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  /** Whether QuickJS loaded in it (a thread that dies before is a failed start, retried with back-off). */
  started: boolean;
  job: Job | null;
  guard: NodeJS.Timeout | null;
  /** Runs whose realm this thread keeps. */
  sessions: Set<string>;
  /** When it last answered, was told a run ended or became ready (never, while it loads): see `freeSlot`. */
  idleSince: number;
}

/** What the thread answers (sandbox-worker.mjs): the output as JSON text, for the pool to measure. */
type ThreadResult =
  | { ok: true; outputJson: string; logs: string[] }
  | { ok: false; reason: CodeFailure; message: string; logs: string[]; outputLimit?: 'size' | 'depth' };
type WorkerAnswer = { id: number; retire?: boolean } & ThreadResult;

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
  private readonly threadsPerOwner: number;
  private readonly maxDataSize: number;
  private failedStarts = 0;
  private spawnPausedUntil = 0;
  private respawnTimer: NodeJS.Timeout | null = null;
  /** Which thread keeps each run's realm (oldest first; bounded, see `endSession`). */
  private readonly holders = new Map<string, Slot>();

  constructor(options: CodeSandboxOptions = {}) {
    this.threads = Math.max(1, options.threads ?? 2);
    this.memoryBytes = options.memoryBytes ?? DEFAULT_CODE_MEMORY_BYTES;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_CODE_TIMEOUT_MS;
    this.graceMs = options.graceMs ?? 2000;
    this.threadsPerOwner = Math.max(1, Math.min(this.threads, options.threadsPerOwner ?? this.threads - 1));
    this.maxDataSize = options.maxDataSize ?? DEFAULT_CODE_DATA_SIZE;
  }

  /** Runs `source` (it exports `code(inputs)`) with `inputs`; never rejects, every outcome is a result. */
  run(source: string, inputs: unknown, limits: CodeRunLimits = {}): Promise<CodeResult> {
    if (this.closed) return Promise.resolve({ ok: false, reason: 'ERROR', message: 'The code sandbox is closed', logs: [] });
    const measured = measureJson(inputs ?? {}, { maxDepth: MAX_JSON_DEPTH, maxSize: this.maxDataSize });
    if (isJsonLimitProblem(measured)) {
      return Promise.resolve({ ok: false, reason: 'ERROR', message: stepDataMessage('The step’s input', measured), logs: [] });
    }
    return new Promise((resolve) => {
      this.waiting.push({
        id: this.nextId++,
        owner: limits.owner,
        session: limits.session,
        source,
        inputsJson: JSON.stringify(inputs ?? {}),
        memoryBytes: limits.memoryBytes ?? this.memoryBytes,
        timeoutMs: limits.timeoutMs ?? this.timeoutMs,
        resolve,
      });
      this.dispatch();
    });
  }

  /** The run ended: its realm is freed. */
  endSession(session: string): void {
    const holder = this.holders.get(session);
    if (!holder) return;
    this.holders.delete(session);
    holder.sessions.delete(session);
    if (this.slots.includes(holder)) {
      holder.worker.postMessage({ end: session });
      holder.idleSince = performance.now();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.respawnTimer) clearTimeout(this.respawnTimer);
    for (const job of this.waiting.splice(0)) job.resolve({ ok: false, reason: 'ERROR', message: 'The code sandbox closed', logs: [] });
    await Promise.all(this.slots.splice(0).map((slot) => this.retire(slot, 'The code sandbox closed')));
  }

  private dispatch(): void {
    this.fillPool();
    while (this.waiting.length > 0) {
      const index = this.nextJobIndex();
      if (index < 0) return;
      const session = this.waiting[index]!.session;
      const holder = session === undefined ? undefined : this.holders.get(session);
      // The thread that keeps the run's realm if it is free, else another free thread (which makes a new one).
      const slot = holder?.job === null && this.slots.includes(holder) ? holder : this.freeSlot();
      if (!slot) return;
      const [job] = this.waiting.splice(index, 1);
      if (session !== undefined && slot !== holder) this.hold(session, slot);
      this.start(slot, job!);
    }
  }

  /**
   * Once code has run, every thread is kept started: a thread takes a second or more to load QuickJS,
   * and the one kept free for other users must be ready when their code arrives. Threads that die before
   * they load are started again with a growing pause, never in a tight loop.
   */
  private fillPool(): void {
    if (this.closed) return;
    const wait = this.spawnPausedUntil - Date.now();
    if (wait > 0) {
      if (!this.respawnTimer) {
        this.respawnTimer = setTimeout(() => {
          this.respawnTimer = null;
          this.dispatch();
        }, wait);
        this.respawnTimer.unref();
      }
      return;
    }
    while (this.slots.length < this.threads) this.spawn();
  }

  /** Moves a run's realm to `slot`: the thread that kept it (if any) frees its copy. */
  private hold(session: string, slot: Slot): void {
    this.endSession(session);
    this.holders.set(session, slot);
    slot.sessions.add(session);
    // Runs that never said they ended (a caller without endSession) are forgotten, oldest first; the
    // threads keep a few realms at most anyway.
    for (const [oldest] of this.holders) {
      if (this.holders.size <= 1000) break;
      this.endSession(oldest);
    }
  }

  /**
   * The free thread idle the longest: a thread makes its next spare realm once idle (sandbox-worker.mjs),
   * so a run's first step goes where one is most likely ready, not to the thread still busy making it.
   * A thread still loading QuickJS comes last: a ready one takes the step at once.
   */
  private freeSlot(): Slot | undefined {
    let chosen: Slot | undefined;
    for (const slot of this.slots) if (slot.job === null && (!chosen || slot.idleSince < chosen.idleSince)) chosen = slot;
    return chosen;
  }

  /** The oldest waiting job whose owner is below its share of threads; -1 when none may start. */
  private nextJobIndex(): number {
    const held = new Map<string, number>();
    for (const slot of this.slots) {
      const owner = slot.job?.owner;
      if (owner !== undefined) held.set(owner, (held.get(owner) ?? 0) + 1);
    }
    return this.waiting.findIndex((job) => job.owner === undefined || (held.get(job.owner) ?? 0) < this.threadsPerOwner);
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL);
    let markReady!: () => void;
    const slot: Slot = { worker, ready: new Promise((resolve) => (markReady = resolve)), started: false, job: null, guard: null, sessions: new Set(), idleSince: Number.POSITIVE_INFINITY };
    worker.on('message', (message: { ready: true } | WorkerAnswer) => {
      if ('ready' in message) {
        slot.started = true;
        slot.idleSince = performance.now();
        this.failedStarts = 0;
        return markReady();
      }
      const job = slot.job;
      if (!job || message.id !== job.id) return;
      this.finish(slot, message);
    });
    worker.on('error', (error) => this.replace(slot, `The code sandbox failed: ${error.message}`));
    worker.on('exit', () => this.replace(slot, 'The code sandbox stopped'));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    // Time to load QuickJS counts against nobody: the guard starts once the thread is ready. A started
    // thread gets the step at once, not a promise job later.
    if (slot.started) this.send(slot, job);
    else void slot.ready.then(() => this.send(slot, job));
  }

  private send(slot: Slot, job: Job): void {
    if (slot.job !== job) return;
    slot.guard = setTimeout(() => this.replace(slot, 'The code ran past its time limit', 'TIMEOUT'), job.timeoutMs + this.graceMs);
    slot.guard.unref();
    slot.worker.postMessage({
      id: job.id,
      source: job.source,
      inputsJson: job.inputsJson,
      memoryBytes: job.memoryBytes,
      timeoutMs: job.timeoutMs,
      maxDataSize: this.maxDataSize,
      maxDepth: MAX_JSON_DEPTH,
      ...(job.session === undefined ? {} : { session: job.session }),
    });
  }

  /** What the thread answered, as a result: an output it found past a limit is refused in words here. */
  private resultOf(answer: ThreadResult): CodeResult {
    if (answer.ok) return { ok: true, output: JSON.parse(answer.outputJson) as unknown, logs: answer.logs };
    if (!answer.outputLimit) return { ok: false, reason: answer.reason, message: answer.message, logs: answer.logs };
    const limit = answer.outputLimit === 'size' ? this.maxDataSize : MAX_JSON_DEPTH;
    return { ok: false, reason: 'ERROR', message: stepDataMessage('The step’s output', { kind: answer.outputLimit, limit }), logs: answer.logs };
  }

  private finish(slot: Slot, message: WorkerAnswer): void {
    const job = slot.job;
    if (slot.guard) clearTimeout(slot.guard);
    slot.guard = null;
    slot.job = null;
    slot.idleSince = performance.now();
    const { id: _id, retire, ...answer } = message;
    const result = this.resultOf(answer);
    // A thread whose runtime could not be freed (a run hit its memory cap) is replaced before it takes
    // another run: its WebAssembly memory is no longer clean.
    if (retire && this.slots.includes(slot)) {
      this.forget(slot);
      this.slots.splice(this.slots.indexOf(slot), 1);
      void slot.worker.terminate().catch(() => undefined);
    }
    job?.resolve(result);
    this.dispatch();
  }

  /** Ends a thread that misbehaved (or died), answers its run, and lets a fresh thread take the next. */
  private replace(slot: Slot, message: string, reason: CodeFailure = 'ERROR'): void {
    if (!this.slots.includes(slot)) return;
    this.forget(slot);
    this.slots.splice(this.slots.indexOf(slot), 1);
    if (!slot.started) {
      this.failedStarts++;
      this.spawnPausedUntil = Date.now() + Math.min(30_000, 250 * 2 ** this.failedStarts);
    }
    void this.retire(slot, message, reason);
    if (!this.closed) this.dispatch();
  }

  /** A thread going away takes its realms with it: those runs' next steps start fresh elsewhere. */
  private forget(slot: Slot): void {
    for (const session of slot.sessions) this.holders.delete(session);
    slot.sessions.clear();
  }

  private async retire(slot: Slot, message: string, reason: CodeFailure = 'ERROR'): Promise<void> {
    if (slot.guard) clearTimeout(slot.guard);
    const job = slot.job;
    slot.job = null;
    job?.resolve({ ok: false, reason, message, logs: [] });
    await slot.worker.terminate().catch(() => undefined);
  }
}
