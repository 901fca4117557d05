/**
 * Deleting a connection: first where it is used (GET …/usage, read afresh), then the choice. Unused, it
 * is one confirmation; used, the dialog lists the workflows (each linked to its editor) and the steps that
 * name it, and 'Delete anyway' sends `force`. If a step started using it meanwhile, the server refuses the
 * plain delete (409) and the list is read again.
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from '../../../../api/api-error.ts';
import { connectionKeys, connectionsApi, connectionUsageQuery, PIECE_OPTIONS_KEY, type Connection } from '../../../../api/connections-api.ts';
import { AppDialog } from '../../../components/data/dialog.tsx';
import { errorMessage } from '../../../components/data/error-message.ts';
import { StatusBadge } from '../../../components/data/status-badge.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

interface ConnectionDeleteDialogProps {
  connection: Connection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ConnectionDeleteDialog({ connection, open, onOpenChange }: ConnectionDeleteDialogProps) {
  const queryClient = useQueryClient();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [removed, setRemoved] = useState(false);
  const usage = useQuery({ ...connectionUsageQuery(connection.id), enabled: open && !removed });
  const workflows = usage.data?.workflows ?? [];
  const used = workflows.length > 0;

  const remove = useMutation({
    mutationFn: () => connectionsApi.remove(connection.id, used),
    onSuccess: () => {
      setRemoved(true);
      queryClient.setQueryData<Connection[]>(connectionKeys.list(), (rows) => rows?.filter((row) => row.id !== connection.id));
      // Its usage is gone with it (read again, it would answer 404).
      queryClient.removeQueries({ queryKey: connectionKeys.usage(connection.id) });
      void queryClient.invalidateQueries({ queryKey: connectionKeys.list() });
      void queryClient.invalidateQueries({ queryKey: PIECE_OPTIONS_KEY });
      toast.success(`${connection.name} deleted`);
      onOpenChange(false);
    },
    onError: (error) => {
      // A step started using it since the list was read: read it again, the person decides again.
      if (error instanceof ApiError && error.status === 409) void usage.refetch();
    },
  });
  const busy = remove.isPending;

  let body;
  if (usage.isPending) {
    body = (
      <p className="connection-usage-loading" role="status">
        <Spinner size={14} /> Checking where it is used…
      </p>
    );
  } else if (usage.isError) {
    body = (
      <div className="connection-usage-error">
        <Alert variant="error">{errorMessage(usage.error, 'Could not check where it is used. Please try again.')}</Alert>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void usage.refetch()} disabled={usage.isFetching}>
          Retry
        </button>
      </div>
    );
  } else if (!used) {
    body = <p className="connection-usage-none">No workflow uses it.</p>;
  } else {
    body = (
      <div className="connection-usage">
        <p>
          {workflows.length === 1 ? 'One workflow uses it' : `${workflows.length} workflows use it`}. Once it is deleted, the steps below fail with
          INVALID_APP_CONNECTION until they are given another connection.
        </p>
        <ul className="connection-usage-list" aria-label="Workflows that use it">
          {workflows.map((workflow) => (
            <li key={workflow.id}>
              <Link to={`/workflows/${encodeURIComponent(workflow.id)}/edit`} className="connection-usage-link">
                {workflow.name}
              </Link>
              <span className="connection-usage-badges">
                {workflow.published ? <StatusBadge tone="success">Published</StatusBadge> : null}
                {workflow.draft ? <StatusBadge tone="neutral">Draft</StatusBadge> : null}
              </span>
              <span className="connection-usage-steps">{workflow.steps.map((step) => step.displayName).join(', ')}</span>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete connection?"
      description={
        <>
          <strong>{connection.name}</strong> and its secret will be deleted.
        </>
      }
      role="alertdialog"
      initialFocus={cancelRef}
      busy={busy}
      size="md"
    >
      {body}
      {remove.isError && !(remove.error instanceof ApiError && remove.error.status === 409) ? <Alert variant="error">{errorMessage(remove.error)}</Alert> : null}
      <div className="dialog-actions">
        <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={() => onOpenChange(false)} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={() => remove.mutate()} disabled={busy || usage.isPending || usage.isError}>
          {busy ? <Spinner size={14} /> : null}
          {used ? 'Delete anyway' : 'Delete'}
        </button>
      </div>
    </AppDialog>
  );
}
