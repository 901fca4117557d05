/**
 * "Save as template": the template form (title, description, category, tags as chips — Enter adds a tag,
 * at most 10, SPEC §5 — and visibility) in a dialog; the server checks everything again.
 */
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useCreateTemplate } from '../../../api/templates-api.ts';
import type { WorkflowSummary } from '../../../api/workflows-api.ts';
import { AppDialog } from '../../components/data/dialog.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { TemplateForm, type TemplateFormValues } from '../../components/templates/template-form.tsx';

interface SaveTemplateDialogProps {
  workflow: WorkflowSummary;
  onClose: () => void;
}

export function SaveTemplateDialog({ workflow, onClose }: SaveTemplateDialogProps) {
  const navigate = useNavigate();
  const create = useCreateTemplate();

  const onSubmit = async (value: TemplateFormValues) => {
    const template = await create
      .mutateAsync({
        workflow_id: workflow.id,
        title: value.title,
        description: value.description || undefined,
        category: value.category || undefined,
        tags: value.tags,
        visibility: value.visibility,
      })
      .catch(() => null); // shown by the form's alert, from the mutation's state
    if (!template) return;
    toast.success(`Template "${template.title}" saved`, {
      action: { label: 'View', onClick: () => navigate(`/workflows/use-template/${template.id}`) },
    });
    onClose();
  };

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Save as template"
      description="Others can start a new workflow from a copy of this one."
      busy={create.isPending}
      size="md"
    >
      <TemplateForm
        initial={{ title: workflow.displayName, description: '', category: '', tags: [], visibility: 'PRIVATE' }}
        submitLabel="Save template"
        busy={create.isPending}
        error={create.isError ? errorMessage(create.error, 'Could not save the template') : undefined}
        onSubmit={onSubmit}
        onCancel={onClose}
      />
    </AppDialog>
  );
}
