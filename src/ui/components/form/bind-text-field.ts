/**
 * Connects a TanStack Form field to <TextField>. Validation (SPEC §5) runs on change and on blur, and its
 * messages show once the field is touched — typed in, left, or part of a submit — never on a pristine form.
 *
 * Why blur re-runs the *change* validator instead of having a separate onBlur validator: TanStack keeps
 * one error slot per cause, so an onBlur error would linger after the user fixed the value by typing
 * (only the onChange slot is refreshed on typing). One slot fed by both events is always current.
 */

/** The part of TanStack's FieldApi this binding uses. */
export interface BindableField {
  name: string;
  state: { value: string; meta: { isTouched: boolean; errors: ReadonlyArray<unknown> } };
  handleChange(value: string): void;
  handleBlur(): void;
  validate(cause: 'change'): unknown;
}

/** The first human-readable message among validator results (strings, zod issues, or lists of them). */
export function firstErrorMessage(errors: ReadonlyArray<unknown>): string | undefined {
  for (const error of errors) {
    if (typeof error === 'string' && error) return error;
    if (Array.isArray(error)) {
      const nested = firstErrorMessage(error);
      if (nested) return nested;
    } else if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
      return error.message;
    }
  }
  return undefined;
}

export function bindTextField(field: BindableField) {
  return {
    name: field.name,
    value: field.state.value,
    onValueChange: (value: string) => field.handleChange(value),
    onBlur: () => {
      field.handleBlur();
      field.validate('change');
    },
    error: field.state.meta.isTouched ? firstErrorMessage(field.state.meta.errors) : undefined,
  };
}
