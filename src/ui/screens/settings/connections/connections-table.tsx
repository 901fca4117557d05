import type { ReactNode } from 'react';
import { KeyRound, Pencil, PlugZap, Trash2 } from 'lucide-react';
import { CONNECTION_TYPE_LABELS, type Connection } from '../../../../api/connections-api.ts';
import { DataTable, type DataColumn } from '../../../components/data/data-table.tsx';
import { StatusBadge } from '../../../components/data/status-badge.tsx';
import { RelativeDate } from '../../../components/data/relative-date.tsx';
import { RowActionsMenu } from '../../../components/data/row-actions-menu.tsx';
import { connectionDetails } from './connection-form.ts';

export interface ConnectionActions {
  onEdit: (connection: Connection) => void;
  onTest: (connection: Connection) => void;
  onDelete: (connection: Connection) => void;
}

function columns({ onEdit, onTest, onDelete }: ConnectionActions): DataColumn<Connection>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      cell: (c) => (
        <>
          {/* the keyboard path to editing, beside the row menu */}
          <button type="button" className="connection-name" onClick={() => onEdit(c)} aria-label={`Edit ${c.name}`}>
            {c.name}
          </button>
          {/* narrow screens drop the Type column: the type moves under the name */}
          <span className="connection-mobile-type">{CONNECTION_TYPE_LABELS[c.type]}</span>
        </>
      ),
    },
    { id: 'type', header: 'Type', width: 140, hideOnMobile: true, cell: (c) => <StatusBadge tone="neutral">{CONNECTION_TYPE_LABELS[c.type]}</StatusBadge> },
    {
      id: 'sends',
      header: 'Sends',
      hideOnMobile: true,
      cell: (c) => (
        <span className="connection-details">
          <KeyRound width={12} height={12} aria-hidden="true" />
          {connectionDetails(c)}
        </span>
      ),
    },
    { id: 'updated', header: 'Updated', width: 110, hideOnMobile: true, cell: (c) => <RelativeDate value={c.updated} variant="ago" /> },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      width: 56,
      align: 'end',
      cell: (c) => (
        <RowActionsMenu
          label={`Actions for ${c.name}`}
          actions={[
            { value: 'test', label: 'Test', icon: PlugZap, onSelect: () => onTest(c) },
            { value: 'edit', label: 'Edit', icon: Pencil, onSelect: () => onEdit(c) },
            { value: 'delete', label: 'Delete', icon: Trash2, danger: true, onSelect: () => onDelete(c) },
          ]}
        />
      ),
    },
  ];
}

export function ConnectionsTable({ connections, empty, ...actions }: ConnectionActions & { connections: readonly Connection[]; empty: ReactNode }) {
  return <DataTable aria-label="Connections" columns={columns(actions)} rows={connections} rowKey={(c) => c.id} empty={empty} />;
}

export const CONNECTION_SKELETON_COLUMNS = [
  { header: 'Name' },
  { header: 'Type', width: 140, hideOnMobile: true },
  { header: 'Sends', hideOnMobile: true },
  { header: 'Updated', width: 110, hideOnMobile: true },
  { header: '', width: 56 },
];
