/**
 * A template's fields as a form: title, description, category, tags (chips: Enter adds a tag, it does
 * not submit) and visibility. The "Save as template" dialog (workflow list) and the gallery's edit dialog
 * both use it; TanStack Form validates on change and blur with the contract's limits, the server again.
 */
import { useId } from 'react';
import { useForm } from '@tanstack/react-form';
import { templateFormFields, type TemplateVisibility } from '../../../api/templates-api.ts';
import { Alert } from '../ui/alert.tsx';
import { SelectField } from '../ui/select-field.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { TextField } from '../ui/text-field.tsx';
import { bindTextField, firstErrorMessage } from '../form/bind-text-field.ts';
import { TagsInput } from './tags-input.tsx';

export interface TemplateFormValues {
  title: string;
  description: string;
  category: string;
  tags: string[];
  visibility: TemplateVisibility;
}

const VISIBILITY_OPTIONS = [
  { value: 'PRIVATE', label: 'Private — only you can use it' },
  { value: 'PUBLIC', label: 'Public — anyone can preview and use it' },
];

interface TemplateFormProps {
  initial: TemplateFormValues;
  submitLabel: string;
  busy: boolean;
  /** The request's failure, shown above the fields. */
  error?: string | undefined;
  onSubmit: (values: TemplateFormValues) => Promise<void>;
  onCancel: () => void;
}

export function TemplateForm({ initial, submitLabel, busy, error, onSubmit, onCancel }: TemplateFormProps) {
  const descriptionId = useId();
  const form = useForm({
    defaultValues: initial,
    onSubmit: ({ value }) =>
      onSubmit({ ...value, title: value.title.trim(), description: value.description.trim(), category: value.category.trim() }),
  });

  return (
    <form
      className="dialog-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      {error ? <Alert variant="error">{error}</Alert> : null}
      <form.Field name="title" validators={{ onChange: templateFormFields.title }}>
        {(field) => <TextField {...bindTextField(field)} label="Title" autoComplete="off" />}
      </form.Field>
      <form.Field name="description" validators={{ onChange: templateFormFields.description }}>
        {(field) => {
          const message = field.state.meta.isTouched ? firstErrorMessage(field.state.meta.errors) : undefined;
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
                aria-invalid={message ? true : undefined}
              />
              {message ? <p className="field-error">{message}</p> : null}
            </div>
          );
        }}
      </form.Field>
      <form.Field name="category" validators={{ onChange: templateFormFields.category }}>
        {(field) => <TextField {...bindTextField(field)} label="Category" placeholder="e.g. Sales" autoComplete="off" />}
      </form.Field>
      <form.Field name="tags" validators={{ onChange: templateFormFields.tags }}>
        {(field) => (
          <TagsInput
            label="Tags"
            tags={field.state.value}
            onTagsChange={(tags) => field.handleChange(tags)}
            error={firstErrorMessage(field.state.meta.errors)}
          />
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
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? <Spinner size={14} /> : null}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
