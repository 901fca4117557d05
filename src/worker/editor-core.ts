/**
 * EditorCore: the editor's state machine for one open workflow version, framework-free so it runs in the
 * worker (exposed with comlink, editor.worker.ts) and headless in Node (tests, `npm run bench`).
 *
 * The UI never mutates the version. It sends an operation; the core parses it, applies it with the
 * domain (`applyOperationWithPatches`, structural sharing), records an undo entry, queues an autosave and
 * answers with the patches for the UI's mirror. Undo and redo replay stored patches and save 3 s later
 * (SPEC §4). Published and locked versions are read-only. Publishing saves first, then publishes, then
 * the version is read-only.
 *
 * Per-version state (history, save queue, selection) lives in an EditorSession (editor-session.ts);
 * this class owns what outlives a session: the transport, the storage, the listeners.
 */
import {
  applyVersionPatches,
  describeOperation,
  findStep,
  firstInvalidStep,
  flowOperationSchema,
  pasteOperations,
  readClipboard,
  type PastePlacement,
  type FlatVersion,
  type Flow,
  type FlowOperation,
  type FlowOperationInput,
  type Patch,
} from '../domain/flow/index.ts';
import { AUTOSAVE_DELAY_AFTER_UNDO_MS, type AutosavePace, type ConflictChoice, type Timers } from './autosave-queue.ts';
import {
  applyOptionsSchema,
  EditorError,
  flowSchema,
  formatIssue,
  openExtraSchema,
  type ApplyOptions,
  type EditorEvent,
  type EditorListener,
  type EditorTransportForCore,
  type EditorState,
  type EditResult,
  type OpenInput,
  type OpenResult,
  type PublishResult,
} from './editor-types.ts';
import { EditorSession } from './editor-session.ts';
import { applyAll, defaultGroupKey, importOperation, recordedOperation } from './edit-rules.ts';
import { previewEntry } from './replay-preview.ts';
import { openEditorStorage, type EditorStorage, type StorageMode } from './persistence.ts';
import { initialSelection, keepSelection } from './selection.ts';
import { checkOpenInput, readKeptState, type CheckedOpen } from './opening.ts';
import { fetchWorkflow, readWorkflowJson, readWorkflowJsonComparing, type CheckedWorkflow } from './workflow-reader.ts';

export interface EditorCoreDeps {
  transport: EditorTransportForCore;
  /** An opened storage; without it the core opens one over `indexedDB` (memory when that is null). */
  storage?: EditorStorage | Promise<EditorStorage>;
  indexedDB?: IDBFactory | null;
  timers?: Timers;
  now?: () => number;
  newId?: () => string;
  autosaveDelayMs?: number;
  retryInitialMs?: number;
  retryMaxMs?: number;
  /** Waits before storage writes start; the worker passes a macrotask (see LatestWrite). */
  deferWrites?: () => Promise<void>;
  /** Autosaves paced after slow ones (autosave-queue.ts `pace`); the worker passes its clock. */
  autosavePace?: AutosavePace;
  /** SPEC §8: autosave and publish failures are logged (and rethrown / retried). */
  log?: (message: string, error: unknown) => void;
}

export class EditorCore {
  private session: EditorSession | null = null;
  private storage: Promise<EditorStorage> | null = null;
  private storageMode: StorageMode = 'indexeddb';
  private readonly listeners = new Set<EditorListener>();
  /** Opens run one after another: a second open waits for the first and then replaces it. */
  private openChain: Promise<unknown> = Promise.resolve();
  private disposed = false;
  private readonly log: (message: string, error: unknown) => void;

  constructor(private readonly deps: EditorCoreDeps) {
    this.log = deps.log ?? ((message, error) => console.error(message, error));
  }

  /** Every event of every session; returns the disposer. */
  subscribe(listener: EditorListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  open(input: OpenInput): Promise<OpenResult> {
    const opened = this.openChain.then(() => this.openNow(input));
    this.openChain = opened.catch(() => undefined);
    return opened;
  }

  /**
   * Reads the workflow through the transport and opens it, parsed and checked on this thread rather than
   * read by the UI and cloned over. A refusal keeps its HTTP status (404: no such workflow).
   */
  openWorkflow(flowId: string, extra: Pick<OpenInput, 'publishedVersionId' | 'run'> = {}): Promise<OpenResult> {
    return this.openRead(fetchWorkflow(this.deps.transport, flowId), extra);
  }

  /** Opens GET /workflow/{id}'s reply the caller already downloaded (its bytes or text), checked here. */
  openWorkflowJson(json: ArrayBuffer | string, extra: Pick<OpenInput, 'publishedVersionId' | 'run'> = {}): Promise<OpenResult> {
    return this.openRead(Promise.resolve().then(() => readWorkflowJson(json)), extra);
  }

  /** openWorkflowJson for bytes the UI also builds unchecked: `asSent` says whether that build is this version. */
  async openServedJson(json: ArrayBuffer | string): Promise<{ result: OpenResult; asSent: boolean }> {
    const read = Promise.resolve().then(() => readWorkflowJsonComparing(json));
    const result = await this.openRead(read, {});
    return { result, asSent: (await read).asSent };
  }

  private openRead(read: Promise<CheckedWorkflow>, extra: Pick<OpenInput, 'publishedVersionId' | 'run'>): Promise<OpenResult> {
    const parsed = openExtraSchema.safeParse(extra);
    if (!parsed.success) return Promise.reject(new EditorError('VALIDATION', `Invalid open request: ${formatIssue(parsed.error)}`));
    read.catch(() => undefined);
    const opened = this.openChain.then(async () => this.openChecked({ ...(await read), ...parsed.data }));
    this.openChain = opened.catch(() => undefined);
    return opened;
  }

  apply(operationInput: FlowOperationInput, optionsInput: ApplyOptions = {}): EditResult {
    this.requireEditable();
    const parsedOperation = flowOperationSchema.safeParse(operationInput);
    if (!parsedOperation.success) throw new EditorError('VALIDATION', `Invalid operation: ${formatIssue(parsedOperation.error)}`);
    return this.applyParsed(parsedOperation.data, optionsInput);
  }

  private applyParsed(operation: FlowOperation, optionsInput: ApplyOptions, description = describeOperation(operation)): EditResult {
    return this.applyParsedBatch([operation], optionsInput, description);
  }

  /**
   * Several operations as one edit and one undo entry (a paste, deleting or duplicating a selection). All
   * or nothing: if one is refused, none is applied.
   */
  applyBatch(operationInputs: readonly FlowOperationInput[], optionsInput: ApplyOptions = {}, description?: string): EditResult {
    this.requireEditable();
    const operations = operationInputs.map((input) => {
      const parsed = flowOperationSchema.safeParse(input);
      if (!parsed.success) throw new EditorError('VALIDATION', `Invalid operation: ${formatIssue(parsed.error)}`);
      return parsed.data;
    });
    return this.applyParsedBatch(operations, optionsInput, description);
  }

  /**
   * Pastes steps copied as clipboard text (domain: clipboard.ts) at a placement, read here so a large copy
   * crosses as one string; text that is not a step copy is refused with VALIDATION.
   */
  paste(clipboardText: string, placement: PastePlacement): EditResult {
    const session = this.requireEditable();
    const content = readClipboard(clipboardText);
    if (!content) throw new EditorError('VALIDATION', 'The clipboard holds no copied steps');
    const operations = pasteOperations(session.version, content, placement);
    const count = operations.length;
    return this.applyParsedBatch(operations, { groupKey: null }, count === 1 ? 'Paste a step' : `Paste ${count} steps`);
  }

  /** The one way an edit lands: applied, recorded as one undo entry, selected, saved, answered. */
  private applyParsedBatch(operations: readonly FlowOperation[], optionsInput: ApplyOptions, description?: string): EditResult {
    const session = this.requireEditable();
    const options = applyOptionsSchema.safeParse(optionsInput);
    if (!options.success) throw new EditorError('VALIDATION', `Invalid options: ${formatIssue(options.error)}`);
    const first = operations[0];
    if (!first) return session.editResult([]);
    const edit = applyAll(session.version, operations, session.selected);
    if (edit.patches.length === 0) return session.editResult([]);
    const single = operations.length === 1;
    const groupKey = options.data.groupKey === undefined ? (single ? defaultGroupKey(first) : undefined) : (options.data.groupKey ?? undefined);
    session.history.push({
      description: description ?? (single ? describeOperation(first) : `${describeOperation(first)} (+${operations.length - 1})`),
      operation: recordedOperation(first, edit.version),
      patches: edit.patches,
      inversePatches: edit.inversePatches,
      ...(groupKey === undefined ? {} : { groupKey }),
    });
    session.version = edit.version;
    session.selected = edit.selected;
    session.persistHistory();
    session.queue.enqueue(edit.version);
    return session.editResult(edit.patches);
  }

  /** The version being edited, for the layout beside the core in the worker; null when none is open. */
  currentVersion(): FlatVersion | null {
    return this.session?.version ?? null;
  }

  /**
   * Imports a flow file (ours or an Activepieces export) given as JSON text. The text is parsed here, in
   * the worker: a nested flow thousands of steps deep would overflow structuredClone on its way through
   * postMessage, while JSON text of any depth crosses as a plain string.
   */
  importFlow(jsonText: string, options: ApplyOptions = {}): EditResult {
    return this.applyParsed(importOperation(jsonText), options, 'Import flow');
  }

  /** The undo and redo entries by description, oldest first (what 'Undo …' / 'Redo …' would name). */
  historyDescriptions(): { undo: string[]; redo: string[] } {
    const { undo, redo } = this.requireSession().history.toJSON();
    return { undo: undo.map((entry) => entry.description), redo: redo.map((entry) => entry.description) };
  }

  /** Reverts the newest entry; null when there is nothing to undo. Saves 3 s later. */
  undo(): EditResult | null {
    const session = this.requireEditable();
    const entry = session.history.undo();
    return entry ? this.replay(session, entry.inversePatches, previewEntry('undo', entry)) : null;
  }

  redo(): EditResult | null {
    const session = this.requireEditable();
    const entry = session.history.redo();
    return entry ? this.replay(session, entry.patches, previewEntry('redo', entry)) : null;
  }

  /**
   * Opens a history mark (history.ts): the edits until `commitMark(id)` are one undo entry. Edits are
   * still saved as they happen; the mark only shapes undo and redo. The UI picks the id, so it can send
   * begin, the edits and commit without waiting for an answer in between.
   */
  beginMark(id: string, description?: string): void {
    this.requireSession().history.beginMark(id, description);
  }

  /** Closes the mark: everything since it is one undo entry. An unknown or closed mark changes nothing. */
  commitMark(id: string): EditResult {
    const session = this.requireSession();
    if (session.history.commitMark(id)) session.persistHistory();
    return session.editResult([]);
  }

  /** A cancelled gesture: its edits are reverted, dropped from history and saved at once, as an edit is. */
  cancelMark(id: string): EditResult {
    const session = this.requireSession();
    const patches = session.history.cancelMark(id);
    if (patches.length === 0) return session.editResult([]);
    const version = this.revertTo(session, patches);
    session.queue.enqueue(version);
    return session.editResult(patches);
  }

  /** The next edit starts a new undo entry (the UI calls this when a field loses focus). */
  breakGroup(): void {
    this.session?.history.breakGroup();
  }

  /** Selecting is not an edit: allowed on read-only versions, never touches history. */
  select(stepName: string | null): string | null {
    const session = this.requireSession();
    if (stepName !== null && !findStep(session.version, stepName)) {
      throw new EditorError('STEP_NOT_FOUND', `No step is named '${stepName}'`);
    }
    session.selected = stepName;
    return stepName;
  }

  firstInvalidStep(): string | null {
    return firstInvalidStep(this.requireSession().version);
  }

  getState(): EditorState {
    return this.requireSession().stateOf(this.storageMode);
  }

  /** Saves everything now (leaving the editor: SPEC §2's "save before leaving?"). Rejects on failure. */
  async flush(): Promise<void> {
    const session = this.requireSession();
    try {
      await session.queue.flush();
    } catch (error) {
      this.log('Autosave failed', error);
      throw error;
    }
  }

  /** Leaving without saving (SPEC §2, "discard your changes?"): unsent changes are dropped for good. */
  discardUnsaved(): void {
    this.session?.queue.discard();
  }

  /** After a 409: keep mine (send again as an overwrite) or reload (drop local changes and history). */
  resolveConflict(choice: ConflictChoice): void {
    const session = this.requireSession();
    if (session.queue.status.status !== 'conflict') return;
    session.queue.resolveConflict(choice);
    if (choice === 'reload') {
      session.history.clear();
      session.persistHistory();
      session.announceHistory();
      this.emit({ type: 'reload-required', versionId: session.versionId });
    }
  }

  /** SPEC §4: saves first, then publishes; only a draft that is not saving or publishing; then read-only. */
  async publish(): Promise<PublishResult> {
    const session = this.requireSession();
    if (session.readOnlyReason) throw new EditorError('READ_ONLY', 'Only a draft can be published');
    if (session.publishing) throw new EditorError('BUSY', 'The version is already being published');
    if (session.queue.isSaving) throw new EditorError('BUSY', 'Wait for the current save to finish');
    session.setPublishing(true);
    try {
      await session.queue.flush();
      const reply = await this.deps.transport.publish({ workflow_id: session.flow.id, version_id: session.versionId });
      const flow = flowSchema.parse(reply.workflow) as Flow;
      session.flow = flow;
      session.version = reply.version;
      session.selected = keepSelection(reply.version, session.selected);
      // A published version is never edited again: its undo history has no use left.
      session.history.clear();
      session.persistHistory();
      session.setReadOnly('published');
      return { flow, version: reply.version };
    } catch (error) {
      this.log('Publish failed', error);
      throw error;
    } finally {
      session.setPublishing(false);
    }
  }

  /** Sends an event of the worker's own (beside the core's) to every listener: 'layout-stale'. */
  announce(event: Extract<EditorEvent, { type: 'layout-stale' }>): void {
    this.emit(event);
  }

  /** Ends the session and stops listening; unsaved changes stay in storage for the next session. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await this.openChain;
    await this.closeSession();
    this.listeners.clear();
    // Close only a storage this core opened; an injected one belongs to whoever injected it.
    if (!this.deps.storage && this.storage) (await this.storage).close();
  }

  private openNow(input: OpenInput): Promise<OpenResult> {
    return this.openChecked(checkOpenInput(input));
  }

  /** Opens a flow and version already checked (by `openNow`, or by the reader for `openWorkflow`). */
  private async openChecked(input: CheckedOpen): Promise<OpenResult> {
    if (this.disposed) throw new EditorError('NOT_OPEN', 'The editor was disposed');
    const { flow, version: serverVersion } = input;
    await this.closeSession();
    const storage = await this.getStorage();
    const { readOnlyReason, recovered, version, history, historyRestored } = await readKeptState(storage, input, {
      ...(this.deps.now ? { now: this.deps.now } : {}),
      ...(this.deps.newId ? { newId: this.deps.newId } : {}),
    });
    const session = new EditorSession({
      flow,
      version,
      anchor: serverVersion.updated ?? null,
      readOnlyReason,
      selected: initialSelection(version, readOnlyReason !== null, input.run),
      history,
      storage,
      recovered,
      transport: this.deps.transport,
      emit: (event) => this.emit(event),
      log: this.log,
      ...(this.deps.timers ? { timers: this.deps.timers } : {}),
      ...(this.deps.now ? { now: this.deps.now } : {}),
      ...(this.deps.retryInitialMs !== undefined ? { retryInitialMs: this.deps.retryInitialMs } : {}),
      ...(this.deps.retryMaxMs !== undefined ? { retryMaxMs: this.deps.retryMaxMs } : {}),
      ...(this.deps.deferWrites ? { deferWrites: this.deps.deferWrites } : {}),
      ...(this.deps.autosavePace ? { autosavePace: this.deps.autosavePace } : {}),
    });
    this.session = session;
    if (readOnlyReason) this.emit({ type: 'read-only', versionId: version.id, readOnly: true, reason: readOnlyReason });
    return { ...session.stateOf(this.storageMode), version, flow, recovered: recovered !== null, historyRestored };
  }

  private replay(session: EditorSession, patches: Patch[], entry: string): EditResult {
    const version = this.revertTo(session, patches);
    session.queue.scheduleDelayed(version, this.deps.autosaveDelayMs ?? AUTOSAVE_DELAY_AFTER_UNDO_MS);
    return session.editResult(patches, entry);
  }

  /** Applies history patches (an undo, a redo, a cancelled gesture) to the session's version. */
  private revertTo(session: EditorSession, patches: Patch[]): FlatVersion {
    let version: FlatVersion;
    try {
      version = applyVersionPatches(session.version, patches);
    } catch (error) {
      // Only possible if stored history no longer fits the version: drop it rather than corrupt the flow.
      session.history.clear();
      session.persistHistory();
      throw new EditorError('FLOW_OPERATION_INVALID', `The undo history no longer fits this version and was cleared (${String(error)})`);
    }
    session.version = version;
    session.selected = keepSelection(version, session.selected);
    session.persistHistory();
    return version;
  }

  private requireSession(): EditorSession {
    if (!this.session) throw new EditorError('NOT_OPEN', 'No version is open in the editor');
    return this.session;
  }

  private requireEditable(): EditorSession {
    const session = this.requireSession();
    if (session.readOnlyReason === 'published') throw new EditorError('READ_ONLY', 'This version is published and read-only');
    if (session.readOnlyReason === 'locked') throw new EditorError('READ_ONLY', 'This version is locked and read-only');
    if (session.publishing) throw new EditorError('BUSY', 'The version is being published');
    return session;
  }

  private getStorage(): Promise<EditorStorage> {
    this.storage ??= Promise.resolve(
      this.deps.storage ??
        openEditorStorage({
          indexedDB: this.deps.indexedDB ?? null,
          onDegraded: (detail) => this.emit({ type: 'storage-degraded', detail }),
        }),
    ).then((storage) => {
      this.storageMode = storage.mode;
      return storage;
    });
    return this.storage;
  }

  private async closeSession(): Promise<void> {
    const session = this.session;
    this.session = null;
    await session?.dispose();
  }

  private emit(event: EditorEvent): void {
    if (event.type === 'storage-degraded') this.storageMode = event.detail.mode;
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.log('An editor listener failed', error);
      }
    }
  }
}
