/**
 * The state of one open version: the version itself, its undo history, its autosave queue, selection and
 * read-only/publishing flags, wired to the browser storage under the version's id. EditorCore decides
 * what to do; the session keeps the pieces together and tells listeners when they change.
 *
 * Storage keys stay the id the version was opened with, even if the server answers a save by creating a
 * new draft (later saves then go to the new id): the records belong to this session's version.
 */
import type { FlatVersion, Flow, FlowOperation, Patch } from '../domain/flow/index.ts';
import { AutosaveQueue, type AutosavePace, type Timers } from './autosave-queue.ts';
import type { EditorEvent, EditorState, EditorTransportForCore, EditResult, ReadOnlyReason } from './editor-types.ts';
import type { UndoHistory } from './history.ts';
import { replayPreviews } from './replay-preview.ts';
import { LatestWrite } from './latest-write.ts';
import { recordOf, type EditorStorage, type StorageMode } from './persistence.ts';
import type { AutosaveResponse } from './transport.ts';
import { ChunkedUnsavedRecord } from './unsaved-record.ts';
import { historyRecordOf, storedContentOf, type HistoryRecord } from './version-records.ts';

export interface EditorSessionInit {
  flow: Flow;
  version: FlatVersion;
  /** The server's `updated` stamp of the version the history ends at (see version-records.ts). */
  anchor: string | null;
  readOnlyReason: ReadOnlyReason | null;
  selected: string | null;
  history: UndoHistory<FlowOperation>;
  storage: EditorStorage;
  /** Unsaved changes found in storage: the queue sends them first. */
  recovered: FlatVersion | null;
  transport: EditorTransportForCore;
  emit: (event: EditorEvent) => void;
  log: (message: string, error: unknown) => void;
  timers?: Timers;
  now?: () => number;
  retryInitialMs?: number;
  retryMaxMs?: number;
  /** Waits before storage writes start (the worker: a macrotask, so edits are answered first). */
  deferWrites?: () => Promise<void>;
  autosavePace?: AutosavePace;
}

export class EditorSession {
  flow: Flow;
  version: FlatVersion;
  /** Where saves and publish go. */
  versionId: string;
  readonly storageKey: string;
  readOnlyReason: ReadOnlyReason | null;
  selected: string | null;
  publishing = false;
  readonly history: UndoHistory<FlowOperation>;
  readonly queue: AutosaveQueue<FlatVersion, AutosaveResponse<FlatVersion>>;
  private anchor: string | null;
  private readonly historyWrite: LatestWrite<HistoryRecord>;
  private readonly disposers: Array<() => void> = [];
  private announced: { canUndo: boolean; canRedo: boolean };
  private readonly emit: (event: EditorEvent) => void;

  constructor(init: EditorSessionInit) {
    this.flow = init.flow;
    this.version = init.version;
    this.versionId = init.version.id;
    this.storageKey = init.version.id;
    this.readOnlyReason = init.readOnlyReason;
    this.selected = init.selected;
    this.history = init.history;
    this.anchor = init.anchor;
    this.emit = init.emit;
    this.announced = { canUndo: init.history.canUndo, canRedo: init.history.canRedo };
    const deferWrites = init.deferWrites ? { defer: init.deferWrites } : {};
    this.historyWrite = new LatestWrite(recordOf<HistoryRecord>(init.storage, 'history', this.storageKey), deferWrites);
    const unsaved = new ChunkedUnsavedRecord(init.storage, this.storageKey, init.now ?? Date.now, init.deferWrites);

    this.queue = new AutosaveQueue<FlatVersion, AutosaveResponse<FlatVersion>>({
      save: (payload, context) =>
        init.transport.autosave(
          {
            version_id: this.versionId,
            configuration: storedContentOf(payload),
            display_name: payload.displayName,
            // The revision this save builds on: the server answers 409 if another tab saved since.
            ...(this.anchor ? { updated: this.anchor } : {}),
            ...(context.overwrite ? { overwrite: true as const } : {}),
          },
          { signal: context.signal },
        ),
      pending: unsaved,
      ...(init.recovered ? { recovered: init.recovered } : {}),
      ...(init.deferWrites ? { deferWrites: init.deferWrites } : {}),
      ...(init.timers ? { timers: init.timers } : {}),
      ...(init.retryInitialMs !== undefined ? { retryInitialMs: init.retryInitialMs } : {}),
      ...(init.retryMaxMs !== undefined ? { retryMaxMs: init.retryMaxMs } : {}),
      ...(init.autosavePace ? { pace: init.autosavePace } : {}),
      onSaved: (result) => this.saved(result),
    });
    this.disposers.push(
      this.queue.subscribe((status) => {
        if (status.status === 'error' || status.status === 'conflict') init.log('Autosave failed', status.error);
        this.emit({ type: 'save-status', versionId: this.versionId, status });
      }),
    );
  }

  /** Writes the history (coalesced: only the newest state is written when writes pile up). */
  persistHistory(): void {
    if (!this.history.canUndo && !this.history.canRedo) void this.historyWrite.delete();
    else void this.historyWrite.put(historyRecordOf(this.history, this.anchor));
  }

  /** Tells listeners when undo or redo became possible or impossible. */
  announceHistory(): void {
    const { canUndo, canRedo } = this.history;
    if (canUndo === this.announced.canUndo && canRedo === this.announced.canRedo) return;
    this.announced = { canUndo, canRedo };
    this.emit({ type: 'history', versionId: this.versionId, canUndo, canRedo });
  }

  /**
   * The answer to an edit, an undo or a redo (`replayed`: its preview entry): its patches, where the
   * session stands after it, and what the next undo and redo would apply.
   */
  editResult(patches: Patch[], replayed?: string): EditResult {
    this.announceHistory();
    const next = replayPreviews(this.history);
    return {
      patches,
      valid: this.version.valid,
      selected: this.selected,
      status: this.queue.status.status,
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
      ...(next ? { next } : {}),
      ...(replayed === undefined ? {} : { replayed }),
    };
  }

  /** The session as the UI reads it; `storageMode` is the core's (it outlives sessions). */
  stateOf(storageMode: StorageMode): EditorState {
    return {
      versionId: this.versionId,
      readOnly: this.readOnlyReason !== null,
      readOnlyReason: this.readOnlyReason,
      valid: this.version.valid,
      selected: this.selected,
      save: this.queue.status,
      publishing: this.publishing,
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
      storageMode,
    };
  }

  setReadOnly(reason: ReadOnlyReason): void {
    this.readOnlyReason = reason;
    this.announceHistory();
    this.emit({ type: 'read-only', versionId: this.versionId, readOnly: true, reason });
  }

  setPublishing(publishing: boolean): void {
    this.publishing = publishing;
    this.emit({ type: 'publishing', versionId: this.versionId, publishing });
  }

  async dispose(): Promise<void> {
    for (const dispose of this.disposers.splice(0)) dispose();
    await this.queue.dispose();
    await this.historyWrite.idle();
  }

  private saved(result: AutosaveResponse<FlatVersion>): void {
    if (result.newVersionCreated && result.version.id !== this.versionId) {
      const previousVersionId = this.versionId;
      this.versionId = result.version.id;
      this.emit({ type: 'version-created', previousVersionId, versionId: result.version.id });
    }
    // The history now ends at what the server holds; stamp it so a later session can trust it.
    if (result.version.updated !== undefined) {
      this.anchor = result.version.updated;
      this.persistHistory();
    }
  }
}
