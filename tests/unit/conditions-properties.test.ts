import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import {
  CONDITION_OPERATORS,
  type ConditionOperator,
  evaluateCondition,
  type SelectableBranch,
  selectBranches,
} from '../../src/domain/conditions/index.ts';

const operator = fc.constantFrom(...CONDITION_OPERATORS);
const present = fc.jsonValue().filter((v) => v !== null && v !== '');

describe('condition properties', () => {
  it('a text matches itself, whatever its case setting', () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (a, caseSensitive) => {
        for (const op of ['TEXT_CONTAINS', 'TEXT_EXACTLY_MATCHES', 'TEXT_STARTS_WITH', 'TEXT_ENDS_WITH'] as const) {
          expect(evaluateCondition({ operator: op, firstValue: a, secondValue: a, caseSensitive })).toBe(true);
        }
      }),
    );
  });

  it('a case-insensitive text contains itself in upper case', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, a) => {
        const row = { operator: 'TEXT_CONTAINS', firstValue: before + a.toLowerCase(), secondValue: a.toUpperCase() } as const;
        // toUpperCase can change length ('ß' → 'SS'); only then may folding fail to bring it back
        fc.pre(a.toUpperCase().toLowerCase() === a.toLowerCase());
        expect(evaluateCondition(row)).toBe(true);
      }),
    );
  });

  it('an operator and its opposite are never both true when both values are present', () => {
    const opposites: [ConditionOperator, ConditionOperator][] = [
      ['TEXT_CONTAINS', 'TEXT_DOES_NOT_CONTAIN'],
      ['TEXT_EXACTLY_MATCHES', 'TEXT_DOES_NOT_EXACTLY_MATCH'],
      ['TEXT_STARTS_WITH', 'TEXT_DOES_NOT_START_WITH'],
      ['TEXT_ENDS_WITH', 'TEXT_DOES_NOT_END_WITH'],
      ['LIST_CONTAINS', 'LIST_DOES_NOT_CONTAIN'],
      ['NUMBER_IS_GREATER_THAN', 'NUMBER_IS_LESS_THAN'],
      ['NUMBER_IS_GREATER_THAN', 'NUMBER_IS_EQUAL_TO'],
      ['NUMBER_IS_LESS_THAN', 'NUMBER_IS_EQUAL_TO'],
      ['DATE_IS_BEFORE', 'DATE_IS_AFTER'],
      ['DATE_IS_BEFORE', 'DATE_IS_EQUAL'],
      ['DATE_IS_AFTER', 'DATE_IS_EQUAL'],
      ['BOOLEAN_IS_TRUE', 'BOOLEAN_IS_FALSE'],
      ['LIST_IS_EMPTY', 'LIST_IS_NOT_EMPTY'],
      ['EXISTS', 'DOES_NOT_EXIST'],
    ];
    const value = fc.oneof(present, fc.integer().map(String), fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
    fc.assert(
      fc.property(value, value, fc.boolean(), (firstValue, secondValue, caseSensitive) => {
        for (const [x, notX] of opposites) {
          const a = evaluateCondition({ operator: x, firstValue, secondValue, caseSensitive });
          const b = evaluateCondition({ operator: notX, firstValue, secondValue, caseSensitive });
          expect(a && b).toBe(false);
        }
      }),
    );
  });

  it('never throws, whatever the values', () => {
    fc.assert(
      fc.property(operator, fc.anything(), fc.anything(), fc.boolean(), (op, firstValue, secondValue, caseSensitive) => {
        expect(typeof evaluateCondition({ operator: op, firstValue, secondValue, caseSensitive })).toBe('boolean');
      }),
    );
  });

  it('first-match runs the first branch all-match would run', () => {
    const branch: fc.Arbitrary<SelectableBranch> = fc.oneof(
      fc.constant<SelectableBranch>({ branchType: 'FALLBACK' }),
      fc
        .array(fc.array(fc.constantFrom('x', ''), { maxLength: 3 }), { maxLength: 3 })
        .map((groups): SelectableBranch => ({
          branchType: 'CONDITION',
          conditions: groups.map((g) => g.map((firstValue) => ({ operator: 'EXISTS', firstValue }))),
        })),
    );
    fc.assert(
      fc.property(fc.array(branch, { maxLength: 6 }), (branches) => {
        const all = selectBranches(branches, 'EXECUTE_ALL_MATCH');
        expect(selectBranches(branches, 'EXECUTE_FIRST_MATCH')).toEqual(all.slice(0, 1));
        const fallbackRan = all.some((i) => branches[i]?.branchType === 'FALLBACK');
        const conditionRan = all.some((i) => branches[i]?.branchType === 'CONDITION');
        expect(fallbackRan && conditionRan).toBe(false);
      }),
    );
  });
});
