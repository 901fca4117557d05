/**
 * One condition row: first value, operator (every operator, grouped by the kind of value), the second
 * value only for operators that take one, and 'Case sensitive' only where it means something (SPEC §5).
 */
import { Trash2 } from 'lucide-react';
import {
  CONDITION_OPERATOR_GROUPS,
  honoursCaseSensitivity,
  takesSecondValue,
  type ConditionOperator,
  type ConditionRow,
} from '../../../../domain/index.ts';
import { useStepEdit } from './edit-context.ts';
import { CheckboxControl, SelectControl, TextControl } from './fields.tsx';

const OPERATOR_GROUPS = CONDITION_OPERATOR_GROUPS.map(({ group, operators }) => ({
  label: group,
  options: operators.map(({ operator, label }) => ({ value: operator, label })),
}));

interface ConditionRowEditorProps {
  row: ConditionRow;
  /** Where the row is, for the undo grouping of its text fields. */
  path: string;
  canRemove: boolean;
  onChange: (patch: Partial<ConditionRow>, fieldPath: string | null) => void;
  onRemove: () => void;
}

export function ConditionRowEditor({ row, path, canRemove, onChange, onRemove }: ConditionRowEditorProps) {
  const { readOnly } = useStepEdit();
  return (
    <li className="settings-condition">
      <TextControl
        label="First value"
        hideLabel
        placeholder="First value, e.g. {{step_1.status}}"
        value={row.firstValue}
        insertData
        onValue={(firstValue) => onChange({ firstValue }, `${path}.firstValue`)}
      />
      <SelectControl
        label="Operator"
        hideLabel
        value={row.operator}
        groups={OPERATOR_GROUPS}
        onValue={(operator) => onChange({ operator: operator as ConditionOperator }, null)}
      />
      {takesSecondValue(row.operator) ? (
        <TextControl
          label="Second value"
          hideLabel
          placeholder="Second value"
          value={row.secondValue}
          insertData
          onValue={(secondValue) => onChange({ secondValue }, `${path}.secondValue`)}
        />
      ) : null}
      <div className="settings-condition-footer">
        {honoursCaseSensitivity(row.operator) ? (
          <CheckboxControl label="Case sensitive" checked={row.caseSensitive} onChecked={(caseSensitive) => onChange({ caseSensitive }, null)} />
        ) : (
          <span />
        )}
        <button
          type="button"
          className="icon-button"
          aria-label="Remove condition"
          title="Remove condition"
          disabled={readOnly || !canRemove}
          onClick={onRemove}
        >
          <Trash2 width={14} height={14} aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
