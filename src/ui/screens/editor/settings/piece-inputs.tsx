/**
 * One control per prop of a piece action or trigger, in catalogue order: dropdown → select (a dynamic one
 * with the server's choices, dynamic-options.tsx), checkbox →
 * checkbox, JSON and long text → textarea, number and short text → text input (a number field may hold
 * a {{reference}}, and every text field offers 'Insert data', data-picker/); a one-line prop with server
 * choices suggests them (dynamic-options.tsx). Errors from
 * the catalogue's checks appear once a field has been touched.
 */
import { useState } from 'react';
import { pieceInputError, type PieceProp } from '../../../../domain/pieces/index.ts';
import { CheckboxControl, SelectControl, TextControl } from './fields.tsx';
import { displayText, normalizerOf, storedValue } from './prop-values.ts';
import { DynamicDropdownField, DynamicOptionsField, offersOptions, type PropSource } from './dynamic-options.tsx';

interface PieceInputsProps {
  props: readonly PieceProp[];
  input: Readonly<Record<string, unknown>>;
  /** `fieldPath` is set for typing (grouped into one undo entry), null for a discrete choice. */
  onInput: (name: string, value: unknown, fieldPath: string | null) => void;
  /** The action or trigger these props belong to, for props whose choices come from the server. */
  source?: PropSource;
}

export function PieceInputs({ props, input, onInput, source }: PieceInputsProps) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const touch = (name: string) => setTouched((set) => (set.has(name) ? set : new Set(set).add(name)));
  return (
    <>
      {props.map((prop) => (
        <PiecePropField
          key={prop.name}
          prop={prop}
          source={source}
          value={input[prop.name]}
          error={touched.has(prop.name) ? pieceInputError(prop, input[prop.name]) : undefined}
          onTouch={() => touch(prop.name)}
          onInput={(value, fieldPath) => onInput(prop.name, value, fieldPath)}
        />
      ))}
    </>
  );
}

interface PiecePropFieldProps {
  prop: PieceProp;
  source: PropSource | undefined;
  value: unknown;
  error: string | undefined;
  onTouch: () => void;
  onInput: (value: unknown, fieldPath: string | null) => void;
}

function PiecePropField({ prop, source, value, error, onTouch, onInput }: PiecePropFieldProps) {
  const common = { label: prop.displayName, required: prop.required, description: prop.description, error };
  if (prop.type === 'CHECKBOX') {
    return (
      <CheckboxControl
        label={prop.displayName}
        description={prop.description}
        checked={value === true || value === 'true'}
        onChecked={(checked) => onInput(checked, null)}
      />
    );
  }
  if (prop.type === 'DYNAMIC_DROPDOWN' && source) {
    return <DynamicDropdownField prop={prop} source={source} value={value} error={error} onTouch={onTouch} onValue={(chosen) => onInput(chosen, null)} />;
  }
  if (prop.type === 'STATIC_DROPDOWN') {
    const options = (prop.options ?? []).map((option) => ({ value: String(option.value), label: option.label }));
    const current = value === undefined || value === null ? '' : String(value);
    // A value from an imported flow or a {{reference}} the list does not offer stays visible and chosen.
    if (current !== '' && !options.some((option) => option.value === current)) options.unshift({ value: current, label: current });
    return (
      <SelectControl
        {...common}
        value={current}
        options={options}
        onBlur={onTouch}
        onValue={(chosen) => {
          onTouch();
          onInput(prop.options?.find((option) => String(option.value) === chosen)?.value ?? chosen, null);
        }}
      />
    );
  }
  if (source && offersOptions(prop)) {
    return (
      <DynamicOptionsField
        {...common}
        prop={prop}
        source={source}
        value={displayText(prop, value)}
        normalize={normalizerOf(prop)}
        insertData
        onBlur={onTouch}
        onValue={(text) => onInput(storedValue(prop, text), `settings.input.${prop.name}`)}
      />
    );
  }
  return (
    <TextControl
      {...common}
      value={displayText(prop, value)}
      normalize={normalizerOf(prop)}
      multiline={prop.type === 'JSON' || prop.type === 'LONG_TEXT'}
      monospace={prop.type === 'JSON'}
      rows={prop.type === 'JSON' ? 5 : 3}
      insertData
      onBlur={onTouch}
      onValue={(text) => onInput(storedValue(prop, text), `settings.input.${prop.name}`)}
    />
  );
}
