/**
 * The editor's Import (SPEC §4 "import flow": the file's name, trigger and steps replace the open
 * flow's). The picked file is checked first (size, JSON, depth: import-problems.ts, the server's limits);
 * a flow that has something to lose — a chosen trigger or any step — is replaced only after the user
 * says so in a confirm dialog naming what goes; an empty one is replaced at once. The replacement is one
 * undoable edit, and every refusal is told in the user's words.
 */
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { toast } from 'sonner';
import { stepsInOrder, type FlatVersion } from '../../../domain/flow/index.ts';
import { ConfirmDialog } from '../../components/data/confirm-dialog.tsx';
import { importProblemMessage, readFlowFile, type FlowFile } from '../../components/workflows/import-problems.ts';
import type { EditorStore } from './store/editor-store.ts';
import { editErrorMessage } from './edit-errors.ts';

export interface ImportFlowHandle {
  /** Opens the file picker. */
  choose(): void;
}

interface Pending extends FlowFile {
  fileName: string;
}

/** What an import would throw away: null when the flow is empty (no trigger chosen, no step). */
export function replacedContent(version: FlatVersion): { steps: number; trigger: boolean } | null {
  const steps = stepsInOrder(version).length;
  const trigger = version.trigger.type !== 'EMPTY';
  return steps === 0 && !trigger ? null : { steps, trigger };
}

export function replaceQuestion(version: FlatVersion, file: Pending): string {
  const lost = replacedContent(version) ?? { steps: 0, trigger: false };
  const parts = [lost.trigger ? 'its trigger' : null, lost.steps === 1 ? 'its 1 step' : lost.steps > 1 ? `all ${lost.steps} of its steps` : null].filter(Boolean);
  return `Importing replaces “${version.displayName}” — its name, ${parts.join(' and ')} — with “${file.displayName}” from ${file.fileName}. Undo (Ctrl/Cmd+Z) brings them back.`;
}

export const ImportFlow = observer(
  forwardRef<ImportFlowHandle, { store: EditorStore }>(function ImportFlow({ store }, ref) {
    const input = useRef<HTMLInputElement>(null);
    const [pending, setPending] = useState<Pending | null>(null);
    useImperativeHandle(ref, () => ({ choose: () => input.current?.click() }), []);

    const replace = async (file: Pending) => {
      setPending(null);
      try {
        await store.importFlow(file.text);
        toast.success('Flow imported');
      } catch (error) {
        const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
        toast.error(code === 'VALIDATION' && typeof message === 'string' ? importProblemMessage(message) : editErrorMessage(error, importProblemMessage(null)));
      }
    };

    const picked = async (file: File) => {
      const read = await readFlowFile(file);
      if ('problem' in read) {
        toast.error(read.problem);
        return;
      }
      const next = { ...read, fileName: file.name };
      if (store.version && replacedContent(store.version)) setPending(next);
      else await replace(next);
    };

    return (
      <>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label="Flow file to import"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = ''; // picking the same file again still imports it
            if (file) void picked(file);
          }}
        />
        <ConfirmDialog
          open={pending !== null}
          onOpenChange={(open) => {
            if (!open) setPending(null);
          }}
          title="Replace this workflow?"
          description={pending && store.version ? replaceQuestion(store.version, pending) : ''}
          confirmLabel="Replace with import"
          onConfirm={() => {
            if (pending) void replace(pending);
          }}
        />
      </>
    );
  }),
);
