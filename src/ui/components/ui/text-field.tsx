import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  /** Something shown at the right end of the label row, e.g. a "Forgot your password?" link. */
  labelAside?: ReactNode;
}

/**
 * A labelled input with its error underneath. The label is a real <label for>, and the error is tied to
 * the input with aria-describedby and flagged with aria-invalid, so assistive tech and getByLabel see both.
 */
export function TextField({ label, value, onValueChange, error, labelAside, ...inputProps }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <div className="field-label-row">
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        {labelAside}
      </div>
      <input
        {...inputProps}
        id={id}
        className="input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
