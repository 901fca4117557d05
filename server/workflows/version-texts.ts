/**
 * The content text of the version each large workflow shows, kept in this process after an import or an
 * autosave wrote it, or a GET read it: the editor's GET of a 50,000-step flow then skips turning 22 MB of
 * jsonb back into text (about a quarter of a second of the database's thread on PGlite, more while the
 * browser loads the editor alongside).
 *
 * An entry is only a candidate. The GET's own query compares the version it would send with the entry's
 * version id and `updated` stamp (`findLatestVersionText`), and reads the text afresh unless both match, so
 * another process's write, a publish or a new draft is a miss, never a stale reply. Writes are kept only
 * once committed (a rolled-back write's stamp could be issued again). Small contents are not kept (their
 * text costs little to read); the whole is bounded in bytes, the least recently used going first.
 */

export interface VersionText {
  versionId: string;
  /** The version's `updated` stamp as ISO text (milliseconds, as the column keeps it). */
  updated: string;
  text: string | Uint8Array;
}

export const VERSION_TEXTS_MAX_BYTES = 64 * 1024 * 1024;
export const VERSION_TEXT_MIN_BYTES = 256 * 1024;

/** Bytes a text takes: a string's length (the content is ASCII-escaped JSON, near enough one byte a character). */
const sizeOf = (text: string | Uint8Array) => (typeof text === 'string' ? text.length : text.byteLength);

export class VersionTexts {
  /** By flow id; a Map keeps insertion order, so the first key is the least recently used. */
  private readonly entries = new Map<string, VersionText>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = VERSION_TEXTS_MAX_BYTES,
    private readonly minBytes = VERSION_TEXT_MIN_BYTES,
  ) {}

  /** The candidate for a flow's shown version (the GET checks it in its query). */
  candidate(flowId: string): VersionText | undefined {
    const entry = this.entries.get(flowId);
    if (!entry) return undefined;
    this.entries.delete(flowId);
    this.entries.set(flowId, entry);
    return entry;
  }

  keep(flowId: string, versionId: string, updated: Date | string, text: string | Uint8Array): void {
    this.forget(flowId);
    const size = sizeOf(text);
    if (size < this.minBytes || size > this.maxBytes) return;
    this.entries.set(flowId, { versionId, updated: typeof updated === 'string' ? updated : updated.toISOString(), text });
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(entry.text);
    }
  }

  forget(flowId: string): void {
    const entry = this.entries.get(flowId);
    if (!entry) return;
    this.entries.delete(flowId);
    this.bytes -= sizeOf(entry.text);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
