/**
 * /template-preview/:template_uid (public): a read-only look at a template, without the app shell. A
 * guest is invited to sign in and comes back to the use-template screen; a signed-in user can use it here.
 */
import { observer } from 'mobx-react-lite';
import { Link, useParams } from 'react-router';
import { LogIn } from 'lucide-react';
import { useTemplateDetail } from '../../../api/templates-api.ts';
import { authStore } from '../../stores/auth-store.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { Logo } from '../../components/ui/logo.tsx';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { TemplateView } from './template-view.tsx';
import { TemplateLoadError } from './template-states.tsx';
import { UseTemplateButton } from './use-template-button.tsx';
import './templates.css';

/** Where a guest goes to sign in, and where the sign-in brings them back to. */
export function signInToUsePath(templateId: string): string {
  return `/login?redirect=/workflows/use-template/${encodeURIComponent(templateId)}`;
}

export const TemplatePreviewScreen = observer(function TemplatePreviewScreen() {
  const { template_uid: id = '' } = useParams();
  const template = useTemplateDetail(id, 'guest');
  usePageTitle(template.data?.title ?? 'Template preview');
  const signedIn = authStore.isAuthenticated;

  const action = signedIn ? (
    <UseTemplateButton templateId={id} />
  ) : (
    <Link to={signInToUsePath(id)} className="btn btn-primary">
      <LogIn width={16} height={16} aria-hidden="true" />
      Sign in to use this template
    </Link>
  );

  return (
    <div className="public-page">
      <header className="public-header">
        <Link to="/" aria-label="Flowsmith home">
          <Logo withName />
        </Link>
      </header>
      <main className="page template-page">
        {template.isPending ? (
          <FullPageSpinner label="Loading template" />
        ) : template.isError ? (
          <TemplateLoadError
            error={template.error}
            onRetry={() => void template.refetch()}
            retrying={template.isFetching}
            backTo={signedIn ? { to: '/workflows', label: 'Go to workflows' } : { to: '/login', label: 'Sign in' }}
          />
        ) : (
          <TemplateView template={template.data} action={action} />
        )}
      </main>
    </div>
  );
});

export default TemplatePreviewScreen;
