/**
 * /workflows: every workflow of the user, 10 a page (SPEC §9), searchable by name and filterable by
 * status and folder (the folder panel beside the table: all, uncategorized, each folder), sorted on the
 * server (headers and the sort choice), with the row actions and, for selected rows, the bulk bar
 * (issue 17). Filters and sort live in the URL (use-workflow-list-params.ts).
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FolderOpen, Plus, SearchX, Workflow } from 'lucide-react';
import { useWorkflows, WORKFLOW_PAGE_SIZE, type WorkflowSummary } from '../../../api/workflows-api.ts';
import { UNCATEGORIZED_FOLDER, useFolders, type Folder } from '../../../api/folders-api.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { DataTable } from '../../components/data/data-table.tsx';
import { TableSkeleton } from '../../components/data/table-skeleton.tsx';
import { TableError } from '../../components/data/table-error.tsx';
import { Pagination } from '../../components/data/pagination.tsx';
import { SearchInput } from '../../components/data/search-input.tsx';
import { pageCount } from '../../components/data/pagination-math.ts';
import { NEW_WORKFLOW_PATH } from '../../shell/sections.ts';
import { ALL_FOLDERS, NO_FOLDER, SORT_OPTIONS, STATUS_FILTER_OPTIONS, useWorkflowListParams, type StatusFilter } from './use-workflow-list-params.ts';
import type { SortOrder, WorkflowSort } from '../../../domain/contract/workflow-list.ts';
import { useWorkflowSelection } from './workflow-selection.tsx';
import { WorkflowBulkBar } from './workflow-bulk-bar.tsx';
import { FolderListPanel } from './folder-list.tsx';
import { FolderNameDialog } from '../../components/workflows/folder-name-dialog.tsx';
import { DeleteFolderDialog } from './delete-folder-dialog.tsx';
import { MoveWorkflowDialog } from '../../components/workflows/move-workflow-dialog.tsx';
import { editorPath, variablesPath, workflowColumns, WORKFLOW_SKELETON_COLUMNS, type WorkflowDialog } from './workflow-columns.tsx';
import { useWorkflowActions } from './use-workflow-actions.ts';
import { ImportWorkflowButton } from './import-workflow-button.tsx';
import { RenameWorkflowDialog } from './rename-workflow-dialog.tsx';
import { TimeSavedDialog } from './time-saved-dialog.tsx';
import { ConcurrentRunsDialog } from './concurrent-runs-dialog.tsx';
import { DeleteWorkflowDialog } from './delete-workflow-dialog.tsx';
import { SaveTemplateDialog } from './save-template-dialog.tsx';
import './workflows.css';

function NewWorkflowLink() {
  return (
    <Link to={NEW_WORKFLOW_PATH} className="btn btn-primary">
      <Plus width={16} height={16} aria-hidden="true" />
      New workflow
    </Link>
  );
}

export function WorkflowsScreen() {
  usePageTitle('Workflows');
  const navigate = useNavigate();
  const list = useWorkflowListParams();
  const folderId = list.folder === ALL_FOLDERS ? undefined : list.folder === NO_FOLDER ? UNCATEGORIZED_FOLDER : list.folder;
  const query = useWorkflows({
    page: list.page,
    name: list.name || undefined,
    status: list.status === 'ALL' ? undefined : list.status,
    folderId,
    sort: list.sort,
    order: list.order,
  });
  const rows = query.data?.data ?? [];
  const selection = useWorkflowSelection(rows, `${list.page}|${list.name}|${list.status}|${list.folder}|${list.sort}|${list.order}`);
  const folders = useFolders();
  const actions = useWorkflowActions();
  const [dialog, setDialog] = useState<{ kind: WorkflowDialog; workflow: WorkflowSummary } | null>(null);
  const [folderDialog, setFolderDialog] = useState<{ kind: 'create' } | { kind: 'rename' | 'delete'; folder: Folder } | null>(null);
  const currentFolder = folders.data?.data.find((folder) => folder.id === list.folder);

  // A folder that is gone (deleted here or elsewhere, or a stale link): show all workflows instead.
  const folderKnown = list.folder === ALL_FOLDERS || list.folder === NO_FOLDER || currentFolder !== undefined;
  useEffect(() => {
    if (folders.isSuccess && !folderKnown) list.setFolder(ALL_FOLDERS, { replace: true });
  }, [folders.isSuccess, folderKnown]);

  const columns = workflowColumns({
    open: (row) => navigate(editorPath(row.id)),
    openVariables: (row) => navigate(variablesPath(row.id)),
    run: (row) => void actions.run(row),
    openDialog: (workflow, kind) => setDialog({ kind, workflow }),
    duplicate: actions.duplicate,
    exportJson: (row) => void actions.exportJson(row),
    setStatus: actions.setStatus,
    pendingStatusId: actions.pendingStatusId,
    sort: list.sort,
    order: list.order,
    onSort: (sort) => list.setSort(sort),
    selection,
  });

  // Past the last page (the last row of the last page was deleted, or a stale link): go to the last one.
  const total = query.data?.total;
  useEffect(() => {
    if (total !== undefined && !query.isPlaceholderData && list.page > pageCount(total, WORKFLOW_PAGE_SIZE)) {
      list.setPage(pageCount(total, WORKFLOW_PAGE_SIZE), { replace: true });
    }
    // `list` is a new object every render; what decides is the total, the page and whether data is current.
  }, [total, list.page, query.isPlaceholderData]);

  const closeDialog = () => setDialog(null);
  const noWorkflowsAtAll = query.data?.total === 0 && !list.filtered;
  const emptyFolder = query.data?.total === 0 && list.folder !== ALL_FOLDERS && !list.searched;

  return (
    <div className="page">
      <PageHeader
        title="Workflows"
        description="Build and manage your automations"
        actions={
          <>
            <ImportWorkflowButton />
            <NewWorkflowLink />
          </>
        }
      />
      <div className="workflows-layout">
        <FolderListPanel
          folders={folders.data}
          loading={folders.isPending}
          failed={folders.isError}
          onRetry={() => void folders.refetch()}
          selected={list.folder}
          onSelect={(next) => list.setFolder(next)}
          onCreate={() => setFolderDialog({ kind: 'create' })}
          onRename={(folder) => setFolderDialog({ kind: 'rename', folder })}
          onDelete={(folder) => setFolderDialog({ kind: 'delete', folder })}
        />
        <section className="card workflows-main" aria-label="Workflow list">
          {noWorkflowsAtAll ? null : (
            <div className="data-toolbar">
              <SearchInput value={list.search} onValueChange={list.setSearch} label="Search workflows" placeholder="Search by name" />
              <SelectField
                label="Status"
                hideLabel
                options={STATUS_FILTER_OPTIONS}
                value={list.status}
                onChange={(event) => list.setStatus(event.target.value as StatusFilter)}
              />
              <SelectField
                label="Sort by"
                hideLabel
                options={SORT_OPTIONS}
                value={`${list.sort}:${list.order}`}
                onChange={(event) => {
                  const [sort, order] = event.target.value.split(':') as [WorkflowSort, SortOrder];
                  list.setSort(sort, order);
                }}
              />
            </div>
          )}
          {selection.ids.length > 0 ? <WorkflowBulkBar selectedRows={rows.filter((row) => selection.selected.has(row.id))} onDone={selection.clear} /> : null}
          {query.isPending ? (
            <TableSkeleton columns={WORKFLOW_SKELETON_COLUMNS} rows={5} label="Loading workflows" />
          ) : query.isError ? (
            <TableError error={query.error} title="Could not load your workflows" onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : noWorkflowsAtAll ? (
            <EmptyState icon={Workflow} title="No workflows yet">
              <p>Create your first workflow to automate a task, or import one exported as JSON.</p>
              <div className="empty-state-actions">
                <NewWorkflowLink />
                <ImportWorkflowButton />
              </div>
            </EmptyState>
          ) : (
            <>
              <DataTable
                columns={columns}
                rows={query.data.data}
                rowKey={(row) => row.id}
                onRowClick={(row) => navigate(editorPath(row.id))}
                caption="Workflows"
                className="workflows-table"
                busy={query.isPlaceholderData}
                empty={
                  emptyFolder ? (
                    <EmptyState icon={FolderOpen} title={list.folder === NO_FOLDER ? 'Every workflow is in a folder' : 'This folder is empty'}>
                      <p>{list.folder === NO_FOLDER ? 'Workflows in no folder show here.' : 'Move workflows here with "Move to folder" in their row menu.'}</p>
                      <button type="button" className="btn btn-secondary btn-sm empty-state-actions" onClick={() => list.setFolder(ALL_FOLDERS)}>
                        Show all workflows
                      </button>
                    </EmptyState>
                  ) : (
                    <EmptyState icon={SearchX} title="No workflows match">
                      <p>Try another name or status.</p>
                      <button type="button" className="btn btn-secondary btn-sm empty-state-actions" onClick={list.clearFilters}>
                        Clear filters
                      </button>
                    </EmptyState>
                  )
                }
              />
              {query.data.total > 0 ? (
                <Pagination page={list.page} pageSize={WORKFLOW_PAGE_SIZE} total={query.data.total} onPageChange={list.setPage} label="Workflow pages" />
              ) : null}
            </>
          )}
        </section>
      </div>
      {dialog?.kind === 'move' ? <MoveWorkflowDialog workflow={dialog.workflow} onClose={closeDialog} /> : null}
      {folderDialog?.kind === 'create' ? <FolderNameDialog onClose={() => setFolderDialog(null)} onSaved={(folder) => list.setFolder(folder.id)} /> : null}
      {folderDialog?.kind === 'rename' ? <FolderNameDialog folder={folderDialog.folder} onClose={() => setFolderDialog(null)} /> : null}
      {folderDialog?.kind === 'delete' ? <DeleteFolderDialog folder={folderDialog.folder} onClose={() => setFolderDialog(null)} /> : null}
      {dialog?.kind === 'rename' ? <RenameWorkflowDialog workflow={dialog.workflow} onClose={closeDialog} /> : null}
      {dialog?.kind === 'settings' ? <TimeSavedDialog workflow={dialog.workflow} onClose={closeDialog} /> : null}
      {dialog?.kind === 'concurrency' ? <ConcurrentRunsDialog workflow={dialog.workflow} onClose={closeDialog} /> : null}
      {dialog?.kind === 'delete' ? <DeleteWorkflowDialog workflow={dialog.workflow} onClose={closeDialog} /> : null}
      {dialog?.kind === 'template' ? <SaveTemplateDialog workflow={dialog.workflow} onClose={closeDialog} /> : null}
    </div>
  );
}

export default WorkflowsScreen;
