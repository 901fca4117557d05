/** A run's page: 'Delete run' (issue 17), after a confirm; then back to the list. Not offered while it runs. */
import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { RunDetail } from '../../../api/executions-api.ts';
import { DeleteRunDialog } from '../../components/runs/delete-run-dialog.tsx';
import { canDeleteRun, useDeleteRun } from '../../components/runs/use-run-delete.ts';

export function DeleteRunButton({ run }: { run: RunDetail }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteRun(() => void navigate('/executions', { replace: true }));
  if (!canDeleteRun(run)) return null;
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
        <Trash2 width={14} height={14} aria-hidden="true" />
        Delete run
      </button>
      <DeleteRunDialog run={run} open={confirming} onOpenChange={setConfirming} busy={remove.isPending} onConfirm={() => remove.mutate(run.id)} />
    </>
  );
}
