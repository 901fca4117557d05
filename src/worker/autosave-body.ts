/**
 * A save's request body as a Blob made of cached pieces. Encoding a 10,000-step body (4 MB of JSON text)
 * into bytes held the editor worker 20–100 ms on every save, and a keypress arriving then waited for it
 * (the slowest undos in `npm run bench:ui`). The steps are cut by number into the unsaved record's chunks
 * (unsaved-record.ts, STEPS_PER_CHUNK); each chunk's bytes are a Blob kept while its steps are the same
 * objects, which structural sharing keeps for every step an edit did not touch. After an edit only the
 * edited step's chunk is encoded again, and the body is a Blob of Blobs, which copies nothing. Chunks
 * encoded for the first time (the first save after opening) give way to waiting messages every few ms.
 */
import type { FlatStep, FlatVersion } from '../domain/flow/index.ts';
import { STEPS_PER_CHUNK } from './unsaved-record.ts';
import { storedContentOf, stepsTextBetween, versionOfContent } from './version-records.ts';

const JSON_TYPE = { type: 'application/json' } as const;
/** How long encoding may hold the worker before it lets waiting messages (an edit) run. */
const SLICE_MS = 6;

interface EncodedChunk {
  /** The steps the bytes were made from, by identity (absent numbers as null). */
  steps: ReadonlyArray<FlatStep | null>;
  /** Their JSON joined by commas; null when the chunk has no step. */
  bytes: Blob | null;
}

/** By chunk index. One editor at a time saves from this worker; a different flow's steps never match. */
const encoded = new Map<number, EncodedChunk>();

export interface BodyOptions {
  /** Lets queued messages run; the worker passes a macrotask. Default: none (encode in one go). */
  yieldToEvents?: () => Promise<void>;
  now?: () => number;
}

/**
 * The JSON body as a Blob: `configuration`, when `storedContentOf` made it, from the encoded chunks;
 * any other body stringified whole.
 */
export async function bodyBlob(body: object, options: BodyOptions = {}): Promise<Blob> {
  const version = versionOfContent((body as { configuration?: unknown }).configuration);
  if (!version) return new Blob([JSON.stringify(body)], JSON_TYPE);
  // Stringified with a placeholder. Quotes inside string values are escaped by JSON.stringify, so the
  // only unescaped `"configuration":0` is the key itself.
  const text = JSON.stringify({ ...body, configuration: 0 });
  const key = '"configuration":0';
  const at = text.indexOf(key);
  const { displayName, trigger } = storedContentOf(version);
  const parts: BlobPart[] = [text.slice(0, at), `"configuration":{"displayName":${JSON.stringify(displayName)},"trigger":${JSON.stringify(trigger)},"steps":[`];
  const chunks = Math.ceil(version.steps.length / STEPS_PER_CHUNK);
  const now = options.now ?? (() => performance.now());
  let sliceStart = now();
  let first = true;
  for (let index = 0; index < chunks; index++) {
    const { bytes, fresh } = chunkBytes(version, index);
    if (bytes) {
      if (!first) parts.push(',');
      parts.push(bytes);
      first = false;
    }
    if (fresh && options.yieldToEvents && now() - sliceStart >= SLICE_MS) {
      await options.yieldToEvents();
      sliceStart = now();
    }
  }
  for (const index of encoded.keys()) if (index >= chunks) encoded.delete(index);
  parts.push(']}', text.slice(at + key.length));
  return new Blob(parts, JSON_TYPE);
}

function chunkBytes(version: FlatVersion, index: number): { bytes: Blob | null; fresh: boolean } {
  const from = index * STEPS_PER_CHUNK;
  const steps = version.steps.slice(from, from + STEPS_PER_CHUNK);
  const known = encoded.get(index);
  if (known && sameSteps(known.steps, steps)) return { bytes: known.bytes, fresh: false };
  const text = stepsTextBetween(version, from, from + STEPS_PER_CHUNK);
  const bytes = text ? new Blob([text]) : null;
  encoded.set(index, { steps, bytes });
  return { bytes, fresh: true };
}

function sameSteps(a: ReadonlyArray<FlatStep | null>, b: ReadonlyArray<FlatStep | null>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
