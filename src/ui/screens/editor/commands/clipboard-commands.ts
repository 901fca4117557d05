/**
 * Copy and paste of steps through the system clipboard as JSON (`flowsmith/steps`), with a
 * localStorage fallback when clipboard permission is refused, so another workflow in this browser can
 * still paste (see src/domain/flow/clipboard.ts).
 */
import { toast } from 'sonner';
import type { PastePlacement } from '../../../../domain/flow/index.ts';
import type { EditorStore } from '../store/editor-store.ts';
import { defineCommands } from './command.ts';
import { failWith } from './notify.ts';
import { copySelection } from '../store/selection-actions.ts';

/** Fallback clipboard (clipboard permission refused): another workflow in this browser can still paste. */
export const CLIPBOARD_STORAGE_KEY = 'flowsmith:clipboard';

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
export function pastePlacement(store: Pick<EditorStore, 'selectedInFlowOrder'>): PastePlacement {
  const names = store.selectedInFlowOrder();
  const last = names[names.length - 1];
  return { parentStep: last ?? 'trigger', location: 'AFTER' };
}

export const CLIPBOARD_COMMANDS = defineCommands([
  {
    id: 'clipboard.copy',
    label: 'Copy the selected steps',
    keys: ['Mod+C'],
    allowedReadOnly: true,
    // Nothing selected: the browser copies the text the user selected, as anywhere else.
    canRun: ({ store }) => store.selectedInFlowOrder().length > 0,
    run: async ({ store }) => {
      const text = copySelection(store);
      if (!text) return;
      const count = store.selectedInFlowOrder().length;
      await writeClipboard(text);
      toast.success(count === 1 ? 'Step copied' : `${count} steps copied`);
    },
  },
  {
    id: 'clipboard.paste',
    label: 'Paste after the selected step',
    keys: ['Mod+V'],
    allowedReadOnly: false,
    canRun: ({ store }) => store.head !== null,
    run: async ({ store }) => {
      const text = await readClipboardText();
      if (!text) return void toast.info('Copy a step first');
      await store.paste(text, pastePlacement(store)).catch(failWith('The clipboard holds no steps to paste'));
    },
  },
]);
