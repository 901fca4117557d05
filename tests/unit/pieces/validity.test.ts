/** Input checks and step validity: what makes the settings panel mark a field and a step incomplete. */
import { describe, expect, it } from '@rstest/core';
import {
  createAction,
  defaultRouterSettings,
  type ConditionGroups,
  type ConditionOperator,
  type ConditionRow,
  type FlatTrigger,
  type RouterSettings,
} from '../../../src/domain/index.ts';
import {
  defaultPieceInput,
  findPieceAction,
  findPieceTrigger,
  stepValidity,
  triggerValidity,
  validatePieceInput,
  type PieceProp,
  type StepValidityInput,
} from '../../../src/domain/pieces/index.ts';

const prop = (type: PieceProp['type'], extra: Partial<PieceProp> = {}): PieceProp => ({ name: 'x', displayName: 'X', type, required: true, ...extra });
const errorOf = (p: PieceProp, value: unknown) => validatePieceInput([p], value === undefined ? {} : { x: value }).errors.x;

describe('validatePieceInput', () => {
  it('says Required for a missing, null or blank required value, and nothing for an optional one', () => {
    for (const value of [undefined, null, '', '   ']) {
      expect(errorOf(prop('SHORT_TEXT'), value)).toBe('Required');
      expect(errorOf(prop('SHORT_TEXT', { required: false }), value)).toBeUndefined();
    }
    expect(errorOf(prop('CHECKBOX'), false)).toBeUndefined();
    expect(validatePieceInput([prop('SHORT_TEXT')], undefined)).toEqual({ valid: false, errors: { x: 'Required' } });
  });

  it('wants a number, numeric text or a reference for NUMBER', () => {
    const number = prop('NUMBER');
    expect(errorOf(number, 3)).toBeUndefined();
    expect(errorOf(number, ' -2.5 ')).toBeUndefined();
    expect(errorOf(number, '{{step_1.count}}')).toBeUndefined();
    expect(errorOf(number, 'ten')).toBe('Enter a number');
    expect(errorOf(number, '12abc')).toBe('Enter a number');
    expect(errorOf(number, Number.NaN)).toBe('Enter a number');
    expect(errorOf(number, true)).toBe('Enter a number');
  });

  it('checks NUMBER bounds on literal values only', () => {
    const minutes = prop('NUMBER', { min: 1, max: 59, integer: true });
    expect(errorOf(minutes, 59)).toBeUndefined();
    expect(errorOf(minutes, '0')).toBe('Enter a whole number from 1 to 59');
    expect(errorOf(minutes, 1.5)).toBe('Enter a whole number from 1 to 59');
    expect(errorOf(minutes, '{{step_2.n}}')).toBeUndefined();
  });

  it('wants parseable JSON text, a parsed value or a reference for JSON', () => {
    const json = prop('JSON');
    expect(errorOf(json, '{"a": [1, 2]}')).toBeUndefined();
    expect(errorOf(json, { a: 1 })).toBeUndefined();
    expect(errorOf(json, [])).toBeUndefined();
    expect(errorOf(json, '{{step_1.body}}')).toBeUndefined();
    expect(errorOf(json, '{a: 1}')).toBe('Enter valid JSON');
    expect(errorOf(json, '{"a": 1')).toBe('Enter valid JSON');
  });

  it('collects one message per failing prop', () => {
    const props = findPieceAction('@activepieces/piece-http', 'send_request')!.props;
    expect(validatePieceInput(props, { method: 'GET', timeout: 'soon', headers: '{' })).toEqual({
      valid: false,
      errors: { url: 'Required', timeout: 'Enter a number', headers: 'Enter valid JSON' },
    });
    expect(validatePieceInput(props, { method: 'POST', url: 'https://example.com' })).toEqual({ valid: true, errors: {} });
  });
});

describe('stepValidity', () => {
  it('needs non-blank code for CODE', () => {
    const code = createAction('CODE', 'step_1');
    expect(stepValidity(code)).toBe(true);
    expect(stepValidity({ ...code, settings: { ...code.settings, sourceCode: { code: ' \n ', packageJson: '{}' } } })).toBe(false);
    expect(stepValidity({ type: 'CODE', settings: { input: {} } })).toBe(false);
  });

  it('needs non-blank items for LOOP_ON_ITEMS', () => {
    expect(stepValidity(createAction('LOOP_ON_ITEMS', 'step_1'))).toBe(false);
    expect(stepValidity({ type: 'LOOP_ON_ITEMS', settings: { items: '{{trigger.body.rows}}' } })).toBe(true);
  });

  describe('ROUTER', () => {
    const router = (settings: RouterSettings): StepValidityInput => ({ type: 'ROUTER', settings });
    const withRows = (...conditions: ConditionGroups): RouterSettings => ({
      executionType: 'EXECUTE_FIRST_MATCH',
      branches: [
        { branchName: 'Branch 1', branchType: 'CONDITION', conditions },
        { branchName: 'Otherwise', branchType: 'FALLBACK' },
      ],
    });
    const row = (firstValue: string, operator: ConditionOperator, secondValue = ''): ConditionRow => ({ firstValue, secondValue, operator, caseSensitive: false });

    it('is invalid with the default (empty) row', () => expect(stepValidity(router(defaultRouterSettings()))).toBe(false));

    it('needs a first value, and a second one only where the operator takes it', () => {
      expect(stepValidity(router(withRows([row('{{a}}', 'TEXT_CONTAINS', 'x')])))).toBe(true);
      expect(stepValidity(router(withRows([row('{{a}}', 'TEXT_CONTAINS')])))).toBe(false);
      expect(stepValidity(router(withRows([row('{{a}}', 'EXISTS')])))).toBe(true);
      expect(stepValidity(router(withRows([row('{{a}}', 'LIST_IS_EMPTY')])))).toBe(true);
      expect(stepValidity(router(withRows([row('', 'BOOLEAN_IS_TRUE')])))).toBe(false);
    });

    it('needs every row of every group, and at least one row per condition branch', () => {
      expect(stepValidity(router(withRows([row('a', 'EXISTS')], [row('b', 'NUMBER_IS_EQUAL_TO')])))).toBe(false);
      expect(stepValidity(router(withRows([row('a', 'EXISTS')], [row('b', 'NUMBER_IS_EQUAL_TO', '2')])))).toBe(true);
      expect(stepValidity(router(withRows()))).toBe(false);
      expect(stepValidity(router(withRows([])))).toBe(false);
    });

    it('asks nothing of the fallback branch', () => {
      const settings = withRows([row('a', 'EXISTS')]);
      expect(settings.branches[1]!.branchType).toBe('FALLBACK');
      expect(stepValidity(router(settings))).toBe(true);
    });
  });

  describe('PIECE', () => {
    const piece = (pieceName: string, actionName: string | undefined, input: Record<string, unknown>): StepValidityInput => ({
      type: 'PIECE',
      settings: { pieceName, pieceVersion: '0.1.0', ...(actionName ? { actionName } : {}), input },
    });

    it('needs a known piece and action', () => {
      expect(stepValidity(piece('@activepieces/piece-slack', 'send_message', {}))).toBe(false);
      expect(stepValidity(piece('@activepieces/piece-store', undefined, { key: 'k' }))).toBe(false);
      expect(stepValidity(piece('', undefined, {}))).toBe(false);
    });

    it('needs valid inputs', () => {
      expect(stepValidity(piece('@activepieces/piece-store', 'get', { key: 'k' }))).toBe(true);
      expect(stepValidity(piece('@activepieces/piece-store', 'get', { key: '' }))).toBe(false);
      expect(stepValidity(piece('@activepieces/piece-delay', 'delay_for', { delayFor: 'x', unit: 'seconds' }))).toBe(false);
      const delay = findPieceAction('@activepieces/piece-delay', 'delay_for')!;
      expect(stepValidity(piece('@activepieces/piece-delay', 'delay_for', defaultPieceInput(delay.props)))).toBe(true);
    });
  });
});

describe('triggerValidity', () => {
  const pieceTrigger = (pieceName: string, triggerName: string, input: Record<string, unknown> = {}): FlatTrigger => ({
    name: 'trigger',
    type: 'PIECE_TRIGGER',
    displayName: 'T',
    valid: false,
    next: null,
    settings: { pieceName, pieceVersion: '0.1.0', triggerName, input },
  });

  it('is never valid while EMPTY', () => {
    expect(triggerValidity({ type: 'EMPTY', settings: {} })).toBe(false);
  });

  it('needs a known trigger and valid inputs', () => {
    expect(triggerValidity(pieceTrigger('@flowsmith/piece-manual', 'manual'))).toBe(true);
    expect(triggerValidity(pieceTrigger('@activepieces/piece-webhook', 'catch_webhook'))).toBe(true);
    expect(triggerValidity(pieceTrigger('@activepieces/piece-webhook', 'nope'))).toBe(false);
    expect(triggerValidity(pieceTrigger('@activepieces/piece-schedule', 'every_x_minutes', { minutes: 5 }))).toBe(true);
    expect(triggerValidity(pieceTrigger('@activepieces/piece-schedule', 'every_x_minutes', { minutes: 90 }))).toBe(false);
    expect(triggerValidity(pieceTrigger('@activepieces/piece-schedule', 'cron_expression', { timezone: 'UTC' }))).toBe(false);
  });

  it('refuses a cron expression that would fire more than once a minute, with the reason', () => {
    const cron = (cronExpression: string) => pieceTrigger('@activepieces/piece-schedule', 'cron_expression', { cronExpression, timezone: 'UTC' });
    for (const fine of ['0 9 * * 1-5', '* * * * *', '0 * * * * *', '30 */5 * * * *', '{{trigger.cron}}']) expect(triggerValidity(cron(fine)), fine).toBe(true);
    for (const hasty of ['* * * * * *', '*/5 * * * * *', '0,30 * * * * *', '1 2 3']) expect(triggerValidity(cron(hasty)), hasty).toBe(false);
    const props = findPieceTrigger('@activepieces/piece-schedule', 'cron_expression')?.props ?? [];
    expect(validatePieceInput(props, { cronExpression: '* * * * * *', timezone: 'UTC' }).errors).toEqual({
      cronExpression: 'Use five fields: minute hour day month weekday (a schedule runs at most once a minute)',
    });
  });
});
