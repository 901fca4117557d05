/**
 * The columns of the workflow table: a selection box, name (a link, the keyboard path to the editor;
 * cut with an ellipsis, the full name on hover), status (the enable switch), trigger, last run, updated,
 * version, actions. Name, status, last run and updated sort on the server (their header is a button;
 * the sort is in the URL).
 */
import { Link } from 'react-router';
import { ArrowDown, ArrowUp, ArrowUpDown, BookmarkPlus, Braces, Copy, Download, ExternalLink, FolderInput, Gauge, Pencil, Play, Timer, Trash2 } from 'lucide-react';
import type { WorkflowSummary } from '../../../api/workflows-api.ts';
import type { FlowStatus } from '../../../domain/index.ts';
import type { SortOrder, WorkflowSort } from '../../../domain/contract/workflow-list.ts';
import type { DataColumn } from '../../components/data/data-table.tsx';
import { RelativeDate } from '../../components/data/relative-date.tsx';
import { RowActionsMenu } from '../../components/data/row-actions-menu.tsx';
import { ToggleSwitch } from '../../components/data/toggle-switch.tsx';
import { RunStatusBadge } from '../../components/runs/status-badge.tsx';
import { VersionBadge } from '../../components/workflows/version-badge.tsx';
import { SelectAllBox } from './workflow-selection.tsx';

export type WorkflowDialog = 'rename' | 'move' | 'settings' | 'concurrency' | 'delete' | 'template';

export const editorPath = (id: string) => `/workflows/${id}/edit`;
/** The workflow's own variables (issue 17: linked from the row menu and the editor's workflow menu). */
export const variablesPath = (id: string) => `/workflows/${id}/variables`;

/** Why a never-published workflow cannot be enabled (the switch's disabled reason). */
export const ENABLE_NEEDS_PUBLISH = 'Publish this workflow before enabling it';

export interface WorkflowColumnHandlers {
  open: (row: WorkflowSummary) => void;
  openVariables: (row: WorkflowSummary) => void;
  run: (row: WorkflowSummary) => void;
  openDialog: (row: WorkflowSummary, dialog: WorkflowDialog) => void;
  duplicate: (row: WorkflowSummary) => void;
  exportJson: (row: WorkflowSummary) => void;
  setStatus: (row: WorkflowSummary, status: FlowStatus) => void;
  pendingStatusId: string | undefined;
  sort: WorkflowSort;
  order: SortOrder;
  onSort: (sort: WorkflowSort) => void;
  selection: {
    rows: readonly WorkflowSummary[];
    selected: ReadonlySet<string>;
    toggle: (id: string) => void;
    setAll: (on: boolean) => void;
  };
}

/** Column headers, also for the loading skeleton so nothing moves when rows arrive. */
export const WORKFLOW_SKELETON_COLUMNS = [
  { header: '', width: 44 },
  { header: 'Name' },
  { header: 'Status', width: 112 },
  { header: 'Trigger', width: 104, hideOnMobile: true },
  { header: 'Last run', width: 136, hideOnMobile: true },
  { header: 'Last updated', width: 132, hideOnMobile: true },
  { header: 'Version', width: 104, hideOnMobile: true },
  { header: '', width: 52 },
];

/** "Schedule", "Webhook", "Manual" from '@activepieces/piece-schedule'…; "None" for an empty trigger. */
export function triggerLabel(trigger: WorkflowSummary['trigger']): string {
  if (!trigger || trigger.type === 'EMPTY' || !trigger.pieceName) return 'None';
  const base = trigger.pieceName.replace(/^@[^/]+\//, '').replace(/^piece-/, '').replaceAll('-', ' ');
  return base.charAt(0).toUpperCase() + base.slice(1);
}

const SORT_LABELS: Record<WorkflowSort, string> = { name: 'Name', status: 'Status', lastRun: 'Last run', updated: 'Last updated' };

function SortHeader({ column, h }: { column: WorkflowSort; h: WorkflowColumnHandlers }) {
  const active = h.sort === column;
  const Icon = !active ? ArrowUpDown : h.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button type="button" className={active ? 'sort-button is-active' : 'sort-button'} onClick={() => h.onSort(column)}>
      {SORT_LABELS[column]}
      <Icon width={13} height={13} aria-hidden="true" />
    </button>
  );
}

const sortState = (h: WorkflowColumnHandlers, column: WorkflowSort) =>
  h.sort === column ? (h.order === 'asc' ? ('ascending' as const) : ('descending' as const)) : ('none' as const);

export function workflowColumns(h: WorkflowColumnHandlers): DataColumn<WorkflowSummary>[] {
  const { selection } = h;
  return [
    {
      id: 'select',
      header: <SelectAllBox rows={selection.rows} selected={selection.selected} onChange={selection.setAll} />,
      width: 44,
      className: 'wf-col-select',
      cell: (row) => (
        <input
          type="checkbox"
          className="checkbox"
          checked={selection.selected.has(row.id)}
          onChange={() => selection.toggle(row.id)}
          aria-label={`Select ${row.displayName}`}
        />
      ),
    },
    {
      id: 'name',
      header: <SortHeader column="name" h={h} />,
      sort: sortState(h, 'name'),
      className: 'wf-col-name',
      cell: (row) => (
        <Link to={editorPath(row.id)} className="cell-primary workflow-name-link" title={row.displayName}>
          {row.displayName}
        </Link>
      ),
    },
    {
      id: 'status',
      header: <SortHeader column="status" h={h} />,
      sort: sortState(h, 'status'),
      width: 112,
      cell: (row) => {
        const neverPublished = row.publishedVersionId === null && row.status !== 'ENABLED';
        return (
          <ToggleSwitch
            checked={row.status === 'ENABLED'}
            onCheckedChange={(on) => h.setStatus(row, on ? 'ENABLED' : 'DISABLED')}
            label={`Enable ${row.displayName}`}
            stateText={row.status === 'ENABLED' ? 'Enabled' : 'Disabled'}
            disabled={h.pendingStatusId === row.id || neverPublished}
            disabledReason={neverPublished ? ENABLE_NEEDS_PUBLISH : undefined}
          />
        );
      },
    },
    {
      id: 'trigger',
      header: 'Trigger',
      width: 104,
      hideOnMobile: true,
      className: 'wf-col-trigger',
      cell: (row) => <span className="cell-muted">{triggerLabel(row.trigger)}</span>,
    },
    {
      id: 'lastRun',
      header: <SortHeader column="lastRun" h={h} />,
      sort: sortState(h, 'lastRun'),
      width: 136,
      hideOnMobile: true,
      cell: (row) =>
        row.lastRun ? (
          <Link to={`/executions/${encodeURIComponent(row.lastRun.id)}`} className="last-run-link" aria-label={`Last run of ${row.displayName}`}>
            <RunStatusBadge status={row.lastRun.status} />
            <span className="cell-muted last-run-time">
              <RelativeDate value={row.lastRun.startTime} variant="ago" />
            </span>
          </Link>
        ) : (
          <span className="cell-muted">Never run</span>
        ),
    },
    {
      id: 'updated',
      header: <SortHeader column="updated" h={h} />,
      sort: sortState(h, 'updated'),
      width: 132,
      hideOnMobile: true,
      className: 'wf-col-updated',
      cell: (row) => (
        <span className="cell-muted">
          <RelativeDate value={row.updated} />
        </span>
      ),
    },
    {
      id: 'version',
      header: 'Version',
      width: 104,
      hideOnMobile: true,
      className: 'wf-col-version',
      cell: (row) => <VersionBadge state={row.version.state} hasPublished={row.publishedVersionId !== null} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      width: 52,
      align: 'end',
      cell: (row) => (
        <RowActionsMenu
          label={`Actions for ${row.displayName}`}
          actions={[
            { value: 'open', label: 'Open', icon: ExternalLink, onSelect: () => h.open(row) },
            { value: 'run', label: 'Run', icon: Play, onSelect: () => h.run(row) },
            { value: 'rename', label: 'Rename', icon: Pencil, onSelect: () => h.openDialog(row, 'rename') },
            { value: 'variables', label: 'Variables', icon: Braces, onSelect: () => h.openVariables(row) },
            { value: 'move', label: 'Move to folder', icon: FolderInput, onSelect: () => h.openDialog(row, 'move') },
            { value: 'settings', label: 'Time saved', icon: Timer, onSelect: () => h.openDialog(row, 'settings') },
            { value: 'concurrency', label: 'Concurrency', icon: Gauge, onSelect: () => h.openDialog(row, 'concurrency') },
            { value: 'duplicate', label: 'Duplicate', icon: Copy, onSelect: () => h.duplicate(row) },
            { value: 'export', label: 'Export JSON', icon: Download, onSelect: () => h.exportJson(row) },
            { value: 'template', label: 'Save as template', icon: BookmarkPlus, onSelect: () => h.openDialog(row, 'template') },
            { value: 'delete', label: 'Delete', icon: Trash2, danger: true, onSelect: () => h.openDialog(row, 'delete') },
          ]}
        />
      ),
    },
  ];
}
