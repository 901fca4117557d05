import { useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useIsMobile } from '../hooks/use-media-query.ts';
import { sectionForPath, type SectionId } from './sections.ts';
import { useSidebar, useSidebarShortcut } from './use-sidebar.ts';
import { SidebarContent } from './sidebar-content.tsx';
import { MobileSidebarSheet } from './mobile-sidebar-sheet.tsx';
import { AppHeader } from './app-header.tsx';
import { QueryProvider } from '../query-provider.tsx';
import { AppToaster } from '../app-toaster.tsx';

/** What a route can say about the shell through its `handle`. */
export interface ShellRouteHandle {
  hideSidebar?: boolean;
}

function routeHidesSidebar(matches: ReturnType<typeof useMatches>): boolean {
  return matches.some((match) => (match.handle as ShellRouteHandle | undefined)?.hideSidebar === true);
}

/**
 * The signed-in frame (SPEC §2): sidebar (rail + section panel), header, and the screen in <main>.
 * The panel shows the section of the current route; a rail button shows another section's links until
 * the next navigation, which is why the choice is remembered together with the pathname it was made on.
 */
export function AppShell() {
  const { pathname } = useLocation();
  const hideSidebar = routeHidesSidebar(useMatches());
  const isMobile = useIsMobile();
  const sidebar = useSidebar(isMobile, pathname);
  useSidebarShortcut(sidebar.toggle, !hideSidebar);

  const [chosen, setChosen] = useState<{ pathname: string; section: SectionId } | null>(null);
  const section = chosen?.pathname === pathname ? chosen.section : sectionForPath(pathname);
  const selectSection = (next: SectionId) => {
    setChosen({ pathname, section: next });
    if (!isMobile && !sidebar.open) sidebar.setOpen(true);
  };

  const showDesktopSidebar = !hideSidebar && !isMobile;
  return (
    <QueryProvider>
      <div className="shell" data-sidebar={showDesktopSidebar ? (sidebar.open ? 'open' : 'collapsed') : 'none'}>
        <a href="#main-content" className="skip-link">
          Skip to content
        </a>
        {showDesktopSidebar ? (
          <aside className="sidebar" aria-label="Sidebar">
            <SidebarContent section={section} onSelectSection={selectSection} showPanel={sidebar.open} inSheet={false} />
          </aside>
        ) : null}
        {!hideSidebar && isMobile ? (
          <MobileSidebarSheet open={sidebar.openMobile} onOpenChange={sidebar.setOpenMobile}>
            <SidebarContent
              section={section}
              onSelectSection={selectSection}
              showPanel
              inSheet
              onNavigate={() => sidebar.setOpenMobile(false)}
            />
          </MobileSidebarSheet>
        ) : null}
        <div className="shell-main">
          <AppHeader
            onToggleSidebar={hideSidebar ? undefined : sidebar.toggle}
            sidebarExpanded={isMobile ? sidebar.openMobile : sidebar.open}
          />
          <main id="main-content" className="shell-content" tabIndex={-1}>
            <Outlet />
          </main>
        </div>
      </div>
      <AppToaster />
    </QueryProvider>
  );
}

export default AppShell;
