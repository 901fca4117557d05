import { IconRail } from './icon-rail.tsx';
import { SectionPanel } from './section-panel.tsx';
import type { SectionId } from './sections.ts';

interface SidebarContentProps {
  section: SectionId;
  onSelectSection: (section: SectionId) => void;
  showPanel: boolean;
  inSheet: boolean;
  onNavigate?: () => void;
}

/** Rail plus panel: the same content in the desktop sidebar and in the mobile sheet. */
export function SidebarContent({ section, onSelectSection, showPanel, inSheet, onNavigate }: SidebarContentProps) {
  return (
    <div className="sidebar-inner">
      <IconRail section={section} onSelectSection={onSelectSection} portalledMenus={!inSheet} />
      {showPanel ? <SectionPanel section={section} onNavigate={onNavigate} /> : null}
    </div>
  );
}
