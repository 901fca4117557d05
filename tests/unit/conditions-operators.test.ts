import { describe, expect, it } from '@rstest/core';
import {
  CASE_SENSITIVE_OPERATORS,
  CONDITION_OPERATOR_GROUPS,
  CONDITION_OPERATORS,
  conditionGroupsSchema,
  conditionRowSchema,
  DEFAULT_CONDITION_ROW,
  honoursCaseSensitivity,
  isConditionRowComplete,
  SINGLE_VALUE_OPERATORS,
  takesSecondValue,
} from '../../src/domain/conditions/index.ts';

describe('condition operators', () => {
  it('are the 22 of SPEC §5, named as Activepieces names them', () => {
    expect(CONDITION_OPERATORS).toHaveLength(22);
    expect(new Set(CONDITION_OPERATORS).size).toBe(22);
  });

  it('know which take no second value (SPEC §5)', () => {
    expect([...SINGLE_VALUE_OPERATORS].sort()).toEqual(
      ['BOOLEAN_IS_FALSE', 'BOOLEAN_IS_TRUE', 'DOES_NOT_EXIST', 'EXISTS', 'LIST_IS_EMPTY', 'LIST_IS_NOT_EMPTY'],
    );
    expect(takesSecondValue('EXISTS')).toBe(false);
    expect(takesSecondValue('TEXT_CONTAINS')).toBe(true);
    expect(takesSecondValue('DATE_IS_EQUAL')).toBe(true);
  });

  it('know which honour case sensitivity: the text ones and list contains / does not contain', () => {
    expect(CASE_SENSITIVE_OPERATORS.every((op) => op.startsWith('TEXT_') || op.startsWith('LIST_'))).toBe(true);
    expect(CASE_SENSITIVE_OPERATORS).toHaveLength(10);
    expect(honoursCaseSensitivity('LIST_CONTAINS')).toBe(true);
    expect(honoursCaseSensitivity('LIST_IS_EMPTY')).toBe(false);
    expect(honoursCaseSensitivity('NUMBER_IS_EQUAL_TO')).toBe(false);
  });

  it('label each operator once, grouped, in SPEC §5 words', () => {
    const listed = CONDITION_OPERATOR_GROUPS.flatMap((g) => g.operators.map((o) => o.operator));
    expect([...listed].sort()).toEqual([...CONDITION_OPERATORS].sort());
    expect(CONDITION_OPERATOR_GROUPS.map((g) => g.group)).toEqual(['Text', 'Number', 'Boolean', 'Date', 'List', 'Exists']);
    const labelOf = (operator: string) =>
      CONDITION_OPERATOR_GROUPS.flatMap(({ group, operators }) =>
        operators.filter((o) => o.operator === operator).map(({ label }) => ({ group, label })),
      );
    expect(labelOf('TEXT_DOES_NOT_EXACTLY_MATCH')).toEqual([{ group: 'Text', label: 'does not exactly match' }]);
    expect(labelOf('NUMBER_IS_GREATER_THAN')).toEqual([{ group: 'Number', label: 'greater than' }]);
    expect(labelOf('LIST_IS_NOT_EMPTY')).toEqual([{ group: 'List', label: 'is not empty' }]);
    expect(labelOf('DOES_NOT_EXIST')).toEqual([{ group: 'Exists', label: 'does not exist' }]);
  });
});

describe('condition row schema', () => {
  it('has the default row of SPEC §3, frozen', () => {
    expect(DEFAULT_CONDITION_ROW).toEqual({ firstValue: '', secondValue: '', operator: 'TEXT_CONTAINS', caseSensitive: false });
    expect(Object.isFrozen(DEFAULT_CONDITION_ROW)).toBe(true);
    expect(conditionRowSchema.parse(DEFAULT_CONDITION_ROW)).toEqual(DEFAULT_CONDITION_ROW);
  });

  it('fills what Activepieces leaves out with the default row', () => {
    expect(conditionRowSchema.parse({})).toEqual(DEFAULT_CONDITION_ROW);
    expect(conditionRowSchema.parse({ firstValue: '{{step_1.ok}}', operator: 'BOOLEAN_IS_TRUE' })).toEqual({
      firstValue: '{{step_1.ok}}',
      secondValue: '',
      operator: 'BOOLEAN_IS_TRUE',
      caseSensitive: false,
    });
  });

  it("reads Activepieces' stored 'TEXT_START_WITH' as TEXT_STARTS_WITH", () => {
    expect(conditionRowSchema.parse({ firstValue: 'a', secondValue: 'b', operator: 'TEXT_START_WITH' }).operator).toBe('TEXT_STARTS_WITH');
    expect(conditionRowSchema.parse({ operator: 'TEXT_STARTS_WITH' }).operator).toBe('TEXT_STARTS_WITH');
  });

  it('refuses unknown operators and values that are not text', () => {
    expect(conditionRowSchema.safeParse({ operator: 'TEXT_IS_NICE' }).success).toBe(false);
    expect(conditionRowSchema.safeParse({ firstValue: 3 }).success).toBe(false);
    expect(conditionRowSchema.safeParse({ caseSensitive: 'yes' }).success).toBe(false);
    expect(conditionGroupsSchema.safeParse([[{}], []]).success).toBe(true);
    expect(conditionGroupsSchema.safeParse([{}]).success).toBe(false);
  });

  it('says whether a row is filled in enough to run', () => {
    expect(isConditionRowComplete(DEFAULT_CONDITION_ROW)).toBe(false);
    expect(isConditionRowComplete({ firstValue: 'a', secondValue: '', operator: 'TEXT_CONTAINS' })).toBe(false);
    expect(isConditionRowComplete({ firstValue: 'a', secondValue: 'b', operator: 'TEXT_CONTAINS' })).toBe(true);
    expect(isConditionRowComplete({ firstValue: 'a', secondValue: '', operator: 'EXISTS' })).toBe(true);
    expect(isConditionRowComplete({ firstValue: '', secondValue: '', operator: 'EXISTS' })).toBe(false);
  });
});
