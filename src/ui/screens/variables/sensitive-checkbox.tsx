import { useId } from 'react';
import { SENSITIVE_NOTE, STAYS_SENSITIVE_NOTE } from './variable-form.ts';

interface SensitiveCheckboxProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Editing a sensitive variable: it stays sensitive (the server refuses to reveal it). */
  locked?: boolean;
  error?: string | undefined;
}

/** The 'Sensitive' checkbox, with the warning that the value will not be viewable again read with it. */
export function SensitiveCheckbox({ checked, onCheckedChange, locked = false, error }: SensitiveCheckboxProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  return (
    <div className="checkbox-field">
      <input
        id={id}
        type="checkbox"
        className="checkbox"
        checked={checked}
        disabled={locked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-describedby={error ? `${noteId} ${errorId}` : noteId}
        aria-invalid={error ? true : undefined}
      />
      <div className="checkbox-text">
        <label htmlFor={id} className="field-label">
          Sensitive
        </label>
        <p id={noteId} className="field-hint">
          {locked ? STAYS_SENSITIVE_NOTE : SENSITIVE_NOTE}
        </p>
        {error ? (
          <p id={errorId} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
