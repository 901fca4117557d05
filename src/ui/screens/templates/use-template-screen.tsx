/** /workflows/use-template/:template_uid (signed in): what the template holds, and 'Use template'. */
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useTemplateDetail } from '../../../api/templates-api.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { TemplateView } from './template-view.tsx';
import { TemplateLoadError } from './template-states.tsx';
import { UseTemplateButton } from './use-template-button.tsx';
import './templates.css';

export function UseTemplateScreen() {
  const { template_uid: id = '' } = useParams();
  const template = useTemplateDetail(id, 'user');
  usePageTitle(template.data?.title ?? 'Use template');

  return (
    <div className="page template-page">
      <Link to="/templates" className="btn btn-ghost btn-sm template-back">
        <ArrowLeft width={14} height={14} aria-hidden="true" />
        Templates
      </Link>
      {template.isPending ? (
        <FullPageSpinner label="Loading template" />
      ) : template.isError ? (
        <TemplateLoadError
          error={template.error}
          onRetry={() => void template.refetch()}
          retrying={template.isFetching}
          backTo={{ to: '/workflows', label: 'Back to workflows' }}
        />
      ) : (
        <TemplateView template={template.data} action={<UseTemplateButton templateId={template.data.id} />} />
      )}
    </div>
  );
}

export default UseTemplateScreen;
