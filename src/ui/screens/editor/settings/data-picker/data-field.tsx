/**
 * A text field that takes {{references}}, with its 'Insert data' button (shown while the field or the
 * button has focus, or on hover) and the picker it opens. Choosing an entry writes the reference at the
 * caret the field had (replacing its selection) as if typed: through the field's own change handler, so
 * it is autosaved and undone like typing, and the caret ends after it.
 */
import { useContext, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Braces } from 'lucide-react';
import { useStepEdit } from '../edit-context.ts';
import { DataPickerContext } from './data-picker-context.ts';
import { DataPickerPopover } from './data-picker-popover.tsx';
import './data-picker.css';

export type ReferenceField = HTMLInputElement | HTMLTextAreaElement;

interface Caret {
  start: number;
  end: number;
}

/** Writes `text` over `caret` the way typing does, so React's onChange sees it (see code-editor.tsx). */
export function insertAtCaret(field: ReferenceField, text: string, caret: Caret) {
  const { value } = field;
  const start = Math.min(caret.start, value.length);
  const end = Math.min(Math.max(caret.end, start), value.length);
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  field.focus();
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value.slice(0, start) + text + value.slice(end));
  field.setSelectionRange(start + text.length, start + text.length);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

interface DataFieldProps {
  /** The field's label: the button is 'Insert data into <label>'. */
  label: string;
  field: RefObject<ReferenceField | null>;
  multiline?: boolean | undefined;
  children: ReactNode;
}

export function DataField({ label, field, multiline, children }: DataFieldProps) {
  const source = useContext(DataPickerContext);
  const { readOnly } = useStepEdit();
  const [open, setOpen] = useState(false);
  const caret = useRef<Caret>({ start: 0, end: 0 });
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  // Nothing runs before the trigger, and a read-only version takes no edits.
  if (!source || readOnly || source.stepName === 'trigger') return children;

  const openPicker = () => {
    const element = field.current;
    const end = element?.value.length ?? 0;
    caret.current = { start: element?.selectionStart ?? end, end: element?.selectionEnd ?? end };
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    const element = field.current;
    if (!refocus || !element) return;
    element.focus();
    element.setSelectionRange(caret.current.start, caret.current.end);
  };
  const insert = (reference: string) => {
    setOpen(false);
    if (field.current) insertAtCaret(field.current, reference, caret.current);
  };

  return (
    <div className={`data-field${multiline ? ' data-field-multiline' : ''}${open ? ' is-open' : ''}`}>
      {children}
      <button
        ref={button}
        type="button"
        className="icon-button data-field-button"
        title="Insert data from earlier steps"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? close(true) : openPicker())}
      >
        <Braces width={14} height={14} aria-hidden="true" />
        {/* Its name as text, not aria-label: a label lookup for the field ('Key') must not find the button too. */}
        <span className="visually-hidden">Insert data into {label}</span>
      </button>
      {open ? <DataPickerPopover id={id} label={label} source={source} anchor={button} onInsert={insert} onClose={close} /> : null}
    </div>
  );
}
