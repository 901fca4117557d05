/** The variable dialog's rules: names, values by type, keeping a sensitive value, and the requests built. */
import { describe, expect, it } from '@rstest/core';
import type { Variable } from '../../src/api/variables-api.ts';
import {
  displayValue,
  formDefaults,
  MASKED_VALUE,
  toCreateRequest,
  toUpdateRequest,
  valueError,
  variableNameSchema,
  VARIABLE_NAME_MESSAGE,
} from '../../src/ui/screens/variables/variable-form.ts';

const nameError = (name: string) => {
  const result = variableNameSchema.safeParse(name);
  return result.success ? undefined : result.error.issues[0]?.message;
};

const variable = (extra: Partial<Variable> = {}): Variable => ({
  id: 'v1',
  name: 'API_KEY',
  type: 'STRING',
  scope: 'GLOBAL',
  workflowId: null,
  status: 'ACTIVE',
  sensitive: false,
  value: 'abc',
  description: 'The key',
  created: '2026-03-01T10:00:00.000Z',
  updated: '2026-03-02T10:00:00.000Z',
  ...extra,
});

describe('variable names', () => {
  it('are required', () => expect(nameError('')).toBe('Name is required'));

  it.each(['A', '_private', 'api_key_2', `a${'b'.repeat(63)}`])('accept %s', (name) => expect(nameError(name)).toBeUndefined());

  it.each(['2fast', 'has space', 'dash-ed', 'émoji', ' lead'])('refuse %j', (name) =>
    expect(nameError(name)).toBe(VARIABLE_NAME_MESSAGE),
  );

  it('state their length limit', () => {
    expect(nameError(`a${'b'.repeat(64)}`)).toBe('Name must be at most 64 characters');
    expect(nameError('é'.repeat(70))).toBe('Name must be at most 64 characters');
  });
});

describe('values by type', () => {
  const check = (type: Variable['type'], value: string) => valueError({ type, value }, undefined);

  it('take any string, even empty', () => {
    expect(check('STRING', '')).toBeUndefined();
    expect(check('STRING', 'hello world')).toBeUndefined();
  });

  it('need a number for NUMBER', () => {
    expect(check('NUMBER', '42')).toBeUndefined();
    expect(check('NUMBER', '-3.5e2')).toBeUndefined();
    expect(check('NUMBER', '')).toBe('Value is required');
    expect(check('NUMBER', 'twelve')).toMatch(/^Enter a number/);
    expect(check('NUMBER', '  ')).toMatch(/^Enter a number/);
  });

  it('need true or false for BOOLEAN', () => {
    expect(check('BOOLEAN', 'true')).toBeUndefined();
    expect(check('BOOLEAN', 'false')).toBeUndefined();
    expect(check('BOOLEAN', 'yes')).toBe('Choose true or false');
  });

  it('need valid JSON for JSON', () => {
    expect(check('JSON', '{"a": [1, 2]}')).toBeUndefined();
    expect(check('JSON', '"text"')).toBeUndefined();
    expect(check('JSON', '{a: 1}')).toMatch(/^Enter valid JSON/);
  });

  it('stay under 64 KiB', () => {
    expect(check('STRING', 'x'.repeat(64 * 1024))).toBeUndefined();
    expect(check('STRING', 'é'.repeat(32 * 1024 + 1))).toBe('Values are limited to 64 KiB');
  });
});

describe('editing a sensitive variable', () => {
  const secret = variable({ sensitive: true, value: undefined, type: 'NUMBER' });

  it('starts with an empty value field, which keeps the stored value', () => {
    expect(formDefaults(secret).value).toBe('');
    expect(valueError({ type: 'NUMBER', value: '' }, secret)).toBeUndefined();
    const request = toUpdateRequest(formDefaults(secret), secret);
    expect('value' in request).toBe(false);
    expect(request).toMatchObject({ name: 'API_KEY', sensitive: true });
  });

  it('sends a new value when one is typed, checked against the type', () => {
    expect(valueError({ type: 'NUMBER', value: 'x' }, secret)).toMatch(/^Enter a number/);
    expect(toUpdateRequest({ ...formDefaults(secret), value: ' 7 ' }, secret).value).toBe('7');
  });

  it('needs a new value to change the type', () => {
    expect(valueError({ type: 'STRING', value: '' }, secret)).toBe('Enter a new value for the new type');
  });
});

describe('requests', () => {
  it('create in the workflow scope when there is one', () => {
    const values = { ...formDefaults(), name: 'LIMIT', type: 'NUMBER' as const, value: '10', description: '  max  ' };
    expect(toCreateRequest(values, 'flow-1')).toEqual({
      name: 'LIMIT',
      type: 'NUMBER',
      value: '10',
      sensitive: false,
      description: 'max',
      status: 'ACTIVE',
      workflow_id: 'flow-1',
    });
    expect('workflow_id' in toCreateRequest(values)).toBe(false);
  });

  it('update a visible variable with its value', () => {
    const plain = variable();
    expect(toUpdateRequest(formDefaults(plain), plain).value).toBe('abc');
  });
});

describe('displayValue', () => {
  it('masks sensitive values and shortens long ones', () => {
    expect(displayValue({ sensitive: true, value: undefined })).toBe(MASKED_VALUE);
    expect(MASKED_VALUE).toBe('••••••');
    expect(displayValue({ sensitive: false, value: '{\n  "a": 1\n}' })).toBe('{ "a": 1 }');
    expect(displayValue({ sensitive: false, value: 'x'.repeat(60) }, 10)).toBe(`${'x'.repeat(10)}…`);
  });
});
