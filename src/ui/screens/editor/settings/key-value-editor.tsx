/**
 * Key/value rows editing an object of named inputs (a code step's `settings.input`). Rows live locally,
 * so a half-written row (no name yet) stays on screen without being sent; the object sent holds the rows
 * with a name, later duplicates winning (and flagged). A value left untouched keeps its stored type.
 * Values take {{references}}, so each offers 'Insert data' (data-picker/).
 */
import { useId, useRef } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useStepEdit } from './edit-context.ts';
import { useMirroredState } from './use-field-text.ts';
import { DataField } from './data-picker/data-field.tsx';

interface Row {
  key: string;
  text: string;
  original?: unknown;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

export function rowsOf(object: Readonly<Record<string, unknown>>): Row[] {
  return Object.entries(object).map(([key, value]) => ({ key, text: textOf(value), original: value }));
}

export function objectOf(rows: readonly Row[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const row of rows) {
    if (row.key.trim() === '') continue;
    object[row.key] = row.original !== undefined && textOf(row.original) === row.text ? row.original : row.text;
  }
  return object;
}

const keyOf = (rows: readonly Row[]) => JSON.stringify(objectOf(rows));

interface KeyValueEditorProps {
  label: string;
  value: Readonly<Record<string, unknown>>;
  onValue: (object: Record<string, unknown>) => void;
  addLabel: string;
}

export function KeyValueEditor({ label, value, onValue, addLabel }: KeyValueEditorProps) {
  const { readOnly, breakGroup } = useStepEdit();
  const id = useId();
  const [rows, setRows] = useMirroredState<Row[]>(rowsOf(value), keyOf);

  const change = (next: Row[]) => {
    setRows(next);
    onValue(objectOf(next));
  };
  const edit = (index: number, patch: Partial<Row>) => change(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const seen = new Set<string>();

  return (
    <fieldset className="settings-fieldset">
      <legend className="field-label">{label}</legend>
      {rows.length === 0 ? <p className="settings-help">None yet.</p> : null}
      <ul className="settings-kv-list">
        {rows.map((row, index) => {
          const duplicate = row.key.trim() !== '' && seen.has(row.key);
          seen.add(row.key);
          return (
            <li key={index} className="settings-kv-row">
              <label className="visually-hidden" htmlFor={`${id}-k${index}`}>
                {`Name of input ${index + 1}`}
              </label>
              <input
                id={`${id}-k${index}`}
                className="input"
                placeholder="Name"
                value={row.key}
                disabled={readOnly}
                aria-invalid={duplicate || undefined}
                aria-describedby={duplicate ? `${id}-d${index}` : undefined}
                onChange={(event) => edit(index, { key: event.target.value })}
                onBlur={breakGroup}
              />
              <label className="visually-hidden" htmlFor={`${id}-v${index}`}>
                {`Value of input ${index + 1}`}
              </label>
              <ValueInput id={`${id}-v${index}`} label={`Value of input ${index + 1}`} text={row.text} onText={(text) => edit(index, { text })} />
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove input ${row.key || index + 1}`}
                disabled={readOnly}
                onClick={() => change(rows.filter((_, i) => i !== index))}
              >
                <Trash2 width={14} height={14} aria-hidden="true" />
              </button>
              {duplicate ? (
                <p id={`${id}-d${index}`} className="field-error settings-kv-error">
                  Another input has this name
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <button type="button" className="btn btn-ghost btn-sm settings-add" disabled={readOnly} onClick={() => change([...rows, { key: '', text: '' }])}>
        <Plus width={14} height={14} aria-hidden="true" />
        {addLabel}
      </button>
    </fieldset>
  );
}

/** A row's value: a text input with the data picker, which writes into it as typing does. */
function ValueInput({ id, label, text, onText }: { id: string; label: string; text: string; onText: (text: string) => void }) {
  const { readOnly, breakGroup } = useStepEdit();
  const field = useRef<HTMLInputElement>(null);
  return (
    <DataField label={label} field={field}>
      <input
        ref={field}
        id={id}
        className="input"
        placeholder="Value or {{step_1.field}}"
        value={text}
        disabled={readOnly}
        onChange={(event) => onText(event.target.value)}
        onBlur={breakGroup}
      />
    </DataField>
  );
}
