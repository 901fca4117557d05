/**
 * A step's name edited in place on its card (F2 or a double click on the name): Enter saves (one
 * undoable UPDATE_ACTION, as the settings panel's 'Display name' sends), Escape cancels, leaving the
 * field saves a changed name. An empty name is refused with the app's words for it and the field stays.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import type { FlatStep } from '../../../../domain/flow/types.ts';
import { workflowNameSchema } from '../../../../domain/contract/workflows.ts';
import { useEditorStore } from '../store/editor-context.tsx';
import { updateOperation } from '../settings/step-request.ts';
import { editErrorMessage } from '../edit-errors.ts';

/** The refusal of an empty name: the words the workflow name uses ('Enter a name'). */
export function emptyNameMessage(name: string): string | null {
  if (name.trim()) return null;
  const parsed = workflowNameSchema.safeParse('');
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a name');
}

function focusCard(name: string): void {
  requestAnimationFrame(() => (document.querySelector(`.react-flow__node[data-id="${CSS.escape(name)}"]`) as HTMLElement | null)?.focus({ preventScroll: true }));
}

export function CardRename({ step }: { step: Readonly<FlatStep> }) {
  const store = useEditorStore();
  const [draft, setDraft] = useState(step.displayName);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const done = useRef(false);

  useEffect(() => {
    input.current?.focus({ preventScroll: true });
    input.current?.select();
  }, []);

  const finish = () => {
    done.current = true;
    store.setRenaming(null);
    focusCard(step.name);
  };

  const save = (fromBlur: boolean) => {
    if (done.current) return;
    const message = emptyNameMessage(draft);
    if (message) {
      if (fromBlur) return finish(); // leaving an empty field keeps the old name
      setError(message);
      return;
    }
    const displayName = draft.trim();
    if (displayName !== step.displayName) {
      const current = store.step(step.name) ?? step;
      store.apply(updateOperation({ ...current, displayName })).catch((reason: unknown) => toast.error(editErrorMessage(reason, 'The step could not be renamed')));
    }
    finish();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The card's and the canvas's keys (arrows, Delete, Enter) stay out of the field.
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      save(false);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish();
    }
  };

  const errorId = `rename-error-${step.name}`;
  return (
    <span className="step-card-rename nodrag nopan" onClick={(event) => event.stopPropagation()} onDoubleClick={(event) => event.stopPropagation()}>
      <input
        ref={input}
        className="input step-card-rename-input"
        aria-label={`Name of ${step.name}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => save(true)}
      />
      {error ? (
        <span id={errorId} className="step-card-rename-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
