import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useForm } from '@tanstack/react-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../toast-host.tsx';
import { resetPasswordFormSchema } from '../../../domain/index.ts';
import { authStore } from '../../stores/auth-store.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { bindTextField } from '../../components/form/bind-text-field.ts';
import { AuthGoogleSignIn } from './auth-google-sign-in.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { AuthForm, NEW_PASSWORD_INPUT, confirmPasswordValidators } from './auth-form.tsx';
import { SubmitButton } from './submit-button.tsx';
import { useFreshAuthError } from './use-fresh-auth-error.ts';

export const RESET_SCREEN_FALLBACK = 'Password reset failed';
export const RESET_SUCCESS_TOAST = 'Your password has been reset. You can sign in now.';

/** /reset-password?token=… (SPEC §2). Without a token there is nothing to reset: back to /forgot-password. */
export function ResetPasswordScreen() {
  usePageTitle('Reset password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (!token) return <Navigate to="/forgot-password" replace />;
  return <ResetPasswordForm token={token} />;
}

const ResetPasswordForm = observer(function ResetPasswordForm({ token }: { token: string }) {
  useFreshAuthError();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  const form = useForm({
    defaultValues: { password: '', confirmPassword: '' },
    onSubmit: async ({ value }) => {
      setFailed(false);
      const ok = await authStore.resetPassword(token, value.password);
      if (ok) {
        void showToast('success', RESET_SUCCESS_TOAST);
        navigate('/login', { replace: true });
      } else setFailed(true);
    },
  });

  const error = authStore.error ?? (failed ? RESET_SCREEN_FALLBACK : null);

  return (
    <AuthLayout heading="Create a new password" subtitle="Enter a strong password below" subtitleIsHeading>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <AuthForm onSubmit={form.handleSubmit}>
        <form.Field name="password" validators={{ onChange: resetPasswordFormSchema.shape.password }}>
          {(field) => (
            <TextField {...bindTextField(field)} label="New password" {...NEW_PASSWORD_INPUT} />
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
          {(isSubmitting) => <SubmitButton label="Submit" busy={isSubmitting || authStore.loading} />}
        </form.Subscribe>
        <button type="button" className="btn btn-ghost btn-block" onClick={() => navigate('/login')}>
          Back to login
        </button>
      </AuthForm>
      <AuthGoogleSignIn layout="divider-first" />
    </AuthLayout>
  );
});

export default ResetPasswordScreen;
