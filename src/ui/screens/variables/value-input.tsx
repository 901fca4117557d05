import type { VariableType } from '../../../api/variables-api.ts';
import { FieldFrame, NativeSelect } from './field-frame.tsx';
import { KEEP_VALUE_HINT, MASKED_VALUE } from './variable-form.ts';

interface ValueInputProps {
  type: VariableType;
  value: string;
  /** Editing a sensitive variable: empty keeps the stored value, which is never shown. */
  keepCurrent: boolean;
  error: string | undefined;
  onValueChange: (value: string) => void;
  onBlur: () => void;
}

const HINTS: Record<VariableType, string | undefined> = {
  STRING: undefined,
  NUMBER: 'A number, e.g. 42 or 3.14',
  BOOLEAN: undefined,
  JSON: 'Any JSON value: an object, a list, a string in quotes…',
};

/** The value field in the shape its type needs: a line, a number, true/false, or a JSON text area. */
export function ValueInput({ type, value, keepCurrent, error, onValueChange, onBlur }: ValueInputProps) {
  const hint = keepCurrent ? KEEP_VALUE_HINT : HINTS[type];
  // the stored value exists but is never shown: the mask says so, the hint says what empty means
  const placeholder = keepCurrent ? MASKED_VALUE : undefined;
  return (
    <FieldFrame label="Value" hint={hint} error={error}>
      {(control) => {
        if (type === 'BOOLEAN') {
          const options = [
            { value: '', label: keepCurrent ? 'Keep the current value' : 'Choose…' },
            { value: 'true', label: 'true' },
            { value: 'false', label: 'false' },
          ];
          return <NativeSelect control={control} value={value} options={options} onValueChange={onValueChange} onBlur={onBlur} />;
        }
        if (type === 'JSON') {
          return (
            <textarea
              {...control}
              className="textarea variable-json"
              rows={5}
              spellCheck={false}
              value={value}
              placeholder={placeholder}
              onChange={(event) => onValueChange(event.target.value)}
              onBlur={onBlur}
            />
          );
        }
        return (
          <input
            {...control}
            className="input variable-value"
            inputMode={type === 'NUMBER' ? 'decimal' : undefined}
            autoComplete="off"
            spellCheck={false}
            value={value}
            placeholder={placeholder}
            onChange={(event) => onValueChange(event.target.value)}
            onBlur={onBlur}
          />
        );
      }}
    </FieldFrame>
  );
}
