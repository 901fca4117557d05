import { Link, useLocation, useNavigation } from 'react-router';
import { Logo } from '../components/ui/logo.tsx';
import { ChevronRight, PanelLeft } from 'lucide-react';
import { activeLink, sectionForPath, sectionModel } from './sections.ts';

interface AppHeaderProps {
  /** Absent on routes without a sidebar. */
  onToggleSidebar?: () => void;
  sidebarExpanded: boolean;
}

/** The bar above the content: the sidebar toggle (also Ctrl/Cmd+B) and where you are. */
export function AppHeader({ onToggleSidebar, sidebarExpanded }: AppHeaderProps) {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const section = sectionModel(sectionForPath(pathname));
  const page = activeLink(pathname);
  const pageLabel = page && page.label !== section.label ? page.label : null;

  return (
    <header className="app-header">
      {onToggleSidebar ? (
        <>
          <button
            type="button"
            className="icon-button"
            aria-label="Toggle sidebar"
            aria-expanded={sidebarExpanded}
            title="Toggle sidebar (Ctrl+B)"
            onClick={onToggleSidebar}
          >
            <PanelLeft width={18} height={18} aria-hidden="true" />
          </button>
          <span className="header-separator" aria-hidden="true" />
        </>
      ) : (
        <>
          <Link to="/" className="header-home" aria-label="Flowsmith home">
            <Logo />
          </Link>
          <span className="header-separator" aria-hidden="true" />
        </>
      )}
      <div className="breadcrumb">
        <span className={pageLabel ? 'breadcrumb-item' : 'breadcrumb-item breadcrumb-current'}>{section.label}</span>
        {pageLabel ? (
          <>
            <ChevronRight width={14} height={14} aria-hidden="true" className="breadcrumb-sep" />
            <span className="breadcrumb-item breadcrumb-current" aria-current="page">
              {pageLabel}
            </span>
          </>
        ) : null}
      </div>
      {navigation.state === 'loading' ? <div className="route-progress" role="progressbar" aria-label="Loading page" /> : null}
    </header>
  );
}
