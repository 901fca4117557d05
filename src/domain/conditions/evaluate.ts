/**
 * Whether a router branch runs. Data in, answer out: the caller resolves `{{...}}` references first and
 * passes the resolved values, which can be anything JSON holds, or nothing. Nothing here throws; a value
 * of the wrong type makes its condition false (and its negation true where the operator is "does not").
 *
 * Activepieces' engine (`router-executor.ts`, `evaluateConditions`) is the reference. Where it would throw
 * (text operators on a missing value) or answer by accident (a string compared with `>`, any non-empty
 * text counted as true), we answer as the operator's name says; see read-values.ts for each type.
 */
import type { ConditionOperator } from './operators.ts';
import { isMissing, readBoolean, readDate, readList, readListLoosely, readNumber, readText } from './read-values.ts';

/** A condition row after its references are resolved. A stored `ConditionRow` is one too. */
export interface ResolvedConditionRow {
  readonly firstValue: unknown;
  readonly secondValue?: unknown;
  readonly operator: ConditionOperator;
  /** Absent means case-insensitive, as in Activepieces and the default row. */
  readonly caseSensitive?: boolean | undefined;
}

// toLowerCase, not toLocaleLowerCase: the answer must not depend on the machine's locale.
const fold = (text: string, caseSensitive: boolean) => (caseSensitive ? text : text.toLowerCase());

/**
 * One list item against the searched-for value. Text on either side compares as text (folded unless case
 * sensitive), because the second value is usually typed: `[1, 2]` contains '1', `['true']` contains true.
 * Otherwise values compare strictly: primitives by `===`, objects and arrays by their JSON.
 */
function sameItem(item: unknown, wanted: unknown, caseSensitive: boolean): boolean {
  if (typeof item === 'string' || typeof wanted === 'string') {
    return fold(readText(item), caseSensitive) === fold(readText(wanted), caseSensitive);
  }
  const isObject = (v: unknown) => typeof v === 'object' && v !== null;
  if (isObject(item) || isObject(wanted)) return isObject(item) && isObject(wanted) && readText(item) === readText(wanted);
  return item === wanted;
}

type Test = (first: unknown, second: unknown, caseSensitive: boolean) => boolean;

const text =
  (test: (first: string, second: string) => boolean): Test =>
  (first, second, caseSensitive) =>
    test(fold(readText(first), caseSensitive), fold(readText(second), caseSensitive));
const number =
  (test: (first: number, second: number) => boolean): Test =>
  (first, second) =>
    test(readNumber(first), readNumber(second)); // NaN makes every comparison false
const date =
  (test: (first: number, second: number) => boolean): Test =>
  (first, second) =>
    test(readDate(first), readDate(second)); // likewise NaN for an invalid date
const listContains: Test = (first, second, caseSensitive) =>
  readListLoosely(first).some((item) => sameItem(item, second, caseSensitive));
const not =
  (test: Test): Test =>
  (...args) =>
    !test(...args);

const contains = text((a, b) => a.includes(b));
const exactlyMatches = text((a, b) => a === b);
const startsWith = text((a, b) => a.startsWith(b));
const endsWith = text((a, b) => a.endsWith(b));

/** Every operator's test. A Record, so adding an operator without its test fails to compile. */
const TESTS: Readonly<Record<ConditionOperator, Test>> = {
  TEXT_CONTAINS: contains,
  TEXT_DOES_NOT_CONTAIN: not(contains),
  TEXT_EXACTLY_MATCHES: exactlyMatches,
  TEXT_DOES_NOT_EXACTLY_MATCH: not(exactlyMatches),
  TEXT_STARTS_WITH: startsWith,
  TEXT_DOES_NOT_START_WITH: not(startsWith),
  TEXT_ENDS_WITH: endsWith,
  TEXT_DOES_NOT_END_WITH: not(endsWith),
  NUMBER_IS_GREATER_THAN: number((a, b) => a > b),
  NUMBER_IS_LESS_THAN: number((a, b) => a < b),
  NUMBER_IS_EQUAL_TO: number((a, b) => a === b),
  // Only a boolean or its text counts; anything else (a missing value too) is neither true nor false.
  BOOLEAN_IS_TRUE: (first) => readBoolean(first) === true,
  BOOLEAN_IS_FALSE: (first) => readBoolean(first) === false,
  DATE_IS_BEFORE: date((a, b) => a < b),
  DATE_IS_EQUAL: date((a, b) => a === b), // to the millisecond, as dayjs' isSame with no unit
  DATE_IS_AFTER: date((a, b) => a > b),
  LIST_CONTAINS: listContains,
  LIST_DOES_NOT_CONTAIN: not(listContains),
  // Only a real list is empty or not; a missing value or a scalar is neither (use DOES_NOT_EXIST).
  LIST_IS_EMPTY: (first) => readList(first)?.length === 0,
  LIST_IS_NOT_EMPTY: (first) => (readList(first)?.length ?? 0) > 0,
  EXISTS: (first) => !isMissing(first),
  DOES_NOT_EXIST: (first) => isMissing(first),
};

/** Whether one resolved row holds. An unknown operator (a corrupt or future row) is false, not an error. */
export function evaluateCondition(row: ResolvedConditionRow): boolean {
  const test = Object.hasOwn(TESTS, row.operator) ? TESTS[row.operator] : undefined;
  return test ? test(row.firstValue, row.secondValue, row.caseSensitive === true) : false;
}

/**
 * Whether a branch's conditions hold: any group (OR) whose rows all hold (AND), as Activepieces' engine
 * reads `conditions[][]`. So no groups is false, and an empty group is true.
 */
export function evaluateBranch(conditions: readonly (readonly ResolvedConditionRow[])[]): boolean {
  return conditions.some((group) => group.every(evaluateCondition));
}

export type RouterExecutionMode = 'EXECUTE_FIRST_MATCH' | 'EXECUTE_ALL_MATCH';

/** What selection needs of a branch; a fallback's conditions, if any, are ignored. */
export interface SelectableBranch {
  readonly branchType: 'CONDITION' | 'FALLBACK';
  readonly conditions?: readonly (readonly ResolvedConditionRow[])[] | undefined;
}

/**
 * Each branch's verdict, in order (what a run records as the router's output): a condition branch by its
 * conditions, a fallback exactly when no condition branch matched. Activepieces instead lets a second
 * fallback count as a match for the first, so two fallbacks never run; here every fallback runs then.
 */
export function matchBranches(branches: readonly SelectableBranch[]): boolean[] {
  const matched = branches.map((b) => b.branchType === 'CONDITION' && evaluateBranch(b.conditions ?? []));
  const noneMatched = !matched.includes(true);
  return branches.map((b, i) => (b.branchType === 'FALLBACK' ? noneMatched : matched[i] === true));
}

/**
 * The indexes of the branches to run, in order: with first-match the first matching branch only, with
 * all-match every one. The fallback runs only when no condition branch matched, wherever it stands.
 */
export function selectBranches(branches: readonly SelectableBranch[], executionType: RouterExecutionMode): number[] {
  const indexes = matchBranches(branches).flatMap((hit, i) => (hit ? [i] : []));
  return executionType === 'EXECUTE_FIRST_MATCH' ? indexes.slice(0, 1) : indexes;
}
