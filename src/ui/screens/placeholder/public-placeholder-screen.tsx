import { Link } from 'react-router';
import { Construction } from 'lucide-react';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { Logo } from '../../components/ui/logo.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';

/** A public placeholder (e.g. /template-preview/:template_uid): no app shell, since visitors may be signed out. */
export function PublicPlaceholderScreen({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <div className="public-page">
      <header className="public-header">
        <Link to="/" aria-label="Flowsmith home">
          <Logo withName />
        </Link>
      </header>
      <main className="page">
        <div className="page-header">
          <h1 className="page-title">{title}</h1>
        </div>
        <div className="card">
          <EmptyState icon={Construction} title="Coming soon">
            This part of Flowsmith is being built. Check back in a later release.
          </EmptyState>
        </div>
      </main>
    </div>
  );
}
