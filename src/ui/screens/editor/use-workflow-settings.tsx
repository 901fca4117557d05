/**
 * SPEC §4's "change status" and "change folder" from the editor. Both change the workflow, not the
 * version (the worker refuses CHANGE_STATUS / CHANGE_FOLDER for that reason), so they go through the
 * workflow API as the list does, and the store's copy of the flow follows the server's answer.
 *
 * Status follows the list's switch: always offered; a refusal (TRIGGER_ENABLE: never published, or no
 * valid trigger) comes back as a toast with the server's reason.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { useSetWorkflowStatus } from '../../../api/workflows-api.ts';
import { errorMessage } from '../../components/data/error-message.ts';
import { MoveWorkflowDialog } from '../../components/workflows/move-workflow-dialog.tsx';
import type { EditorStore } from './store/editor-store.ts';

export interface WorkflowSettings {
  toggleStatus(): void;
  statusPending: boolean;
  chooseFolder(): void;
  /** The folder dialog while it is open. */
  dialog: ReactNode;
}

export function useWorkflowSettings(store: EditorStore): WorkflowSettings {
  const setStatus = useSetWorkflowStatus();
  const [choosingFolder, setChoosingFolder] = useState(false);
  const flow = store.flow;
  const name = store.head?.displayName ?? 'Workflow';

  const mutate = setStatus.mutate;
  // Stable, so the command context (and the keyboard listener built from it) is not rebuilt every render.
  const toggleStatus = useCallback(() => {
    const current = store.flow;
    if (!current) return;
    const shownName = store.head?.displayName ?? 'Workflow';
    const status = current.status === 'ENABLED' ? 'DISABLED' : 'ENABLED';
    mutate(
      { id: current.id, status },
      {
        onSuccess: (reply) => {
          store.setFlow({ ...current, status: reply.status });
          toast.success(`${shownName} ${reply.status === 'ENABLED' ? 'enabled' : 'disabled'}`);
        },
        onError: (error) => toast.error(errorMessage(error, `Could not ${status === 'ENABLED' ? 'enable' : 'disable'} the workflow`)),
      },
    );
  }, [store, mutate]);
  const chooseFolder = useCallback(() => setChoosingFolder(true), []);

  return {
    toggleStatus,
    statusPending: setStatus.isPending,
    chooseFolder,
    dialog:
      choosingFolder && flow ? (
        <MoveWorkflowDialog
          workflow={{ id: flow.id, displayName: name, folderId: flow.folderId }}
          onClose={() => setChoosingFolder(false)}
          onMoved={(folderId) => {
            const latest = store.flow;
            if (latest) store.setFlow({ ...latest, folderId });
          }}
        />
      ) : null,
  };
}
