import { Lock, Pencil, Trash2 } from 'lucide-react';
import type { Variable } from '../../../api/variables-api.ts';
import { DataTable, type DataColumn } from '../../components/data/data-table.tsx';
import { StatusBadge } from '../../components/data/status-badge.tsx';
import { RelativeDate } from '../../components/data/relative-date.tsx';
import { RowActionsMenu } from '../../components/data/row-actions-menu.tsx';
import { displayValue, MASKED_VALUE, VARIABLE_TYPE_OPTIONS } from './variable-form.ts';
import type { ReactNode } from 'react';

interface VariablesTableProps {
  variables: readonly Variable[];
  onEdit: (variable: Variable) => void;
  onDelete: (variable: Variable) => void;
  empty: ReactNode;
}

const TYPE_LABELS = Object.fromEntries(VARIABLE_TYPE_OPTIONS.map((option) => [option.value, option.label]));

/** A sensitive value is masked — the browser never had it — and says so to screen readers too. */
function ValueCell({ variable }: { variable: Variable }) {
  if (variable.sensitive) {
    return (
      <span className="variable-masked" title="Sensitive: the value cannot be viewed">
        <Lock width={12} height={12} aria-hidden="true" />
        <span aria-hidden="true">{MASKED_VALUE}</span>
        <span className="visually-hidden">Hidden sensitive value</span>
      </span>
    );
  }
  const shown = displayValue(variable);
  return (
    <code className="variable-value-cell" title={shown === variable.value ? undefined : variable.value}>
      {shown === '' ? <span className="cell-muted">(empty)</span> : shown}
    </code>
  );
}

function columns(onEdit: (v: Variable) => void, onDelete: (v: Variable) => void): DataColumn<Variable>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      cell: (v) => (
        <>
          {/* the keyboard path to editing, beside the row menu */}
          <button type="button" className="variable-name" onClick={() => onEdit(v)} aria-label={`Edit ${v.name}`}>
            {v.name}
          </button>
          {/* narrow screens drop the Type column: the type moves under the name */}
          <span className="variable-mobile-type">{TYPE_LABELS[v.type]}</span>
        </>
      ),
    },
    { id: 'type', header: 'Type', width: 96, hideOnMobile: true, cell: (v) => <StatusBadge tone="neutral">{TYPE_LABELS[v.type]}</StatusBadge> },
    { id: 'value', header: 'Value', cell: (v) => <ValueCell variable={v} /> },
    {
      id: 'status',
      header: 'Status',
      width: 100,
      hideOnMobile: true,
      cell: (v) => (
        <StatusBadge tone={v.status === 'ACTIVE' ? 'success' : 'neutral'} dot>
          {v.status === 'ACTIVE' ? 'Active' : 'Inactive'}
        </StatusBadge>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      hideOnMobile: true,
      cell: (v) => (
        <span className="variable-description-cell" title={v.description || undefined}>
          {v.description || '—'}
        </span>
      ),
    },
    { id: 'updated', header: 'Updated', width: 110, hideOnMobile: true, cell: (v) => <RelativeDate value={v.updated} variant="ago" /> },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      width: 56,
      align: 'end',
      cell: (v) => (
        <RowActionsMenu
          label={`Actions for ${v.name}`}
          actions={[
            { value: 'edit', label: 'Edit', icon: Pencil, onSelect: () => onEdit(v) },
            { value: 'delete', label: 'Delete', icon: Trash2, danger: true, onSelect: () => onDelete(v) },
          ]}
        />
      ),
    },
  ];
}

export function VariablesTable({ variables, onEdit, onDelete, empty }: VariablesTableProps) {
  return (
    <DataTable aria-label="Variables" columns={columns(onEdit, onDelete)} rows={variables} rowKey={(v) => v.id} empty={empty} />
  );
}

export const VARIABLE_SKELETON_COLUMNS = [
  { header: 'Name' },
  { header: 'Type', width: 96, hideOnMobile: true },
  { header: 'Value' },
  { header: 'Status', width: 100, hideOnMobile: true },
  { header: 'Description', hideOnMobile: true },
  { header: 'Updated', width: 110, hideOnMobile: true },
  { header: '', width: 56 },
];
