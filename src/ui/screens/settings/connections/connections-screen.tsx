/**
 * /settings/connections: the credentials HTTP steps use by name. List, create and edit (the dialog),
 * test (a GET with the connection, as a step sends it) and delete (where it is used first). Every change
 * refetches the list and the HTTP step's 'Connection' choices.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plug, Plus } from 'lucide-react';
import { connectionListQuery, type Connection } from '../../../../api/connections-api.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { TableSkeleton } from '../../../components/data/table-skeleton.tsx';
import { TableError } from '../../../components/data/table-error.tsx';
import { ConnectionsTable, CONNECTION_SKELETON_COLUMNS } from './connections-table.tsx';
import { ConnectionDialog } from './connection-dialog.tsx';
import { ConnectionTestDialog } from './connection-test-dialog.tsx';
import { ConnectionDeleteDialog } from './connection-delete-dialog.tsx';
import './connections.css';

/** The dialog shown last, for which connection; each opening is a fresh one (a new key). */
type Shown = { kind: 'edit'; connection?: Connection | undefined } | { kind: 'test' | 'delete'; connection: Connection };

export function ConnectionsScreen() {
  usePageTitle('Connections');
  const connections = useQuery(connectionListQuery());
  // Kept mounted after closing, so the dialog can hand focus back to what opened it.
  const [shown, setShown] = useState<(Shown & { session: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const show = (next: Shown) => {
    setShown((current) => ({ ...next, session: (current?.session ?? 0) + 1 }));
    setOpen(true);
  };

  const newButton = (
    <button type="button" className="btn btn-primary" onClick={() => show({ kind: 'edit' })}>
      <Plus width={16} height={16} aria-hidden="true" />
      New connection
    </button>
  );

  let body;
  if (connections.isPending) body = <TableSkeleton columns={CONNECTION_SKELETON_COLUMNS} label="Loading connections" />;
  else if (connections.isError) {
    body = <TableError title="Could not load connections" error={connections.error} onRetry={() => void connections.refetch()} retrying={connections.isFetching} />;
  } else {
    body = (
      <ConnectionsTable
        connections={connections.data}
        onEdit={(connection) => show({ kind: 'edit', connection })}
        onTest={(connection) => show({ kind: 'test', connection })}
        onDelete={(connection) => show({ kind: 'delete', connection })}
        empty={
          <EmptyState icon={Plug} title="No connections yet">
            <p>API keys, passwords and tokens your HTTP steps send, kept encrypted and out of every run.</p>
            <button type="button" className="btn btn-secondary btn-sm connection-empty-action" onClick={() => show({ kind: 'edit' })}>
              <Plus width={14} height={14} aria-hidden="true" />
              Create connection
            </button>
          </EmptyState>
        }
      />
    );
  }

  return (
    <div className="page">
      <PageHeader title="Connections" description="Credentials your HTTP steps use by name" actions={newButton} />
      <section className="card connections-card" aria-label="Connections list">
        {body}
      </section>
      {shown?.kind === 'edit' ? <ConnectionDialog key={shown.session} open={open} onOpenChange={setOpen} connection={shown.connection} /> : null}
      {shown?.kind === 'test' ? <ConnectionTestDialog key={shown.session} open={open} onOpenChange={setOpen} connection={shown.connection} /> : null}
      {shown?.kind === 'delete' ? <ConnectionDeleteDialog key={shown.session} open={open} onOpenChange={setOpen} connection={shown.connection} /> : null}
    </div>
  );
}

export default ConnectionsScreen;
