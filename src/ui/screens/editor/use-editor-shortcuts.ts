/**
 * The editor's keyboard (issue #5): Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z and Ctrl/Cmd+Y redo, Delete,
 * Ctrl/Cmd+C/V/D, arrows along the flow, Escape closes panels, Ctrl/Cmd+Enter runs, '?' lists the shortcuts. Keys typed into a
 * field (the settings panel, a dialog) are the field's own and never reach these.
 */
import { useEffect } from 'react';
import { toast } from 'sonner';
import { stepsInOrder, type PastePlacement } from '../../../domain/flow/index.ts';
import type { EditorStore } from './store/editor-store.ts';
import { editErrorMessage } from './edit-errors.ts';

export const SHORTCUTS: readonly { keys: string; action: string }[] = [
  { keys: 'Ctrl/Cmd + Z', action: 'Undo' },
  { keys: 'Ctrl/Cmd + Shift + Z, Ctrl/Cmd + Y', action: 'Redo' },
  { keys: 'Delete, Backspace', action: 'Delete the selected steps' },
  { keys: 'Ctrl/Cmd + C', action: 'Copy the selected steps' },
  { keys: 'Ctrl/Cmd + V', action: 'Paste after the selected step' },
  { keys: 'Ctrl/Cmd + D', action: 'Duplicate the selected steps' },
  { keys: 'S', action: 'Skip or unskip the selected steps' },
  { keys: 'Arrow keys', action: 'Select the next or previous step' },
  { keys: 'Enter', action: 'Open the selected step’s settings' },
  { keys: 'Ctrl/Cmd + Enter', action: 'Run this version' },
  { keys: 'Shift + click, drag on the canvas', action: 'Select several steps' },
  { keys: 'Escape', action: 'Close the open panel' },
  { keys: 'Ctrl/Cmd + B', action: 'Toggle the sidebar (elsewhere in the app)' },
  { keys: '?', action: 'Show this list' },
];

/** Fallback clipboard (clipboard permission refused): another workflow in this browser can still paste. */
export const CLIPBOARD_STORAGE_KEY = 'flowsmith:clipboard';

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('[role="dialog"], [role="alertdialog"]')) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

async function writeClipboard(text: string): Promise<void> {
  try {
    localStorage.setItem(CLIPBOARD_STORAGE_KEY, text);
  } catch {
    // Storage full or unavailable: the system clipboard below may still work.
  }
  await navigator.clipboard?.writeText(text).catch(() => undefined);
}

async function readClipboardText(): Promise<string | null> {
  const system = await navigator.clipboard?.readText().catch(() => null);
  if (system && system.includes('flowsmith/steps')) return system;
  try {
    return localStorage.getItem(CLIPBOARD_STORAGE_KEY);
  } catch {
    return system ?? null;
  }
}

/** Where a paste goes: after the selected step (or the trigger when nothing or the trigger is selected). */
export function pastePlacement(store: EditorStore): PastePlacement {
  const names = store.selectedInFlowOrder();
  const last = names[names.length - 1];
  return { parentStep: last ?? 'trigger', location: 'AFTER' };
}

export interface ShortcutHandlers {
  showShortcuts(): void;
  focusStep(name: string): void;
  openSettings(): void;
  /** Saves and starts a run (the header's Run button). */
  run?(): void;
}

export function useEditorShortcuts(store: EditorStore, handlers: ShortcutHandlers): void {
  useEffect(() => {
    const fail = (fallback: string) => (error: unknown) => toast.error(editErrorMessage(error, fallback));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      const editable = !store.readOnly;
      if (mod && key === 'z' && !event.shiftKey) {
        event.preventDefault();
        if (editable) void store.undo().catch(fail('Nothing was undone'));
      } else if (mod && ((key === 'z' && event.shiftKey) || key === 'y')) {
        event.preventDefault();
        if (editable) void store.redo().catch(fail('Nothing was redone'));
      } else if (mod && key === 'c') {
        const text = store.copySelection();
        if (!text) return;
        event.preventDefault();
        const count = store.selectedInFlowOrder().length;
        void writeClipboard(text).then(() => toast.success(count === 1 ? 'Step copied' : `${count} steps copied`));
      } else if (mod && key === 'v') {
        if (!editable) return;
        event.preventDefault();
        void readClipboardText().then((text) => {
          if (!text) return void toast.info('Copy a step first');
          store.paste(text, pastePlacement(store)).catch(fail('The clipboard holds no steps to paste'));
        });
      } else if (mod && key === 'd') {
        event.preventDefault();
        if (editable) void store.duplicateSelection().catch(fail('The steps could not be duplicated'));
      } else if (!mod && (event.key === 'Delete' || event.key === 'Backspace')) {
        if (!editable || store.selectedInFlowOrder().length === 0) return;
        event.preventDefault();
        void store.deleteSelection().catch(fail('The steps could not be deleted'));
      } else if (!mod && !event.altKey && key === 's' && !event.shiftKey) {
        if (!editable || store.selectedInFlowOrder().length === 0) return;
        event.preventDefault();
        void store.toggleSkipSelection().catch(fail('The steps could not be skipped'));
      } else if (event.key === '?' || (event.shiftKey && event.key === '/')) {
        event.preventDefault();
        handlers.showShortcuts();
      } else if (event.key === 'Escape') {
        if (store.picker) store.closePicker();
        else if (store.rightPanel !== 'none') store.setRightPanel('none');
        else if (store.leftPanel !== 'none') store.setLeftPanel('none');
        else store.clearSelection();
      } else if (mod && event.key === 'Enter') {
        if (!handlers.run) return;
        event.preventDefault();
        handlers.run();
      } else if (event.key === 'Enter' && store.primary && !mod) {
        const target = event.target as HTMLElement | null;
        if (target?.closest('button, a')) return;
        event.preventDefault();
        handlers.openSettings();
      } else if (['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight'].includes(event.key) && !mod) {
        const version = store.version;
        if (!version) return;
        event.preventDefault();
        const order = ['trigger', ...stepsInOrder(version).map((step) => step.name)];
        const at = store.primary ? order.indexOf(store.primary) : -1;
        const forward = event.key === 'ArrowDown' || event.key === 'ArrowRight';
        const next = order[at < 0 ? 0 : Math.min(order.length - 1, Math.max(0, at + (forward ? 1 : -1)))];
        if (!next) return;
        store.select(next);
        handlers.focusStep(next);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [store, handlers]);
}
