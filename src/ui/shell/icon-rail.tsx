import { Link } from 'react-router';
import { Logo } from '../components/ui/logo.tsx';
import { SECTION_MODELS, type SectionId } from './sections.ts';
import { SECTION_ICONS } from './section-icons.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserMenu } from './user-menu.tsx';

interface IconRailProps {
  section: SectionId;
  onSelectSection: (section: SectionId) => void;
  portalledMenus: boolean;
}

/** The 3rem column: the logo, one button per section, and the theme toggle and user menu at the bottom. */
export function IconRail({ section, onSelectSection, portalledMenus }: IconRailProps) {
  return (
    <div className="rail">
      <Link to="/" className="rail-logo" aria-label="Flowsmith home">
        <Logo />
      </Link>
      <nav className="rail-nav" aria-label="Sections">
        {SECTION_MODELS.map(({ id, label }) => {
          const Icon = SECTION_ICONS[id];
          return (
            <button
              key={id}
              type="button"
              className="icon-button rail-button"
              aria-label={label}
              aria-pressed={id === section}
              title={label}
              onClick={() => onSelectSection(id)}
            >
              <Icon width={18} height={18} aria-hidden="true" />
            </button>
          );
        })}
      </nav>
      <div className="rail-footer">
        <ThemeToggle />
        <UserMenu portalled={portalledMenus} />
      </div>
    </div>
  );
}
