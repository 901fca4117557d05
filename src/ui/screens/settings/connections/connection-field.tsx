import { useId } from 'react';

interface ConnectionFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  /** Under the field: "leave empty to keep" when editing, "stored encrypted" when creating. */
  hint?: string | undefined;
  error?: string | undefined;
  /** Hidden from sight (a custom header's value, whose column says what it is), still read out. */
  hideLabel?: boolean;
  placeholder?: string;
  /** A write-only secret (a password input); else plain text, such as a header name. */
  secret?: boolean;
}

/**
 * A field of the connection dialog, with its hint and error tied to it (aria-describedby) and a label that
 * may be hidden from sight (a header row's columns say what it is). A secret is a password input the
 * browser neither fills nor offers to save; its value is never read from the server, so it starts empty.
 */
export function ConnectionField({ label, value, onValueChange, onBlur, hint, error, hideLabel = false, placeholder, secret = true }: ConnectionFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className={hideLabel ? 'visually-hidden' : 'field-label'} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={secret ? 'input connection-secret' : 'input'}
        type={secret ? 'password' : 'text'}
        autoComplete={secret ? 'new-password' : 'off'}
        spellCheck={false}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onValueChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
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
