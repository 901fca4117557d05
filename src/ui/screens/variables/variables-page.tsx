/**
 * The variables list, for one scope: global (/variables) or one workflow's (/workflows/{id}/variables).
 * Create and edit open the variable dialog; delete asks first. Every change refetches the list.
 */
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Variable as VariableIcon } from 'lucide-react';
import { toast } from 'sonner';
import { variableKeys, variableListQuery, variablesApi, type Variable } from '../../../api/variables-api.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { TableSkeleton } from '../../components/data/table-skeleton.tsx';
import { TableError } from '../../components/data/table-error.tsx';
import { ConfirmDialog } from '../../components/data/confirm-dialog.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { VariablesTable, VARIABLE_SKELETON_COLUMNS } from './variables-table.tsx';
import { VariableDialog } from './variable-dialog.tsx';
import './variables.css';

interface VariablesPageProps {
  /** Undefined: global variables. */
  workflowId?: string | undefined;
  /** The page heading block; it receives the 'New variable' button to place. */
  header: (newButton: ReactNode) => ReactNode;
}

/** Each opening gets a fresh form (a new key), so one edit never leaks into the next. */
interface DialogState {
  variable?: Variable | undefined;
  session: number;
}

export function VariablesPage({ workflowId, header }: VariablesPageProps) {
  const queryClient = useQueryClient();
  const variables = useQuery(variableListQuery(workflowId));
  const [dialog, setDialog] = useState<DialogState>({ session: 0 });
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<Variable | null>(null);

  const openDialog = (variable?: Variable) => {
    setDialog((current) => ({ variable, session: current.session + 1 }));
    setDialogOpen(true);
  };

  const remove = useMutation({
    mutationFn: (variable: Variable) => variablesApi.remove(variable.id),
    onSuccess: (_, variable) => {
      queryClient.setQueryData<Variable[]>(variableKeys.list(workflowId), (rows) => rows?.filter((row) => row.id !== variable.id));
      void queryClient.invalidateQueries({ queryKey: variableKeys.all });
      setDeleting(null);
      toast.success(`${variable.name} deleted`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not delete the variable. Please try again.')),
  });

  const newButton = (
    <button type="button" className="btn btn-primary" onClick={() => openDialog()}>
      <Plus width={16} height={16} aria-hidden="true" />
      New variable
    </button>
  );

  let body;
  if (variables.isPending) body = <TableSkeleton columns={VARIABLE_SKELETON_COLUMNS} label="Loading variables" />;
  else if (variables.isError) {
    body = <TableError title="Could not load variables" error={variables.error} onRetry={() => void variables.refetch()} retrying={variables.isFetching} />;
  } else {
    body = (
      <VariablesTable
        variables={variables.data}
        onEdit={openDialog}
        onDelete={setDeleting}
        empty={
          <EmptyState icon={VariableIcon} title="No variables yet">
            <p>{workflowId ? 'Values only this workflow can use.' : 'Values every workflow can use: URLs, limits, keys.'}</p>
            <button type="button" className="btn btn-secondary btn-sm empty-state-action" onClick={() => openDialog()}>
              <Plus width={14} height={14} aria-hidden="true" />
              Create variable
            </button>
          </EmptyState>
        }
      />
    );
  }

  return (
    <div className="page">
      {header(newButton)}
      <section className="card variables-card" aria-label="Variables list">
        {body}
      </section>
      <VariableDialog key={dialog.session} open={dialogOpen} onOpenChange={setDialogOpen} variable={dialog.variable} workflowId={workflowId} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete variable?"
        description={
          deleting ? (
            <>
              <strong>{deleting.name}</strong> will be deleted. Steps that use it will no longer find its value.
            </>
          ) : null
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
