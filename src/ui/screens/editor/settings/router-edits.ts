/**
 * Edits of a router's settings as pure functions (new settings, the old ones untouched): condition rows
 * and groups, branch names, execution type, and the rules for the branch buttons. Branches themselves
 * are added, copied and deleted by their own operations (ADD_BRANCH...), which keep `children` in step.
 */
import {
  DEFAULT_CONDITION_ROW,
  takesSecondValue,
  type Branch,
  type ConditionGroups,
  type ConditionRow,
  type RouterExecutionType,
  type RouterSettings,
} from '../../../../domain/index.ts';

type ConditionBranch = Extract<Branch, { branchType: 'CONDITION' }>;

function withConditions(settings: RouterSettings, branchIndex: number, change: (groups: ConditionGroups) => ConditionGroups): RouterSettings {
  return {
    ...settings,
    branches: settings.branches.map((branch, i) =>
      i === branchIndex && branch.branchType === 'CONDITION' ? { ...branch, conditions: change(branch.conditions) } : branch,
    ),
  };
}

/** Changes one row; a row switched to an operator without a second value drops the one it had. */
export function setRow(settings: RouterSettings, b: number, g: number, r: number, patch: Partial<ConditionRow>): RouterSettings {
  return withConditions(settings, b, (groups) =>
    groups.map((group, gi) =>
      gi !== g
        ? group
        : group.map((row, ri) => {
            if (ri !== r) return row;
            const next = { ...row, ...patch };
            return takesSecondValue(next.operator) ? next : { ...next, secondValue: '' };
          }),
    ),
  );
}

/** 'And': a default row at the end of group `g`. */
export const addRow = (settings: RouterSettings, b: number, g: number): RouterSettings =>
  withConditions(settings, b, (groups) => groups.map((group, gi) => (gi === g ? [...group, { ...DEFAULT_CONDITION_ROW }] : group)));

/** 'Or': a new group holding one default row. */
export const addGroup = (settings: RouterSettings, b: number): RouterSettings =>
  withConditions(settings, b, (groups) => [...groups, [{ ...DEFAULT_CONDITION_ROW }]]);

/** Removes a row, and its group when it was the group's last. */
export const removeRow = (settings: RouterSettings, b: number, g: number, r: number): RouterSettings =>
  withConditions(settings, b, (groups) =>
    groups.map((group, gi) => (gi === g ? group.filter((_, ri) => ri !== r) : group)).filter((group) => group.length > 0),
  );

export const rowCount = (branch: ConditionBranch): number => branch.conditions.reduce((n, group) => n + group.length, 0);

export const renameBranch = (settings: RouterSettings, b: number, branchName: string): RouterSettings => ({
  ...settings,
  branches: settings.branches.map((branch, i) => (i === b ? { ...branch, branchName } : branch)),
});

export const setExecutionType = (settings: RouterSettings, executionType: RouterExecutionType): RouterSettings => ({ ...settings, executionType });

const conditionCount = (branches: readonly Branch[]) => branches.filter((branch) => branch.branchType === 'CONDITION').length;

/** 'Branch n' for the next condition branch, n past the condition branches and not already taken. */
export function nextBranchName(branches: readonly Branch[]): string {
  const taken = new Set(branches.map((branch) => branch.branchName));
  let n = conditionCount(branches) + 1;
  while (taken.has(`Branch ${n}`)) n++;
  return `Branch ${n}`;
}

/** Where 'Add branch' inserts: before the fallback (last), or at the end when there is none. */
export function addBranchIndex(branches: readonly Branch[]): number {
  const fallback = branches.findIndex((branch) => branch.branchType === 'FALLBACK');
  return fallback >= 0 ? fallback : branches.length;
}

/** A condition branch may go unless it is the last one (the fallback never goes). */
export const canDeleteBranch = (branches: readonly Branch[], index: number): boolean =>
  branches[index]?.branchType === 'CONDITION' && conditionCount(branches) > 1;
