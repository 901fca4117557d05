/**
 * The editor's UI-thread state for one open workflow: a read-only mirror of the version the worker owns
 * (patched, never rebuilt, so untouched steps keep their identity), the save and history state the worker
 * reports, the selection, the panels, and the canvas layout deltas. Every edit goes to the worker; the
 * store applies the patches it answers with and swaps one `observableRef`. A name being typed, and an
 * undo or a redo the worker's last answer previewed, are shown before the answer (typed-titles.ts,
 * replay-previews.ts).
 *
 * The remote is injected: the app passes the real worker (worker-connection.ts); tests pass the same API
 * over a MessageChannel with a fake server.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction, type ObservableMap } from 'mobx';
import * as Comlink from 'comlink';
import {
  applyVersionPatches,
  changesShape,
  findStep,
  type FlatStep,
  type FlatVersion,
  type Flow,
  type FlowOperationInput,
  type PastePlacement,
} from '../../../../domain/flow/index.ts';
import type { ApplyOptions, EditResult, EditorEvent, OpenInput, OpenResult, AutosaveStatusEvent } from '../../../../worker/index.ts';
import { CanvasModel } from './canvas-model.ts';
import { EditsInFlight } from './edits-in-flight.ts';
import { confirms, ReplayPreviewState, type ReplayDirection, type ShownReplay } from './replay-previews.ts';
import { TypedTitles } from './typed-titles.ts';
import type { EditorRemote } from './editor-remote.ts';
import { LayoutRequests } from './layout-requests.ts';
import { countSteps } from '../../../components/flow/step-rows.ts';
import { DRAW_UNCHECKED_FROM_STEPS, READ_FIRST_FROM_BYTES, readServedVersion, type ServedOpenOptions, type ServedVersion } from './served-version.ts';
import { applyEditorEvent } from './editor-events.ts';
import { selectionAfterEdit } from './selection-after-edit.ts';
import { inFlowOrder } from './selection-edits.ts';
import { versionHead, type VersionHead } from './version-head.ts';
import type { Gesture } from './editor-view.ts';
import { EditorViewState } from './editor-view-state.ts';

export { CANVAS_MODE_KEY, type CanvasMode, type Gesture, type LeftPanel, type PickerState, type RightPanel } from './editor-view.ts';

export interface EditorStoreDeps {
  remote: EditorRemote;
  /** Toasts and the like; the store never imports UI. */
  notify?: (kind: 'error' | 'warning' | 'info', message: string) => void;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/** The open workflow and its edits; the panels and the canvas mode are `EditorViewState`'s. */
export class EditorStore extends EditorViewState {
  flow: Flow | null = null;
  version: FlatVersion | null = null;
  readOnly = false;
  readOnlyReason: 'published' | 'locked' | null = null;
  save: AutosaveStatusEvent = { status: 'saved' };
  publishing = false;
  canUndo = false;
  canRedo = false;
  storageMode: 'indexeddb' | 'memory' = 'indexeddb';
  recovered = false;
  /** A served version is drawn but the worker has not yet confirmed it (openServed): read-only meanwhile. */
  confirming = false;

  /** The primary selection (the one the settings panel edits); `selected` holds every selected step. */
  primary: string | null = null;
  readonly selected: ObservableMap<string, true> = observable.map<string, true>();

  /** Set when the worker answers 'reload-required' (a conflict resolved by reloading). */
  reloadRequested = 0;

  readonly canvas = new CanvasModel();
  private readonly headValue = versionHead(() => this.version);

  private unsubscribe: (() => unknown) | null = null;
  /** Names typed into the panel or on a card, shown on the cards before the worker answers. */
  readonly typedTitles = new TypedTitles((name) => (name === 'trigger' ? this.version?.trigger.displayName : this.step(name)?.displayName));

  private readonly deps: EditorStoreDeps;
  private readonly edits = new EditsInFlight();
  private readonly replays = new ReplayPreviewState(this.edits, this);
  private readonly layouts: LayoutRequests;
  private disposed = false;
  private gestures = 0;

  constructor(deps: EditorStoreDeps) {
    super(deps.storage);
    this.deps = { ...deps, remote: this.edits.counting(deps.remote) };
    this.layouts = new LayoutRequests({ layout: () => deps.remote.layout(), canvas: this.canvas, ...(deps.notify ? { notify: deps.notify } : {}) });
    makeObservable<EditorStore, 'applyResult' | 'onEvent' | 'applyOpen' | 'showUnchecked'>(this, {
      flow: observableRef,
      version: observableRef,
      readOnly: observable,
      readOnlyReason: observable,
      save: observableRef,
      publishing: observable,
      canUndo: observable,
      canRedo: observable,
      storageMode: observable,
      recovered: observable,
      confirming: observable,
      primary: observable,
      reloadRequested: observable,
      selectedNames: computed,
      canPublish: computed,
      undoable: computed,
      redoable: computed,
      applyResult: action,
      onEvent: action,
      applyOpen: action,
      showUnchecked: action,
      select: action,
      selectMany: action,
      clearSelection: action,
      setFlow: action,
    });
  }

  get remote(): EditorRemote {
    return this.deps.remote;
  }

  /** The version's id, name, state and validity: read this, not `version`, where the steps do not matter. */
  get head(): VersionHead | null {
    return this.headValue.get();
  }

  get selectedNames(): string[] {
    return [...this.selected.keys()];
  }

  /** SPEC §4: only a draft that is not saving or publishing, and (our rule) only a valid one. */
  get canPublish(): boolean {
    return (
      this.head?.valid === true &&
      !this.readOnly &&
      !this.publishing &&
      this.save.status !== 'saving' &&
      this.save.status !== 'conflict'
    );
  }

  /**
   * Whether Undo has something to do: an entry, or an edit on its way whose answer will tell. A key pressed
   * before that answer is sent, not dropped; the worker answers null when there was nothing.
   */
  get undoable(): boolean {
    return this.canUndo || !this.edits.idle;
  }

  /** Likewise for Redo: only an undo on its way can give it something to do. */
  get redoable(): boolean {
    return this.canRedo || this.edits.undoing;
  }

  get hasUnsavedChanges(): boolean {
    return this.save.status !== 'saved';
  }

  step(name: string): Readonly<FlatStep> | undefined {
    const version = this.version;
    if (!version || name === 'trigger') return undefined;
    const found = findStep(version, name);
    return found && found.name !== 'trigger' ? (found as FlatStep) : undefined;
  }

  /** The workflow's own fields (status, folder) changed through the workflow API, not the worker (SPEC §4). */
  setFlow(flow: Flow): void {
    if (this.flow && this.flow.id === flow.id) this.flow = flow;
  }

  async open(input: OpenInput): Promise<OpenResult> {
    await this.listen();
    return this.opened(await this.deps.remote.open(input));
  }

  /** Opens the workflow as the server has it, read by the worker (a 50,000-step version never lands here as JSON). */
  async openWorkflow(flowId: string): Promise<OpenResult> {
    await this.listen();
    return this.opened(await this.deps.remote.openWorkflow(flowId));
  }

  /**
   * Opens GET /workflow/{id}'s reply on a store that has opened nothing yet: the worker checks and opens
   * the bytes, this thread builds the same version from them and lays it out (served-version.ts). A large
   * version is drawn as soon as it is laid out, before the worker has checked it (`confirming`, nothing
   * editable), and a large reply reaches the worker only once `painted`; `onShown` says when there is
   * something to draw.
   */
  async openServed(json: ArrayBuffer, options: ServedOpenOptions = {}): Promise<OpenResult> {
    if (this.version) throw new Error('openServed opens a store that has opened nothing yet');
    const { onShown, drawUncheckedFrom = DRAW_UNCHECKED_FROM_STEPS, readFirstFrom = READ_FIRST_FROM_BYTES, painted } = options;
    const listening = this.listen(); // posted first: the worker subscribes before it opens
    let answered = false;
    const check = (bytes: ArrayBuffer) => this.deps.remote.openServed(Comlink.transfer(bytes, [bytes])).finally(() => (answered = true));
    // A small reply is checked while this thread reads its copy. A large one is read and drawn first: on two
    // cores the worker's parse of the same bytes took half of this thread's CPU, and the drawing waited.
    const readFirst = json.byteLength >= readFirstFrom;
    const checking = readFirst ? null : check(json.slice(0));
    // Awaited below, maybe a task later: no unhandled rejection meanwhile.
    listening.catch(() => undefined);
    checking?.catch(() => undefined);
    const served = readServedVersion(json);
    // The canvas takes the layout while the worker checks; nothing draws it before the open is applied.
    const laidOut = served ? await served.layout.then((layout) => (this.canvas.apply(layout), true), () => false) : false;
    if (served && laidOut && !answered && countSteps(served.version) >= drawUncheckedFrom) {
      this.showUnchecked(served);
      onShown?.();
      if (readFirst) await painted?.();
    }
    const opening = checking ?? check(json); // read by now: the bytes themselves go, not a copy
    await listening;
    const result = await opening;
    // Recovered unsaved changes, or JSON the check changed: the worker's version, laid out by the worker.
    if (result.version) {
      const opened = this.opened({ ...result, version: result.version });
      onShown?.();
      return opened;
    }
    if (!served || !laidOut || served.version.id !== result.versionId) throw new Error('The workflow could not be read');
    const opened = { ...result, version: served.version };
    // The worker took that layout as the UI's (assumeSent); its next delta is ELK's refinement of it.
    this.applyOpen(opened, { keepCanvas: true });
    onShown?.();
    return opened;
  }

  /** Draws the served version the worker is still checking: nothing can be edited until it answers. */
  private showUnchecked(served: ServedVersion): void {
    this.flow = served.flow;
    this.version = served.version;
    this.readOnly = true;
    this.confirming = true;
  }

  private async listen(): Promise<void> {
    if (this.unsubscribe) return;
    const stop = await this.deps.remote.subscribe(Comlink.proxy((event: EditorEvent) => this.onEvent(event)));
    if (this.disposed) void stop();
    this.unsubscribe = stop;
  }

  private opened(result: OpenResult): OpenResult {
    this.applyOpen(result);
    this.requestLayout();
    return result;
  }

  private applyOpen(result: OpenResult, { keepCanvas = false } = {}): void {
    // A step picked while the worker was checking this same version stays picked.
    const keepSelection = this.confirming && keepCanvas && this.primary !== null;
    this.confirming = false;
    ({ flow: this.flow, version: this.version, readOnly: this.readOnly, readOnlyReason: this.readOnlyReason, save: this.save } = result);
    ({ publishing: this.publishing, canUndo: this.canUndo, canRedo: this.canRedo, storageMode: this.storageMode, recovered: this.recovered } = result);
    if (!keepCanvas) this.canvas.reset();
    if (keepSelection) {
      if (this.rightPanel === 'none' && !result.readOnly) this.rightPanel = 'piece-settings';
      return this.tellWorkerSelected();
    }
    this.selected.clear();
    this.primary = result.selected;
    if (result.selected) this.selected.set(result.selected, true);
    this.rightPanel = result.selected && !result.readOnly ? 'piece-settings' : this.rightPanel === 'copilot' ? 'copilot' : 'none';
  }

  /** Sends one operation; rejects with the worker's error (it carries `code`). */
  async apply(operation: FlowOperationInput, options?: ApplyOptions): Promise<EditResult> {
    const titled = this.typedTitles.show(operation);
    try {
      const result = await this.deps.remote.apply(operation, options);
      runInAction(() => {
        this.applyResult(result);
        this.typedTitles.settle(titled);
      });
      return result;
    } catch (error) {
      this.typedTitles.settle(titled);
      throw error;
    }
  }

  async applyBatch(operations: FlowOperationInput[], description?: string): Promise<EditResult> {
    const result = await this.deps.remote.applyBatch(operations, { groupKey: null }, description);
    this.applyResult(result);
    return result;
  }

  undo(): Promise<void> {
    return this.replay('undo');
  }

  redo(): Promise<void> {
    return this.replay('redo');
  }

  /** An undo or a redo, shown at once when the worker's last answer previewed it (replay-previews.ts). */
  private replay(direction: ReplayDirection): Promise<void> {
    const shown = this.replays.show(direction);
    return this.deps.remote[direction]().then(
      (result) => (result ? this.applyResult(result, shown) : this.replays.takeBack(shown)),
      (error: unknown) => {
        this.replays.takeBack(shown);
        throw error;
      },
    );
  }

  breakGroup(): void {
    void this.deps.remote.breakGroup();
  }

  /**
   * Starts a gesture (a drag, a dialog): the edits until `commit()` are one undo entry; `cancel()` reverts
   * them. Nothing waits: begin, edits and commit reach the worker in order; every edit is still saved.
   */
  beginGesture(description?: string): Gesture {
    const id = `gesture-${++this.gestures}`;
    void this.deps.remote.beginMark(id, description).catch(() => undefined);
    let open = true;
    const close = async (how: 'commitMark' | 'cancelMark') => {
      if (!open) return;
      open = false;
      this.applyResult(await this.deps.remote[how](id));
    };
    return { commit: () => close('commitMark'), cancel: () => close('cancelMark') };
  }

  async importFlow(text: string): Promise<void> {
    this.applyResult(await this.deps.remote.importFlow(text));
  }

  async paste(text: string, placement: PastePlacement): Promise<EditResult> {
    const result = await this.deps.remote.paste(text, placement);
    this.applyResult(result);
    return result;
  }

  async publish(): Promise<void> {
    const result = await this.deps.remote.publish();
    runInAction(() => {
      this.flow = result.flow;
      this.version = result.version;
    });
    this.requestLayout();
  }

  flush(): Promise<void> {
    return this.deps.remote.flush();
  }

  resolveConflict(choice: 'keep-mine' | 'reload'): Promise<void> {
    return this.deps.remote.resolveConflict(choice);
  }

  /** Selected step names (not the trigger) in flow order, so batch edits apply top-down. */
  selectedInFlowOrder(): string[] {
    return inFlowOrder(this.version, this.selectedNames);
  }

  select(name: string | null, additive = false): void {
    if (!additive) this.selected.clear();
    if (name === null) {
      this.primary = null;
      this.tellWorkerSelected();
      return;
    }
    if (additive && this.selected.has(name)) {
      this.selected.delete(name);
      if (this.primary === name) this.primary = this.selectedNames[0] ?? null;
    } else {
      this.selected.set(name, true);
      this.primary = name;
    }
    if (this.primary && !additive && !this.readOnly && this.rightPanel === 'none') this.rightPanel = 'piece-settings';
    this.tellWorkerSelected();
  }

  selectMany(names: readonly string[]): void {
    this.selected.clear();
    for (const name of names) this.selected.set(name, true);
    this.primary = names[0] ?? null;
    this.tellWorkerSelected();
  }

  clearSelection(): void {
    this.selected.clear();
    this.primary = null;
    this.tellWorkerSelected();
  }

  /** Tells the worker the primary selection; a lost message is harmless (the next selection tells it again). */
  private tellWorkerSelected(): void {
    void this.deps.remote.select(this.primary).catch(() => undefined);
  }

  /** Asks the worker for a layout delta; calls made while one is running coalesce into one more. */
  requestLayout(): void {
    this.layouts.request();
  }

  private applyResult(result: EditResult, shown: ShownReplay | null = null): void {
    const alreadyShown = confirms(result, shown);
    if (!alreadyShown) this.replays.takeBack(shown);
    if (!alreadyShown && result.patches.length > 0 && this.version) {
      this.version = applyVersionPatches(this.version, result.patches);
      if (changesShape(result.patches)) this.requestLayout();
    }
    this.canUndo = result.canUndo;
    this.canRedo = result.canRedo;
    // The same object when the status stays: the save indicator need not render again.
    if (this.save.status !== result.status) this.save = { ...this.save, status: result.status };
    this.primary = selectionAfterEdit(this.selected, this.primary, result.selected, (name) => this.step(name) !== undefined);
    this.replays.remember(this.version, result);
  }

  private onEvent(event: EditorEvent): void {
    applyEditorEvent(this, event, this.deps.notify);
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.layouts.stop();
    const stop = this.unsubscribe;
    this.unsubscribe = null;
    await stop?.();
  }
}
