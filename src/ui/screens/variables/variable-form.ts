/**
 * The variable dialog's rules, pure so they are tested without a DOM: what a name may be, what a value must
 * look like for its type, and how the form becomes a create or an update request.
 *
 * A sensitive value is never sent back by the server, so editing one starts with an empty value field, and
 * an empty field means "keep the current value": the update then leaves `value` out. Changing the type
 * then needs a new value (the kept one may not fit the new type). A sensitive variable stays sensitive —
 * the server refuses to make one visible again, and the dialog locks the checkbox to say so first.
 *
 * The name rule and the limits are the contract's (src/domain/contract/variables.ts), the server's own,
 * so a refusal shows before the request (the name's in the server's words).
 */
import * as z from 'zod/mini';
import {
  fitsValueLimit,
  VALUE_TOO_LARGE_MESSAGE,
  VARIABLE_DESCRIPTION_MAX,
  VARIABLE_NAME_MESSAGE,
  variableNameSchema as contractNameSchema,
} from '../../../domain/contract/variables.ts';
import type {
  CreateVariableRequest,
  UpdateVariableRequest,
  Variable,
  VariableStatus,
  VariableType,
} from '../../../api/variables-api.ts';

export { VARIABLE_NAME_MESSAGE };

export const SENSITIVE_NOTE = 'Sensitive values cannot be viewed after saving';
export const KEEP_VALUE_HINT = 'Leave empty to keep the current value';
export const STAYS_SENSITIVE_NOTE = 'A sensitive variable cannot be made visible again';
/** What a masked value reads in the table. */
export const MASKED_VALUE = '••••••';

export const VARIABLE_TYPE_OPTIONS: ReadonlyArray<{ value: VariableType; label: string }> = [
  { value: 'STRING', label: 'String' },
  { value: 'NUMBER', label: 'Number' },
  { value: 'BOOLEAN', label: 'Boolean' },
  { value: 'JSON', label: 'JSON' },
];

export const VARIABLE_STATUS_OPTIONS: ReadonlyArray<{ value: VariableStatus; label: string }> = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
];

// An empty name says only that it is required; anything else is the contract's rule.
export const variableNameSchema = z.pipe(z.string().check(z.minLength(1, { error: 'Name is required', abort: true })), contractNameSchema);

export const descriptionSchema = z.string().check(
  z.maxLength(VARIABLE_DESCRIPTION_MAX, `Must be at most ${VARIABLE_DESCRIPTION_MAX} characters`),
);

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const withinLimit = z.refine<string>(fitsValueLimit, { error: VALUE_TOO_LARGE_MESSAGE, abort: true });
const required = z.string().check(z.minLength(1, { error: 'Value is required', abort: true }), withinLimit);

/** One schema per type; a STRING may be empty (an empty string is a value too). */
const VALUE_SCHEMAS: Record<VariableType, z.ZodMiniType<string>> = {
  STRING: z.string().check(withinLimit),
  NUMBER: required.check(z.refine((text) => text.trim() !== '' && Number.isFinite(Number(text)), 'Enter a number, e.g. 42 or 3.14')),
  BOOLEAN: required.check(z.refine((text) => text === 'true' || text === 'false', 'Choose true or false')),
  JSON: required.check(z.refine(isJson, 'Enter valid JSON, e.g. {"key": "value"}')),
};

export interface VariableFormValues {
  name: string;
  type: VariableType;
  value: string;
  description: string;
  status: VariableStatus;
  sensitive: boolean;
}

/** The variable being edited, or undefined when creating. */
export type EditedVariable = Pick<Variable, 'type' | 'sensitive'> | undefined;

/** Whether an empty value field keeps the stored value (editing a sensitive variable). */
export const keepsCurrentValue = (edited: EditedVariable): boolean => edited?.sensitive === true;

/** The value field's message for these form values, or undefined when the value is acceptable. */
export function valueError(values: Pick<VariableFormValues, 'type' | 'value'>, edited: EditedVariable): string | undefined {
  if (values.value === '' && keepsCurrentValue(edited)) {
    return edited && values.type !== edited.type ? 'Enter a new value for the new type' : undefined;
  }
  const result = VALUE_SCHEMAS[values.type].safeParse(values.value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function formDefaults(variable?: Variable): VariableFormValues {
  return {
    name: variable?.name ?? '',
    type: variable?.type ?? 'STRING',
    // a sensitive value never reaches the browser: its field starts empty (= keep)
    value: variable && !variable.sensitive ? (variable.value ?? '') : '',
    description: variable?.description ?? '',
    status: variable?.status ?? 'ACTIVE',
    sensitive: variable?.sensitive ?? false,
  };
}

/** JSON is sent as typed, numbers without stray spaces. */
const normalizeValue = (type: VariableType, value: string) => (type === 'NUMBER' ? value.trim() : value);

export function toCreateRequest(values: VariableFormValues, workflowId?: string): CreateVariableRequest {
  return {
    name: values.name,
    type: values.type,
    value: normalizeValue(values.type, values.value),
    sensitive: values.sensitive,
    description: values.description.trim(),
    status: values.status,
    ...(workflowId ? { workflow_id: workflowId } : {}),
  };
}

export function toUpdateRequest(values: VariableFormValues, edited: Variable): UpdateVariableRequest {
  const keep = values.value === '' && keepsCurrentValue(edited);
  return {
    name: values.name,
    type: values.type,
    ...(keep ? {} : { value: normalizeValue(values.type, values.value) }),
    sensitive: values.sensitive,
    description: values.description.trim(),
    status: values.status,
  };
}

/** A value as the table shows it: masked when sensitive, JSON on one line, long text cut short. */
export function displayValue(variable: Pick<Variable, 'sensitive' | 'value'>, maxLength = 48): string {
  if (variable.sensitive) return MASKED_VALUE;
  const text = (variable.value ?? '').replace(/\s*\n\s*/g, ' ');
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}
