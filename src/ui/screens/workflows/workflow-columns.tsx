/** The columns of the workflow table: name (a link, the keyboard path to the editor), status, updated, version, actions. */
import { Link } from 'react-router';
import { BookmarkPlus, Braces, Copy, Download, ExternalLink, FolderInput, Gauge, Pencil, Play, Timer, Trash2 } from 'lucide-react';
import type { WorkflowSummary } from '../../../api/workflows-api.ts';
import type { FlowStatus } from '../../../domain/index.ts';
import type { DataColumn } from '../../components/data/data-table.tsx';
import { RelativeDate } from '../../components/data/relative-date.tsx';
import { RowActionsMenu } from '../../components/data/row-actions-menu.tsx';
import { ToggleSwitch } from '../../components/data/toggle-switch.tsx';
import { VersionBadge } from '../../components/workflows/version-badge.tsx';

export type WorkflowDialog = 'rename' | 'move' | 'settings' | 'concurrency' | 'delete' | 'template';

export const editorPath = (id: string) => `/workflows/${id}/edit`;
/** The workflow's own variables (issue 17: linked from the row menu and the editor's workflow menu). */
export const variablesPath = (id: string) => `/workflows/${id}/variables`;

export interface WorkflowColumnHandlers {
  open: (row: WorkflowSummary) => void;
  openVariables: (row: WorkflowSummary) => void;
  run: (row: WorkflowSummary) => void;
  openDialog: (row: WorkflowSummary, dialog: WorkflowDialog) => void;
  duplicate: (row: WorkflowSummary) => void;
  exportJson: (row: WorkflowSummary) => void;
  setStatus: (row: WorkflowSummary, status: FlowStatus) => void;
  pendingStatusId: string | undefined;
}

/** Column headers, also for the loading skeleton so nothing moves when rows arrive. */
export const WORKFLOW_SKELETON_COLUMNS = [
  { header: 'Name', width: '40%' },
  { header: 'Status', width: 150 },
  { header: 'Last updated', width: 170, hideOnMobile: true },
  { header: 'Version', width: 120 },
  { header: '', width: 56 },
];

export function workflowColumns(h: WorkflowColumnHandlers): DataColumn<WorkflowSummary>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      width: '40%',
      cell: (row) => (
        <Link to={editorPath(row.id)} className="cell-primary workflow-name-link">
          {row.displayName}
        </Link>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      width: 150,
      cell: (row) => (
        <ToggleSwitch
          checked={row.status === 'ENABLED'}
          onCheckedChange={(on) => h.setStatus(row, on ? 'ENABLED' : 'DISABLED')}
          label={`Enable ${row.displayName}`}
          stateText={row.status === 'ENABLED' ? 'Enabled' : 'Disabled'}
          disabled={h.pendingStatusId === row.id}
        />
      ),
    },
    {
      id: 'updated',
      header: 'Last updated',
      width: 170,
      hideOnMobile: true,
      cell: (row) => (
        <span className="cell-muted">
          <RelativeDate value={row.updated} />
        </span>
      ),
    },
    {
      id: 'version',
      header: 'Version',
      width: 120,
      cell: (row) => <VersionBadge state={row.version.state} hasPublished={row.publishedVersionId !== null} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      width: 56,
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
