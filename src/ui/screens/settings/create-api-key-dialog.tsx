/**
 * Creating a key, in one dialog of two steps: the form (name, access, expiry, and the current password,
 * since a key outlives every session), then the secret, shown this once with a Copy button. Closing the
 * dialog drops the secret from memory; the list shows only the key's first characters.
 */
import { useId, useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiKeyKeys, apiKeysApi, type CreatedApiKey } from '../../../api/api-keys-api.ts';
import { ApiError } from '../../../api/api-error.ts';
import { RECENT_SIGN_IN_MINUTES } from '../../../domain/contract/api-keys.ts';
import { AppDialog } from '../../components/data/dialog.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { bindTextField } from '../../components/form/bind-text-field.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import {
  API_KEY_MAX_EXPIRY_DAYS_MS,
  apiKeyNameSchema,
  dateError,
  EXPIRY_OPTIONS,
  FORM_DEFAULTS,
  localDay,
  passwordSchema,
  SCOPE_OPTIONS,
  toCreateRequest,
  type ApiKeyFormValues,
  type ExpiryChoice,
} from './api-key-form.ts';
import { ApiKeySecret } from './api-key-secret.tsx';

interface CreateApiKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** False for an account that signs in with Google only: no password to ask for. */
  passwordRequired: boolean;
}

type FieldName = keyof ApiKeyFormValues;
const KNOWN_FIELDS: readonly string[] = ['name', 'scope', 'expires_at', 'password'];

function serverFieldErrors(error: unknown): Partial<Record<string, string>> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  const fields: Partial<Record<string, string>> = {};
  for (const [field, messages] of Object.entries(error.errors)) if (messages[0]) fields[field === 'expires_at' ? 'date' : field] = messages[0];
  return fields;
}

export function CreateApiKeyDialog({ open, onOpenChange, passwordRequired }: CreateApiKeyDialogProps) {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const scopeId = useId();

  const create = useMutation({
    mutationFn: (values: ApiKeyFormValues) => apiKeysApi.create(toCreateRequest(values, passwordRequired)),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
      setCreated(result);
      toast.success(`${result.apiKey.name} created`);
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      setServerErrors(fields);
      const pointed = error instanceof ApiError && error.errors && Object.keys(error.errors).some((field) => KNOWN_FIELDS.includes(field));
      setFormError(pointed ? null : errorMessage(error));
    },
  });

  const form = useForm({
    defaultValues: FORM_DEFAULTS,
    onSubmit: async ({ value }) => {
      setFormError(null);
      await create.mutateAsync(value).catch(() => undefined); // shown by onError
    },
  });

  const clearServerError = (field: FieldName) => setServerErrors((errors) => (errors[field] ? { ...errors, [field]: undefined } : errors));
  const busy = create.isPending;
  const today = new Date();

  if (created) {
    return (
      <AppDialog open={open} onOpenChange={onOpenChange} title="Copy your new API key" description={`${created.apiKey.name}: ${created.apiKey.prefix}…`} size="md">
        <ApiKeySecret secret={created.secret} onDone={() => onOpenChange(false)} />
      </AppDialog>
    );
  }

  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="New API key" description="Call the Flowsmith API from your own code." busy={busy} size="md">
      <form
        className="dialog-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        {formError ? <Alert variant="error">{formError}</Alert> : null}
        <form.Field name="name" validators={{ onChange: apiKeyNameSchema }}>
          {(field) => {
            const bound = bindTextField(field);
            return (
              <TextField
                {...bound}
                onValueChange={(value) => {
                  clearServerError('name');
                  bound.onValueChange(value);
                }}
                error={bound.error ?? serverErrors.name}
                label="Name"
                autoComplete="off"
                placeholder="Deploy script"
              />
            );
          }}
        </form.Field>
        <form.Field name="scope">
          {(field) => (
            <fieldset className="api-key-scopes" aria-describedby={serverErrors.scope ? `${scopeId}-error` : undefined}>
              <legend className="field-label">Access</legend>
              {SCOPE_OPTIONS.map((option) => (
                <label key={option.value} className="api-key-scope">
                  <input
                    type="radio"
                    name={`${scopeId}-scope`}
                    value={option.value}
                    checked={field.state.value === option.value}
                    onChange={() => {
                      clearServerError('scope');
                      field.handleChange(option.value);
                    }}
                  />
                  <span>
                    <span className="api-key-scope-label">{option.label}</span>
                    <span className="api-key-hint">{option.hint}</span>
                  </span>
                </label>
              ))}
              {serverErrors.scope ? (
                <p id={`${scopeId}-error`} className="field-error">
                  {serverErrors.scope}
                </p>
              ) : null}
            </fieldset>
          )}
        </form.Field>
        <form.Field name="expiry">
          {(field) => (
            <SelectField
              label="Expires"
              value={field.state.value}
              options={EXPIRY_OPTIONS}
              onChange={(event) => {
                clearServerError('date');
                field.handleChange(event.target.value as ExpiryChoice);
              }}
            />
          )}
        </form.Field>
        <form.Subscribe selector={(state) => state.values.expiry}>
          {(expiry) =>
            expiry === 'date' ? (
              <form.Field
                name="date"
                validators={{ onChangeListenTo: ['expiry'], onChange: ({ value }) => dateError({ expiry: 'date', date: value }) }}
              >
                {(field) => {
                  const bound = bindTextField(field);
                  return (
                    <TextField
                      {...bound}
                      onValueChange={(value) => {
                        clearServerError('date');
                        bound.onValueChange(value);
                      }}
                      error={bound.error ?? serverErrors.date}
                      label="Expiry date"
                      type="date"
                      min={localDay(new Date(today.getTime() + 86_400_000))}
                      max={localDay(new Date(today.getTime() + API_KEY_MAX_EXPIRY_DAYS_MS))}
                    />
                  );
                }}
              </form.Field>
            ) : null
          }
        </form.Subscribe>
        {passwordRequired ? (
          <form.Field name="password" validators={{ onChange: passwordSchema }}>
            {(field) => {
              const bound = bindTextField(field);
              return (
                <TextField
                  {...bound}
                  onValueChange={(value) => {
                    clearServerError('password');
                    bound.onValueChange(value);
                  }}
                  error={bound.error ?? serverErrors.password}
                  label="Current password"
                  type="password"
                  autoComplete="current-password"
                />
              );
            }}
          </form.Field>
        ) : (
          <p className="api-key-hint">
            Your account signs in with Google: a key can be created within {RECENT_SIGN_IN_MINUTES} minutes of signing in.
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? <Spinner size={14} /> : null}
            Create key
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
