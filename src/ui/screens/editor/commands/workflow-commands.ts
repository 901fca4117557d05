/** The workflow as a whole: run it, publish it, import a flow file over it, export it. */
import { toast } from 'sonner';
import { downloadTextFile, workflowExportFile } from '../../../components/workflows/export-workflow.ts';
import { editErrorMessage } from '../edit-errors.ts';
import type { EditorStore } from '../store/editor-store.ts';
import { defineCommands } from './command.ts';

export const PUBLISH_TOAST_ID = 'publish';
/** Why Run is disabled on an invalid version (the server would refuse it). */
export const RUN_DISABLED_REASON = 'Fix the steps that need configuration';
export const PUBLISH_DISABLED_REASON = 'Configure every step before publishing';

export async function publishWithToasts(store: EditorStore): Promise<void> {
  toast.loading('Publishing…', { id: PUBLISH_TOAST_ID });
  try {
    await store.publish();
    toast.success('Published', { id: PUBLISH_TOAST_ID, description: 'This version is live and read-only now.' });
  } catch (error) {
    toast.error('Publish Failed', { id: PUBLISH_TOAST_ID, description: editErrorMessage(error, 'The server did not accept this version.') });
  }
}

export const WORKFLOW_COMMANDS = defineCommands([
  {
    id: 'workflow.run',
    label: 'Run this version',
    short: 'Run',
    keys: ['Mod+Enter'],
    // Runs use the server's copy; a read-only version runs as it is.
    allowedReadOnly: true,
    claimsKey: true,
    canRun: ({ store, ui }) => ui.runner !== undefined && store.head?.valid === true && !ui.runner.starting,
    run: ({ ui }) => ui.runner?.start(),
  },
  {
    id: 'workflow.publish',
    label: 'Publish',
    keys: [],
    allowedReadOnly: false,
    canRun: ({ store }) => store.canPublish,
    run: ({ store }) => publishWithToasts(store),
  },
  {
    id: 'workflow.import',
    label: 'Import a flow file',
    keys: [],
    allowedReadOnly: false,
    canRun: ({ ui }) => ui.chooseImportFile !== undefined,
    run: ({ ui }) => ui.chooseImportFile?.(),
  },
  {
    // SPEC §4 "change status": the workflow, not the version, so a read-only (published) version allows it.
    id: 'workflow.status',
    label: 'Change status',
    hint: 'Enable or disable the workflow',
    keys: ['Shift+E'],
    allowedReadOnly: true,
    isActive: ({ store }) => store.flow?.status === 'ENABLED',
    canRun: ({ store, ui }) => store.flow !== null && ui.toggleStatus !== undefined && ui.statusPending !== true,
    run: ({ ui }) => ui.toggleStatus?.(),
  },
  {
    // SPEC §4 "change folder".
    id: 'workflow.folder',
    label: 'Change folder',
    keys: ['M'],
    allowedReadOnly: true,
    canRun: ({ store, ui }) => store.flow !== null && ui.chooseFolder !== undefined,
    run: ({ ui }) => ui.chooseFolder?.(),
  },
  {
    id: 'workflow.export',
    label: 'Export JSON',
    keys: [],
    allowedReadOnly: true,
    canRun: ({ store }) => store.head !== null,
    run: ({ store }) => {
      if (store.version) downloadTextFile(workflowExportFile(store.version));
    },
  },
]);
