/**
 * Create or edit a variable in a dialog. TanStack Form with the zod/mini rules of variable-form.ts,
 * checked on change and on blur; the server's own field errors (a taken name: 409, anything else it
 * refuses: 400) appear under their fields and clear as soon as that field is edited.
 */
import { useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { variableFieldErrors, variableKeys, variablesApi, type Variable, type VariableType } from '../../../api/variables-api.ts';
import { AppDialog } from '../../components/data/dialog.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { bindTextField, firstErrorMessage } from '../../components/form/bind-text-field.ts';
import {
  descriptionSchema,
  formDefaults,
  toCreateRequest,
  toUpdateRequest,
  valueError,
  variableNameSchema,
  VARIABLE_STATUS_OPTIONS,
  VARIABLE_TYPE_OPTIONS,
  type VariableFormValues,
} from './variable-form.ts';
import { ValueInput } from './value-input.tsx';
import { FieldFrame, NativeSelect } from './field-frame.tsx';
import { SensitiveCheckbox } from './sensitive-checkbox.tsx';

interface VariableDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The variable to edit; undefined creates one. */
  variable?: Variable | undefined;
  /** Creates in this workflow's scope; undefined is global. */
  workflowId?: string | undefined;
}

type FieldName = keyof VariableFormValues;

export function VariableDialog({ open, onOpenChange, variable, workflowId }: VariableDialogProps) {
  const queryClient = useQueryClient();
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (values: VariableFormValues) =>
      variable ? variablesApi.update(variable.id, toUpdateRequest(values, variable)) : variablesApi.create(toCreateRequest(values, workflowId)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: variableKeys.all });
      toast.success(variable ? `${saved.name} saved` : `${saved.name} created`);
      onOpenChange(false);
    },
    onError: (error) => {
      const fields = variableFieldErrors(error);
      setServerErrors(fields);
      // a refusal with no field to point at (or a network failure) is said above the form
      const known = ['name', 'type', 'value', 'description', 'status', 'sensitive'];
      setFormError(Object.keys(fields).some((field) => known.includes(field)) ? null : errorMessage(error));
    },
  });

  const form = useForm({
    defaultValues: formDefaults(variable),
    onSubmit: async ({ value }) => {
      setFormError(null);
      await save.mutateAsync(value).catch(() => undefined); // shown by onError
    },
  });

  /** Editing a field retires the server's complaint about it. */
  const clearServerError = (field: FieldName) =>
    setServerErrors((errors) => (errors[field] ? { ...errors, [field]: undefined } : errors));
  const withServerError = (field: FieldName, clientError: string | undefined) => clientError ?? serverErrors[field];

  const busy = save.isPending;
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={variable ? 'Edit variable' : 'New variable'}
      description={workflowId ? 'Only this workflow can use it.' : 'Every workflow can use it.'}
      busy={busy}
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
        {formError ? <Alert variant="error">{formError}</Alert> : null}
        <form.Field name="name" validators={{ onChange: variableNameSchema }}>
          {(field) => {
            const bound = bindTextField(field);
            return (
              <TextField
                {...bound}
                onValueChange={(value) => {
                  clearServerError('name');
                  bound.onValueChange(value);
                }}
                error={withServerError('name', bound.error)}
                label="Name"
                autoComplete="off"
                spellCheck={false}
                placeholder="API_BASE_URL"
              />
            );
          }}
        </form.Field>
        <div className="variable-form-row">
          <form.Field name="type">
            {(field) => (
              <FieldFrame label="Type" error={serverErrors.type}>
                {(control) => (
                  <NativeSelect
                    control={control}
                    value={field.state.value}
                    options={VARIABLE_TYPE_OPTIONS}
                    onValueChange={(next) => {
                      clearServerError('type');
                      // a boolean is picked from a list: a typed value that is not one would hide behind it
                      const value = form.getFieldValue('value');
                      if (next === 'BOOLEAN' && value !== 'true' && value !== 'false') form.setFieldValue('value', '');
                      field.handleChange(next as VariableType);
                    }}
                  />
                )}
              </FieldFrame>
            )}
          </form.Field>
          <form.Field name="status">
            {(field) => (
              <FieldFrame label="Status" error={serverErrors.status}>
                {(control) => (
                  <NativeSelect
                    control={control}
                    value={field.state.value}
                    options={VARIABLE_STATUS_OPTIONS}
                    onValueChange={(next) => {
                      clearServerError('status');
                      field.handleChange(next as VariableFormValues['status']);
                    }}
                  />
                )}
              </FieldFrame>
            )}
          </form.Field>
        </div>
        <form.Field
          name="value"
          validators={{
            onChangeListenTo: ['type'],
            onChange: ({ value, fieldApi }) => valueError({ value, type: fieldApi.form.getFieldValue('type') }, variable),
          }}
        >
          {(field) => (
            <form.Subscribe selector={(state) => state.values.type}>
              {(type) => (
                <ValueInput
                  type={type}
                  value={field.state.value}
                  keepCurrent={variable?.sensitive === true}
                  error={withServerError('value', field.state.meta.isTouched ? firstErrorMessage(field.state.meta.errors) : undefined)}
                  onValueChange={(value) => {
                    clearServerError('value');
                    field.handleChange(value);
                  }}
                  onBlur={() => {
                    field.handleBlur();
                    field.validate('change');
                  }}
                />
              )}
            </form.Subscribe>
          )}
        </form.Field>
        <form.Field name="sensitive">
          {(field) => (
            <SensitiveCheckbox
              checked={field.state.value}
              locked={variable?.sensitive === true}
              error={serverErrors.sensitive}
              onCheckedChange={(checked) => {
                clearServerError('sensitive');
                field.handleChange(checked);
              }}
            />
          )}
        </form.Field>
        <form.Field name="description" validators={{ onChange: descriptionSchema }}>
          {(field) => {
            const bound = bindTextField(field);
            return (
              <FieldFrame label="Description (optional)" error={withServerError('description', bound.error)}>
                {(control) => (
                  <textarea
                    {...control}
                    className="textarea variable-description"
                    rows={2}
                    value={bound.value}
                    onChange={(event) => {
                      clearServerError('description');
                      bound.onValueChange(event.target.value);
                    }}
                    onBlur={bound.onBlur}
                  />
                )}
              </FieldFrame>
            );
          }}
        </form.Field>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? <Spinner size={14} /> : null}
            {variable ? 'Save changes' : 'Create variable'}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
