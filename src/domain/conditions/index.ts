/** Router conditions: the operators, the stored row, and evaluation of resolved rows (SPEC §3, §5). */
export {
  CASE_SENSITIVE_OPERATORS,
  CONDITION_OPERATOR_GROUPS,
  CONDITION_OPERATORS,
  conditionGroupsSchema,
  conditionOperatorSchema,
  conditionRowSchema,
  DEFAULT_CONDITION_ROW,
  honoursCaseSensitivity,
  isConditionRowComplete,
  SINGLE_VALUE_OPERATORS,
  takesSecondValue,
} from './operators.ts';
export type { ConditionGroups, ConditionOperator, ConditionOperatorGroup, ConditionRow } from './operators.ts';
export { evaluateBranch, evaluateCondition, matchBranches, selectBranches } from './evaluate.ts';
export type { ResolvedConditionRow, RouterExecutionMode, SelectableBranch } from './evaluate.ts';
