/**
 * The row actions that need no dialog — run, duplicate, export, enable/disable — with their toasts.
 * Export reads the full workflow (the list only has summaries) through the query cache. Run starts the
 * version the server picks (the published one, else the latest) and offers the run's page.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { executionKeys } from '../../../api/executions-api.ts';
import { runsApi } from '../../../api/runs-api.ts';
import { useDuplicateWorkflow, useSetWorkflowStatus, workflowQueryOptions, type WorkflowSummary } from '../../../api/workflows-api.ts';
import type { FlowStatus } from '../../../domain/index.ts';
import { errorMessage } from '../../components/data/error-message.ts';
import { downloadTextFile, workflowExportFile } from '../../components/workflows/export-workflow.ts';

export function useWorkflowActions() {
  const client = useQueryClient();
  const duplicate = useDuplicateWorkflow();
  const setStatus = useSetWorkflowStatus();
  const navigate = useNavigate();

  return {
    run: async (workflow: WorkflowSummary) => {
      const id = toast.loading(`Starting "${workflow.displayName}"…`);
      try {
        const run = await runsApi.start({ flowId: workflow.id });
        client.setQueryData(executionKeys.detail(run.id), run);
        void client.invalidateQueries({ queryKey: executionKeys.all });
        const path = `/executions/${encodeURIComponent(run.id)}`;
        toast.success('Run started', { id, action: { label: 'View', onClick: () => void navigate(path) } });
      } catch (error) {
        toast.error(errorMessage(error, 'Could not start the workflow'), { id });
      }
    },

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
