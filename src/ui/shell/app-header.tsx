import { useEffect } from 'react';
import { Link, useLocation, useNavigation } from 'react-router';
import { Logo } from '../components/ui/logo.tsx';
import { ChevronRight, PanelLeft } from 'lucide-react';
import { activeLink, sectionForPath, sectionModel } from './sections.ts';
import { liveStore } from '../stores/live-store.ts';
import { NotificationBell } from './notification-bell.tsx';

interface AppHeaderProps {
  /** Absent on routes without a sidebar. */
  onToggleSidebar?: () => void;
  sidebarExpanded: boolean;
}

/** The bar above the content: the sidebar toggle (also Ctrl/Cmd+B), where you are, and the notifications. */
export function AppHeader({ onToggleSidebar, sidebarExpanded }: AppHeaderProps) {
  // The live connection lives as long as the signed-in frame (SPEC §4: open while authenticated).
  useEffect(() => liveStore.start(), []);
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
      <div className="header-actions">
        <NotificationBell store={liveStore} />
      </div>
      {navigation.state === 'loading' ? <div className="route-progress" role="progressbar" aria-label="Loading page" /> : null}
    </header>
  );
}
