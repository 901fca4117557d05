/** The pieces every auth screen's form shares: the form element, and the inputs that read the same everywhere. */
import type { ReactNode } from 'react';
import { confirmPasswordError } from '../../components/form/password-match.ts';

/** A form that validates itself (no browser bubbles) and hands submission to TanStack Form. */
export function AuthForm({ onSubmit, children }: { onSubmit: () => Promise<unknown>; children: ReactNode }) {
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}

export const EMAIL_INPUT = {
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  placeholder: 'you@example.com',
} as const;

export const NEW_PASSWORD_INPUT = { type: 'password', autoComplete: 'new-password' } as const;

/** The confirmation re-checks whenever the password changes, with SPEC §5's words. */
export const confirmPasswordValidators = {
  onChangeListenTo: ['password' as const],
  onChange: ({ value, fieldApi }: { value: string; fieldApi: { form: { getFieldValue: (name: 'password') => string } } }) =>
    confirmPasswordError(fieldApi.form.getFieldValue('password'), value),
};
