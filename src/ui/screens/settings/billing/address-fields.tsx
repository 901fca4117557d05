import { useId, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';

interface ControlIds {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface LabelledProps {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: (control: ControlIds) => ReactNode;
}

/** A label, a control, its hint and its error, tied together with for/aria-describedby. */
function Labelled({ label, hint, error, children }: LabelledProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="settings-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface InputFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur: () => void;
  error?: string | undefined;
  hint?: string | undefined;
  autoComplete?: string;
  maxLength?: number;
}

/** A text input with an optional hint (the shared TextField has none). */
export function InputField({ label, value, onValueChange, onBlur, error, hint, autoComplete, maxLength }: InputFieldProps) {
  return (
    <Labelled label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          className="input"
          value={value}
          autoComplete={autoComplete}
          maxLength={maxLength}
          spellCheck={false}
          onChange={(event) => onValueChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </Labelled>
  );
}

interface SelectInputProps {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onValueChange: (value: string) => void;
  onBlur: () => void;
  error?: string | undefined;
  autoComplete?: string;
}

/** A native <select> with the app's look, its label and its error. */
export function SelectInput({ label, value, options, onValueChange, onBlur, error, autoComplete }: SelectInputProps) {
  return (
    <Labelled label={label} error={error}>
      {(control) => (
        <span className="select-wrap">
          <select {...control} className="select" value={value} autoComplete={autoComplete} onChange={(event) => onValueChange(event.target.value)} onBlur={onBlur}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDown className="select-chevron" width={16} height={16} aria-hidden="true" />
        </span>
      )}
    </Labelled>
  );
}

interface CheckboxInputProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  hint: string;
  disabled?: boolean;
  error?: string | undefined;
}

/** A checkbox with its explanation read with it. */
export function CheckboxInput({ label, checked, onCheckedChange, hint, disabled = false, error }: CheckboxInputProps) {
  const id = useId();
  return (
    <div className="settings-checkbox">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
      />
      <div>
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <p id={`${id}-hint`} className="settings-hint">
          {hint}
        </p>
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
