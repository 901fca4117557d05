/**
 * The danger zone: deleting the account. SPEC §5 asks to type DELETE; the password is asked too (or a
 * recent sign-in, for an account without one). Everything of the account goes on the server in one
 * transaction; this device then forgets the session and lands on the login page.
 */
import { useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { currentPasswordSchema, DELETE_CONFIRMATION, deleteConfirmationSchema, type Account } from '../../../domain/contract/account.ts';
import { accountApi } from '../../../api/account-api.ts';
import { authStore } from '../../stores/auth-store.ts';
import { AFTER_LOGOUT_URL } from '../../shell/logout.ts';
import { AppDialog } from '../../components/data/dialog.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { bindTextField } from '../../components/form/bind-text-field.ts';
import { useServerErrors } from './profile-form.ts';
import { SignInAgainNote, useSensitiveChangesAllowed } from './profile-fresh-sign-in.tsx';

export function ProfileDeleteCard({ account }: { account: Account }) {
  const allowed = useSensitiveChangesAllowed(account);
  const [open, setOpen] = useState(false);
  // Each opening gets a fresh form: what was typed last time is not kept.
  const [session, setSession] = useState(0);
  return (
    <section className="card profile-danger" aria-labelledby="profile-delete-title">
      <div className="card-header">
        <h2 id="profile-delete-title" className="card-title">
          Delete account
        </h2>
        <p className="card-description">
          Deletes your account and everything in it — workflows, runs, variables, templates and activity — for good. This cannot be undone.
        </p>
      </div>
      {allowed ? (
        <div className="card-actions">
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => {
              setSession((n) => n + 1);
              setOpen(true);
            }}
          >
            Delete account
          </button>
        </div>
      ) : (
        <SignInAgainNote what="deleting your account" />
      )}
      <DeleteAccountDialog key={session} open={open} onOpenChange={setOpen} hasPassword={account.hasPassword} />
    </section>
  );
}

interface DeleteValues {
  confirmation: string;
  password: string;
}

function DeleteAccountDialog({ open, onOpenChange, hasPassword }: { open: boolean; onOpenChange: (open: boolean) => void; hasPassword: boolean }) {
  const server = useServerErrors(['confirmation', 'password']);
  const remove = useMutation({
    mutationFn: (values: DeleteValues) => accountApi.remove(hasPassword ? values : { confirmation: values.confirmation }),
    onSuccess: () => {
      authStore.forgetAccount();
      window.location.assign(AFTER_LOGOUT_URL);
    },
    onError: (error) => server.show(error),
  });
  const form = useForm({
    defaultValues: { confirmation: '', password: '' } satisfies DeleteValues,
    onSubmit: async ({ value }) => {
      server.clear();
      await remove.mutateAsync(value).catch(() => undefined);
    },
  });
  // Gone and leaving: the dialog stays busy until the login page loads.
  const busy = remove.isPending || remove.isSuccess;

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete your account?"
      description={`Everything in it is deleted at once and cannot be restored. Type ${DELETE_CONFIRMATION} to confirm.`}
      role="alertdialog"
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
        {server.formError ? <Alert variant="error">{server.formError}</Alert> : null}
        <form.Field name="confirmation" validators={{ onChange: deleteConfirmationSchema }}>
          {(field) => (
            <TextField
              {...server.field('confirmation', bindTextField(field))}
              label={`Type ${DELETE_CONFIRMATION} to confirm`}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
            />
          )}
        </form.Field>
        {hasPassword ? (
          <form.Field name="password" validators={{ onChange: currentPasswordSchema }}>
            {(field) => <TextField {...server.field('password', bindTextField(field))} label="Password" type="password" autoComplete="current-password" />}
          </form.Field>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </button>
          <form.Subscribe selector={(state) => state.values.confirmation === DELETE_CONFIRMATION}>
            {(typed) => (
              <button type="submit" className="btn btn-danger" disabled={busy || !typed} aria-busy={busy || undefined}>
                {busy ? <Spinner size={14} /> : null}
                Delete account
              </button>
            )}
          </form.Subscribe>
        </div>
      </form>
    </AppDialog>
  );
}
