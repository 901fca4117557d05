/**
 * "Save as template": title, description, category, tags (comma separated, at most 10 — SPEC §5) and
 * visibility. TanStack Form validates on change and blur like the auth forms; the server checks again.
 */
import { useId } from 'react';
import { useForm } from '@tanstack/react-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MAX_TEMPLATE_TAGS, parseTags, templateFormFields, useCreateTemplate, type TemplateVisibility } from '../../../api/templates-api.ts';
import type { WorkflowSummary } from '../../../api/workflows-api.ts';
import { AppDialog } from '../../components/data/dialog.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { bindTextField, firstErrorMessage } from '../../components/form/bind-text-field.ts';

const VISIBILITY_OPTIONS = [
  { value: 'PRIVATE', label: 'Private — only you can use it' },
  { value: 'PUBLIC', label: 'Public — anyone with the link can preview it' },
];

/** SPEC §5: 'At most 10 tags', counted after splitting, trimming and dropping repeats. */
export function tagsError(text: string): string | undefined {
  const parsed = templateFormFields.tags.safeParse(parseTags(text));
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? `At most ${MAX_TEMPLATE_TAGS} tags`);
}

interface SaveTemplateDialogProps {
  workflow: WorkflowSummary;
  onClose: () => void;
}

export function SaveTemplateDialog({ workflow, onClose }: SaveTemplateDialogProps) {
  const navigate = useNavigate();
  const create = useCreateTemplate();
  const descriptionId = useId();

  const form = useForm({
    defaultValues: { title: workflow.displayName, description: '', category: '', tags: '', visibility: 'PRIVATE' as TemplateVisibility },
    onSubmit: async ({ value }) => {
      const tags = parseTags(value.tags);
      const template = await create
        .mutateAsync({
          workflow_id: workflow.id,
          title: value.title.trim(),
          description: value.description.trim() || undefined,
          category: value.category.trim() || undefined,
          tags,
          visibility: value.visibility,
        })
        .catch(() => null); // shown by the alert below, from the mutation's state
      if (!template) return;
      toast.success(`Template "${template.title}" saved`, {
        action: { label: 'View', onClick: () => navigate(`/workflows/use-template/${template.id}`) },
      });
      onClose();
    },
  });

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Save as template"
      description="Others can start a new workflow from a copy of this one."
      busy={create.isPending}
      size="md"
    >
      <form
        className="dialog-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        {create.isError ? <Alert variant="error">{errorMessage(create.error, 'Could not save the template')}</Alert> : null}
        <form.Field name="title" validators={{ onChange: templateFormFields.title }}>
          {(field) => <TextField {...bindTextField(field)} label="Title" autoComplete="off" />}
        </form.Field>
        <form.Field name="description" validators={{ onChange: templateFormFields.description }}>
          {(field) => {
            const error = field.state.meta.isTouched ? firstErrorMessage(field.state.meta.errors) : undefined;
            return (
              <div className="field">
                <label className="field-label" htmlFor={descriptionId}>
                  Description
                </label>
                <textarea
                  id={descriptionId}
                  className="textarea"
                  rows={3}
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={field.handleBlur}
                  aria-invalid={error ? true : undefined}
                />
                {error ? <p className="field-error">{error}</p> : null}
              </div>
            );
          }}
        </form.Field>
        <form.Field name="category" validators={{ onChange: templateFormFields.category }}>
          {(field) => <TextField {...bindTextField(field)} label="Category" placeholder="e.g. Sales" autoComplete="off" />}
        </form.Field>
        <form.Field name="tags" validators={{ onChange: ({ value }) => tagsError(value) }}>
          {(field) => (
            <div className="field">
              <TextField {...bindTextField(field)} label="Tags" placeholder="crm, email, daily" autoComplete="off" />
              <TagPreview text={field.state.value} />
            </div>
          )}
        </form.Field>
        <form.Field name="visibility">
          {(field) => (
            <SelectField
              label="Visibility"
              options={VISIBILITY_OPTIONS}
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value as TemplateVisibility)}
            />
          )}
        </form.Field>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? <Spinner size={14} /> : null}
            Save template
          </button>
        </div>
      </form>
    </AppDialog>
  );
}

/** The tags as they will be saved, and how many of the 10 are used. */
function TagPreview({ text }: { text: string }) {
  const tags = parseTags(text);
  return (
    <p className="tag-preview" aria-live="polite">
      <span className="tag-count">
        {tags.length}/{MAX_TEMPLATE_TAGS} tags · separate with commas
      </span>
      {tags.map((tag) => (
        <span key={tag} className="tag">
          {tag}
        </span>
      ))}
    </p>
  );
}
