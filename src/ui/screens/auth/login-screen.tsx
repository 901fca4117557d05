import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useForm } from '@tanstack/react-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginFormSchema } from '../../../domain/index.ts';
import { authStore } from '../../stores/auth-store.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { safeRedirectTarget } from '../../routing/redirect.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { bindTextField } from '../../components/form/bind-text-field.ts';
import { AuthGoogleSignIn } from './auth-google-sign-in.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { AuthForm, EMAIL_INPUT } from './auth-form.tsx';
import { LegalNotice } from './legal-notice.tsx';
import { SubmitButton } from './submit-button.tsx';
import { useFreshAuthError } from './use-fresh-auth-error.ts';

/** What the screen says when a login fails without a message from the store (SPEC §8). */
export const LOGIN_SCREEN_FALLBACK = 'Invalid credentials';

/** /login (SPEC §2). `remember` is always true and has no control; the store sends it. */
export const LoginScreen = observer(function LoginScreen() {
  usePageTitle('Sign in');
  useFreshAuthError();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [failed, setFailed] = useState(false);

  const form = useForm({
    defaultValues: { email: '', password: '' },
    onSubmit: async ({ value }) => {
      setFailed(false);
      const parsed = loginFormSchema.safeParse(value);
      const ok = await authStore.login(parsed.success ? parsed.data : value);
      if (ok) navigate(safeRedirectTarget(searchParams.get('redirect')), { replace: true });
      else setFailed(true);
    },
  });

  const error = authStore.error ?? (failed ? LOGIN_SCREEN_FALLBACK : null);

  return (
    <AuthLayout
      heading="Welcome back"
      subtitle="Sign in with Google or your email"
      footer={<LegalNotice />}
    >
      <AuthGoogleSignIn oneTap text="signin_with" />
      {error ? <Alert variant="error">{error}</Alert> : null}
      <AuthForm onSubmit={form.handleSubmit}>
        <form.Field name="email" validators={{ onChange: loginFormSchema.shape.email }}>
          {(field) => (
            <TextField
              {...bindTextField(field)} {...EMAIL_INPUT} />
          )}
        </form.Field>
        <form.Field name="password" validators={{ onChange: loginFormSchema.shape.password }}>
          {(field) => (
            <TextField
              {...bindTextField(field)}
              label="Password"
              type="password"
              autoComplete="current-password"
              labelAside={
                <Link to="/forgot-password" className="link-subtle">
                  Forgot your password?
                </Link>
              }
            />
          )}
        </form.Field>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(isSubmitting) => <SubmitButton label="Sign in" busy={isSubmitting || authStore.loading} />}
        </form.Subscribe>
      </AuthForm>
      <p className="auth-switch">
        Don&apos;t have an account? <Link to="/register">Sign up</Link>
      </p>
    </AuthLayout>
  );
});

export default LoginScreen;
