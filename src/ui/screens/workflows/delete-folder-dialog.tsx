import { toast } from 'sonner';
import { useDeleteFolder, type Folder } from '../../../api/folders-api.ts';
import { ConfirmDialog } from '../../components/data/confirm-dialog.tsx';
import { errorMessage } from '../../components/data/error-message.ts';

interface DeleteFolderDialogProps {
  folder: Folder;
  onClose: () => void;
  onDeleted?: () => void;
}

const workflows = (n: number) => (n === 1 ? '1 workflow' : `${n} workflows`);

/** Deleting a folder keeps its workflows: the question says where they go. Focus starts on Cancel. */
export function DeleteFolderDialog({ folder, onClose, onDeleted }: DeleteFolderDialogProps) {
  const remove = useDeleteFolder();
  const confirm = () =>
    remove.mutate(folder.id, {
      onSuccess: ({ movedFlows }) => {
        toast.success(`Deleted folder "${folder.displayName}"`, movedFlows > 0 ? { description: `${workflows(movedFlows)} moved to Uncategorized` } : undefined);
        onDeleted?.();
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not delete the folder')),
    });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete folder?"
      description={
        folder.numberOfFlows > 0 ? (
          <>
            The folder <strong>{folder.displayName}</strong> will be deleted. Its {workflows(folder.numberOfFlows)} will not be deleted: they move to
            Uncategorized (no folder).
          </>
        ) : (
          <>
            The folder <strong>{folder.displayName}</strong> is empty and will be deleted.
          </>
        )
      }
      confirmLabel="Delete folder"
      onConfirm={confirm}
      busy={remove.isPending}
    />
  );
}
