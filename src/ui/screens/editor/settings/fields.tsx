/**
 * The panel's field kit: text (one line or many), select and checkbox, each with a real <label>, its
 * description and error tied to it with aria-describedby, disabled when the version is read-only, and
 * ending the current undo group when it loses focus. Every field keeps its own state (use-field-text.ts):
 * a choice shows at once and stays shown while the editor core answers, instead of React putting the
 * version's old value back until then; a change from elsewhere (undo, redo) still shows.
 */
import { useId, useRef, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { useStepEdit } from './edit-context.ts';
import { useFieldText, useMirroredState } from './use-field-text.ts';
import { DataField, type ReferenceField } from './data-picker/data-field.tsx';

interface FieldFrameProps {
  id: string;
  label: string;
  hideLabel?: boolean | undefined;
  required?: boolean | undefined;
  description?: string | undefined;
  error?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}

const describedBy = (id: string, description?: string, error?: string) =>
  [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

function FieldFrame({ id, label, hideLabel, required, description, error, className, children }: FieldFrameProps) {
  return (
    <div className={className ? `field settings-field ${className}` : 'field settings-field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
        {required ? (
          <span className="settings-required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children}
      {description ? (
        <p id={`${id}-description`} className="settings-help">
          {description}
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

export interface TextControlProps {
  label: string;
  /** The value as the version holds it, as text. */
  value: string;
  onValue: (text: string) => void;
  normalize?: (text: string) => string;
  multiline?: boolean;
  rows?: number;
  monospace?: boolean;
  required?: boolean;
  description?: string | undefined;
  error?: string | undefined;
  placeholder?: string;
  hideLabel?: boolean;
  className?: string;
  onBlur?: () => void;
  onFocus?: () => void;
  /** The id of a <datalist> of suggestions (a one-line field only); any text is still accepted. */
  list?: string;
  /** Extra keyboard handling (the code editor's Tab). */
  onKeyDown?: TextareaHTMLAttributes<HTMLTextAreaElement>['onKeyDown'];
  textareaRef?: Ref<HTMLTextAreaElement>;
  /** The field takes {{references}}: it gets the 'Insert data' button and picker (data-picker/). */
  insertData?: boolean;
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

export function TextControl(props: TextControlProps) {
  const { readOnly, breakGroup } = useStepEdit();
  const id = useId();
  const [text, setText] = useFieldText(props.value, props.normalize);
  const field = useRef<ReferenceField>(null);
  const common = {
    id,
    disabled: readOnly,
    value: text,
    placeholder: props.placeholder,
    'aria-invalid': props.error ? true : undefined,
    'aria-required': props.required || undefined,
    'aria-describedby': describedBy(id, props.description, props.error),
    onBlur: () => {
      breakGroup();
      props.onBlur?.();
    },
  };
  const onChange = (next: string) => {
    setText(next);
    props.onValue(next);
  };
  const control = props.multiline ? (
    <textarea
      {...common}
      ref={(element) => {
        field.current = element;
        setRef(props.textareaRef, element);
      }}
      rows={props.rows ?? 3}
      spellCheck={props.monospace ? false : undefined}
      className={props.monospace ? 'input settings-textarea settings-mono' : 'input settings-textarea'}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={props.onKeyDown}
    />
  ) : (
    <input
      {...common}
      ref={field as Ref<HTMLInputElement>}
      type="text"
      className="input"
      list={props.list}
      // the browser's own history would mix into the suggestions
      autoComplete={props.list ? 'off' : undefined}
      onFocus={props.onFocus}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  return (
    <FieldFrame id={id} label={props.label} hideLabel={props.hideLabel} required={props.required} description={props.description} error={props.error} className={props.className}>
      {props.insertData ? (
        <DataField label={props.label} field={field} multiline={props.multiline}>
          {control}
        </DataField>
      ) : (
        control
      )}
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectControlProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  options?: readonly SelectOption[];
  groups?: readonly { label: string; options: readonly SelectOption[] }[];
  /** Shown (and not choosable) while the value matches no option. */
  placeholder?: string;
  required?: boolean;
  description?: string | undefined;
  error?: string | undefined;
  hideLabel?: boolean;
  className?: string;
  onBlur?: () => void;
}

const same = (value: string) => value;

export function SelectControl(props: SelectControlProps) {
  const { readOnly } = useStepEdit();
  const id = useId();
  const [shown, show] = useMirroredState(props.value, same);
  const all = props.options ?? props.groups?.flatMap((group) => group.options) ?? [];
  const known = all.some((option) => option.value === shown);
  return (
    <FieldFrame id={id} label={props.label} hideLabel={props.hideLabel} required={props.required} description={props.description} error={props.error} className={props.className}>
      <span className="select-wrap">
        <select
          id={id}
          className="select settings-select"
          value={known ? shown : ''}
          disabled={readOnly}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy(id, props.description, props.error)}
          onChange={(event) => {
            show(event.target.value);
            props.onValue(event.target.value);
          }}
          onBlur={props.onBlur}
        >
          {known ? null : (
            <option value="" disabled>
              {props.placeholder ?? 'Choose…'}
            </option>
          )}
          {props.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {props.groups?.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <ChevronDown className="select-chevron" width={16} height={16} aria-hidden="true" />
      </span>
    </FieldFrame>
  );
}

export interface CheckboxControlProps {
  label: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  description?: string | undefined;
  className?: string;
}

export function CheckboxControl({ label, checked, onChecked, description, className }: CheckboxControlProps) {
  const { readOnly } = useStepEdit();
  const id = useId();
  const [shown, show] = useMirroredState(checked, String);
  return (
    <div className={className ? `settings-check ${className}` : 'settings-check'}>
      <input
        id={id}
        type="checkbox"
        checked={shown}
        disabled={readOnly}
        aria-describedby={description ? `${id}-description` : undefined}
        onChange={(event) => {
          show(event.target.checked);
          onChecked(event.target.checked);
        }}
      />
      <label htmlFor={id}>{label}</label>
      {description ? (
        <p id={`${id}-description`} className="settings-help settings-check-help">
          {description}
        </p>
      ) : null}
    </div>
  );
}
