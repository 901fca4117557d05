/**
 * /workflows/:id/edit, for now a read-only view (the canvas comes in a later issue): the name, renamed
 * in place, the version's state, a way back, and every step in flow order. No sidebar (route handle).
 */
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, Download, SearchX } from 'lucide-react';
import { isNotFound, useRenameWorkflow, useWorkflow, type WorkflowDetail } from '../../../api/workflows-api.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { TableError } from '../../components/data/table-error.tsx';
import { RelativeDate } from '../../components/data/relative-date.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { VersionBadge } from '../workflows/version-badge.tsx';
import { downloadTextFile, workflowExportFile } from '../workflows/export-workflow.ts';
import { InlineName } from './inline-name.tsx';
import { StepOutline } from '../../components/flow/step-outline.tsx';
import { countSteps } from '../../components/flow/step-rows.ts';
import './editor.css';

function BackLink() {
  return (
    <Link to="/workflows" className="btn btn-ghost btn-sm editor-back">
      <ArrowLeft width={14} height={14} aria-hidden="true" />
      Workflows
    </Link>
  );
}

const NOT_FOUND_TITLE = 'Workflow not found';

function WorkflowNotFound() {
  return (
    <div className="page">
      <div className="card editor-not-found">
        <span className="empty-state-icon" aria-hidden="true">
          <SearchX width={20} height={20} />
        </span>
        <h1 className="editor-not-found-title">{NOT_FOUND_TITLE}</h1>
        <p className="empty-state-text">It may have been deleted, or the link is wrong.</p>
        <Link to="/workflows" className="btn btn-primary empty-state-action">
          Back to workflows
        </Link>
      </div>
    </div>
  );
}

export function EditorScreen() {
  const { id = '' } = useParams();
  const workflow = useWorkflow(id);
  // 404, or 400 for an id that is not even well formed: either way no such workflow.
  const missing = workflow.isError && (isNotFound(workflow.error) || (workflow.error as { status?: number }).status === 400);
  usePageTitle(workflow.data?.flow.displayName ?? (missing ? NOT_FOUND_TITLE : 'Workflow'));

  if (workflow.isPending) return <FullPageSpinner label="Loading workflow" />;
  if (workflow.isError) {
    if (missing) return <WorkflowNotFound />;
    return (
      <div className="page">
        <BackLink />
        <h1 className="visually-hidden">Workflow</h1>
        <div className="card">
          <TableError error={workflow.error} title="Could not load this workflow" onRetry={() => void workflow.refetch()} retrying={workflow.isFetching} />
        </div>
      </div>
    );
  }
  return <WorkflowView detail={workflow.data} />;
}

function WorkflowView({ detail }: { detail: WorkflowDetail }) {
  const { flow, version } = detail;
  const rename = useRenameWorkflow();
  const steps = countSteps(version);

  const onRename = (displayName: string) =>
    rename.mutateAsync(
      { id: flow.id, displayName },
      {
        onSuccess: () => toast.success('Workflow renamed'),
        onError: (error) => toast.error(errorMessage(error, 'Could not rename the workflow')),
      },
    );

  return (
    <div className="editor-page">
      <header className="editor-header">
        <BackLink />
        <div className="editor-heading">
          <InlineName value={flow.displayName} onRename={onRename} />
          <VersionBadge state={version.state} hasPublished={flow.publishedVersionId !== null} />
        </div>
        <p className="editor-meta">
          {steps === 1 ? '1 step' : `${steps.toLocaleString('en')} steps`}
          {version.updated ? (
            <>
              <span aria-hidden="true"> · </span>
              Updated <RelativeDate value={version.updated} />
            </>
          ) : null}
        </p>
        <button type="button" className="btn btn-secondary btn-sm editor-export" onClick={() => downloadTextFile(workflowExportFile(version))}>
          <Download width={14} height={14} aria-hidden="true" />
          Export JSON
        </button>
      </header>
      <section className="card editor-steps" aria-labelledby="editor-steps-title">
        <h2 id="editor-steps-title" className="visually-hidden">
          Steps
        </h2>
        <StepOutline version={version} label={`Steps of ${flow.displayName}`} className="editor-outline" />
      </section>
    </div>
  );
}

export default EditorScreen;
