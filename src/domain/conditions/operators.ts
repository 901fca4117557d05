/**
 * The router's condition operators (SPEC §5) and the stored shape of one condition row (SPEC §3).
 *
 * Names follow Activepieces' `BranchOperator`, so flows move between the two without a mapping table.
 * One exception: Activepieces stores TEXT_STARTS_WITH under the value 'TEXT_START_WITH' (an old typo
 * kept for their saved flows). We store the name as written everywhere else and accept the old spelling
 * on read, so an imported Activepieces flow keeps its "starts with" rows.
 */
import * as z from 'zod/mini';

export const CONDITION_OPERATORS = [
  'TEXT_CONTAINS',
  'TEXT_DOES_NOT_CONTAIN',
  'TEXT_EXACTLY_MATCHES',
  'TEXT_DOES_NOT_EXACTLY_MATCH',
  'TEXT_STARTS_WITH',
  'TEXT_DOES_NOT_START_WITH',
  'TEXT_ENDS_WITH',
  'TEXT_DOES_NOT_END_WITH',
  'NUMBER_IS_GREATER_THAN',
  'NUMBER_IS_LESS_THAN',
  'NUMBER_IS_EQUAL_TO',
  'BOOLEAN_IS_TRUE',
  'BOOLEAN_IS_FALSE',
  'DATE_IS_BEFORE',
  'DATE_IS_EQUAL',
  'DATE_IS_AFTER',
  'LIST_CONTAINS',
  'LIST_DOES_NOT_CONTAIN',
  'LIST_IS_EMPTY',
  'LIST_IS_NOT_EMPTY',
  'EXISTS',
  'DOES_NOT_EXIST',
] as const;

export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** Operators that look at the first value only; the editor hides the second field for them (SPEC §5). */
export const SINGLE_VALUE_OPERATORS = [
  'EXISTS',
  'DOES_NOT_EXIST',
  'BOOLEAN_IS_TRUE',
  'BOOLEAN_IS_FALSE',
  'LIST_IS_EMPTY',
  'LIST_IS_NOT_EMPTY',
] as const satisfies readonly ConditionOperator[];

/** Operators whose "case sensitive" switch means something; the editor shows it only for these (SPEC §5). */
export const CASE_SENSITIVE_OPERATORS = [
  'TEXT_CONTAINS',
  'TEXT_DOES_NOT_CONTAIN',
  'TEXT_EXACTLY_MATCHES',
  'TEXT_DOES_NOT_EXACTLY_MATCH',
  'TEXT_STARTS_WITH',
  'TEXT_DOES_NOT_START_WITH',
  'TEXT_ENDS_WITH',
  'TEXT_DOES_NOT_END_WITH',
  'LIST_CONTAINS',
  'LIST_DOES_NOT_CONTAIN',
] as const satisfies readonly ConditionOperator[];

// Plain string sets so the predicates accept any string (a row read from storage) without a cast.
const singleValue: ReadonlySet<string> = new Set(SINGLE_VALUE_OPERATORS);
const caseSensitive: ReadonlySet<string> = new Set(CASE_SENSITIVE_OPERATORS);

export const takesSecondValue = (operator: string): boolean => !singleValue.has(operator);
export const honoursCaseSensitivity = (operator: string): boolean => caseSensitive.has(operator);

export type ConditionOperatorGroup = 'Text' | 'Number' | 'Boolean' | 'Date' | 'List' | 'Exists';

/** What the operator picker shows, in SPEC §5's words and order; the group heading gives the type. */
export const CONDITION_OPERATOR_GROUPS: readonly {
  readonly group: ConditionOperatorGroup;
  readonly operators: readonly { readonly operator: ConditionOperator; readonly label: string }[];
}[] = [
  {
    group: 'Text',
    operators: [
      { operator: 'TEXT_CONTAINS', label: 'contains' },
      { operator: 'TEXT_DOES_NOT_CONTAIN', label: 'does not contain' },
      { operator: 'TEXT_EXACTLY_MATCHES', label: 'exactly matches' },
      { operator: 'TEXT_DOES_NOT_EXACTLY_MATCH', label: 'does not exactly match' },
      { operator: 'TEXT_STARTS_WITH', label: 'starts with' },
      { operator: 'TEXT_DOES_NOT_START_WITH', label: 'does not start with' },
      { operator: 'TEXT_ENDS_WITH', label: 'ends with' },
      { operator: 'TEXT_DOES_NOT_END_WITH', label: 'does not end with' },
    ],
  },
  {
    group: 'Number',
    operators: [
      { operator: 'NUMBER_IS_GREATER_THAN', label: 'greater than' },
      { operator: 'NUMBER_IS_LESS_THAN', label: 'less than' },
      { operator: 'NUMBER_IS_EQUAL_TO', label: 'equal to' },
    ],
  },
  {
    group: 'Boolean',
    operators: [
      { operator: 'BOOLEAN_IS_TRUE', label: 'true' },
      { operator: 'BOOLEAN_IS_FALSE', label: 'false' },
    ],
  },
  {
    group: 'Date',
    operators: [
      { operator: 'DATE_IS_BEFORE', label: 'before' },
      { operator: 'DATE_IS_EQUAL', label: 'equal' },
      { operator: 'DATE_IS_AFTER', label: 'after' },
    ],
  },
  {
    group: 'List',
    operators: [
      { operator: 'LIST_CONTAINS', label: 'contains' },
      { operator: 'LIST_DOES_NOT_CONTAIN', label: 'does not contain' },
      { operator: 'LIST_IS_EMPTY', label: 'is empty' },
      { operator: 'LIST_IS_NOT_EMPTY', label: 'is not empty' },
    ],
  },
  {
    group: 'Exists',
    operators: [
      { operator: 'EXISTS', label: 'exists' },
      { operator: 'DOES_NOT_EXIST', label: 'does not exist' },
    ],
  },
];

// ---- the stored row ----

/** Activepieces' stored value for TEXT_STARTS_WITH (see the note at the top). */
const LEGACY_STARTS_WITH = 'TEXT_START_WITH';

export const conditionOperatorSchema = z.pipe(
  z.union([z.enum(CONDITION_OPERATORS), z.literal(LEGACY_STARTS_WITH)]),
  z.transform((op): ConditionOperator => (op === LEGACY_STARTS_WITH ? 'TEXT_STARTS_WITH' : op)),
);

/**
 * One row as the router's settings store it: the values are text that may hold `{{...}}` references,
 * resolved only when the flow runs. Missing fields take the default row's values, because Activepieces
 * omits secondValue for single-value operators and caseSensitive for non-text ones, and its operator is
 * optional.
 */
export const conditionRowSchema = z.object({
  firstValue: z._default(z.string(), ''),
  secondValue: z._default(z.string(), ''),
  operator: z._default(conditionOperatorSchema, 'TEXT_CONTAINS'),
  caseSensitive: z._default(z.boolean(), false),
});
export type ConditionRow = z.output<typeof conditionRowSchema>;

/** A branch's conditions: the outer list is OR-ed, each inner group AND-ed (as Activepieces' engine). */
export const conditionGroupsSchema = z.array(z.array(conditionRowSchema));
export type ConditionGroups = z.output<typeof conditionGroupsSchema>;

/**
 * Whether a row is filled in enough to run: a first value, and a second one where the operator takes it
 * (Activepieces' `ValidBranchCondition`). A router with an incomplete row is not valid to publish; note
 * that the default row is incomplete, and evaluated as is it would match everything ('' contains '').
 */
export const isConditionRowComplete = (row: Pick<ConditionRow, 'firstValue' | 'secondValue' | 'operator'>): boolean =>
  row.firstValue !== '' && (!takesSecondValue(row.operator) || row.secondValue !== '');

/** A new row (SPEC §3): empty values, "contains", case-insensitive. Frozen: copy it, never edit it. */
export const DEFAULT_CONDITION_ROW: Readonly<ConditionRow> = Object.freeze({
  firstValue: '',
  secondValue: '',
  operator: 'TEXT_CONTAINS',
  caseSensitive: false,
});
