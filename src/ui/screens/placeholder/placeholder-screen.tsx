import { Construction } from 'lucide-react';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';

interface PlaceholderScreenProps {
  /** The page title and the heading. */
  title: string;
  description?: string;
}

/**
 * A screen whose route exists but whose content arrives in a later issue: a real title and heading, and an
 * honest empty state rather than invented data.
 */
export function PlaceholderScreen({ title, description }: PlaceholderScreenProps) {
  usePageTitle(title);
  return (
    <div className="page">
      <PageHeader title={title} description={description} />
      <div className="card">
        <EmptyState icon={Construction} title="Coming soon">
          This part of Flowsmith is being built. Check back in a later release.
        </EmptyState>
      </div>
    </div>
  );
}
