import { usePageTitle } from '../../hooks/use-page-title.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { VariablesPage } from './variables-page.tsx';

/** /variables: the values every workflow of the user can read. */
export function GlobalVariablesScreen() {
  usePageTitle('Global Variables');
  return <VariablesPage header={(newButton) => <PageHeader title="Global Variables" description="Values every workflow can use" actions={newButton} />} />;
}

export default GlobalVariablesScreen;
