import { describe, expect, it } from '@rstest/core';
import { CONDITION_OPERATORS, type ConditionOperator, evaluateCondition } from '../../src/domain/conditions/index.ts';

const check = (operator: ConditionOperator, firstValue: unknown, secondValue?: unknown, caseSensitive = false) =>
  evaluateCondition({ operator, firstValue, secondValue, caseSensitive });

describe('text operators', () => {
  // [operator, first, second, case-insensitive answer, case-sensitive answer]
  const cases: [ConditionOperator, string, string, boolean, boolean][] = [
    ['TEXT_CONTAINS', 'Hello World', 'world', true, false],
    ['TEXT_CONTAINS', 'Hello World', 'World', true, true],
    ['TEXT_CONTAINS', 'Hello World', 'planet', false, false],
    ['TEXT_DOES_NOT_CONTAIN', 'Hello World', 'world', false, true],
    ['TEXT_DOES_NOT_CONTAIN', 'Hello World', 'planet', true, true],
    ['TEXT_EXACTLY_MATCHES', 'Ada', 'ada', true, false],
    ['TEXT_EXACTLY_MATCHES', 'Ada', 'Ada', true, true],
    ['TEXT_EXACTLY_MATCHES', 'Ada', 'Ad', false, false],
    ['TEXT_DOES_NOT_EXACTLY_MATCH', 'Ada', 'ada', false, true],
    ['TEXT_DOES_NOT_EXACTLY_MATCH', 'Ada', 'Bob', true, true],
    ['TEXT_STARTS_WITH', 'Invoice 42', 'invoice', true, false],
    ['TEXT_STARTS_WITH', 'Invoice 42', '42', false, false],
    ['TEXT_DOES_NOT_START_WITH', 'Invoice 42', 'invoice', false, true],
    ['TEXT_DOES_NOT_START_WITH', 'Invoice 42', '42', true, true],
    ['TEXT_ENDS_WITH', 'report.PDF', '.pdf', true, false],
    ['TEXT_ENDS_WITH', 'report.PDF', '.doc', false, false],
    ['TEXT_DOES_NOT_END_WITH', 'report.PDF', '.pdf', false, true],
    ['TEXT_DOES_NOT_END_WITH', 'report.PDF', '.doc', true, true],
  ];

  it.each(cases)('%s(%j, %j): %s when case-insensitive, %s when case-sensitive', (op, first, second, insensitive, sensitive) => {
    expect(check(op, first, second, false)).toBe(insensitive);
    expect(check(op, first, second, true)).toBe(sensitive);
  });

  it('treats an absent caseSensitive as case-insensitive, like the default row', () => {
    expect(evaluateCondition({ operator: 'TEXT_EXACTLY_MATCHES', firstValue: 'A', secondValue: 'a' })).toBe(true);
  });

  it('reads numbers and booleans as their text, objects and arrays as JSON', () => {
    expect(check('TEXT_EXACTLY_MATCHES', 42, '42')).toBe(true);
    expect(check('TEXT_STARTS_WITH', 3.5, '3.')).toBe(true);
    expect(check('TEXT_EXACTLY_MATCHES', true, 'TRUE')).toBe(true);
    expect(check('TEXT_EXACTLY_MATCHES', true, 'TRUE', true)).toBe(false);
    expect(check('TEXT_CONTAINS', { name: 'Ada' }, '"name":"ada"')).toBe(true);
    expect(check('TEXT_CONTAINS', { name: 'Ada' }, '"name":"ada"', true)).toBe(false);
    expect(check('TEXT_EXACTLY_MATCHES', [1, 'a'], '[1,"a"]')).toBe(true);
    expect(check('TEXT_CONTAINS', 'order 42', 42)).toBe(true);
  });

  it('does not throw on values JSON cannot write', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(check('TEXT_CONTAINS', cyclic, 'object')).toBe(true); // '[object Object]'
    expect(check('TEXT_CONTAINS', Object.create(null), 'x')).toBe(false);
    expect(check('TEXT_CONTAINS', { big: 1n }, 'x')).toBe(false);
  });
});

describe('number operators', () => {
  it('compare numbers given as text numerically', () => {
    expect(check('NUMBER_IS_GREATER_THAN', '10', '9')).toBe(true); // as text, '10' < '9'
    expect(check('NUMBER_IS_LESS_THAN', '9', '10')).toBe(true);
    expect(check('NUMBER_IS_GREATER_THAN', 10, '9.5')).toBe(true);
    expect(check('NUMBER_IS_LESS_THAN', '-3', 2)).toBe(true);
    expect(check('NUMBER_IS_EQUAL_TO', ' 5 ', 5)).toBe(true);
    expect(check('NUMBER_IS_EQUAL_TO', '10', '10.0')).toBe(true);
    expect(check('NUMBER_IS_EQUAL_TO', '1e3', 1000)).toBe(true);
    expect(check('NUMBER_IS_EQUAL_TO', '.5', 0.5)).toBe(true);
  });

  it('answer false when either side is not a plain decimal number', () => {
    for (const op of ['NUMBER_IS_GREATER_THAN', 'NUMBER_IS_LESS_THAN', 'NUMBER_IS_EQUAL_TO'] as const) {
      for (const notANumber of ['abc', '1,000', '0x10', 'Infinity', '12px', ' ', true, [1], { n: 1 }, Number.NaN, Infinity]) {
        expect(check(op, notANumber, 1)).toBe(false);
        expect(check(op, 1, notANumber)).toBe(false);
      }
    }
    expect(check('NUMBER_IS_EQUAL_TO', 'abc', 'abc')).toBe(false);
  });

  it('answer false for the wrong order and for unequal numbers', () => {
    expect(check('NUMBER_IS_GREATER_THAN', 9, 10)).toBe(false);
    expect(check('NUMBER_IS_GREATER_THAN', 9, 9)).toBe(false);
    expect(check('NUMBER_IS_LESS_THAN', 10, 9)).toBe(false);
    expect(check('NUMBER_IS_EQUAL_TO', 0.1 + 0.2, 0.3)).toBe(false);
  });
});

describe('boolean operators', () => {
  it('read booleans and their text in any case', () => {
    for (const yes of [true, 'true', 'TRUE', ' True ']) {
      expect(check('BOOLEAN_IS_TRUE', yes)).toBe(true);
      expect(check('BOOLEAN_IS_FALSE', yes)).toBe(false);
    }
    for (const no of [false, 'false', 'FALSE', 'False ']) {
      expect(check('BOOLEAN_IS_FALSE', no)).toBe(true);
      expect(check('BOOLEAN_IS_TRUE', no)).toBe(false);
    }
  });

  it('count nothing else as true or false, and ignore the second value', () => {
    for (const other of ['yes', 'no', 1, 0, 'abc', {}, [], 'truee']) {
      expect(check('BOOLEAN_IS_TRUE', other)).toBe(false);
      expect(check('BOOLEAN_IS_FALSE', other)).toBe(false);
    }
    expect(check('BOOLEAN_IS_TRUE', true, 'false')).toBe(true);
  });
});

describe('date operators', () => {
  const newYear = Date.UTC(2021, 0, 1);
  const sameInstant = [
    '2021-01-01',
    '2021-01-01T00:00:00Z',
    '2021-01-01T00:00:00.000Z',
    '2021-01-01T02:00:00+02:00',
    '2021-01-01T00:00', // no offset: read as UTC
    '2021-01-01 00:00:00',
    newYear, // epoch milliseconds
    newYear / 1000, // epoch seconds
    String(newYear),
    String(newYear / 1000),
    new Date(newYear),
    'Fri, 01 Jan 2021 00:00:00 GMT',
  ];

  it.each(sameInstant)('reads %j as 2021-01-01T00:00:00Z', (form) => {
    expect(check('DATE_IS_EQUAL', form, '2021-01-01T00:00:00Z')).toBe(true);
    expect(check('DATE_IS_BEFORE', form, '2021-01-01T00:00:00.001Z')).toBe(true);
    expect(check('DATE_IS_AFTER', form, '2020-12-31T23:59:59.999Z')).toBe(true);
  });

  it('compare to the millisecond', () => {
    expect(check('DATE_IS_EQUAL', '2021-01-01T00:00:00.000Z', '2021-01-01T00:00:00.001Z')).toBe(false);
    expect(check('DATE_IS_BEFORE', '2021-01-01T00:00:01Z', '2021-01-01T00:00:02Z')).toBe(true);
    expect(check('DATE_IS_AFTER', '2021-01-01T00:00:01Z', '2021-01-01T00:00:02Z')).toBe(false);
    expect(check('DATE_IS_BEFORE', '2021-01-02', '2021-01-02')).toBe(false);
    expect(check('DATE_IS_AFTER', '2021-01-02', '2021-01-02')).toBe(false);
  });

  it('read readable text with a year', () => {
    expect(check('DATE_IS_AFTER', 'Jan 2, 2021', '2021-01-01')).toBe(true);
  });

  it('answer false for anything that is not a date', () => {
    const invalid = ['not a date', '1st January 2021', 'foo 1', '2021-13-45', '', ' ', {}, [], true, Number.NaN, 1e20, new Date(Number.NaN)];
    for (const op of ['DATE_IS_BEFORE', 'DATE_IS_EQUAL', 'DATE_IS_AFTER'] as const) {
      for (const bad of invalid) {
        expect(check(op, bad, '2021-01-01')).toBe(false);
        expect(check(op, '2021-01-01', bad)).toBe(false);
      }
    }
  });
});

describe('list operators', () => {
  const fruit = ['apple', 'Banana', 'cherry'];

  it('contains / does not contain, with case sensitivity off and on', () => {
    expect(check('LIST_CONTAINS', fruit, 'banana', false)).toBe(true);
    expect(check('LIST_CONTAINS', fruit, 'banana', true)).toBe(false);
    expect(check('LIST_CONTAINS', fruit, 'Banana', true)).toBe(true);
    expect(check('LIST_CONTAINS', fruit, 'grape', false)).toBe(false);
    expect(check('LIST_DOES_NOT_CONTAIN', fruit, 'banana', false)).toBe(false);
    expect(check('LIST_DOES_NOT_CONTAIN', fruit, 'banana', true)).toBe(true);
    expect(check('LIST_DOES_NOT_CONTAIN', fruit, 'Banana', true)).toBe(false);
    expect(check('LIST_DOES_NOT_CONTAIN', fruit, 'grape', false)).toBe(true);
  });

  it('read a list given as JSON text', () => {
    expect(check('LIST_CONTAINS', '["apple", "banana"]', 'BANANA')).toBe(true);
    expect(check('LIST_CONTAINS', ' [1, 2, 3] ', 2)).toBe(true);
    expect(check('LIST_DOES_NOT_CONTAIN', '["apple"]', 'grape')).toBe(true);
  });

  it('compare items typed as text with numbers and booleans by their text', () => {
    expect(check('LIST_CONTAINS', [1, 2, 3], '2')).toBe(true);
    expect(check('LIST_CONTAINS', [1, 2, 3], 2)).toBe(true);
    expect(check('LIST_CONTAINS', [true, false], 'TRUE')).toBe(true);
    expect(check('LIST_CONTAINS', [true, false], 'TRUE', true)).toBe(false);
    expect(check('LIST_CONTAINS', ['true'], true)).toBe(true);
  });

  it('compare other values strictly: no loose equality, objects by JSON', () => {
    expect(check('LIST_CONTAINS', [1, 0], true)).toBe(false);
    expect(check('LIST_CONTAINS', [0], false)).toBe(false);
    expect(check('LIST_CONTAINS', [null], null)).toBe(true);
    expect(check('LIST_CONTAINS', [{ id: 1 }], { id: 1 })).toBe(true);
    expect(check('LIST_CONTAINS', [{ id: 1 }], { id: 2 })).toBe(false);
    expect(check('LIST_CONTAINS', [{ ID: 'A' }], '{"id":"a"}')).toBe(true); // text on one side: as text
  });

  it('count a single present value as a one-item list, as Activepieces does', () => {
    expect(check('LIST_CONTAINS', 'apple', 'APPLE')).toBe(true);
    expect(check('LIST_CONTAINS', 7, '7')).toBe(true);
    expect(check('LIST_CONTAINS', '[1,', '[1,')).toBe(true); // broken JSON is just text
    expect(check('LIST_DOES_NOT_CONTAIN', 'apple', 'grape')).toBe(true);
  });

  it('is empty / is not empty only for a real list', () => {
    expect(check('LIST_IS_EMPTY', [])).toBe(true);
    expect(check('LIST_IS_EMPTY', ' [ ] ')).toBe(true);
    expect(check('LIST_IS_EMPTY', [1])).toBe(false);
    expect(check('LIST_IS_EMPTY', '[1]')).toBe(false);
    expect(check('LIST_IS_NOT_EMPTY', [1])).toBe(true);
    expect(check('LIST_IS_NOT_EMPTY', '["a"]')).toBe(true);
    expect(check('LIST_IS_NOT_EMPTY', [])).toBe(false);
    expect(check('LIST_IS_NOT_EMPTY', '[]')).toBe(false);
    for (const notAList of ['not a list', {}, '{"a":1}', '[1,', 5, true]) {
      expect(check('LIST_IS_EMPTY', notAList)).toBe(false);
      expect(check('LIST_IS_NOT_EMPTY', notAList)).toBe(false);
    }
  });
});

describe('exists / does not exist', () => {
  it('count anything but undefined, null and empty text as existing', () => {
    for (const present of [0, false, [], {}, ' ', 'x', Number.NaN]) {
      expect(check('EXISTS', present)).toBe(true);
      expect(check('DOES_NOT_EXIST', present)).toBe(false);
    }
    for (const missing of [undefined, null, '']) {
      expect(check('EXISTS', missing)).toBe(false);
      expect(check('DOES_NOT_EXIST', missing)).toBe(true);
    }
  });
});

describe('missing values', () => {
  const missing = [undefined, null, ''];
  // What each operator answers when the first value is missing and the second is present.
  const whenFirstMissing: Record<ConditionOperator, boolean> = {
    TEXT_CONTAINS: false,
    TEXT_DOES_NOT_CONTAIN: true,
    TEXT_EXACTLY_MATCHES: false,
    TEXT_DOES_NOT_EXACTLY_MATCH: true,
    TEXT_STARTS_WITH: false,
    TEXT_DOES_NOT_START_WITH: true,
    TEXT_ENDS_WITH: false,
    TEXT_DOES_NOT_END_WITH: true,
    NUMBER_IS_GREATER_THAN: false,
    NUMBER_IS_LESS_THAN: false,
    NUMBER_IS_EQUAL_TO: false,
    BOOLEAN_IS_TRUE: false,
    BOOLEAN_IS_FALSE: false,
    DATE_IS_BEFORE: false,
    DATE_IS_EQUAL: false,
    DATE_IS_AFTER: false,
    LIST_CONTAINS: false,
    LIST_DOES_NOT_CONTAIN: true,
    LIST_IS_EMPTY: false,
    LIST_IS_NOT_EMPTY: false,
    EXISTS: false,
    DOES_NOT_EXIST: true,
  };
  // A present second value that would match something, so a false answer is the missing value's doing.
  const second = (op: ConditionOperator) => (op.startsWith('NUMBER') ? 0 : op.startsWith('DATE') ? '2021-01-01' : 'a');

  it.each(CONDITION_OPERATORS)('%s answers without throwing when the first value is missing', (op) => {
    for (const value of missing) {
      expect(check(op, value, second(op))).toBe(whenFirstMissing[op]);
      expect(check(op, value, second(op), true)).toBe(whenFirstMissing[op]);
    }
  });

  it.each(CONDITION_OPERATORS)('%s answers without throwing when the second value is missing', (op) => {
    for (const value of missing) {
      expect(typeof check(op, 'a', value)).toBe('boolean');
      expect(typeof check(op, value, value, true)).toBe('boolean');
    }
  });

  it('reads a missing second value as empty text for the text operators', () => {
    expect(check('TEXT_CONTAINS', 'abc', undefined)).toBe(true); // '' is in every text
    expect(check('TEXT_EXACTLY_MATCHES', null, '')).toBe(true);
    expect(check('NUMBER_IS_GREATER_THAN', 1, undefined)).toBe(false);
    expect(check('DATE_IS_EQUAL', null, null)).toBe(false);
  });

  it('answers false for an operator it does not know', () => {
    expect(check('TEXT_IS_NICE' as ConditionOperator, 'a', 'a')).toBe(false);
    expect(check('toString' as ConditionOperator, 'a', 'a')).toBe(false);
  });
});
