/**
 * Create or edit a connection. TanStack Form with the rules of connection-form.ts, checked on change and
 * on blur; the fields follow the type. Secret fields are write-only: they start empty, and when editing an
 * empty one keeps the stored secret. The server's own field errors (a taken name: 409; renaming one that
 * steps use: 409; anything else it refuses: 400) appear under their fields and clear when that field is
 * edited; a refusal with no field (or a 403 for a caller who may not write: SPEC §6's sentence) above the form.
 */
import { useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { toast } from 'sonner';
import {
  connectionFieldErrors,
  connectionKeys,
  connectionSaveMessage,
  connectionsApi,
  PIECE_OPTIONS_KEY,
  type Connection,
  type ConnectionType,
} from '../../../../api/connections-api.ts';
import { AppDialog } from '../../../components/data/dialog.tsx';
import { errorMessage } from '../../../components/data/error-message.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { bindTextField, firstErrorMessage } from '../../../components/form/bind-text-field.ts';
import {
  CONNECTION_TYPE_OPTIONS,
  formDefaults,
  headerNameError,
  headersError,
  headerValueError,
  KEEP_SECRET_HINT,
  keepsSecrets,
  MAX_CUSTOM_HEADERS,
  nameError,
  NEW_SECRET_HINT,
  secretError,
  toCreateRequest,
  toUpdateRequest,
  TYPE_HINTS,
  usernameError,
  type ConnectionFormValues,
} from './connection-form.ts';
import { ConnectionField } from './connection-field.tsx';

interface ConnectionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The connection to edit; undefined creates one. */
  connection?: Connection | undefined;
}

/** The server's field names → the form's. */
const SERVER_FIELDS: Record<string, keyof ConnectionFormValues> = {
  name: 'name',
  type: 'type',
  header_name: 'headerName',
  api_key: 'apiKey',
  username: 'username',
  password: 'password',
  token: 'token',
  headers: 'headers',
};

type ServerErrors = Partial<Record<keyof ConnectionFormValues, string>>;

export function ConnectionDialog({ open, onOpenChange, connection }: ConnectionDialogProps) {
  const queryClient = useQueryClient();
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (values: ConnectionFormValues) =>
      connection ? connectionsApi.update(connection.id, toUpdateRequest(values, connection)) : connectionsApi.create(toCreateRequest(values)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
      // The HTTP step's 'Connection' choices list them by name.
      void queryClient.invalidateQueries({ queryKey: PIECE_OPTIONS_KEY });
      toast.success(connection ? `${saved.name} saved` : `${saved.name} created`);
      onOpenChange(false);
    },
    onError: (error) => {
      const fields: ServerErrors = {};
      for (const [field, message] of Object.entries(connectionFieldErrors(error))) {
        const formField = SERVER_FIELDS[field];
        if (formField && message) fields[formField] = message;
      }
      setServerErrors(fields);
      setFormError(Object.keys(fields).length > 0 ? null : (connectionSaveMessage(error) ?? errorMessage(error)));
    },
  });

  const form = useForm({
    defaultValues: formDefaults(connection),
    onSubmit: async ({ value }) => {
      setFormError(null);
      await save.mutateAsync(value).catch(() => undefined); // shown by onError
    },
  });

  const clearServerError = (field: keyof ConnectionFormValues) => setServerErrors((errors) => (errors[field] ? { ...errors, [field]: undefined } : errors));
  const busy = save.isPending;
  const typeIs = (type: ConnectionType) => form.getFieldValue('type') === type;
  const secretHint = (type: ConnectionType) => (keepsSecrets(connection, type) ? KEEP_SECRET_HINT : NEW_SECRET_HINT);
  /** A write-only secret field of one type: validated only while that type is chosen (a hidden field never blocks a save). */
  const secretField = (name: 'apiKey' | 'password' | 'token', label: string, type: ConnectionType, kind: 'header' | 'password', required: string) => (
    <form.Field
      name={name}
      validators={{
        onChangeListenTo: ['type'],
        onChange: ({ value }) => (typeIs(type) ? secretError(kind, value, keepsSecrets(connection, type), required) : undefined),
      }}
    >
      {(field) => (
        <ConnectionField
          label={label}
          value={field.state.value}
          hint={secretHint(type)}
          error={(field.state.meta.isTouched ? firstErrorMessage(field.state.meta.errors) : undefined) ?? serverErrors[name]}
          onValueChange={(value) => {
            clearServerError(name);
            field.handleChange(value);
          }}
          onBlur={() => {
            field.handleBlur();
            field.validate('change');
          }}
        />
      )}
    </form.Field>
  );

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={connection ? 'Edit connection' : 'New connection'}
      description="HTTP steps send it as headers. Secrets are stored encrypted and never shown again."
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
        <form.Field name="name" validators={{ onChange: ({ value }) => nameError(value) }}>
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
                placeholder="GitHub API"
              />
            );
          }}
        </form.Field>
        <form.Field name="type">
          {(field) => (
            <div className="field">
              <SelectField
                label="Type"
                value={field.state.value}
                options={CONNECTION_TYPE_OPTIONS}
                aria-describedby="connection-type-hint"
                onChange={(event) => {
                  clearServerError('type');
                  field.handleChange(event.target.value as ConnectionType);
                }}
              />
              <p id="connection-type-hint" className="field-hint">
                {TYPE_HINTS[field.state.value]}
                {connection && field.state.value !== connection.type ? '. A new type needs all of its values.' : ''}
              </p>
              {serverErrors.type ? <p className="field-error">{serverErrors.type}</p> : null}
            </div>
          )}
        </form.Field>

        <form.Subscribe selector={(state) => state.values.type}>
          {(type) => (
            <>
              {type === 'API_KEY' ? (
                <>
                  <form.Field
                    name="headerName"
                    validators={{ onChangeListenTo: ['type'], onChange: ({ value }) => (typeIs('API_KEY') ? headerNameError(value) : undefined) }}
                  >
                    {(field) => {
                      const bound = bindTextField(field);
                      return (
                        <TextField
                          {...bound}
                          onValueChange={(value) => {
                            clearServerError('headerName');
                            bound.onValueChange(value);
                          }}
                          error={bound.error ?? serverErrors.headerName}
                          label="Header name"
                          autoComplete="off"
                          spellCheck={false}
                          placeholder="X-API-Key"
                        />
                      );
                    }}
                  </form.Field>
                  {secretField('apiKey', 'API key', 'API_KEY', 'header', 'Enter the API key')}
                </>
              ) : null}

              {type === 'BASIC_AUTH' ? (
                <>
                  <form.Field
                    name="username"
                    validators={{ onChangeListenTo: ['type'], onChange: ({ value }) => (typeIs('BASIC_AUTH') ? usernameError(value) : undefined) }}
                  >
                    {(field) => {
                      const bound = bindTextField(field);
                      return (
                        <TextField
                          {...bound}
                          onValueChange={(value) => {
                            clearServerError('username');
                            bound.onValueChange(value);
                          }}
                          error={bound.error ?? serverErrors.username}
                          label="Username"
                          autoComplete="off"
                          spellCheck={false}
                        />
                      );
                    }}
                  </form.Field>
                  {secretField('password', 'Password', 'BASIC_AUTH', 'password', 'Enter the password')}
                </>
              ) : null}

              {type === 'BEARER_TOKEN' ? secretField('token', 'Token', 'BEARER_TOKEN', 'header', 'Enter the token') : null}

              {type === 'CUSTOM_HEADERS' ? (
                <form.Field
                  name="headers"
                  mode="array"
                  validators={{ onChangeListenTo: ['type'], onChange: ({ value }) => (typeIs('CUSTOM_HEADERS') ? headersError(value) : undefined) }}
                >
                  {(list) => (
                    <fieldset className="connection-headers">
                      <legend className="field-label">Headers</legend>
                      <p className="field-hint">{secretHint('CUSTOM_HEADERS') === KEEP_SECRET_HINT ? 'Leave a value empty to keep the current one' : NEW_SECRET_HINT}</p>
                      <div className="connection-header-labels" aria-hidden="true">
                        <span>Name</span>
                        <span>Value</span>
                      </div>
                      {list.state.value.map((_, index) => (
                        <div className="connection-header-row" key={index}>
                          <form.Field
                            name={`headers[${index}].name`}
                            validators={{ onChange: ({ value }) => (typeIs('CUSTOM_HEADERS') ? headerNameError(value) : undefined) }}
                          >
                            {(field) => {
                              const bound = bindTextField(field);
                              return (
                                <ConnectionField
                                  secret={false}
                                  label={`Header ${index + 1} name`}
                                  hideLabel
                                  value={bound.value}
                                  error={bound.error}
                                  placeholder="X-Tenant"
                                  onValueChange={(value) => {
                                    clearServerError('headers');
                                    bound.onValueChange(value);
                                  }}
                                  onBlur={bound.onBlur}
                                />
                              );
                            }}
                          </form.Field>
                          <form.Field
                            name={`headers[${index}].value`}
                            validators={{
                              onChangeListenTo: [`headers[${index}].name`],
                              onChange: ({ value, fieldApi }) =>
                                typeIs('CUSTOM_HEADERS')
                                  ? headerValueError({ name: fieldApi.form.getFieldValue(`headers[${index}].name`), value }, connection, 'CUSTOM_HEADERS')
                                  : undefined,
                            }}
                          >
                            {(field) => (
                              <ConnectionField
                                label={`Header ${index + 1} value`}
                                hideLabel
                                value={field.state.value}
                                error={field.state.meta.isTouched ? firstErrorMessage(field.state.meta.errors) : undefined}
                                onValueChange={(value) => {
                                  clearServerError('headers');
                                  field.handleChange(value);
                                }}
                                onBlur={() => {
                                  field.handleBlur();
                                  field.validate('change');
                                }}
                              />
                            )}
                          </form.Field>
                          <button
                            type="button"
                            className="icon-button connection-header-remove"
                            aria-label={`Remove header ${index + 1}`}
                            disabled={list.state.value.length === 1}
                            onClick={() => list.removeValue(index)}
                          >
                            <X width={16} height={16} aria-hidden="true" />
                          </button>
                        </div>
                      ))}
                      {list.state.value.length < MAX_CUSTOM_HEADERS ? (
                        <button type="button" className="btn btn-secondary btn-sm connection-header-add" onClick={() => list.pushValue({ name: '', value: '' })}>
                          <Plus width={14} height={14} aria-hidden="true" />
                          Add header
                        </button>
                      ) : null}
                      {(list.state.meta.isTouched ? firstErrorMessage(list.state.meta.errors) : undefined) ?? serverErrors.headers ? (
                        <p className="field-error">{(list.state.meta.isTouched ? firstErrorMessage(list.state.meta.errors) : undefined) ?? serverErrors.headers}</p>
                      ) : null}
                    </fieldset>
                  )}
                </form.Field>
              ) : null}
            </>
          )}
        </form.Subscribe>

        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? <Spinner size={14} /> : null}
            {connection ? 'Save changes' : 'Create connection'}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
