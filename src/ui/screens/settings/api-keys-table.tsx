import type { ReactNode } from 'react';
import type { ApiKey } from '../../../api/api-keys-api.ts';
import { DataTable, type DataColumn } from '../../components/data/data-table.tsx';
import { RelativeDate } from '../../components/data/relative-date.tsx';
import { StatusBadge } from '../../components/data/status-badge.tsx';
import { SCOPE_LABELS } from './api-key-form.ts';

interface ApiKeysTableProps {
  keys: readonly ApiKey[];
  onRevoke: (key: ApiKey) => void;
  empty: ReactNode;
}

function columns(onRevoke: (key: ApiKey) => void): DataColumn<ApiKey>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      cell: (key) => (
        <>
          <span className="api-key-name">{key.name}</span>
          {/* narrow screens drop the Key and Access columns: both move under the name */}
          <span className="api-key-mobile-facts">
            <code>{key.prefix}…</code> · {SCOPE_LABELS[key.scope]}
          </span>
        </>
      ),
    },
    { id: 'prefix', header: 'Key', hideOnMobile: true, cell: (key) => <code className="api-key-prefix">{key.prefix}…</code> },
    {
      id: 'scope',
      header: 'Access',
      hideOnMobile: true,
      cell: (key) => <StatusBadge tone={key.scope === 'READ_ONLY' ? 'neutral' : 'accent'}>{SCOPE_LABELS[key.scope]}</StatusBadge>,
    },
    { id: 'created', header: 'Created', hideOnMobile: true, cell: (key) => <RelativeDate value={key.created} /> },
    {
      id: 'lastUsed',
      header: 'Last used',
      hideOnMobile: true,
      cell: (key) => (key.lastUsed ? <RelativeDate value={key.lastUsed} variant="ago" /> : <span className="cell-muted">Never</span>),
    },
    {
      id: 'expires',
      header: 'Expires',
      hideOnMobile: true,
      cell: (key) => (key.expires ? <RelativeDate value={key.expires} /> : <span className="cell-muted">Never</span>),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (key) =>
        key.status === 'ACTIVE' ? (
          <StatusBadge tone="success" dot>
            Active
          </StatusBadge>
        ) : (
          <StatusBadge tone="danger" dot>
            Expired
          </StatusBadge>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'end',
      cell: (key) => (
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
          Revoke
        </button>
      ),
    },
  ];
}

export function ApiKeysTable({ keys, onRevoke, empty }: ApiKeysTableProps) {
  return <DataTable aria-label="API keys" columns={columns(onRevoke)} rows={keys} rowKey={(key) => key.id} empty={empty} />;
}

export const API_KEY_SKELETON_COLUMNS = [
  { header: 'Name' },
  { header: 'Key', hideOnMobile: true },
  { header: 'Access', hideOnMobile: true },
  { header: 'Created', hideOnMobile: true },
  { header: 'Last used', hideOnMobile: true },
  { header: 'Expires', hideOnMobile: true },
  { header: 'Status' },
  { header: '' },
];
