/**
 * The row actions that need no dialog — duplicate, export, enable/disable — with their toasts. Export
 * reads the full workflow (the list only has summaries) through the query cache.
 */
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useDuplicateWorkflow, useSetWorkflowStatus, workflowQueryOptions, type WorkflowSummary } from '../../../api/workflows-api.ts';
import type { FlowStatus } from '../../../domain/index.ts';
import { errorMessage } from '../../components/data/error-message.ts';
import { downloadTextFile, workflowExportFile } from './export-workflow.ts';

export function useWorkflowActions() {
  const client = useQueryClient();
  const duplicate = useDuplicateWorkflow();
  const setStatus = useSetWorkflowStatus();

  return {
    duplicate: (workflow: WorkflowSummary) =>
      duplicate.mutate(workflow.id, {
        onSuccess: (created) => toast.success(`Duplicated as "${created.flow.displayName}"`),
        onError: (error) => toast.error(errorMessage(error, 'Could not duplicate the workflow')),
      }),

    exportJson: async (workflow: WorkflowSummary) => {
      const id = toast.loading(`Exporting "${workflow.displayName}"…`);
      try {
        const { version } = await client.fetchQuery({ ...workflowQueryOptions(workflow.id), staleTime: 0 });
        const file = workflowExportFile(version);
        downloadTextFile(file);
        toast.success(`Exported ${file.fileName}`, { id });
      } catch (error) {
        toast.error(errorMessage(error, 'Could not export the workflow'), { id });
      }
    },

    /** Flips at once; a refusal (e.g. TRIGGER_ENABLE) flips it back and says why. */
    setStatus: (workflow: WorkflowSummary, status: FlowStatus) =>
      setStatus.mutate(
        { id: workflow.id, status },
        {
          onSuccess: () => toast.success(`${workflow.displayName} ${status === 'ENABLED' ? 'enabled' : 'disabled'}`),
          onError: (error) => toast.error(errorMessage(error, `Could not ${status === 'ENABLED' ? 'enable' : 'disable'} the workflow`)),
        },
      ),

    /** The row whose status request is in flight, so its switch shows it is busy. */
    pendingStatusId: setStatus.isPending ? setStatus.variables?.id : undefined,
  };
}
