/**
 * A one-line piece input whose prop has `dynamicOptions` (the Store's key): the server's choices (POST
 * /workflow/options, filtered by what is typed) are offered as suggestions through a native <datalist>,
 * which keeps the field an ordinary text input — any text is accepted, a {{reference}} included, and the
 * keyboard and screen readers treat it as the combobox the browser makes of it. Nothing is asked until
 * the field is focused.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PieceProp } from '../../../../domain/pieces/index.ts';
import { pieceOptionsQuery } from '../../../../api/runs-api.ts';
import { useDebouncedValue } from '../../../components/data/use-debounced-value.ts';
import { TextControl, type TextControlProps } from './fields.tsx';

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
