/**
 * Changing the password (or setting a first one, for an account made with Google). The server ends every
 * session of the account and answers this tab a fresh token pair, so this tab stays signed in while every
 * other device has to sign in again.
 */
import { useForm } from '@tanstack/react-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { currentPasswordSchema, newPasswordSchema, passwordConfirmationError, type Account } from '../../../domain/contract/account.ts';
import { accountApi, accountKeys } from '../../../api/account-api.ts';
import { authStore } from '../../stores/auth-store.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { bindTextField } from '../../components/form/bind-text-field.ts';
import { useServerErrors } from './profile-form.ts';
import { SignInAgainNote, useSensitiveChangesAllowed } from './profile-fresh-sign-in.tsx';

interface PasswordValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

export function ProfilePasswordCard({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const allowed = useSensitiveChangesAllowed(account);
  const server = useServerErrors(['current_password', 'new_password', 'confirm_password']);
  const change = useMutation({
    mutationFn: (values: PasswordValues) =>
      accountApi.changePassword(
        account.hasPassword ? { current_password: values.current_password, new_password: values.new_password } : { new_password: values.new_password },
      ),
    onSuccess: (pair) => {
      authStore.replaceTokens(pair);
      form.reset();
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      toast.success(account.hasPassword ? 'Password changed. Your other devices were signed out.' : 'Password set. Your other devices were signed out.');
    },
    onError: (error) => server.show(error),
  });
  const form = useForm({
    defaultValues: { current_password: '', new_password: '', confirm_password: '' } satisfies PasswordValues,
    onSubmit: async ({ value }) => {
      server.clear();
      await change.mutateAsync(value).catch(() => undefined);
    },
  });
  const action = account.hasPassword ? 'Change password' : 'Set password';

  return (
    <section className="card" aria-labelledby="profile-password-title">
      <div className="card-header">
        <h2 id="profile-password-title" className="card-title">
          Password
        </h2>
        <p className="card-description">
          {account.hasPassword
            ? 'Changing it signs you out on every other device.'
            : 'Your account signs in with Google. Set a password to sign in with your email too.'}
        </p>
      </div>
      {allowed ? (
        <form
          className="profile-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.handleSubmit();
          }}
        >
          {server.formError ? <Alert variant="error">{server.formError}</Alert> : null}
          {account.hasPassword ? (
            <form.Field name="current_password" validators={{ onChange: currentPasswordSchema }}>
              {(field) => (
                <TextField
                  {...server.field('current_password', bindTextField(field))}
                  label="Current password"
                  type="password"
                  autoComplete="current-password"
                />
              )}
            </form.Field>
          ) : null}
          <form.Field name="new_password" validators={{ onChange: newPasswordSchema }}>
            {(field) => (
              <TextField {...server.field('new_password', bindTextField(field))} label="New password" type="password" autoComplete="new-password" />
            )}
          </form.Field>
          <form.Field
            name="confirm_password"
            validators={{
              onChangeListenTo: ['new_password'],
              onChange: ({ value, fieldApi }) => passwordConfirmationError(fieldApi.form.getFieldValue('new_password'), value),
            }}
          >
            {(field) => (
              <TextField
                {...server.field('confirm_password', bindTextField(field))}
                label="Confirm new password"
                type="password"
                autoComplete="new-password"
              />
            )}
          </form.Field>
          <div className="profile-actions">
            <button type="submit" className="btn btn-primary" disabled={change.isPending} aria-busy={change.isPending || undefined}>
              {change.isPending ? <Spinner size={14} /> : null}
              {action}
            </button>
          </div>
        </form>
      ) : (
        <SignInAgainNote what="setting a password" />
      )}
    </section>
  );
}
