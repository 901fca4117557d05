/**
 * /settings/api-keys: the keys that let a person's own code call the API in their name. The list
 * (never a secret, only each key's first characters), a dialog that creates one and shows its secret
 * once, and a confirmation before revoking. With no keys yet, what they are for and how to use one.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpen, KeyRound, Plus } from 'lucide-react';
import { toast } from 'sonner';
import { apiKeyKeys, apiKeyListQuery, apiKeysApi, type ApiKey, type ApiKeyList } from '../../../api/api-keys-api.ts';
import { ConfirmDialog } from '../../components/data/confirm-dialog.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { TableError } from '../../components/data/table-error.tsx';
import { TableSkeleton } from '../../components/data/table-skeleton.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { curlExample } from './api-key-form.ts';
import { API_KEY_SKELETON_COLUMNS, ApiKeysTable } from './api-keys-table.tsx';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';
import './api-keys.css';

/** Built by the API reference work (the OpenAPI document rendered). */
const API_REFERENCE_PATH = '/settings/api-reference';

function ApiKeysEmpty({ onCreate }: { onCreate: () => void }) {
  return (
    <EmptyState icon={KeyRound} title="No API keys yet">
      <p>
        An API key lets your own scripts and services call Flowsmith in your name: list workflows, start runs, read their results. Send it
        as a bearer token:
      </p>
      <pre className="api-key-example">
        <code>{curlExample(window.location.origin)}</code>
      </pre>
      <button type="button" className="btn btn-secondary btn-sm empty-state-action" onClick={onCreate}>
        <Plus width={14} height={14} aria-hidden="true" />
        Create API key
      </button>
    </EmptyState>
  );
}

export function ApiKeysScreen() {
  usePageTitle('API Keys');
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeyListQuery());
  // Each opening gets a fresh dialog (a new key), so a shown secret never survives into the next one.
  const [dialog, setDialog] = useState({ open: false, session: 0 });
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const openDialog = () => setDialog((current) => ({ open: true, session: current.session + 1 }));
  const atLimit = keys.data ? keys.data.data.length >= keys.data.max : false;

  const revoke = useMutation({
    mutationFn: (key: ApiKey) => apiKeysApi.revoke(key.id),
    onSuccess: (_, key) => {
      queryClient.setQueryData<ApiKeyList>(apiKeyKeys.all, (list) => (list ? { ...list, data: list.data.filter((row) => row.id !== key.id) } : list));
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
      setRevoking(null);
      toast.success(`${key.name} revoked`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not revoke the key. Please try again.')),
  });

  const newButton = (
    <button
      type="button"
      className="btn btn-primary"
      onClick={openDialog}
      disabled={atLimit}
      title={atLimit ? `You have ${keys.data?.max} keys, the most an account may hold. Revoke one first.` : undefined}
    >
      <Plus width={16} height={16} aria-hidden="true" />
      New API key
    </button>
  );

  let body;
  if (keys.isPending) body = <TableSkeleton columns={API_KEY_SKELETON_COLUMNS} label="Loading API keys" />;
  else if (keys.isError) body = <TableError title="Could not load API keys" error={keys.error} onRetry={() => void keys.refetch()} retrying={keys.isFetching} />;
  else body = <ApiKeysTable keys={keys.data.data} onRevoke={setRevoking} empty={<ApiKeysEmpty onCreate={openDialog} />} />;

  return (
    <div className="page">
      <PageHeader
        title="API Keys"
        description="Call the Flowsmith API from your own code"
        actions={
          <>
            <Link className="btn btn-secondary" to={API_REFERENCE_PATH}>
              <BookOpen width={16} height={16} aria-hidden="true" />
              API reference
            </Link>
            {newButton}
          </>
        }
      />
      <section className="card api-keys-card" aria-label="API keys list">
        {body}
      </section>
      <p className="api-keys-note">
        A key works on your own data only, until it expires or you revoke it. It cannot sign in, change your account or create other keys.
      </p>
      {dialog.session > 0 ? (
        <CreateApiKeyDialog
          key={dialog.session}
          open={dialog.open}
          onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
          passwordRequired={keys.data?.passwordRequired ?? true}
        />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke API key?"
        description={
          revoking ? (
            <>
              <strong>{revoking.name}</strong> ({revoking.prefix}…) stops working at once. Scripts that use it will get 401 errors.
            </>
          ) : null
        }
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </div>
  );
}

export default ApiKeysScreen;
