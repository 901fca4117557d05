/**
 * Variables (SPEC §3): global and per-workflow CRUD, names unique per scope, values checked against
 * their type, and sensitive values write-only: never in a reply, never in a log line (this file's server
 * logs at trace level into memory and the last test reads every line).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { del, get, post, put, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { createFlow, UNKNOWN_ID } from './flows.ts';

const SECRET = 'sk_live_7f3a9c-SUPER-SECRET-ü';
const SECRET_2 = 'second-secret-value-9d81';
const logLines: string[] = [];
const replies: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let t: TestServer;
let token: string;
let flowId: string;
let otherFlowId: string;

interface Variable {
  id: string;
  name: string;
  type: string;
  value?: string;
  scope: 'GLOBAL' | 'WORKFLOW';
  workflowId: string | null;
  status: string;
  sensitive: boolean;
  description: string;
  created: string;
  updated: string;
}

/** Every reply body of this file is kept, to check none carries a secret. */
async function record<R extends { body: string }>(response: Promise<R>): Promise<R> {
  const r = await response;
  replies.push(r.body);
  return r;
}
const create = (body: unknown) => record(post(t.app, '/api/variables', body, { token }));
const update = (id: string, body: unknown) => record(put(t.app, `/api/variables/${id}`, body, { token }));
const list = async (query = '') => {
  const response = await record(get(t.app, `/api/variables${query}`, { token }));
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Variable[] }>().data;
};

beforeAll(async () => {
  t = await startTestServer({ logLevel: 'trace', logStream });
  ({ token } = await signedInUser(t.app));
  flowId = (await createFlow(t, token, 'With variables')).flow.id;
  otherFlowId = (await createFlow(t, token, 'Other')).flow.id;
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/variables', () => {
  it('creates a global variable with defaults', async () => {
    const response = await create({ name: 'API_URL', type: 'STRING', value: 'https://api.example.com' });
    expect(response.statusCode).toBe(201);
    const variable = response.json<Variable>();
    expect(variable).toMatchObject({
      name: 'API_URL',
      type: 'STRING',
      value: 'https://api.example.com',
      scope: 'GLOBAL',
      workflowId: null,
      status: 'ACTIVE',
      sensitive: false,
      description: '',
    });
    expect(variable.created).toBe(new Date(variable.created).toISOString());
  });

  it('checks the value against its type', async () => {
    const good = [
      { name: 'N1', type: 'NUMBER', value: '-12.5e3' },
      { name: 'N2', type: 'NUMBER', value: 42 },
      { name: 'B1', type: 'BOOLEAN', value: 'true' },
      { name: 'B2', type: 'BOOLEAN', value: false },
      { name: 'J1', type: 'JSON', value: '{"a":[1,2,{"b":null}]}' },
      { name: 'S_EMPTY', type: 'STRING', value: '' },
    ];
    for (const body of good) expect((await create(body)).statusCode).toBe(201);
    expect((await list()).find((v) => v.name === 'N2')?.value).toBe('42');
    const bad: Array<[unknown, string]> = [
      [{ name: 'X', type: 'NUMBER', value: 'twelve' }, 'Enter a number'],
      [{ name: 'X', type: 'NUMBER', value: '' }, 'Enter a number'],
      [{ name: 'X', type: 'NUMBER', value: 'Infinity' }, 'Enter a number'],
      [{ name: 'X', type: 'BOOLEAN', value: 'yes' }, "Use 'true' or 'false'"],
      [{ name: 'X', type: 'JSON', value: '{bad' }, 'Enter valid JSON'],
      [{ name: 'X', type: 'STRING', value: 'v'.repeat(64 * 1024 + 1) }, 'Values are limited to 64 KiB'],
      [{ name: 'X', type: 'STRING', value: 'é'.repeat(40 * 1024) }, 'Values are limited to 64 KiB'],
    ];
    for (const [body, message] of bad) {
      const response = await create(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', errors: { value: [message] } });
    }
    expect((await create({ name: 'BIG', type: 'STRING', value: 'v'.repeat(64 * 1024) })).statusCode).toBe(201);
  });

  it('refuses bad names and malformed bodies', async () => {
    for (const name of ['1st', 'has space', 'dash-ed', '', "a'; DROP TABLE variables;--", 'ünïcode', 'A\u0000']) {
      const response = await create({ name, type: 'STRING', value: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: { name: ['Use letters, digits and _; start with a letter or _'] } });
    }
    // The length limit is stated (issue 17); 64 characters are fine.
    expect((await create({ name: 'x'.repeat(65), type: 'STRING', value: 'x' })).json()).toMatchObject({ errors: { name: ['Name must be at most 64 characters'] } });
    expect((await create({ name: `L${'x'.repeat(63)}`, type: 'STRING', value: 'x' })).statusCode).toBe(201);
    for (const body of [
      {},
      { name: 'OK', type: 'TEXT', value: 'x' },
      { name: 'OK', type: 'STRING' },
      { name: 'OK', type: 'STRING', value: null },
      { name: 'OK', type: 'STRING', value: { a: 1 } },
      { name: 'OK', type: 'STRING', value: 'x', sensitive: 'yes' },
      { name: 'OK', type: 'STRING', value: 'x', status: 'ON' },
      { name: 'OK', type: 'STRING', value: 'x', workflow_id: 'abc' },
      { name: 'OK', type: 'STRING', value: 'x', description: 'd'.repeat(1001) },
      { name: 'OK', type: 'STRING', value: 'nul\u0000' },
    ]) {
      expect((await create(body)).statusCode).toBe(400);
    }
    expect((await create({ name: 'OK', type: 'STRING', value: 'x', workflow_id: UNKNOWN_ID })).json()).toEqual({
      code: 'FLOW_NOT_FOUND',
      message: 'Workflow not found',
    });
    expect((await post(t.app, '/api/variables', { name: 'OK', type: 'STRING', value: 'x' })).statusCode).toBe(401);
  });

  it('keeps names unique per scope: once globally, once per workflow', async () => {
    expect((await create({ name: 'REGION', type: 'STRING', value: 'eu' })).statusCode).toBe(201);
    const duplicate = await create({ name: 'REGION', type: 'STRING', value: 'us' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      code: 'VALIDATION',
      message: 'A variable with this name already exists',
      errors: { name: ['A variable with this name already exists'] },
    });
    expect((await create({ name: 'REGION', type: 'STRING', value: 'us', workflow_id: flowId })).statusCode).toBe(201);
    expect((await create({ name: 'REGION', type: 'STRING', value: 'ap', workflow_id: otherFlowId })).statusCode).toBe(201);
    expect((await create({ name: 'REGION', type: 'STRING', value: 'x', workflow_id: flowId })).statusCode).toBe(409);
    // Names are case-sensitive identifiers.
    expect((await create({ name: 'region', type: 'STRING', value: 'x' })).statusCode).toBe(201);
    // Another user has their own scope.
    const other = await signedInUser(t.app, 'Other');
    expect((await post(t.app, '/api/variables', { name: 'REGION', type: 'STRING', value: 'x' }, { token: other.token })).statusCode).toBe(201);
  });
});

describe('GET /api/variables', () => {
  it('lists one scope: global without workflow_id, the workflow’s with it', async () => {
    const global = await list();
    expect(global.every((v) => v.scope === 'GLOBAL' && v.workflowId === null)).toBe(true);
    expect(global.filter((v) => v.name === 'REGION').map((v) => v.value)).toEqual(['eu']);
    const scoped = await list(`?workflow_id=${flowId}`);
    expect(scoped.map((v) => [v.name, v.value, v.scope, v.workflowId])).toEqual([['REGION', 'us', 'WORKFLOW', flowId]]);
    expect(await list('?workflow_id=')).toEqual(global);
  });

  it('refuses a malformed or unknown workflow id', async () => {
    expect((await get(t.app, '/api/variables?workflow_id=zzz', { token })).statusCode).toBe(400);
    expect((await get(t.app, `/api/variables?workflow_id=${UNKNOWN_ID}`, { token })).json()).toEqual({
      code: 'FLOW_NOT_FOUND',
      message: 'Workflow not found',
    });
  });
});

describe('PUT and DELETE /api/variables/{id}', () => {
  it('updates fields, keeps the value when none is sent, and re-checks it against a new type', async () => {
    const created = (await create({ name: 'COUNT', type: 'STRING', value: '12', description: 'How many' })).json<Variable>();
    const renamed = await update(created.id, { name: 'COUNT_2', status: 'INACTIVE', description: '  Trimmed  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Variable>()).toMatchObject({ name: 'COUNT_2', value: '12', status: 'INACTIVE', description: 'Trimmed' });
    expect((await update(created.id, { type: 'NUMBER' })).json<Variable>()).toMatchObject({ type: 'NUMBER', value: '12' });
    const refused = await update(created.id, { type: 'BOOLEAN' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { value: ["Use 'true' or 'false'"] } });
    expect((await update(created.id, { type: 'BOOLEAN', value: 'false' })).json<Variable>()).toMatchObject({ type: 'BOOLEAN', value: 'false' });
    expect((await update(created.id, { name: 'REGION' })).statusCode).toBe(409);
    for (const body of [{ name: '9' }, { type: 'X' }, { value: [] }, { sensitive: 1 }]) expect((await update(created.id, body)).statusCode).toBe(400);
    expect((await update(UNKNOWN_ID, { name: 'X' })).json()).toEqual({ code: 'ENTITY_NOT_FOUND', message: 'Variable not found' });
    expect((await update('nope', { name: 'X' })).json()).toEqual({ code: 'ENTITY_NOT_FOUND', message: 'Variable not found' });
  });

  it('reads one variable and deletes it', async () => {
    const created = (await create({ name: 'TEMP', type: 'STRING', value: 'x' })).json<Variable>();
    const read = await record(get(t.app, `/api/variables/${created.id}`, { token }));
    expect(read.json()).toEqual(created);
    const removed = await del(t.app, `/api/variables/${created.id}`, { token });
    expect(removed.json()).toEqual({ success: true });
    expect((await del(t.app, `/api/variables/${created.id}`, { token })).statusCode).toBe(404);
    expect((await get(t.app, `/api/variables/${created.id}`, { token })).statusCode).toBe(404);
    expect((await del(t.app, '/api/variables/1', { token })).json()).toEqual({ code: 'ENTITY_NOT_FOUND', message: 'Variable not found' });
  });
});

describe('sensitive variables', () => {
  let secretId: string;

  it('never sends a sensitive value back: create, list, read, update', async () => {
    const created = await create({ name: 'STRIPE_KEY', type: 'STRING', value: SECRET, sensitive: true, workflow_id: flowId });
    expect(created.statusCode).toBe(201);
    const variable = created.json<Variable>();
    secretId = variable.id;
    expect(variable).toMatchObject({ name: 'STRIPE_KEY', sensitive: true, scope: 'WORKFLOW' });
    expect('value' in variable).toBe(false);
    const listed = (await list(`?workflow_id=${flowId}`)).find((v) => v.id === secretId)!;
    expect('value' in listed).toBe(false);
    const read = (await record(get(t.app, `/api/variables/${secretId}`, { token }))).json<Variable>();
    expect('value' in read).toBe(false);
    const updated = (await update(secretId, { description: 'Live key', value: SECRET_2 })).json<Variable>();
    expect(updated).toMatchObject({ description: 'Live key', sensitive: true });
    expect('value' in updated).toBe(false);
  });

  it('stores it encrypted and keeps it across updates that send no value', async () => {
    const { rows } = await t.db.query<{ value: string }>('SELECT value FROM variables WHERE id = $1', [secretId]);
    expect(rows[0]!.value).not.toContain(SECRET_2);
    expect(rows[0]!.value.startsWith('v1:')).toBe(true);
    // Type changes are checked against the kept (decrypted) value without revealing it.
    const refused = await update(secretId, { type: 'NUMBER' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toContain(SECRET_2);
    expect((await update(secretId, { type: 'JSON', value: `"${SECRET}"` })).statusCode).toBe(200);
    expect((await update(secretId, { name: 'STRIPE_KEY_LIVE' })).statusCode).toBe(200);
  });

  it('stays sensitive; a visible variable may become sensitive', async () => {
    const refused = await update(secretId, { sensitive: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'VALIDATION',
      message: 'A sensitive variable cannot be made visible again',
      errors: { sensitive: ['A sensitive variable cannot be made visible again'] },
    });
    const visible = (await create({ name: 'SOON_SECRET', type: 'STRING', value: SECRET_2 })).json<Variable>();
    replies.pop(); // this reply shows the value on purpose: it was not sensitive yet
    const hidden = (await update(visible.id, { sensitive: true })).json<Variable>();
    expect(hidden.sensitive).toBe(true);
    expect('value' in hidden).toBe(false);
    const { rows } = await t.db.query<{ value: string }>('SELECT value FROM variables WHERE id = $1', [visible.id]);
    expect(rows[0]!.value).not.toContain(SECRET_2);
  });

  it('duplicate names and bad values of sensitive variables do not echo the value', async () => {
    const duplicate = await create({ name: 'STRIPE_KEY_LIVE', type: 'STRING', value: SECRET, sensitive: true, workflow_id: flowId });
    expect(duplicate.statusCode).toBe(409);
    const badNumber = await create({ name: 'NUM_SECRET', type: 'NUMBER', value: SECRET, sensitive: true });
    expect(badNumber.statusCode).toBe(400);
  });

  it('no reply and no log line ever carried a sensitive value', async () => {
    expect(replies.length).toBeGreaterThan(20);
    for (const body of replies) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain(SECRET_2);
    }
    expect(logLines.length).toBeGreaterThan(20);
    expect(logLines.some((line) => line.includes('/api/variables'))).toBe(true);
    for (const line of logLines) {
      expect(line).not.toContain(SECRET);
      expect(line).not.toContain(SECRET_2);
      expect(line).not.toContain('sk_live');
    }
  });
});

describe('logger redaction', () => {
  it('censors any field named value', async () => {
    const { default: Fastify } = await import('fastify');
    const { loggerOptions } = await import('../../server/http/logging.ts');
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _e, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
    app.log.info({ value: SECRET, body: { value: SECRET_2 } }, 'logged');
    await app.close();
    expect(lines.join('')).not.toContain(SECRET);
    expect(lines.join('')).not.toContain(SECRET_2);
    expect(lines.join('')).toContain('[redacted]');
  });
});
