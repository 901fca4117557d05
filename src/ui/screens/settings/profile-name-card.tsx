import { useForm } from '@tanstack/react-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { accountNameSchema } from '../../../domain/contract/account.ts';
import { accountApi, accountKeys } from '../../../api/account-api.ts';
import { authStore } from '../../stores/auth-store.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { bindTextField } from '../../components/form/bind-text-field.ts';
import { useServerErrors } from './profile-form.ts';

/** The name shown in the user menu, on public templates and in the activity feed. */
export function ProfileNameCard({ name }: { name: string }) {
  const queryClient = useQueryClient();
  const server = useServerErrors(['name']);
  const save = useMutation({
    mutationFn: (next: string) => accountApi.rename(next),
    onSuccess: (user) => {
      authStore.updateUser(user);
      form.reset({ name: user.name });
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      toast.success('Name saved');
    },
    onError: (error) => server.show(error),
  });
  const form = useForm({
    defaultValues: { name },
    onSubmit: async ({ value }) => {
      server.clear();
      await save.mutateAsync(value.name).catch(() => undefined);
    },
  });

  return (
    <section className="card" aria-labelledby="profile-name-title">
      <div className="card-header">
        <h2 id="profile-name-title" className="card-title">
          Name
        </h2>
        <p className="card-description">How you appear in the app, on templates you share and in the activity feed.</p>
      </div>
      <form
        className="profile-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        {server.formError ? <Alert variant="error">{server.formError}</Alert> : null}
        <form.Field name="name" validators={{ onChange: accountNameSchema }}>
          {(field) => <TextField {...server.field('name', bindTextField(field))} label="Name" autoComplete="name" />}
        </form.Field>
        <form.Subscribe selector={(state) => state.values.name.trim() === name}>
          {(unchanged) => (
            <div className="profile-actions">
              <button type="submit" className="btn btn-primary" disabled={save.isPending || unchanged} aria-busy={save.isPending || undefined}>
                {save.isPending ? <Spinner size={14} /> : null}
                Save name
              </button>
            </div>
          )}
        </form.Subscribe>
      </form>
    </section>
  );
}
