/** What a template is and holds: title, description, category, tags, author, and its steps (read-only). */
import { useMemo, type ReactNode } from 'react';
import type { TemplateDetail } from '../../../api/templates-api.ts';
import { RelativeDate } from '../../components/data/relative-date.tsx';
import { StatusBadge } from '../../components/data/status-badge.tsx';
import { OUTLINE_ROW_HEIGHT, StepOutline } from '../../components/flow/step-outline.tsx';
import { countSteps, outlineRows } from '../../components/flow/step-rows.ts';

interface TemplateViewProps {
  template: TemplateDetail;
  /** The 'Use template' button, or the invitation to sign in. */
  action: ReactNode;
}

export function TemplateView({ template, action }: TemplateViewProps) {
  const steps = countSteps(template.version);
  // The card is as tall as its rows, up to a screenful; longer flows scroll inside it.
  const rows = useMemo(() => outlineRows(template.version).length, [template.version]);
  const outlineHeight = { height: `min(${rows * OUTLINE_ROW_HEIGHT}px, 32rem, 60vh)` };
  return (
    <>
      <div className="page-header">
        <div className="template-heading">
          <p className="template-eyebrow">
            Template
            {template.category ? <span> · {template.category}</span> : null}
          </p>
          <h1 className="page-title">{template.title}</h1>
          {template.description ? <p className="page-description template-description">{template.description}</p> : null}
        </div>
        <div className="page-actions">{action}</div>
      </div>
      <div className="template-facts">
        <StatusBadge tone={template.visibility === 'PUBLIC' ? 'info' : 'neutral'}>{template.visibility === 'PUBLIC' ? 'Public' : 'Private'}</StatusBadge>
        <span>{steps === 1 ? '1 step' : `${steps.toLocaleString('en')} steps`}</span>
        {template.authorName ? <span>by {template.authorName}</span> : null}
        <span>
          Created <RelativeDate value={template.created} />
        </span>
      </div>
      {template.tags.length > 0 ? (
        <ul className="tag-list" aria-label="Tags">
          {template.tags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <section className="card template-steps" aria-labelledby="template-steps-title">
        <div className="card-header template-steps-header">
          <h2 id="template-steps-title" className="card-title">
            Steps
          </h2>
          <p className="card-description">{template.version.displayName}</p>
        </div>
        <StepOutline version={template.version} label={`Steps of ${template.title}`} className="template-outline" style={outlineHeight} />
      </section>
    </>
  );
}
