import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useForm } from '@tanstack/react-form';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../toast-host.tsx';
import { registerFormSchema } from '../../../domain/index.ts';
import { authStore } from '../../stores/auth-store.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { bindTextField } from '../../components/form/bind-text-field.ts';
import { AuthGoogleSignIn } from './auth-google-sign-in.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { AuthForm, EMAIL_INPUT, NEW_PASSWORD_INPUT, confirmPasswordValidators } from './auth-form.tsx';
import { LegalNotice } from './legal-notice.tsx';
import { SubmitButton } from './submit-button.tsx';
import { useFreshAuthError } from './use-fresh-auth-error.ts';

export const REGISTER_SCREEN_FALLBACK = 'Registration failed';
export const REGISTER_SUCCESS_TOAST = 'Account created. You can sign in now.';

const fields = registerFormSchema.shape;

/** /register (SPEC §2). The confirmation is checked here and never sent. */
export const RegisterScreen = observer(function RegisterScreen() {
  usePageTitle('Create account');
  useFreshAuthError();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  const form = useForm({
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
    onSubmit: async ({ value }) => {
      setFailed(false);
      const parsed = registerFormSchema.safeParse(value);
      const ok = await authStore.register(parsed.success ? parsed.data : value);
      if (ok) {
        void showToast('success', REGISTER_SUCCESS_TOAST);
        navigate('/login', { replace: true });
      } else setFailed(true);
    },
  });

  const error = authStore.error ?? (failed ? REGISTER_SCREEN_FALLBACK : null);

  return (
    <AuthLayout
      heading="Create an account"
      subtitle="Start automating your work with Flowsmith"
      footer={<LegalNotice />}
    >
      <AuthGoogleSignIn oneTap text="signup_with" />
      {error ? <Alert variant="error">{error}</Alert> : null}
      <AuthForm onSubmit={form.handleSubmit}>
        <form.Field name="name" validators={{ onChange: fields.name }}>
          {(field) => <TextField {...bindTextField(field)} label="Name" autoComplete="name" placeholder="Ada Lovelace" />}
        </form.Field>
        <form.Field name="email" validators={{ onChange: fields.email }}>
          {(field) => (
            <TextField
              {...bindTextField(field)} {...EMAIL_INPUT} />
          )}
        </form.Field>
        <form.Field name="password" validators={{ onChange: fields.password }}>
          {(field) => (
            <TextField {...bindTextField(field)} label="Password" {...NEW_PASSWORD_INPUT} />
          )}
        </form.Field>
        <form.Field
          name="confirmPassword"
          validators={confirmPasswordValidators}
        >
          {(field) => (
            <TextField {...bindTextField(field)} label="Confirm password" {...NEW_PASSWORD_INPUT} />
          )}
        </form.Field>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(isSubmitting) => <SubmitButton label="Create account" busy={isSubmitting || authStore.loading} />}
        </form.Subscribe>
      </AuthForm>
      <p className="auth-switch">
        <Link to="/login">Already have an account? Sign in</Link>
      </p>
    </AuthLayout>
  );
});

export default RegisterScreen;
