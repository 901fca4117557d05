/**
 * The editor's view state, apart from the workflow it shows: which panels are open, the run being
 * inspected, the step picker, the card being renamed in place and the canvas mode (kept per browser).
 * `EditorStore` extends it, so screens read and set these on the store.
 */
import { action, makeObservable, observable, observableRef } from 'mobx';
import type { InsertAt } from '../../../../worker/index.ts';
import { CANVAS_MODE_KEY, type CanvasMode, type LeftPanel, type PickerState, type RightPanel } from './editor-view.ts';

type ModeStorage = Pick<Storage, 'getItem' | 'setItem'> | null | undefined;

export abstract class EditorViewState {
  leftPanel: LeftPanel = 'none';
  rightPanel: RightPanel = 'none';
  runId: string | null = null;
  iterations: Record<string, number> = {};
  canvasMode: CanvasMode = 'pan';
  picker: PickerState | null = null;
  /** Each step's status in the run being inspected (run details open), else null. */
  runStatuses: ReadonlyMap<string, string> | null = null;
  /** The step whose name is being edited in place on its card (F2, double click), else null. */
  renaming: string | null = null;

  /** Nothing opens the picker or a rename on a version that cannot be edited. */
  abstract readonly readOnly: boolean;

  constructor(private readonly modeStorage: ModeStorage) {
    const mode = modeStorage?.getItem(CANVAS_MODE_KEY);
    if (mode === 'grab' || mode === 'pan') this.canvasMode = mode;
    makeObservable(this, {
      leftPanel: observable,
      rightPanel: observable,
      runId: observable,
      iterations: observableRef,
      canvasMode: observable,
      picker: observableRef,
      runStatuses: observableRef,
      renaming: observable,
      setLeftPanel: action,
      setRightPanel: action,
      openRun: action,
      setIteration: action,
      openPicker: action,
      closePicker: action,
      setRenaming: action,
      setRunStatuses: action,
      setCanvasMode: action,
    });
  }

  setLeftPanel(panel: LeftPanel): void {
    this.leftPanel = panel;
    if (panel !== 'run-details') this.runId = null;
  }

  setRightPanel(panel: RightPanel): void {
    this.rightPanel = panel;
  }

  openRun(runId: string, iterations: Record<string, number> = {}): void {
    this.runId = runId;
    this.iterations = iterations;
    this.leftPanel = 'run-details';
  }

  setIteration(loop: string, index: number): void {
    this.iterations = { ...this.iterations, [loop]: index };
  }

  openPicker(insertAt: InsertAt, rect: { left: number; top: number; bottom: number; right: number }): void {
    if (this.readOnly) return;
    this.picker = { insertAt, anchor: { left: rect.left, top: rect.top, bottom: rect.bottom, right: rect.right } };
  }

  closePicker(): void {
    this.picker = null;
  }

  setRenaming(name: string | null): void {
    this.renaming = name !== null && this.readOnly ? null : name;
  }

  runStatusOf(name: string): string | undefined {
    return this.runStatuses?.get(name);
  }

  setRunStatuses(statuses: ReadonlyMap<string, string> | null): void {
    this.runStatuses = statuses;
  }

  setCanvasMode(mode: CanvasMode): void {
    this.canvasMode = mode;
    this.modeStorage?.setItem(CANVAS_MODE_KEY, mode);
  }
}
