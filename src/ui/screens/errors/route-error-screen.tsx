import { useRouteError } from 'react-router';
import { UI_MESSAGES } from '../../../domain/index.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { Logo } from '../../components/ui/logo.tsx';

/**
 * Shown when a screen throws or its code cannot be loaded (e.g. a new release replaced the chunks).
 * A reload fixes both cases, so that is the one action offered.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  usePageTitle(UI_MESSAGES.serverError);
  if (error) console.warn('Route failed to render', error);
  return (
    <main className="standalone-page" role="alert">
      <Logo withName />
      <h1 className="standalone-title">Something went wrong</h1>
      <p className="standalone-text">{UI_MESSAGES.unexpectedRefresh}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload page
      </button>
    </main>
  );
}
