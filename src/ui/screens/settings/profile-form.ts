/**
 * What the profile's forms share: the server's refusals shown where they belong — under the field they
 * name (a wrong password, a taken address), cleared as soon as that field is edited — or above the form
 * when they name none (a network failure, a rate limit, a session too old).
 */
import { useState } from 'react';
import { accountFieldErrors } from '../../../api/account-api.ts';
import { errorMessage } from '../../components/data/error-message.ts';
import type { bindTextField } from '../../components/form/bind-text-field.ts';

type BoundTextField = ReturnType<typeof bindTextField>;

export function useServerErrors<Field extends string>(fields: readonly Field[]) {
  const [byField, setByField] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  return {
    formError,
    show(error: unknown) {
      const named = accountFieldErrors(error);
      setByField(named);
      setFormError(fields.some((field) => named[field]) ? null : errorMessage(error));
    },
    clear() {
      setByField({});
      setFormError(null);
    },
    /** The binding of a text field with the server's complaint about it added. */
    field(field: Field, bound: BoundTextField): BoundTextField {
      return {
        ...bound,
        error: bound.error ?? byField[field],
        onValueChange: (value) => {
          if (byField[field]) setByField((current) => ({ ...current, [field]: undefined }));
          bound.onValueChange(value);
        },
      };
    },
  };
}
