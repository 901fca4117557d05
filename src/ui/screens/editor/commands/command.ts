/**
 * What an editor command is: one user action (undo, paste, run, fit view, …) with its name, its keys,
 * whether it may run on a read-only version, a test that answers "can I?" without acting, and the act.
 * The keyboard, the top bar, the canvas controls, the shortcuts list (and the coming context menu and
 * command palette) all read the same definition, as ProseMirror's commands and Excalidraw's actions do:
 * a button enables itself from the code that acts.
 *
 * A command acts on the store; what only the screen has (the canvas viewport, the run hook, a dialog's
 * open state, the file chooser) comes as `ui` services. A command whose service is absent cannot run.
 */
import type { EditorStore } from '../store/editor-store.ts';
import type { RunWorkflow } from '../use-run-workflow.ts';

/** The canvas's viewport, as the screen drives it (React Flow plus the layout's bounds). */
export interface CanvasView {
  zoomIn(): void;
  zoomOut(): void;
  /** Fits the whole flow, not only the part React Flow was given (view-window.ts). */
  fit(): void;
}

/** Screen services commands may use; each is optional so a surface passes only what it has. */
export interface EditorUi {
  runner?: Pick<RunWorkflow, 'start' | 'starting'>;
  view?: CanvasView;
  showShortcuts?(): void;
  /** Brings a step's card into view and gives it the keyboard focus. */
  focusStep?(name: string): void;
  /** Opens the primary step's settings with the focus in its first field. */
  openSettings?(): void;
  chooseImportFile?(): void;
  /** Enables or disables the workflow (PUT /workflow/status), as the list's switch does. */
  toggleStatus?(): void;
  /** Whether a status change is on its way (the command waits for it). */
  statusPending?: boolean;
  /** Opens the "Move to folder" dialog for the open workflow. */
  chooseFolder?(): void;
  /** Where a step's card is on screen (a popover opened for it sits there); null when it is not drawn. */
  anchorOf?(name: string): { left: number; top: number; bottom: number; right: number } | null;
  /** Issue 17: the find box, the command palette, rename in place, Test step, the context menu. */
  openFind?(): void;
  openPalette?(): void;
  renameStep?(name: string): void;
  testStep?(name: string): void;
  openContextMenu?(): void;
}

export interface CommandContext {
  readonly store: EditorStore;
  readonly ui: EditorUi;
}

export interface EditorCommand {
  /** Unique, dotted by group: 'history.undo'. */
  readonly id: string;
  /** Its name wherever it is offered: menus, the palette, the shortcuts list, a button's accessible name. */
  readonly label: string;
  /** A shorter text for a toolbar button's face ('Run' for 'Run this version'). */
  readonly short?: string;
  /** A tooltip that says more than the label and keys (the canvas mode switch). */
  readonly hint?: string;
  /** Key chords ('Mod+Shift+Z'; Mod is Ctrl or Cmd), first the one a tooltip shows (key-chords.ts). */
  readonly keys: readonly string[];
  /** Key chords are unique per scope; every command today is 'editor' (the document, outside fields). */
  readonly scope?: string;
  readonly allowedReadOnly: boolean;
  /**
   * Whether the chord is taken from the browser even when the command cannot run (Ctrl+D must not
   * bookmark the page on a read-only version); otherwise the browser keeps keys the command declines.
   */
  readonly claimsKey?: boolean;
  /** The browser keeps the key even when the command runs (Escape still reaches open popovers). */
  readonly keepsDefault?: boolean;
  /** A toggle's state (a panel that is open), for aria-pressed and checked menu items. */
  isActive?(context: CommandContext): boolean;
  canRun(context: CommandContext): boolean;
  run(context: CommandContext): void | Promise<void>;
}

/** Identity with the type checked: each command module lists its commands with it. */
export function defineCommands<const T extends readonly EditorCommand[]>(commands: T): T {
  return commands;
}
