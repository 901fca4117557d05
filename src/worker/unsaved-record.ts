/**
 * The 'unsaved' record of a version (version-records.ts), stored in pieces so that an edit rewrites what
 * it changed and not the whole flow: at 10,000 steps writing the whole 4 MB text on every keystroke held
 * the worker for 40 ms, and the next key waited for it.
 *
 * In the 'unsaved' store, under the version's key: a head `{formatVersion: 3, savedAt, headJson, chunks}`
 * (the stored version without its steps), and under `key#i` the JSON array of the stored steps numbered
 * i × STEPS_PER_CHUNK up to the next chunk. Step numbers never move, so an edit changes the chunks of the
 * steps it replaced (structural sharing keeps every other step object); those, the head and the chunks
 * past a shrunk end are written in one transaction, so a killed tab leaves the old record or the new one.
 * Read back, the pieces are put together as the format-2 record `readUnsavedRecord` checks.
 */
import type { FlatStep, FlatVersion } from '../domain/flow/index.ts';
import type { EditorStorage, StoredRecord } from './persistence.ts';
import { stepsJsonBetween, versionHeadJson, type UnsavedRecord } from './version-records.ts';

export const STEPS_PER_CHUNK = 256;
/** Encoding chunks for longer than this gives way to waiting messages (an undo) before going on. */
const SLICE_MS = 6;

interface ChunkedHead {
  formatVersion: 3;
  savedAt: number;
  headJson: string;
  chunks: number;
}

const chunkKey = (key: string, index: number) => `${key}#${index}`;
const range = (count: number) => Array.from({ length: count }, (_, index) => index);

function isChunkedHead(value: unknown): value is ChunkedHead {
  const head = value as Partial<ChunkedHead> | null;
  return (
    typeof head === 'object' &&
    head !== null &&
    head.formatVersion === 3 &&
    typeof head.headJson === 'string' &&
    Number.isInteger(head.chunks) &&
    head.chunks! >= 0 &&
    head.chunks! <= 100_000
  );
}

function sameChunk(before: readonly (FlatStep | null)[], after: readonly (FlatStep | null)[], index: number): boolean {
  const end = (index + 1) * STEPS_PER_CHUNK;
  for (let n = index * STEPS_PER_CHUNK; n < end; n++) if ((before[n] ?? null) !== (after[n] ?? null)) return false;
  return true;
}

/** Reads the record of `key` as `readUnsavedRecord` takes it (older single-value formats pass as they are). */
export async function readUnsavedPieces(storage: EditorStorage, key: string): Promise<unknown> {
  const head = await storage.get('unsaved', key);
  if (!isChunkedHead(head)) return head;
  const texts = await Promise.all(range(head.chunks).map((index) => storage.get('unsaved', chunkKey(key, index))));
  // A piece missing or foreign: the record is not trusted (readUnsavedRecord ignores it).
  if (texts.some((text) => typeof text !== 'string' || !text.startsWith('[') || !text.endsWith(']'))) return undefined;
  const steps = (texts as string[])
    .map((text) => text.slice(1, -1))
    .filter((inner) => inner.length > 0)
    .join(',');
  const record: UnsavedRecord = { formatVersion: 2, savedAt: head.savedAt, versionJson: `${head.headJson.slice(0, -1)},"steps":[${steps}]}` };
  return record;
}

export class ChunkedUnsavedRecord implements StoredRecord<FlatVersion> {
  /** What this record last wrote durably; null: unknown, so the next write writes every chunk. */
  private written: { version: FlatVersion; chunks: number } | null = null;

  /**
   * `pause` lets queued messages run: the first write after an open encodes every chunk (150–250 ms at
   * 10,000 steps here), and an undo pressed meanwhile is answered between two chunks, not after them all.
   */
  constructor(
    private readonly storage: EditorStorage,
    private readonly key: string,
    private readonly now: () => number = Date.now,
    private readonly pause?: () => Promise<void>,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get(): Promise<unknown> {
    return readUnsavedPieces(this.storage, this.key);
  }

  async put(version: FlatVersion): Promise<void> {
    const chunks = Math.ceil(version.steps.length / STEPS_PER_CHUNK);
    const before = this.written;
    const puts: Array<[string, unknown]> = [];
    let sliceStart = this.clock();
    for (const index of range(chunks)) {
      if (before && sameChunk(before.version.steps, version.steps, index)) continue;
      const from = index * STEPS_PER_CHUNK;
      puts.push([chunkKey(this.key, index), stepsJsonBetween(version, from, from + STEPS_PER_CHUNK)]);
      // `version` is immutable and this record writes one version at a time (LatestWrite), so edits
      // answered during the pause change nothing this write reads.
      if (this.pause && this.clock() - sliceStart >= SLICE_MS) {
        await this.pause();
        sliceStart = this.clock();
      }
    }
    const head: ChunkedHead = { formatVersion: 3, savedAt: this.now(), headJson: versionHeadJson(version), chunks };
    puts.push([this.key, head]);
    const stale = before ? range(Math.max(0, before.chunks - chunks)).map((offset) => chunkKey(this.key, chunks + offset)) : [];
    const durable = await this.storage.write('unsaved', puts, stale);
    // Kept in memory only (quota, a closed database): the next write rewrites every chunk, so what a
    // later session reads is never old chunks under a new head.
    this.written = durable ? { version, chunks } : null;
  }

  async delete(): Promise<void> {
    const chunks = this.written?.chunks ?? (await this.storedChunks());
    await this.storage.write('unsaved', [], [this.key, ...range(chunks).map((index) => chunkKey(this.key, index))]);
    this.written = null;
  }

  private async storedChunks(): Promise<number> {
    const head = await this.storage.get('unsaved', this.key);
    return isChunkedHead(head) ? head.chunks : 0;
  }
}
