/**
 * The workflow name as the editor's heading, renamed in place: the pencil (or a double click) turns it
 * into a field; Enter or leaving the field saves, Escape cancels. An empty or unchanged name saves nothing.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Pencil } from 'lucide-react';
import { WORKFLOW_NAME_MAX } from '../../../domain/contract/workflows.ts';
import { Spinner } from '../../components/ui/spinner.tsx';

interface InlineNameProps {
  value: string;
  onRename: (name: string) => Promise<unknown>;
  disabled?: boolean;
}

export function InlineName({ value, onRename, disabled = false }: InlineNameProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (editing) inputRef.current?.select();
    else if (wasEditing.current) editButtonRef.current?.focus(); // focus goes back where it came from
    wasEditing.current = editing;
  }, [editing]);

  const start = () => {
    if (disabled) return;
    setDraft(value);
    setEditing(true);
  };

  const commit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    const name = draft.trim();
    if (!name || name === value) {
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      await onRename(name);
      setEditing(false);
    } catch {
      inputRef.current?.focus(); // the caller reported the error; keep the typed name to retry
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(false);
    }
  };

  if (editing) {
    return (
      <form className="inline-name-form" onSubmit={(event) => void commit(event)}>
        <input
          ref={inputRef}
          className="input inline-name-input"
          aria-label="Workflow name"
          value={draft}
          maxLength={WORKFLOW_NAME_MAX}
          disabled={saving}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => void commit()}
        />
        {saving ? <Spinner size={16} label="Saving" /> : null}
      </form>
    );
  }
  return (
    <div className="inline-name">
      <h1 className="editor-title" onDoubleClick={start} title={value}>
        {value}
      </h1>
      <button ref={editButtonRef} type="button" className="icon-button" aria-label="Rename workflow" title="Rename" onClick={start} disabled={disabled}>
        <Pencil width={15} height={15} aria-hidden="true" />
      </button>
    </div>
  );
}
