import { Link } from 'react-router';
import { UI_MESSAGES } from '../../../domain/index.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { Logo } from '../../components/ui/logo.tsx';

/** Any path the route table does not know. Public, so a signed-out visitor sees it too. */
export function NotFoundScreen() {
  usePageTitle(UI_MESSAGES.pageNotFound);
  return (
    <main className="standalone-page">
      <Logo withName />
      <p className="standalone-code" aria-hidden="true">
        404
      </p>
      <h1 className="standalone-title">{UI_MESSAGES.pageNotFound}</h1>
      <p className="standalone-text">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn-primary">
        Go to home
      </Link>
    </main>
  );
}

export default NotFoundScreen;
