/**
 * Large flow bodies are read off the event loop: a 10,000-step import or autosave is ~4 MB of JSON and
 * a few hundred milliseconds of parsing and domain checks, which on the server's own thread held every
 * other request (and /api/health) for that long, and three at once for seconds. Bodies above
 * `INLINE_LIMIT` go to a worker thread (started on first use, kept, replaced if it dies); smaller ones,
 * the common case, are read inline where a thread hop would cost more than the work.
 */
import { Worker } from 'node:worker_threads';
import { JsonText } from '../../db/database.ts';
import { ApiError, type ApiErrorCode, type ApiErrorDetails } from '../../shared/api-error.ts';
import { nestStoredContent, readFlowBody, type FlowBody, type FlowBodyKind, type FlowBodyOptions, type NestIdentity } from './read.ts';

/** Bodies up to this many characters are read on the server's thread (well under 10 ms). */
export const INLINE_LIMIT = 256 * 1024;

type Answer =
  | { id: number; ok: true; body: FlowBody; contentBytes: Uint8Array }
  | { id: number; ok: true; nested: string }
  | { id: number; ok: false; refusal: { status: number; code: ApiErrorCode; message: string; details: ApiErrorDetails } }
  | { id: number; ok: false; internal: string };

const WORKER_URL = new URL('./worker.mjs', import.meta.url);

export class FlowBodyReader {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (answer: FlowBody | string) => void; reject: (error: Error) => void }>();

  /** Reads a body's UTF-8 bytes; large ones are moved (not copied) to the thread. */
  async read(kind: FlowBodyKind, bytes: Buffer, options: FlowBodyOptions = {}): Promise<FlowBody> {
    if (bytes.length <= INLINE_LIMIT) return readFlowBody(kind, bytes.toString('utf8'), options);
    const worker = this.thread();
    const id = this.nextId++;
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : Buffer.from(bytes);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: (answer) => resolve(answer as FlowBody), reject });
      worker.postMessage({ id, kind, bytes: own, options }, [own.buffer as ArrayBuffer]);
    });
  }

  /**
   * A stored version's content as the nested form's JSON text (`?form=nested`, read.ts): on the thread
   * when the content is large, where writing a long chain's text cannot hold up other requests.
   */
  async nest(identity: NestIdentity, contentText: string): Promise<string> {
    if (contentText.length <= INLINE_LIMIT) return nestStoredContent(identity, contentText);
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: (answer) => resolve(answer as string), reject });
      worker.postMessage({ id, kind: 'nest', identity, contentText });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll('The server is closing');
    await worker?.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_URL);
    worker.on('message', (answer: Answer | { ready: true }) => {
      if ('ready' in answer) return;
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      // The stored content comes back as bytes: kept as bytes, for the database and the reply.
      if (answer.ok && 'nested' in answer) waiting.resolve(answer.nested);
      else if (answer.ok) waiting.resolve({ ...answer.body, write: { ...answer.body.write, contentJson: new JsonText(answer.contentBytes) } });
      else if ('internal' in answer) waiting.reject(new Error(`Reading a flow body failed: ${answer.internal}`));
      else waiting.reject(new ApiError(answer.refusal.status, answer.refusal.code, answer.refusal.message, answer.refusal.details));
    });
    const lost = () => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll('Reading the flow failed');
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private failAll(message: string): void {
    for (const waiting of this.pending.values()) waiting.reject(new Error(message));
    this.pending.clear();
  }
}
