import { useId, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';

/** What a control inside a FieldFrame spreads onto itself to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FieldFrameProps {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}

/**
 * Label, control, hint and error for controls the shared TextField does not cover (textarea, select):
 * a real <label for>, and the hint and the error joined to the control with aria-describedby.
 */
export function FieldFrame({ label, hint, error, children }: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface NativeSelectProps {
  control: ControlProps;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
}

/** A native <select> with the app's look, for use inside a FieldFrame. */
export function NativeSelect({ control, value, options, onValueChange, onBlur, disabled }: NativeSelectProps) {
  return (
    <span className="select-wrap">
      <select {...control} className="select" value={value} disabled={disabled} onChange={(event) => onValueChange(event.target.value)} onBlur={onBlur}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown className="select-chevron" width={16} height={16} aria-hidden="true" />
    </span>
  );
}
