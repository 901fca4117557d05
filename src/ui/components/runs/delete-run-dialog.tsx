/** The one-run delete question (issue 17), the same from a run's page and from its row menu. */
import type { RunSummary } from '../../../api/executions-api.ts';
import { ConfirmDialog } from '../data/confirm-dialog.tsx';

export function DeleteRunDialog(props: {
  run: Pick<RunSummary, 'workflowName'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Delete this run?"
      description={`This run of ${props.run.workflowName || 'Untitled'} and its step record are deleted for good.`}
      confirmLabel="Delete run"
      busy={props.busy}
      onConfirm={props.onConfirm}
    />
  );
}
