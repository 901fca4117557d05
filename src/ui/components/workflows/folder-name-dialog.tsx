/**
 * Create or rename a folder: one name, trimmed, required, at most FOLDER_NAME_MAX characters (the
 * contract's rule, checked as typed); the server's refusal (a name taken in any case) stays in the dialog.
 */
import { useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { toast } from 'sonner';
import { FOLDER_NAME_MAX, useCreateFolder, useRenameFolder, type Folder } from '../../../api/folders-api.ts';
import { folderNameSchema } from '../../../domain/contract/folders.ts';
import { AppDialog } from '../data/dialog.tsx';
import { errorMessage } from '../data/error-message.ts';
import { TextField } from '../ui/text-field.tsx';
import { Spinner } from '../ui/spinner.tsx';

interface FolderNameDialogProps {
  /** The folder to rename; absent: a new folder. */
  folder?: Folder;
  onClose: () => void;
  /** The folder as saved (the list shows a new folder's workflows at once). */
  onSaved?: (folder: Folder) => void;
}

function nameProblem(name: string): string | undefined {
  const result = z.safeParse(folderNameSchema, name);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function FolderNameDialog({ folder, onClose, onSaved }: FolderNameDialogProps) {
  const [name, setName] = useState(folder?.displayName ?? '');
  const [touched, setTouched] = useState(false);
  const create = useCreateFolder();
  const rename = useRenameFolder();
  const saving = folder ? rename : create;
  const problem = touched ? nameProblem(name) : undefined;

  const saved = (result: Folder) => {
    toast.success(folder ? `Folder renamed to "${result.displayName}"` : `Folder "${result.displayName}" created`);
    onSaved?.(result);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameProblem(name)) return;
    const displayName = name.trim();
    if (folder && displayName === folder.displayName) return onClose();
    if (folder) rename.mutate({ id: folder.id, displayName }, { onSuccess: saved });
    else create.mutate(displayName, { onSuccess: saved });
  };

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={folder ? 'Rename folder' : 'New folder'}
      description={folder ? undefined : 'Group workflows in folders; a workflow is in one folder at most.'}
      busy={saving.isPending}
    >
      <form className="dialog-form" onSubmit={submit} noValidate>
        <TextField
          label="Folder name"
          value={name}
          onValueChange={(value) => {
            setName(value);
            setTouched(true);
            saving.reset();
          }}
          error={problem ?? (saving.isError ? errorMessage(saving.error, folder ? 'Could not rename the folder' : 'Could not create the folder') : undefined)}
          maxLength={FOLDER_NAME_MAX}
          autoComplete="off"
        />
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={saving.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving.isPending}>
            {saving.isPending ? <Spinner size={14} /> : null}
            {folder ? 'Save' : 'Create folder'}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
