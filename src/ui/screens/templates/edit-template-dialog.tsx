/** The gallery's Edit: the owner's template's fields (the same form as "Save as template"). */
import { toast } from 'sonner';
import { useUpdateTemplate, type TemplateSummary } from '../../../api/templates-api.ts';
import { AppDialog } from '../../components/data/dialog.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { TemplateForm, type TemplateFormValues } from '../../components/templates/template-form.tsx';

export function EditTemplateDialog({ template, onClose }: { template: TemplateSummary; onClose: () => void }) {
  const update = useUpdateTemplate();
  const onSubmit = async (value: TemplateFormValues) => {
    const saved = await update
      .mutateAsync({ id: template.id, request: { ...value, category: value.category || null } })
      .catch(() => null); // shown by the form's alert
    if (!saved) return;
    toast.success(`Template "${saved.title}" updated`);
    onClose();
  };
  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title="Edit template" busy={update.isPending} size="md">
      <TemplateForm
        initial={{
          title: template.title,
          description: template.description ?? '',
          category: template.category ?? '',
          tags: template.tags,
          visibility: template.visibility,
        }}
        submitLabel="Save changes"
        busy={update.isPending}
        error={update.isError ? errorMessage(update.error, 'Could not save the template') : undefined}
        onSubmit={onSubmit}
        onCancel={onClose}
      />
    </AppDialog>
  );
}
