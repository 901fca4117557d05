/**
 * /workflows/{id}/variables: one workflow's own variables, under the workflow's name (a link back to its
 * editor). The name loads on its own; the list does not wait for it. An unknown workflow says so.
 */
import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { isMissingWorkflow, variableWorkflowQuery } from '../../../api/variables-api.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { VariablesPage } from './variables-page.tsx';

export function WorkflowVariablesScreen() {
  usePageTitle('Workflow variables');
  const { id = '' } = useParams();
  const workflow = useQuery(variableWorkflowQuery(id));

  if (workflow.isError && isMissingWorkflow(workflow.error)) {
    return (
      <div className="page">
        <section className="card">
          <EmptyState icon={SearchX} title="Workflow not found">
            <Link to="/workflows">Back to workflows</Link>
          </EmptyState>
        </section>
      </div>
    );
  }

  return (
    <VariablesPage
      workflowId={id}
      header={(newButton) => (
        <div className="page-header">
          <div>
            <h1 className="page-title">Workflow variables</h1>
            <p className="page-description">
              {workflow.data ? (
                <>
                  Values only{' '}
                  <Link to={`/workflows/${encodeURIComponent(id)}/edit`} className="variables-workflow-link">
                    {workflow.data.displayName}
                  </Link>{' '}
                  can use
                </>
              ) : workflow.isError ? (
                'Values only this workflow can use'
              ) : (
                <span className="skeleton variables-workflow-skeleton" aria-hidden="true" />
              )}
            </p>
          </div>
          <div className="page-actions">{newButton}</div>
        </div>
      )}
    />
  );
}

export default WorkflowVariablesScreen;
