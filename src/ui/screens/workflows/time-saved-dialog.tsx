/**
 * A workflow's "Minutes saved per run" (its settings, from the list's row menu): what one run saves a
 * person, which /analytics multiplies by the succeeded runs. Checked with the contract's rule
 * (timeSavedPerRunSchema) as it is typed; saved through the same PUT /workflow as a rename.
 */
import * as z from 'zod/mini';
import type { WorkflowSummary } from '../../../api/workflows-api.ts';
import { TIME_SAVED_MAX_MINUTES, timeSavedPerRunSchema } from '../../../domain/contract/workflows.ts';
import { WorkflowNumberDialog } from './workflow-number-dialog.tsx';

export const TIME_SAVED_LABEL = 'Minutes saved per run';

/** The typed text as minutes, or the sentence saying why it is not. */
export function readMinutes(text: string): { minutes: number } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { error: 'Enter a number of minutes' };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { error: 'Enter a number of minutes' };
  const result = z.safeParse(timeSavedPerRunSchema, value);
  return result.success ? { minutes: value } : { error: result.error.issues[0]?.message ?? 'Enter a number of minutes' };
}

export function TimeSavedDialog({ workflow, onClose }: { workflow: WorkflowSummary; onClose: () => void }) {
  return (
    <WorkflowNumberDialog
      title="Time saved"
      description={`How many minutes a person saves each time "${workflow.displayName}" runs successfully. Analytics adds it up.`}
      label={TIME_SAVED_LABEL}
      input={{ inputMode: 'decimal', min: 0, max: TIME_SAVED_MAX_MINUTES, step: 'any' }}
      current={workflow.timeSavedPerRun}
      initialText={String(workflow.timeSavedPerRun)}
      read={(text) => {
        const read = readMinutes(text);
        return 'error' in read ? read : { value: read.minutes };
      }}
      update={(minutes) => ({ timeSavedPerRun: minutes })}
      saved={() => 'Time saved per run updated'}
      saveError="Could not save the time saved"
      workflowId={workflow.id}
      onClose={onClose}
    />
  );
}
