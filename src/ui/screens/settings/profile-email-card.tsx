/**
 * The sign-in address. A new one is confirmed by a link mailed to it (the old address is told); until the
 * link is opened, the card says which address waits. Following the link is use-email-link.ts's job.
 */
import { useForm } from '@tanstack/react-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { accountEmailSchema, currentPasswordSchema, type Account } from '../../../domain/contract/account.ts';
import { accountApi, accountKeys } from '../../../api/account-api.ts';
import { formatFullDate, formatRelativeDate } from '../../format/index.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { bindTextField } from '../../components/form/bind-text-field.ts';
import { useServerErrors } from './profile-form.ts';
import { SignInAgainNote, useSensitiveChangesAllowed } from './profile-fresh-sign-in.tsx';

export function ProfileEmailCard({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const allowed = useSensitiveChangesAllowed(account);
  const server = useServerErrors(['email', 'password']);
  const send = useMutation({
    mutationFn: (values: { email: string; password: string }) =>
      accountApi.requestEmailChange(account.hasPassword ? values : { email: values.email }),
    onSuccess: (reply) => {
      form.reset();
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      toast.success(reply.message);
    },
    onError: (error) => server.show(error),
  });
  const form = useForm({
    defaultValues: { email: '', password: '' },
    onSubmit: async ({ value }) => {
      server.clear();
      await send.mutateAsync(value).catch(() => undefined);
    },
  });
  const pending = account.pendingEmail;

  return (
    <section className="card" aria-labelledby="profile-email-title">
      <div className="card-header">
        <h2 id="profile-email-title" className="card-title">
          Email
        </h2>
        <p className="card-description">You sign in with this address. A new one counts once you open the link we send to it.</p>
      </div>
      <dl className="details profile-details">
        <div className="details-row">
          <dt>Current email</dt>
          <dd>{account.user.email}</dd>
        </div>
      </dl>
      {pending ? (
        <div className="profile-pending" role="status">
          Waiting for confirmation: <strong>{pending.email}</strong>. Open the link we sent there; it expires:{' '}
          <time dateTime={pending.expiresAt} title={formatFullDate(pending.expiresAt)}>
            {formatRelativeDate(pending.expiresAt)}
          </time>
          .
        </div>
      ) : null}
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
          <form.Field name="email" validators={{ onChange: accountEmailSchema }}>
            {(field) => (
              <TextField {...server.field('email', bindTextField(field))} label="New email" type="email" autoComplete="email" spellCheck={false} />
            )}
          </form.Field>
          {account.hasPassword ? (
            <form.Field name="password" validators={{ onChange: currentPasswordSchema }}>
              {(field) => (
                <TextField {...server.field('password', bindTextField(field))} label="Current password" type="password" autoComplete="current-password" />
              )}
            </form.Field>
          ) : null}
          <div className="profile-actions">
            <button type="submit" className="btn btn-primary" disabled={send.isPending} aria-busy={send.isPending || undefined}>
              {send.isPending ? <Spinner size={14} /> : null}
              Send confirmation link
            </button>
          </div>
        </form>
      ) : (
        <SignInAgainNote what="changing your email" />
      )}
    </section>
  );
}
