import { describe, expect, it } from '@rstest/core';
import {
  conditionRowSchema,
  evaluateBranch,
  matchBranches,
  type ResolvedConditionRow,
  type SelectableBranch,
  selectBranches,
} from '../../src/domain/conditions/index.ts';

const yes: ResolvedConditionRow = { operator: 'EXISTS', firstValue: 'x' };
const no: ResolvedConditionRow = { operator: 'EXISTS', firstValue: undefined };

const when = (...conditions: ResolvedConditionRow[][]): SelectableBranch => ({ branchType: 'CONDITION', conditions });
const otherwise: SelectableBranch = { branchType: 'FALLBACK' };

describe('evaluateBranch', () => {
  it('ANDs the rows of a group', () => {
    expect(evaluateBranch([[yes, yes]])).toBe(true);
    expect(evaluateBranch([[yes, no]])).toBe(false);
  });

  it('ORs the groups', () => {
    expect(evaluateBranch([[no], [yes]])).toBe(true);
    expect(evaluateBranch([[yes, no], [no, yes]])).toBe(false);
    expect(evaluateBranch([[yes, no], [yes, yes]])).toBe(true);
  });

  it('is false with no groups and true for an empty group, as Activepieces', () => {
    expect(evaluateBranch([])).toBe(false);
    expect(evaluateBranch([[]])).toBe(true);
  });

  it('takes stored rows whose references resolved to text', () => {
    const stored = conditionRowSchema.parse({ firstValue: '10', secondValue: '9', operator: 'NUMBER_IS_GREATER_THAN' });
    expect(evaluateBranch([[stored]])).toBe(true);
  });
});

describe('selectBranches', () => {
  const branches = [when([no]), when([yes]), when([no], [yes]), otherwise];

  it('runs the first matching branch only with first-match', () => {
    expect(selectBranches(branches, 'EXECUTE_FIRST_MATCH')).toEqual([1]);
  });

  it('runs every matching branch, in order, with all-match, and not the fallback', () => {
    expect(selectBranches(branches, 'EXECUTE_ALL_MATCH')).toEqual([1, 2]);
    expect(matchBranches(branches)).toEqual([false, true, true, false]);
  });

  it('runs the fallback when no condition branch matched, in both modes', () => {
    const none = [when([no]), when([yes, no]), otherwise];
    expect(selectBranches(none, 'EXECUTE_FIRST_MATCH')).toEqual([2]);
    expect(selectBranches(none, 'EXECUTE_ALL_MATCH')).toEqual([2]);
  });

  it('passes over a fallback placed before a matching branch', () => {
    expect(selectBranches([otherwise, when([yes])], 'EXECUTE_FIRST_MATCH')).toEqual([1]);
    expect(selectBranches([otherwise, when([no])], 'EXECUTE_FIRST_MATCH')).toEqual([0]);
  });

  it('runs nothing when nothing matched and there is no fallback', () => {
    expect(selectBranches([when([no]), when()], 'EXECUTE_ALL_MATCH')).toEqual([]);
    expect(selectBranches([], 'EXECUTE_FIRST_MATCH')).toEqual([]);
  });

  it('ignores conditions on a fallback and runs every fallback when nothing matched', () => {
    const twoFallbacks: SelectableBranch[] = [when([no]), { branchType: 'FALLBACK', conditions: [[no]] }, otherwise];
    expect(selectBranches(twoFallbacks, 'EXECUTE_ALL_MATCH')).toEqual([1, 2]);
    expect(selectBranches(twoFallbacks, 'EXECUTE_FIRST_MATCH')).toEqual([1]);
  });
});
