/**
 * Create or edit an invoice address in a dialog: TanStack Form with the contract's field rules, checked
 * on change and on blur; the VAT id is checked against the chosen country as either changes. The
 * server's own refusals (400 VALIDATION) appear under their fields and clear when that field is edited;
 * one about the whole address (too many addresses) is said above the form.
 */
import { useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from '../../../../api/api-error.ts';
import { billingApi, billingKeys, type InvoiceAddress } from '../../../../api/billing-api.ts';
import { ADDRESS_LIMITS, KEEP_A_DEFAULT_MESSAGE } from '../../../../domain/contract/billing.ts';
import { VAT_ID_INPUT_MAX } from '../../../../domain/contract/vat.ts';
import { AppDialog } from '../../../components/data/dialog.tsx';
import { errorMessage } from '../../../components/data/error-message.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { bindTextField, firstErrorMessage } from '../../../components/form/bind-text-field.ts';
import {
  addressCitySchema,
  addressCompanySchema,
  addressLine1Schema,
  addressLine2Schema,
  addressNameSchema,
  ADDRESS_FIELDS,
  countryOptions,
  formDefaults,
  postalCodeSchema,
  toRequest,
  vatError,
  vatHint,
  type AddressField,
  type AddressFormValues,
} from './address-form.ts';
import { CheckboxInput, InputField, SelectInput } from './address-fields.tsx';

interface AddressDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The address to edit; undefined creates one. */
  address?: InvoiceAddress | undefined;
  /** Creating the first address: it is the default whatever the box says. */
  firstAddress: boolean;
}

/** The server's first message per field of a refused save; '_' is about the whole address. */
function serverFieldErrors(error: unknown): Partial<Record<string, string>> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return Object.fromEntries(Object.entries(error.errors).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])));
}

const countryRequired = (value: string) => (value === '' ? 'Choose a country' : undefined);

export function AddressDialog({ open, onOpenChange, address, firstAddress }: AddressDialogProps) {
  const queryClient = useQueryClient();
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (values: AddressFormValues) => (address ? billingApi.updateAddress(address.id, toRequest(values)) : billingApi.createAddress(toRequest(values))),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.addresses });
      toast.success(address ? `Address for ${saved.name} saved` : `Address for ${saved.name} added`);
      onOpenChange(false);
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      setServerErrors(fields);
      const known = Object.keys(fields).some((field) => (ADDRESS_FIELDS as readonly string[]).includes(field));
      setFormError(fields._ ?? (known ? null : errorMessage(error)));
    },
  });

  const form = useForm({
    defaultValues: formDefaults(address, firstAddress),
    onSubmit: async ({ value }) => {
      setFormError(null);
      await save.mutateAsync(value).catch(() => undefined); // shown by onError
    },
  });

  const clearServerError = (field: AddressField) => setServerErrors((errors) => (errors[field] ? { ...errors, [field]: undefined } : errors));
  const withServerError = (field: AddressField, clientError: string | undefined) => clientError ?? serverErrors[field];

  /** A text field bound to the form, its server error cleared as it is edited. */
  const textField = (field: Parameters<typeof bindTextField>[0] & { name: AddressField }, label: string, extra: { hint?: string; autoComplete?: string; maxLength?: number } = {}) => {
    const bound = bindTextField(field);
    return (
      <InputField
        label={label}
        value={bound.value}
        onBlur={bound.onBlur}
        onValueChange={(value) => {
          clearServerError(field.name);
          bound.onValueChange(value);
        }}
        error={withServerError(field.name, bound.error)}
        {...extra}
      />
    );
  };

  const lockedDefault = address?.isDefault === true || (!address && firstAddress);
  const busy = save.isPending;
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={address ? 'Edit invoice address' : 'New invoice address'}
      description="Invoices are made out to this name and address."
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
        <form.Field name="name" validators={{ onChange: addressNameSchema }}>
          {(field) => textField(field, 'Name', { autoComplete: 'name', maxLength: ADDRESS_LIMITS.name })}
        </form.Field>
        <form.Field name="company" validators={{ onChange: addressCompanySchema }}>
          {(field) => textField(field, 'Company (optional)', { autoComplete: 'organization', maxLength: ADDRESS_LIMITS.company })}
        </form.Field>
        <form.Field name="line1" validators={{ onChange: addressLine1Schema }}>
          {(field) => textField(field, 'Address', { autoComplete: 'address-line1', maxLength: ADDRESS_LIMITS.line })}
        </form.Field>
        <form.Field name="line2" validators={{ onChange: addressLine2Schema }}>
          {(field) => textField(field, 'Address line 2 (optional)', { autoComplete: 'address-line2', maxLength: ADDRESS_LIMITS.line })}
        </form.Field>
        <div className="settings-form-row">
          <form.Field name="postalCode" validators={{ onChange: postalCodeSchema }}>
            {(field) => textField(field, 'Postal code (optional)', { autoComplete: 'postal-code', maxLength: ADDRESS_LIMITS.postalCode })}
          </form.Field>
          <form.Field name="city" validators={{ onChange: addressCitySchema }}>
            {(field) => textField(field, 'City', { autoComplete: 'address-level2', maxLength: ADDRESS_LIMITS.city })}
          </form.Field>
        </div>
        <form.Field name="country" validators={{ onChange: ({ value }) => countryRequired(value) }}>
          {(field) => (
            <SelectInput
              label="Country"
              value={field.state.value}
              options={countryOptions()}
              autoComplete="country"
              onValueChange={(value) => {
                clearServerError('country');
                clearServerError('vatId');
                field.handleChange(value);
                // A VAT id already typed is judged again for the new country, and its verdict shown.
                if (form.getFieldValue('vatId') !== '') form.setFieldMeta('vatId', (meta) => ({ ...meta, isTouched: true }));
              }}
              onBlur={() => {
                field.handleBlur();
                field.validate('change');
              }}
              error={withServerError('country', field.state.meta.isTouched ? firstErrorMessage(field.state.meta.errors) : undefined)}
            />
          )}
        </form.Field>
        <form.Subscribe selector={(state) => state.values.country}>
          {(country) => (
            <form.Field
              name="vatId"
              validators={{
                onChangeListenTo: ['country'],
                onChange: ({ value, fieldApi }) =>
                  value.length > VAT_ID_INPUT_MAX ? `Use at most ${VAT_ID_INPUT_MAX} characters` : vatError(fieldApi.form.getFieldValue('country'), value),
              }}
            >
              {(field) => textField(field, 'VAT id (optional)', { hint: vatHint(country), maxLength: VAT_ID_INPUT_MAX })}
            </form.Field>
          )}
        </form.Subscribe>
        <form.Field name="isDefault">
          {(field) => (
            <CheckboxInput
              label="Default address"
              checked={field.state.value || lockedDefault}
              disabled={lockedDefault}
              hint={
                address?.isDefault
                  ? KEEP_A_DEFAULT_MESSAGE + ' to change this.'
                  : lockedDefault
                    ? 'Your first address is the default.'
                    : 'Use this address for new invoices.'
              }
              error={serverErrors.isDefault}
              onCheckedChange={(checked) => {
                clearServerError('isDefault');
                field.handleChange(checked);
              }}
            />
          )}
        </form.Field>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? <Spinner size={14} /> : null}
            {address ? 'Save changes' : 'Add address'}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
