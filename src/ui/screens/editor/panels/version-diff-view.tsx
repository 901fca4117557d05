/**
 * A version diff (src/domain/flow/version-diff.ts) as a list a person reads top to bottom: a line of
 * counts, then one card per step that differs (badge, name, where it moved, each changed field with its
 * old and new value). A 10,000-step diff can hold thousands of cards, so the first DIFF_PAGE show and
 * the rest come a page at a time.
 */
import { useState } from 'react';
import type { StepChange, VersionDiff } from '../../../../domain/index.ts';
import { StatusBadge, type BadgeTone } from '../../../components/data/status-badge.tsx';
import { describePlace, KIND_LABELS, previewValue } from './diff-text.ts';

export const DIFF_PAGE = 100;
/** Fields shown per step before 'and N more'. */
const FIELDS_SHOWN = 50;

const TONES: Record<StepChange['kind'], BadgeTone> = { added: 'success', removed: 'danger', changed: 'info', moved: 'warning' };

export function VersionDiffView({ diff, nameOf }: { diff: VersionDiff; nameOf: (step: string) => string }) {
  const [shown, setShown] = useState(DIFF_PAGE);
  const { counts } = diff;
  const changes = diff.trigger ? [diff.trigger, ...diff.steps] : diff.steps;
  if (changes.length === 0 && diff.name === null) {
    return <p className="diff-same">These two versions have the same steps and settings.</p>;
  }
  return (
    <div className="diff">
      <p className="diff-counts" role="status">
        {counts.added} added · {counts.removed} removed · {counts.changed + (diff.trigger ? 1 : 0)} changed · {counts.moved} moved
      </p>
      {diff.name ? (
        <p className="diff-name">
          Name: <del className="diff-before">{diff.name.before || 'Untitled'}</del> → <ins className="diff-after">{diff.name.after || 'Untitled'}</ins>
        </p>
      ) : null}
      <ul className="diff-list" aria-label="Differences">
        {changes.slice(0, shown).map((change) => (
          <DiffItem key={change.name} change={change} nameOf={nameOf} />
        ))}
      </ul>
      {changes.length > shown ? (
        <button type="button" className="btn btn-secondary btn-sm diff-more" onClick={() => setShown(shown + DIFF_PAGE)}>
          Show {Math.min(DIFF_PAGE, changes.length - shown)} more of {changes.length - shown}
        </button>
      ) : null}
    </div>
  );
}

function DiffItem({ change, nameOf }: { change: StepChange; nameOf: (step: string) => string }) {
  const fields = change.fields.slice(0, FIELDS_SHOWN);
  return (
    <li className={`diff-item diff-item-${change.kind}`}>
      <div className="diff-item-head">
        <StatusBadge tone={TONES[change.kind]}>{KIND_LABELS[change.kind]}</StatusBadge>
        {change.kind === 'changed' && change.moved ? <StatusBadge tone="warning">Moved</StatusBadge> : null}
        <span className="diff-step-name">{change.displayName || change.name}</span>
        <code className="diff-step-id">{change.name}</code>
      </div>
      {change.moved && change.before && change.after ? (
        <p className="diff-move">
          Was {describePlace(change.before, nameOf)}; now {describePlace(change.after, nameOf)}.
        </p>
      ) : change.kind === 'added' && change.after ? (
        <p className="diff-move">{capitalise(describePlace(change.after, nameOf))}.</p>
      ) : change.kind === 'removed' && change.before ? (
        <p className="diff-move">Was {describePlace(change.before, nameOf)}.</p>
      ) : null}
      {fields.length > 0 ? (
        <dl className="diff-fields">
          {fields.map((field) => (
            <div className="diff-field" key={field.path}>
              <dt>
                <code className="diff-path">{field.path}</code>
              </dt>
              <dd className="diff-values">
                <del className="diff-before">
                  <span className="visually-hidden">was </span>
                  {previewValue(field.before)}
                </del>
                <span aria-hidden="true"> → </span>
                <ins className="diff-after">
                  <span className="visually-hidden">now </span>
                  {previewValue(field.after)}
                </ins>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {change.fields.length > FIELDS_SHOWN ? <p className="diff-move">and {change.fields.length - FIELDS_SHOWN} more fields</p> : null}
    </li>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
