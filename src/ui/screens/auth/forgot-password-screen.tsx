import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useForm } from '@tanstack/react-form';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { forgotPasswordFormSchema } from '../../../domain/index.ts';
import { authStore } from '../../stores/auth-store.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { bindTextField } from '../../components/form/bind-text-field.ts';
import { AuthGoogleSignIn } from './auth-google-sign-in.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { AuthForm, EMAIL_INPUT } from './auth-form.tsx';
import { SubmitButton } from './submit-button.tsx';
import { useFreshAuthError } from './use-fresh-auth-error.ts';

export const FORGOT_SCREEN_FALLBACK = 'Failed to send reset email';

/** /forgot-password (SPEC §2): once the server replies, the form gives way to its message. */
export const ForgotPasswordScreen = observer(function ForgotPasswordScreen() {
  usePageTitle('Forgot password');
  useFreshAuthError();
  const navigate = useNavigate();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const form = useForm({
    defaultValues: { email: '' },
    onSubmit: async ({ value }) => {
      setFailed(false);
      const parsed = forgotPasswordFormSchema.safeParse(value);
      const message = await authStore.forgotPassword(parsed.success ? parsed.data.email : value.email);
      if (message !== null) setSentMessage(message);
      else setFailed(true);
    },
  });

  const error = authStore.error ?? (failed ? FORGOT_SCREEN_FALLBACK : null);

  return (
    <AuthLayout
      heading="Reset your password"
      subtitle="We'll send you a link to reset your password"
      footer={
        <Link to="/login" className="auth-back-link">
          <ArrowLeft width={14} height={14} aria-hidden="true" />
          Back to login
        </Link>
      }
    >
      {sentMessage !== null ? (
        <div className="auth-stack">
          <Alert variant="success" title="Check your email">
            {sentMessage}
          </Alert>
          <button type="button" className="btn btn-secondary btn-block" onClick={() => navigate('/login')}>
            Back to login
          </button>
        </div>
      ) : (
        <>
          <AuthGoogleSignIn oneTap />
          {error ? <Alert variant="error">{error}</Alert> : null}
          <AuthForm onSubmit={form.handleSubmit}>
            <form.Field name="email" validators={{ onChange: forgotPasswordFormSchema.shape.email }}>
              {(field) => (
                <TextField
                  {...bindTextField(field)} {...EMAIL_INPUT} />
              )}
            </form.Field>
            <form.Subscribe selector={(state) => state.isSubmitting}>
              {(isSubmitting) => <SubmitButton label="Send reset link" busy={isSubmitting || authStore.loading} />}
            </form.Subscribe>
          </AuthForm>
        </>
      )}
    </AuthLayout>
  );
});

export default ForgotPasswordScreen;
