import { Link, useLocation, useNavigate } from 'react-router';
import { Plus } from 'lucide-react';
import { NEW_WORKFLOW_PATH, isLinkActive, sectionModel, type SectionId } from './sections.ts';
import { LINK_ICONS } from './section-icons.ts';

interface SectionPanelProps {
  section: SectionId;
  /** Called after a link or button navigates (the mobile sheet closes itself). */
  onNavigate?: () => void;
}

/** The second sidebar column: the links of the chosen section (SPEC §2). */
export function SectionPanel({ section, onNavigate }: SectionPanelProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const model = sectionModel(section);

  return (
    <div className="panel">
      <div className="panel-header">
        <span className="panel-title">{model.label}</span>
        {section === 'workflows' ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => {
              navigate(NEW_WORKFLOW_PATH);
              onNavigate?.();
            }}
          >
            <Plus width={14} height={14} aria-hidden="true" />
            New
          </button>
        ) : null}
      </div>
      <nav className="panel-nav" aria-label={model.label}>
        <ul>
          {model.links.map((link) => {
            const Icon = LINK_ICONS[link.to];
            const active = isLinkActive(link, pathname);
            return (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="panel-link"
                  data-active={active || undefined}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  {Icon ? <Icon width={16} height={16} aria-hidden="true" /> : null}
                  <span>{link.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
