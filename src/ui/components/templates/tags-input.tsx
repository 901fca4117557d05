/**
 * A tags field: typed text becomes a tag on Enter or a comma (or when the field loses focus), never a
 * form submission; each tag is a chip with its own remove button; Backspace in the empty field removes
 * the last one. An 11th tag, a repeated one or a too long one is refused with the contract's words.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { MAX_TEMPLATE_TAGS } from '../../../domain/contract/templates.ts';
import { addTags } from './tag-rules.ts';
import './templates.css';

interface TagsInputProps {
  label: string;
  tags: readonly string[];
  onTagsChange: (tags: string[]) => void;
  /** An error from the form (shown when the field has none of its own). */
  error?: string | undefined;
  placeholder?: string;
}

export function TagsInput({ label, tags, onTagsChange, error, placeholder = 'Type a tag, then Enter' }: TagsInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | undefined>();
  const shownError = refusal ?? error;

  const commit = (typed: string[], rest = '') => {
    const result = addTags(tags, typed);
    setRefusal(result.error);
    if (result.tags.length !== tags.length) onTagsChange(result.tags);
    // A refused tag stays in the field to be changed (with what was typed after it).
    setDraft(result.left ? [...result.left.map((tag) => tag.trim()), ...(rest ? [rest.trim()] : [])].join(', ') : rest);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the tag; it must not submit the form around the field.
      event.preventDefault();
      if (draft.trim()) commit([draft]);
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      event.preventDefault();
      setRefusal(undefined);
      onTagsChange(tags.slice(0, -1));
    }
  };

  const onChange = (value: string) => {
    if (!value.includes(',')) {
      setDraft(value);
      if (refusal) setRefusal(undefined);
      return;
    }
    // A comma ends a tag (typed or pasted: 'crm, sales, daily').
    const parts = value.split(',');
    commit(parts.slice(0, -1), parts.at(-1) ?? '');
  };

  const remove = (tag: string) => {
    setRefusal(undefined);
    onTagsChange(tags.filter((existing) => existing !== tag));
  };

  return (
    <div className="field">
      <div className="field-label-row">
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        <span className="tags-count" aria-hidden="true">
          {tags.length}/{MAX_TEMPLATE_TAGS}
        </span>
      </div>
      <div className={shownError ? 'tags-input tags-input-invalid' : 'tags-input'}>
        {tags.length > 0 ? (
          <ul className="tags-input-chips" aria-label={`${tags.length} of ${MAX_TEMPLATE_TAGS} chosen`}>
            {tags.map((tag) => (
              <li key={tag} className="tag tag-chip">
                <span className="tag-chip-text">{tag}</span>
                <button type="button" className="tag-chip-remove" aria-label={`Remove tag ${tag}`} onClick={() => remove(tag)}>
                  <X width={12} height={12} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          id={id}
          className="tags-input-field"
          value={draft}
          placeholder={tags.length >= MAX_TEMPLATE_TAGS ? undefined : placeholder}
          autoComplete="off"
          enterKeyHint="enter"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => draft.trim() && commit([draft])}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
        />
      </div>
      <p id={hintId} className="field-hint">
        Enter or a comma adds a tag · at most {MAX_TEMPLATE_TAGS}
      </p>
      {shownError ? (
        <p id={errorId} className="field-error" role="alert">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
