/**
 * The bar that appears over the list while rows are selected: how many, and Enable, Disable, Move to
 * folder… and Delete… for all of them in one call (POST /workflow/bulk). Delete asks first, naming the
 * count. The answer says which workflows changed and why the others did not (e.g. a draft that was
 * never published cannot be enabled), in a toast.
 */
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FolderInput, Power, PowerOff, Trash2, X } from 'lucide-react';
import { useBulkWorkflows, type WorkflowSummary } from '../../../api/workflows-api.ts';
import { useFolders } from '../../../api/folders-api.ts';
import type { BulkAction, WorkflowBulkReply } from '../../../domain/contract/workflow-list.ts';
import { AppDialog } from '../../components/data/dialog.tsx';
import { ConfirmDialog } from '../../components/data/confirm-dialog.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { SelectField } from '../../components/ui/select-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

const plural = (n: number) => `${n} workflow${n === 1 ? '' : 's'}`;
const DONE: Record<BulkAction, string> = { ENABLE: 'Enabled', DISABLE: 'Disabled', DELETE: 'Deleted', MOVE: 'Moved' };
const VERB: Record<BulkAction, string> = { ENABLE: 'enable', DISABLE: 'disable', DELETE: 'delete', MOVE: 'move' };

/** One toast for the whole answer: all done, some done (with the first reason), or none. */
export function bulkOutcomeMessage(action: BulkAction, reply: WorkflowBulkReply, names: ReadonlyMap<string, string>): { tone: 'success' | 'warning' | 'error'; text: string } {
  const done = reply.succeeded.length;
  const failed = reply.failed.length;
  if (failed === 0) return { tone: 'success', text: `${DONE[action]} ${plural(done)}` };
  const first = reply.failed[0]!;
  const reason = `“${names.get(first.id) ?? 'A workflow'}”: ${first.message}${failed > 1 ? ` (and ${failed - 1} more)` : ''}`;
  if (done === 0) return { tone: 'error', text: `Could not ${VERB[action]} ${plural(failed)}. ${reason}` };
  return { tone: 'warning', text: `${DONE[action]} ${done} of ${plural(done + failed)}. Not ${VERB[action]}d: ${reason}` };
}

export function WorkflowBulkBar({ selectedRows, onDone }: { selectedRows: readonly WorkflowSummary[]; onDone: () => void }) {
  const bulk = useBulkWorkflows();
  const [dialog, setDialog] = useState<'delete' | 'move' | null>(null);
  const count = selectedRows.length;
  const names = new Map(selectedRows.map((row) => [row.id, row.displayName]));

  // mutateAsync, not mutate's callbacks: a delete empties the selection, which unmounts this bar before
  // the answer is read, and mutate's own callbacks are dropped with an unmounted component.
  const run = async (action: BulkAction, folderId?: string | null) => {
    try {
      const reply = await bulk.mutateAsync({ action, ids: selectedRows.map((row) => row.id), ...(action === 'MOVE' ? { folderId: folderId ?? null } : {}) });
      const { tone, text } = bulkOutcomeMessage(action, reply, names);
      toast[tone](text);
      setDialog(null);
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, `Could not ${VERB[action]} the workflows`));
      setDialog(null);
    }
  };

  return (
    <div className="bulk-bar" role="region" aria-label="Selected workflows">
      <span className="bulk-count" aria-live="polite">
        {count} selected
      </span>
      <div className="bulk-actions">
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void run('ENABLE')} disabled={bulk.isPending}>
          <Power width={14} height={14} aria-hidden="true" />
          Enable
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void run('DISABLE')} disabled={bulk.isPending}>
          <PowerOff width={14} height={14} aria-hidden="true" />
          Disable
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setDialog('move')} disabled={bulk.isPending}>
          <FolderInput width={14} height={14} aria-hidden="true" />
          Move to folder…
        </button>
        <button type="button" className="btn btn-danger btn-sm" onClick={() => setDialog('delete')} disabled={bulk.isPending}>
          <Trash2 width={14} height={14} aria-hidden="true" />
          Delete…
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone} disabled={bulk.isPending}>
          <X width={14} height={14} aria-hidden="true" />
          Clear selection
        </button>
        {bulk.isPending ? <Spinner size={14} /> : null}
      </div>
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`Delete ${plural(count)}?`}
        description={`This deletes ${plural(count)} with their versions and runs. It cannot be undone.`}
        confirmLabel={`Delete ${plural(count)}`}
        busy={bulk.isPending}
        onConfirm={() => void run('DELETE')}
      />
      {dialog === 'move' ? <BulkMoveDialog count={count} busy={bulk.isPending} onClose={() => setDialog(null)} onMove={(folderId) => void run('MOVE', folderId)} /> : null}
    </div>
  );
}

const NONE = '';

function BulkMoveDialog({ count, busy, onClose, onMove }: { count: number; busy: boolean; onClose: () => void; onMove: (folderId: string | null) => void }) {
  const folders = useFolders();
  const [choice, setChoice] = useState(NONE);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onMove(choice === NONE ? null : choice);
  };
  const options = [{ value: NONE, label: 'No folder (Uncategorized)' }, ...(folders.data?.data ?? []).map((folder) => ({ value: folder.id, label: folder.displayName }))];
  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title="Move to folder" description={`Choose a folder for ${plural(count)}.`} busy={busy}>
      <form className="dialog-form" onSubmit={submit} noValidate>
        {folders.isError ? (
          <p className="field-error" role="alert">
            {errorMessage(folders.error, 'Could not load your folders')}
          </p>
        ) : (
          <SelectField label="Folder" options={options} value={choice} onChange={(event) => setChoice(event.target.value)} disabled={folders.isPending} />
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || !folders.isSuccess}>
            {busy ? <Spinner size={14} /> : null}
            Move {plural(count)}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
