/**
 * One template in the gallery: its title (opening the template's page with its steps and 'Use
 * template'), what it is for, its category and tags (each a button that filters the gallery by it),
 * who made it, and — on one's own — Edit and Delete.
 */
import { Link } from 'react-router';
import { Eye, Pencil, Trash2 } from 'lucide-react';
import type { TemplateSummary } from '../../../api/templates-api.ts';
import { RelativeDate } from '../../components/data/relative-date.tsx';
import { RowActionsMenu } from '../../components/data/row-actions-menu.tsx';
import { StatusBadge } from '../../components/data/status-badge.tsx';
import { UseTemplateButton } from './use-template-button.tsx';

interface TemplateCardProps {
  template: TemplateSummary;
  onTag: (tag: string) => void;
  onCategory: (category: string) => void;
  onEdit: (template: TemplateSummary) => void;
  onDelete: (template: TemplateSummary) => void;
}

export const templatePagePath = (id: string) => `/workflows/use-template/${encodeURIComponent(id)}`;

export function TemplateCard({ template, onTag, onCategory, onEdit, onDelete }: TemplateCardProps) {
  const titleId = `template-${template.id}-title`;
  return (
    <li className="card gallery-card" aria-labelledby={titleId}>
      <div className="gallery-card-head">
        <h2 id={titleId} className="gallery-card-title">
          <Link to={templatePagePath(template.id)} title={template.title}>
            {template.title}
          </Link>
        </h2>
        {template.isOwner ? (
          <RowActionsMenu
            label={`Actions for ${template.title}`}
            actions={[
              { value: 'edit', label: 'Edit', icon: Pencil, onSelect: () => onEdit(template) },
              { value: 'delete', label: 'Delete', icon: Trash2, danger: true, onSelect: () => onDelete(template) },
            ]}
          />
        ) : null}
      </div>
      <div className="gallery-card-facts">
        <StatusBadge tone={template.visibility === 'PUBLIC' ? 'info' : 'neutral'}>{template.visibility === 'PUBLIC' ? 'Public' : 'Private'}</StatusBadge>
        {template.category ? (
          <button type="button" className="gallery-category" onClick={() => onCategory(template.category!)} aria-label={`Show category ${template.category}`}>
            {template.category}
          </button>
        ) : null}
      </div>
      <p className={template.description ? 'gallery-card-description' : 'gallery-card-description gallery-card-no-description'}>
        {template.description || 'No description'}
      </p>
      {template.tags.length > 0 ? (
        <ul className="tag-list" aria-label={`Tags of ${template.title}`}>
          {template.tags.map((tag) => (
            <li key={tag}>
              <button type="button" className="tag gallery-tag" onClick={() => onTag(tag)} aria-label={`Filter by tag ${tag}`}>
                {tag}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="gallery-card-meta">
        <span>{template.stepCount === 1 ? '1 step' : `${template.stepCount.toLocaleString('en')} steps`}</span>
        <span>{template.isOwner ? 'by you' : `by ${template.authorName ?? 'someone'}`}</span>
        <RelativeDate value={template.created} variant="ago" />
      </p>
      <div className="gallery-card-actions">
        <Link to={templatePagePath(template.id)} className="btn btn-secondary btn-sm" aria-label={`Preview ${template.title}`}>
          <Eye width={14} height={14} aria-hidden="true" />
          Preview
        </Link>
        <UseTemplateButton templateId={template.id} size="sm" label={`Use template ${template.title}`} />
      </div>
    </li>
  );
}
