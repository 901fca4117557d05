/**
 * /workflows/create, the New button's target: makes one empty workflow and replaces itself with that
 * workflow's editor, so Back does not create another. The workflow is provisional (issue 17): the
 * server leaves it out of the list until its first edit and prunes it after a day without one, so a
 * visit abandoned in any way (Back, a closed tab) leaves no 'Untitled' draft behind. StrictMode runs effects twice in development;
 * the ref survives that, so exactly one POST is sent. A failure shows the error and a retry.
 */
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { RotateCw } from 'lucide-react';
import { useCreateProvisionalWorkflow } from '../../../api/workflows-api.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { editorPath } from './workflow-columns.tsx';
import './workflows.css';

export function CreateWorkflowScreen() {
  usePageTitle('New workflow');
  const navigate = useNavigate();
  const create = useCreateProvisionalWorkflow();
  const started = useRef(false);
  const { mutate } = create; // stable across renders, unlike the result object

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  const createdId = create.data?.flow.id;
  useEffect(() => {
    if (createdId) navigate(editorPath(createdId), { replace: true });
  }, [createdId, navigate]);

  if (create.isError) {
    return (
      <div className="page">
        <div className="card create-workflow">
          <Alert variant="error" title="Could not create the workflow">
            {errorMessage(create.error)}
          </Alert>
          <div className="empty-state-actions">
            <button type="button" className="btn btn-primary" onClick={() => create.mutate()}>
              <RotateCw width={16} height={16} aria-hidden="true" />
              Retry
            </button>
            <Link to="/workflows" className="btn btn-secondary">
              Back to workflows
            </Link>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="page">
      <div className="create-workflow" role="status" aria-live="polite">
        <Spinner size={24} />
        <p className="create-workflow-text">Creating your workflow…</p>
      </div>
    </div>
  );
}

export default CreateWorkflowScreen;
