/**
 * Piece inputs whose choices come from the server (POST /workflow/options):
 * - a one-line input with `dynamicOptions` (the Store's key): the choices, filtered by what is typed, are
 *   offered as suggestions through a native <datalist>, which keeps the field an ordinary text input — any
 *   text is accepted, a {{reference}} included, and the keyboard and screen readers treat it as the
 *   combobox the browser makes of it. Nothing is asked until the field is focused.
 * - a DYNAMIC_DROPDOWN (the HTTP step's connection): a native <select> of the choices, read when the panel
 *   shows it and again when the tab regains focus (a connection made in another tab appears). A stored
 *   name the server no longer offers stays chosen and is marked as missing.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PieceProp } from '../../../../domain/pieces/index.ts';
import { pieceOptionsQuery } from '../../../../api/runs-api.ts';
import { useDebouncedValue } from '../../../components/data/use-debounced-value.ts';
import { SelectControl, TextControl, type TextControlProps } from './fields.tsx';

/** Which piece action or trigger a prop belongs to: the server looks its options up by these names. */
export interface PropSource {
  pieceName: string;
  actionName?: string;
  triggerName?: string;
}

/** A prop offers server suggestions when the catalogue says so and it is typed as one line. */
export const offersOptions = (prop: PieceProp): boolean => prop.dynamicOptions === true && prop.type === 'SHORT_TEXT';

type DynamicOptionsFieldProps = Omit<TextControlProps, 'list' | 'onFocus'> & { prop: PieceProp; source: PropSource };

export function DynamicOptionsField({ prop, source, ...field }: DynamicOptionsFieldProps) {
  const listId = useId();
  const [active, setActive] = useState(false);
  const search = useDebouncedValue(field.value.trim(), 250);
  // A reference is not something to search for.
  const request = { ...source, propertyName: prop.name, search: search.includes('{{') ? undefined : search || undefined };
  const options = useQuery({ ...pieceOptionsQuery(request), enabled: active });
  return (
    <>
      <TextControl {...field} list={listId} onFocus={() => setActive(true)} />
      <datalist id={listId}>
        {options.data?.map((option) => (
          <option key={String(option.value)} value={String(option.value)} label={option.label === String(option.value) ? undefined : option.label} />
        ))}
      </datalist>
    </>
  );
}

interface DynamicDropdownFieldProps {
  prop: PieceProp;
  source: PropSource;
  value: unknown;
  /** The catalogue's message for the value (a reference where none may be). */
  error: string | undefined;
  onTouch: () => void;
  /** undefined removes the input ('None'). */
  onValue: (value: string | undefined) => void;
}

export function DynamicDropdownField({ prop, source, value, error, onTouch, onValue }: DynamicDropdownFieldProps) {
  const options = useQuery({ ...pieceOptionsQuery({ ...source, propertyName: prop.name }), staleTime: 0 });
  const current = typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);
  const choices = [
    { value: '', label: prop.required ? 'Choose…' : 'None' },
    ...(options.data ?? []).map((option) => ({ value: String(option.value), label: option.label })),
  ];
  const missing = current !== '' && options.isSuccess && !choices.some((choice) => choice.value === current);
  if (current !== '' && !choices.some((choice) => choice.value === current)) choices.push({ value: current, label: missing ? `${current} (not found)` : current });
  const loadError = options.isError ? 'Could not load the choices; the stored one is kept' : undefined;
  return (
    <SelectControl
      label={prop.displayName}
      required={prop.required}
      description={prop.description}
      error={error ?? (missing ? `"${current}" does not exist any more; choose another` : loadError)}
      value={current}
      options={choices}
      onBlur={onTouch}
      onValue={(chosen) => {
        onTouch();
        onValue(chosen === '' ? undefined : chosen);
      }}
    />
  );
}
