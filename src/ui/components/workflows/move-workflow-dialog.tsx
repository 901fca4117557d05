/**
 * "Move to folder" from the row menu (and the editor's "Change folder"): a select of the user's folders
 * and "No folder". With no folders yet it offers to create one first.
 */
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useFolders, useMoveWorkflow } from '../../../api/folders-api.ts';
import { AppDialog } from '../data/dialog.tsx';
import { errorMessage } from '../data/error-message.ts';
import { SelectField } from '../ui/select-field.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { FolderNameDialog } from './folder-name-dialog.tsx';
import './folders.css';

interface MoveWorkflowDialogProps {
  workflow: { id: string; displayName: string; folderId: string | null };
  onClose: () => void;
  /** The folder it is in now (null: none), once the server has it. */
  onMoved?: (folderId: string | null) => void;
}

const NONE = '';

export function MoveWorkflowDialog({ workflow, onClose, onMoved }: MoveWorkflowDialogProps) {
  const folders = useFolders();
  const move = useMoveWorkflow();
  const [choice, setChoice] = useState(workflow.folderId ?? NONE);
  const [creating, setCreating] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const folderId = choice === NONE ? null : choice;
    if (folderId === workflow.folderId) return onClose();
    const target = folders.data?.data.find((folder) => folder.id === folderId);
    move.mutate(
      { id: workflow.id, folderId },
      {
        onSuccess: (detail) => {
          onMoved?.(detail.flow.folderId);
          toast.success(target ? `Moved "${workflow.displayName}" to ${target.displayName}` : `Moved "${workflow.displayName}" out of its folder`);
          onClose();
        },
      },
    );
  };

  if (creating) return <FolderNameDialog onClose={() => setCreating(false)} onSaved={(folder) => setChoice(folder.id)} />;

  const options = [{ value: NONE, label: 'No folder (Uncategorized)' }, ...(folders.data?.data ?? []).map((folder) => ({ value: folder.id, label: folder.displayName }))];
  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title="Move to folder" description={`Choose a folder for "${workflow.displayName}".`} busy={move.isPending}>
      <form className="dialog-form" onSubmit={submit} noValidate>
        {folders.isPending ? (
          <p className="folder-dialog-hint" role="status">
            <Spinner size={14} /> Loading folders…
          </p>
        ) : folders.isError ? (
          <p className="field-error" role="alert">
            {errorMessage(folders.error, 'Could not load your folders')}
          </p>
        ) : (
          <>
            <SelectField label="Folder" options={options} value={choice} onChange={(event) => setChoice(event.target.value)} />
            {folders.data.data.length === 0 ? <p className="folder-dialog-hint">You have no folders yet.</p> : null}
          </>
        )}
        {move.isError ? (
          <p className="field-error" role="alert">
            {errorMessage(move.error, 'Could not move the workflow')}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost move-new-folder" onClick={() => setCreating(true)} disabled={move.isPending}>
            New folder…
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={move.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={move.isPending || !folders.isSuccess}>
            {move.isPending ? <Spinner size={14} /> : null}
            Move
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
