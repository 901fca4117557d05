import { useId, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** Keep the label for assistive tech only, when the context already says what the choice is. */
  hideLabel?: boolean;
  options: ReadonlyArray<{ value: string; label: string }>;
}

/** A native <select> (keyboard and screen-reader behaviour for free) with the app's look. */
export function SelectField({ label, hideLabel = false, options, className, ...selectProps }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className ? `select-field ${className}` : 'select-field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      <span className="select-wrap">
        <select {...selectProps} id={id} className="select">
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown className="select-chevron" width={16} height={16} aria-hidden="true" />
      </span>
    </div>
  );
}
