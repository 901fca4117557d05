/**
 * The Store piece on a real database: put / get / remove, values keeping their JSON types, one user's
 * keys invisible to another, the key input's dynamic options, and the errors of POST /workflow/options.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { fromNestedFlow } from '../../src/domain/index.ts';
import { executeFlow, type PieceContext } from '../../server/engine/execute-flow.ts';
import { createPieceActions, pieceOptions } from '../../server/engine/pieces/index.ts';
import { ApiError } from '../../server/shared/api-error.ts';
import { signedInUser, startTestServer, type TestServer } from './helpers.ts';

const STORE = '@activepieces/piece-store';

let t: TestServer;
let ada: PieceContext;
let bob: PieceContext;
let actions: ReturnType<typeof createPieceActions>;

beforeAll(async () => {
  t = await startTestServer();
  ada = { userId: (await signedInUser(t.app, 'Ada')).id };
  bob = { userId: (await signedInUser(t.app, 'Bob')).id };
  actions = createPieceActions({
    db: t.db,
    notifyUser: async () => {},
    http: { defaultTimeoutMs: 1000, maxTimeoutMs: 1000, allowPrivateNetworks: false, maxResponseBytes: 1000 },
    maxDelayMs: 1000,
    resolveConnection: async () => {
      throw new Error('no connections here');
    },
  });
});

afterAll(async () => {
  await t?.close();
});

const store = (action: 'put' | 'get' | 'remove_value', input: Record<string, unknown>, context: PieceContext) => {
  const run = actions(STORE, action);
  if (!run) throw new Error(`no ${action}`);
  return run(input, context);
};

describe('the store piece', () => {
  it('puts, gets, overwrites and removes a value', async () => {
    expect(await store('get', { key: 'counter' }, ada)).toBeNull();
    expect(await store('put', { key: 'counter', value: 'one' }, ada)).toBe('one');
    expect(await store('get', { key: 'counter' }, ada)).toBe('one');
    expect(await store('put', { key: 'counter', value: 'two' }, ada)).toBe('two');
    expect(await store('get', { key: 'counter' }, ada)).toBe('two');
    expect(await store('remove_value', { key: 'counter' }, ada)).toEqual({ removed: true });
    expect(await store('remove_value', { key: 'counter' }, ada)).toEqual({ removed: false });
    expect(await store('get', { key: 'counter' }, ada)).toBeNull();
  });

  it('keeps JSON values with their types (a string that looks like JSON stays a string)', async () => {
    const values: unknown[] = [{ a: 1, nested: { list: [1, 'two', null, true] } }, [1, 2, 3], 42, 0.5, false, true, '{"not":"parsed"}', '', 'ünïcödé ✓'];
    for (const [i, value] of values.entries()) {
      expect(await store('put', { key: `typed-${i}`, value }, ada)).toEqual(value);
      expect(await store('get', { key: `typed-${i}` }, ada)).toEqual(value);
    }
  });

  it('keeps each user’s keys to themselves', async () => {
    await store('put', { key: 'shared-name', value: 'ada’s' }, ada);
    expect(await store('get', { key: 'shared-name' }, bob)).toBeNull();
    expect(await store('remove_value', { key: 'shared-name' }, bob)).toEqual({ removed: false });
    await store('put', { key: 'shared-name', value: 'bob’s' }, bob);
    expect(await store('get', { key: 'shared-name' }, ada)).toBe('ada’s');
    expect(await store('get', { key: 'shared-name' }, bob)).toBe('bob’s');
  });

  it('refuses bad keys and values with a message a user understands', async () => {
    await expect(store('put', { key: '', value: 1 }, ada)).rejects.toThrow('Enter a key');
    await expect(store('get', { key: '   ' }, ada)).rejects.toThrow('Enter a key');
    await expect(store('get', {}, ada)).rejects.toThrow('Enter a key');
    await expect(store('get', { key: { a: 1 } }, ada)).rejects.toThrow('The key must be text');
    await expect(store('put', { key: 'k'.repeat(513), value: 1 }, ada)).rejects.toThrow('at most 512 characters');
    await expect(store('put', { key: 'a\u0000b', value: 1 }, ada)).rejects.toThrow('cannot be stored');
    await expect(store('put', { key: 'k' }, ada)).rejects.toThrow('Enter a value');
    await expect(store('put', { key: 'k', value: 'bad \u0000 text' }, ada)).rejects.toThrow('cannot be stored');
    await expect(store('put', { key: 'k', value: 'x'.repeat(1024 * 1024 + 1) }, ada)).rejects.toThrow('at most 1 MB');
    expect(await store('put', { key: 'k'.repeat(512), value: 1 }, ada)).toBe(1);
    expect(await store('put', { key: 7, value: 'seven' }, ada)).toBe('seven');
    expect(await store('get', { key: '7' }, ada)).toBe('seven');
  });
});

describe('dynamic options of the store key', () => {
  it('lists the user’s own keys, most recently written first, filtered by search', async () => {
    const carol = { userId: (await signedInUser(t.app, 'Carol')).id };
    // PGlite's clock ticks in milliseconds; writes a few apart keep "most recent first" unambiguous.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    for (const key of ['Alpha', 'beta', 'GAMMA-ray', '100% sure']) {
      await store('put', { key, value: 1 }, carol);
      await tick();
    }
    await store('put', { key: 'Alpha', value: 2 }, carol);
    const options = (search?: string) => pieceOptions(t.db, carol.userId, { pieceName: STORE, actionName: 'get', propertyName: 'key', ...(search === undefined ? {} : { search }) });
    expect(await options()).toEqual([
      { label: 'Alpha', value: 'Alpha' },
      { label: '100% sure', value: '100% sure' },
      { label: 'GAMMA-ray', value: 'GAMMA-ray' },
      { label: 'beta', value: 'beta' },
    ]);
    expect((await options('a')).map((option) => option.value)).toEqual(['Alpha', 'GAMMA-ray', 'beta']);
    expect((await options('gamma')).map((option) => option.value)).toEqual(['GAMMA-ray']);
    expect((await options('%')).map((option) => option.value)).toEqual(['100% sure']);
    expect((await options('_')).map((option) => option.value)).toEqual([]);
    expect(await pieceOptions(t.db, bob.userId, { pieceName: STORE, actionName: 'put', propertyName: 'key', search: 'alpha' })).toEqual([]);
  });

  it('offers at most 100 keys', async () => {
    const dave = { userId: (await signedInUser(t.app, 'Dave')).id };
    await t.db.query(`INSERT INTO store_entries (user_id, key, value) SELECT $1, 'key-' || n, '1'::jsonb FROM generate_series(1, 130) AS n`, [dave.userId]);
    expect(await pieceOptions(t.db, dave.userId, { pieceName: STORE, actionName: 'remove_value', propertyName: 'key' })).toHaveLength(100);
  });

  it('answers unknown pieces, triggers, actions and props with their errors', async () => {
    const failure = async (request: Parameters<typeof pieceOptions>[2]) => {
      try {
        await pieceOptions(t.db, ada.userId, request);
      } catch (error) {
        if (error instanceof ApiError) return { status: error.status, code: error.code, message: error.message };
        throw error;
      }
      throw new Error('expected a failure');
    };
    expect(await failure({ pieceName: '@acme/nothing', actionName: 'get', propertyName: 'key' })).toEqual({ status: 404, code: 'PIECE_NOT_FOUND', message: 'Piece not found' });
    expect(await failure({ pieceName: '@activepieces/piece-schedule', triggerName: 'every_year', propertyName: 'timezone' })).toEqual({
      status: 404,
      code: 'PIECE_TRIGGER_NOT_FOUND',
      message: 'Trigger not found',
    });
    expect(await failure({ pieceName: STORE, actionName: 'increment', propertyName: 'key' })).toEqual({ status: 404, code: 'PIECE_NOT_FOUND', message: 'Action not found' });
    const noOptions = { status: 400, code: 'VALIDATION', message: 'This input has no dynamic options' };
    expect(await failure({ pieceName: STORE, actionName: 'put', propertyName: 'value' })).toEqual(noOptions);
    expect(await failure({ pieceName: STORE, actionName: 'put', propertyName: 'nope' })).toEqual(noOptions);
    expect(await failure({ pieceName: '@activepieces/piece-schedule', triggerName: 'every_day', propertyName: 'timezone' })).toEqual(noOptions);
  });
});

describe('pieces inside a run', () => {
  it('chain through references, and a failing piece fails its step with its message', async () => {
    const piece = (name: string, pieceName: string, actionName: string, input: Record<string, unknown>, next?: Record<string, unknown>) => ({
      name,
      type: 'PIECE',
      displayName: name,
      valid: true,
      settings: { pieceName, pieceVersion: '0.1.0', actionName, input },
      ...(next ? { nextAction: next } : {}),
    });
    const http = piece('step_4', '@activepieces/piece-http', 'send_request', { method: 'GET', url: 'http://169.254.169.254/latest' });
    const mapper = piece('step_3', '@activepieces/piece-data-mapper', 'advanced_mapping', { mapping: { greeting: 'Hi {{step_2.name}}', tags: '{{step_2.tags}}' } }, http);
    const get = piece('step_2', STORE, 'get', { key: '{{trigger.key}}' }, mapper);
    const put = piece('step_1', STORE, 'put', { key: '{{trigger.key}}', value: '{{trigger.profile}}' }, get);
    const version = fromNestedFlow({ displayName: 'Pieces', trigger: { name: 'trigger', type: 'EMPTY', displayName: 'Manual', valid: true, settings: {}, nextAction: put } });
    const result = await executeFlow(version, { key: 'profile', profile: { name: 'Ada', tags: ['x', 'y'] } }, {
      runCode: async () => ({ ok: false, reason: 'ERROR', message: 'This flow has no code steps', logs: [] }),
      pieceAction: actions,
      userId: ada.userId,
    });
    expect(result.status).toBe('FAILED');
    expect(result.steps.map((step) => `${step.stepName}:${step.status}`)).toEqual(['trigger:SUCCEEDED', 'step_1:SUCCEEDED', 'step_2:SUCCEEDED', 'step_3:SUCCEEDED', 'step_4:FAILED']);
    expect(result.steps[3]?.output).toEqual({ greeting: 'Hi Ada', tags: ['x', 'y'] });
    expect(result.steps[4]?.error).toBe('Requests to private network addresses are not allowed (169.254.169.254)');
  });
});

describe('the action lookup', () => {
  it('knows every catalogue action and nothing else', () => {
    for (const [piece, action] of [
      ['@activepieces/piece-http', 'send_request'],
      ['@activepieces/piece-delay', 'delay_for'],
      ['@activepieces/piece-data-mapper', 'advanced_mapping'],
      [STORE, 'put'],
      [STORE, 'get'],
      [STORE, 'remove_value'],
      ['@flowsmith/piece-notification', 'send_notification'],
    ] as const) {
      expect(typeof actions(piece, action)).toBe('function');
    }
    expect(actions('@acme/nothing', 'go')).toBeUndefined();
    expect(actions(STORE, undefined)).toBeUndefined();
    expect(actions(STORE, 'toString')).toBeUndefined();
    expect(actions('constructor', 'name')).toBeUndefined();
  });
});
