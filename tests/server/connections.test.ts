/**
 * Connections (/api/connections): create, list, read, update, delete for each of the four types; bad
 * input refused with the field named and nothing written; another user's ids answered as unknown ones;
 * secret parts never in a reply or a log line (this file's server logs at trace level into memory and the
 * last test reads every line) and encrypted at rest (the rows are read); re-encrypted when the values key
 * rotates; "where is this used?", and the rename and delete rules it backs; the test call against a local
 * server, with its rate limit.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { CONNECTION_MESSAGES, CONNECTION_TESTS_PER_MINUTE, MAX_CONNECTIONS_PER_USER } from '../../src/domain/contract/connections.ts';
import { loadConfig } from '../../server/config.ts';
import { createValueCipher } from '../../server/variables/encryption.ts';
import { del, get, post, put, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { autosave, createFlow, UNKNOWN_ID } from './flows.ts';
import { flowOf, manualTrigger, piece } from './run-flows.ts';

const API_KEY = 'ak_live_9f8e7d6c5b4a-KEY';
const PASSWORD = 'pa55/word+with=odd&chars';
const TOKEN = 'tok_3c2b1a-BEARER-abcdef';
const HEADER_VALUE = 'hv-7a6b5c4d3e2f1g';
const SECRETS = [API_KEY, PASSWORD, TOKEN, HEADER_VALUE];

const logLines: string[] = [];
const replies: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

interface Connection {
  id: string;
  name: string;
  type: string;
  headerName?: string;
  username?: string;
  headerNames?: string[];
  created: string;
  updated: string;
}

let t: TestServer;
let token: string;
let otherToken: string;
let site: Server;
let base: string;
const seenHeaders: IncomingHttpHeaders[] = [];

async function record<R extends { body: string }>(response: Promise<R>): Promise<R> {
  const r = await response;
  replies.push(r.body);
  return r;
}
const create = (body: unknown, as = token) => record(post(t.app, '/api/connections', body, { token: as }));
const update = (id: string, body: unknown, as = token) => record(put(t.app, `/api/connections/${id}`, body, { token: as }));
const list = async (as = token) => {
  const response = await record(get(t.app, '/api/connections', { token: as }));
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Connection[] }>().data;
};
const rowCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM connections')).rows[0]!.n;
const storedRow = async (id: string) =>
  (await t.db.query<{ name: string; config: unknown; secrets: string[]; updated: Date }>('SELECT name, config, secrets, updated FROM connections WHERE id = $1', [id])).rows[0]!;

async function created(body: Record<string, unknown>, as = token): Promise<Connection> {
  const response = await create(body, as);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Connection>();
}

beforeAll(async () => {
  site = createServer((request, response) => {
    seenHeaders.push(request.headers);
    const url = new URL(request.url ?? '/', 'http://local');
    if (url.pathname === '/secure') {
      const ok = request.headers.authorization === `Bearer ${TOKEN}`;
      response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      return response.end(JSON.stringify(ok ? { hello: 'you' } : { error: 'who are you?' }));
    }
    if (url.pathname === '/reflect') {
      // Says back what it was sent, as a careless server does when refusing it.
      response.writeHead(403, { 'content-type': 'text/plain' });
      return response.end(`forbidden for ${request.headers.authorization ?? ''}`);
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ headers: request.headers }));
  });
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await startTestServer({ logLevel: 'trace', logStream, engine: { ...loadConfig({}).engine, httpAllowPrivateNetworks: true } });
  ({ token } = await signedInUser(t.app));
  ({ token: otherToken } = await signedInUser(t.app, 'Other Person'));
});

afterAll(async () => {
  await t?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

describe('creating, reading, updating and deleting', () => {
  it('creates each type, answering what may be shown and no secret', async () => {
    const apiKey = await created({ name: 'Key API', type: 'API_KEY', header_name: 'X-Api-Key', api_key: API_KEY });
    expect(apiKey).toMatchObject({ name: 'Key API', type: 'API_KEY', headerName: 'X-Api-Key' });
    const basic = await created({ name: 'Basic API', type: 'BASIC_AUTH', username: 'ada', password: PASSWORD });
    expect(basic).toMatchObject({ type: 'BASIC_AUTH', username: 'ada' });
    const bearer = await created({ name: 'Bearer API', type: 'BEARER_TOKEN', token: TOKEN });
    expect(Object.keys(bearer).sort()).toEqual(['created', 'id', 'name', 'type', 'updated']);
    const custom = await created({ name: 'Custom API', type: 'CUSTOM_HEADERS', headers: [{ name: 'X-One', value: HEADER_VALUE }, { name: 'X-Two', value: 'second-value' }] });
    expect(custom).toMatchObject({ type: 'CUSTOM_HEADERS', headerNames: ['X-One', 'X-Two'] });

    expect((await list()).map((c) => c.name)).toEqual(['Basic API', 'Bearer API', 'Custom API', 'Key API']);
    const read = await record(get(t.app, `/api/connections/${basic.id}`, { token }));
    expect(read.json()).toEqual(basic);
  });

  it('stores each secret part encrypted, under the values key', async () => {
    const connection = await created({ name: 'At rest', type: 'CUSTOM_HEADERS', headers: [{ name: 'X-A', value: 'aaaa-secret-1' }, { name: 'X-B', value: 'bbbb-secret-2' }] });
    const row = await storedRow(connection.id);
    expect(row.config).toEqual({ headerNames: ['X-A', 'X-B'] });
    expect(row.secrets).toHaveLength(2);
    expect(JSON.stringify(row)).not.toContain('secret-1');
    const key = (await readFile(join(t.options.dataDir, 'secrets', 'values-key'), 'utf8').catch(() => t.options.valuesKey ?? '')).trim();
    const cipher = createValueCipher(Buffer.from(key, 'base64url'));
    expect(row.secrets.map((part) => cipher.decrypt(part))).toEqual(['aaaa-secret-1', 'bbbb-secret-2']);
  });

  it('updates what is sent and keeps every secret part left out', async () => {
    const connection = await created({ name: 'Keeps', type: 'API_KEY', header_name: 'X-Key', api_key: 'first-key-value' });
    const before = await storedRow(connection.id);
    const renamed = await update(connection.id, { name: 'Kept', header_name: 'X-Other-Key' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Kept', headerName: 'X-Other-Key' });
    const after = await storedRow(connection.id);
    expect(after.secrets[0]).not.toBe(before.secrets[0]); // encrypted afresh…
    const echoed = await testCall(connection.id, `${base}/echo`);
    expect(echoed.ok).toBe(true);
    expect(lastSeen()['x-other-key']).toBe('first-key-value'); // …to the same key
    expect(lastSeen()['x-key']).toBeUndefined();
  });

  it('keeps a custom header’s value by its name, and needs a value for a new header', async () => {
    const connection = await created({ name: 'Headers kept', type: 'CUSTOM_HEADERS', headers: [{ name: 'X-A', value: 'value-of-a' }, { name: 'X-B', value: 'value-of-b' }] });
    const refused = await update(connection.id, { headers: [{ name: 'x-b' }, { name: 'X-New' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION', errors: { headers: ['Header 2: enter a value'] } });
    const saved = await update(connection.id, { headers: [{ name: 'X-B' }, { name: 'X-C', value: 'value-of-c' }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Connection>().headerNames).toEqual(['X-B', 'X-C']);
    await testCall(connection.id, `${base}/echo`);
    expect(lastSeen()).toMatchObject({ 'x-b': 'value-of-b', 'x-c': 'value-of-c' });
    expect(lastSeen()['x-a']).toBeUndefined();
  });

  it('changes type only with every field of the new type', async () => {
    const connection = await created({ name: 'Changing', type: 'BEARER_TOKEN', token: 'old-token-value' });
    const refused = await update(connection.id, { type: 'BASIC_AUTH', username: 'bob' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { password: ['Enter the password'] } });
    const changed = await update(connection.id, { type: 'BASIC_AUTH', username: 'bob', password: 'new-password' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ type: 'BASIC_AUTH', username: 'bob' });
    await testCall(connection.id, `${base}/echo`);
    expect(lastSeen().authorization).toBe(`Basic ${Buffer.from('bob:new-password').toString('base64')}`);
  });

  it('keeps names unique per user whatever their case; another user may use the same name', async () => {
    await created({ name: 'Shared Name', type: 'BEARER_TOKEN', token: 'token-one' });
    const count = await rowCount();
    const duplicate = await create({ name: 'shared name', type: 'BEARER_TOKEN', token: 'token-two' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ code: 'VALIDATION', message: CONNECTION_MESSAGES.duplicateName, errors: { name: [CONNECTION_MESSAGES.duplicateName] } });
    expect(await rowCount()).toBe(count);
    await created({ name: 'Shared Name', type: 'BEARER_TOKEN', token: 'token-three' }, otherToken);
    const other = await created({ name: 'Another', type: 'BEARER_TOKEN', token: 'token-four' });
    expect((await update(other.id, { name: 'SHARED NAME' })).statusCode).toBe(409);
  });

  it('deletes one that no step uses', async () => {
    const connection = await created({ name: 'Short lived', type: 'BEARER_TOKEN', token: 'short-lived-token' });
    const deleted = await record(del(t.app, `/api/connections/${connection.id}`, { token }));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect((await get(t.app, `/api/connections/${connection.id}`, { token })).statusCode).toBe(404);
  });

  it(`refuses more than ${MAX_CONNECTIONS_PER_USER} connections per user`, async () => {
    const { id: userId, token: busy } = await signedInUser(t.app, 'Busy Person');
    await t.db.query(
      `INSERT INTO connections (user_id, name, type, secrets) SELECT $1, 'c' || n, 'BEARER_TOKEN', ARRAY['x'] FROM generate_series(1, $2::int) n`,
      [userId, MAX_CONNECTIONS_PER_USER],
    );
    const refused = await create({ name: 'One too many', type: 'BEARER_TOKEN', token: 'one-too-many' }, busy);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: CONNECTION_MESSAGES.tooMany });
    // Those rows hold no real ciphertext: gone before the rotation tests read every row.
    await t.db.query('DELETE FROM connections WHERE user_id = $1', [userId]);
  });
});

describe('bad input', () => {
  const refusals: Array<[string, unknown, string]> = [
    ['no name', { type: 'BEARER_TOKEN', token: 'abcd-token' }, 'name'],
    ['a blank name', { name: '   ', type: 'BEARER_TOKEN', token: 'abcd-token' }, 'name'],
    ['a name too long', { name: 'n'.repeat(101), type: 'BEARER_TOKEN', token: 'abcd-token' }, 'name'],
    ['a name with braces', { name: 'my {{api}}', type: 'BEARER_TOKEN', token: 'abcd-token' }, 'name'],
    ['a NUL in the name', { name: 'a\u0000b', type: 'BEARER_TOKEN', token: 'abcd-token' }, 'name'],
    ['an unknown type', { name: 'x', type: 'OAUTH2', token: 'abcd-token' }, 'type'],
    ['a missing token', { name: 'x', type: 'BEARER_TOKEN' }, 'token'],
    ['a short token', { name: 'x', type: 'BEARER_TOKEN', token: 'abc' }, 'token'],
    ['a token too long', { name: 'x', type: 'BEARER_TOKEN', token: 't'.repeat(4097) }, 'token'],
    ['a token with a line break', { name: 'x', type: 'BEARER_TOKEN', token: 'abcd\r\nX-Evil: 1' }, 'token'],
    ['a token that is not ASCII', { name: 'x', type: 'BEARER_TOKEN', token: 'tökenvalue' }, 'token'],
    ['a field of another type', { name: 'x', type: 'BEARER_TOKEN', token: 'abcd-token', password: 'abcd-pass' }, 'password'],
    ['a missing header name', { name: 'x', type: 'API_KEY', api_key: 'abcd-key' }, 'header_name'],
    ['a header name with a space', { name: 'x', type: 'API_KEY', header_name: 'X Api', api_key: 'abcd-key' }, 'header_name'],
    ['a header name Flowsmith sets', { name: 'x', type: 'API_KEY', header_name: 'Content-Length', api_key: 'abcd-key' }, 'header_name'],
    ['a username with a colon', { name: 'x', type: 'BASIC_AUTH', username: 'a:b', password: 'abcd-pass' }, 'username'],
    ['a password with a NUL', { name: 'x', type: 'BASIC_AUTH', username: 'ab', password: 'ab\u0000cd' }, 'password'],
    ['no custom header', { name: 'x', type: 'CUSTOM_HEADERS', headers: [] }, 'headers'],
    ['a custom header twice', { name: 'x', type: 'CUSTOM_HEADERS', headers: [{ name: 'X-A', value: 'abcd-1' }, { name: 'x-a', value: 'abcd-2' }] }, 'headers'],
    ['a custom header without a value', { name: 'x', type: 'CUSTOM_HEADERS', headers: [{ name: 'X-A' }] }, 'headers'],
    ['too many custom headers', { name: 'x', type: 'CUSTOM_HEADERS', headers: Array.from({ length: 21 }, (_, i) => ({ name: `X-${i}`, value: 'abcd-v' })) }, 'headers'],
    ['headers that are not a list', { name: 'x', type: 'CUSTOM_HEADERS', headers: { 'X-A': 'abcd' } }, 'headers'],
  ];

  it.each(refusals)('refuses %s with a 400 naming the field, writing nothing', async (_what, body, field) => {
    const count = await rowCount();
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ code: string; errors: Record<string, string[]> }>()).toMatchObject({ code: 'VALIDATION' });
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toContain(field);
    expect(await rowCount()).toBe(count);
  });

  it('refuses a bad update, changing nothing', async () => {
    const connection = await created({ name: 'Unchanged', type: 'BEARER_TOKEN', token: 'unchanged-token' });
    const before = await storedRow(connection.id);
    for (const body of [{ token: 'ab' }, { name: '' }, { type: 'API_KEY' }, { password: 'abcd-pass' }, { headers: [{ name: 'X-A', value: 'abcd' }] }, 'not json']) {
      const response = await update(connection.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await storedRow(connection.id)).toEqual(before);
  });

  it('answers a malformed id like a missing one, and refuses bad test bodies', async () => {
    const malformed = await get(t.app, '/api/connections/not-an-id', { token });
    expect({ status: malformed.statusCode, body: malformed.json() }).toEqual({ status: 404, body: { code: 'ENTITY_NOT_FOUND', message: 'Connection not found' } });
    const connection = await created({ name: 'Test bodies', type: 'BEARER_TOKEN', token: 'test-bodies-token' });
    for (const body of [{}, { url: '' }, { url: 'ftp://example.com/' }, { url: 'example.com' }, { url: `https://x/${'a'.repeat(2050)}` }]) {
      const response = await record(post(t.app, `/api/connections/${connection.id}/test`, body, { token }));
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', errors: { url: expect.any(Array) } });
    }
    expect((await record(del(t.app, `/api/connections/${connection.id}?force=maybe`, { token }))).statusCode).toBe(400);
  });
});

describe("another user's connections", () => {
  it('answer exactly as unknown ones, on every route, and change nothing', async () => {
    const mine = await created({ name: 'Only mine', type: 'BEARER_TOKEN', token: 'only-mine-token' });
    const before = await storedRow(mine.id);
    const attempts = (id: string) => [
      get(t.app, `/api/connections/${id}`, { token: otherToken }),
      put(t.app, `/api/connections/${id}`, { name: 'Taken over' }, { token: otherToken }),
      get(t.app, `/api/connections/${id}/usage`, { token: otherToken }),
      post(t.app, `/api/connections/${id}/test`, { url: `${base}/echo` }, { token: otherToken }),
      del(t.app, `/api/connections/${id}?force=true`, { token: otherToken }),
    ];
    const theirs = await Promise.all(attempts(mine.id));
    const unknown = await Promise.all(attempts(UNKNOWN_ID));
    for (const [index, response] of theirs.entries()) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(unknown[index]!.body);
    }
    expect((await list(otherToken)).map((c) => c.name)).not.toContain('Only mine');
    expect(await storedRow(mine.id)).toEqual(before);
  });
});

describe('where a connection is used', () => {
  const usingStep = (n: number, connection: string, next: number | null = null) =>
    piece(n, '@activepieces/piece-http', 'send_request', { method: 'GET', url: `${base}/echo`, connection }, next);

  async function flowUsing(name: string, connection: string, publish: boolean): Promise<string> {
    const { flow, version } = await createFlow(t, token, name);
    const saved = await autosave(t, token, version, flowOf(name, manualTrigger(), [usingStep(1, 'Other', 2), usingStep(2, connection)]));
    expect(saved.statusCode, saved.body).toBe(200);
    if (publish) expect((await post(t.app, '/api/workflow/publish', { workflow_id: flow.id, version_id: version.id }, { token })).statusCode).toBe(200);
    return flow.id;
  }

  it('lists the workflows whose draft or published version has a step using it, and their steps', async () => {
    const connection = await created({ name: 'Used one', type: 'BEARER_TOKEN', token: 'used-one-token' });
    const empty = await record(get(t.app, `/api/connections/${connection.id}/usage`, { token }));
    expect(empty.json()).toEqual({ workflows: [] });
    const draftOnly = await flowUsing('B draft flow', 'Used one', false);
    const published = await flowUsing('A published flow', 'Used one', true);
    await flowUsing('C other flow', 'Other', false);
    const usage = await record(get(t.app, `/api/connections/${connection.id}/usage`, { token }));
    expect(usage.statusCode).toBe(200);
    expect(usage.json()).toEqual({
      workflows: [
        { id: published, name: 'A published flow', draft: false, published: true, steps: [{ name: 'step_2', displayName: 'send_request 2' }] },
        { id: draftOnly, name: 'B draft flow', draft: true, published: false, steps: [{ name: 'step_2', displayName: 'send_request 2' }] },
      ],
    });
    // Another user's workflows never count, even with a connection of the same name.
    const theirs = await created({ name: 'Used one', type: 'BEARER_TOKEN', token: 'their-used-token' }, otherToken);
    expect((await get(t.app, `/api/connections/${theirs.id}/usage`, { token: otherToken })).json()).toEqual({ workflows: [] });
  });

  it('refuses to rename a used connection, and deletes one only with force', async () => {
    const connection = await created({ name: 'Guarded', type: 'BEARER_TOKEN', token: 'guarded-token' });
    await flowUsing('Guarded flow', 'Guarded', false);
    const renamed = await update(connection.id, { name: 'Guarded 2' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ errors: { name: [CONNECTION_MESSAGES.renameInUse] } });
    const recased = await update(connection.id, { name: 'guarded' });
    expect(recased.statusCode).toBe(409);
    // Anything but the name may change.
    expect((await update(connection.id, { token: 'guarded-token-2' })).statusCode).toBe(200);
    expect((await storedRow(connection.id)).name).toBe('Guarded');

    const refused = await record(del(t.app, `/api/connections/${connection.id}`, { token }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: CONNECTION_MESSAGES.inUse });
    expect(await storedRow(connection.id)).toBeDefined();
    const forced = await record(del(t.app, `/api/connections/${connection.id}?force=true`, { token }));
    expect(forced.statusCode).toBe(200);
    expect((await get(t.app, `/api/connections/${connection.id}`, { token })).statusCode).toBe(404);
  });

  it('renames freely once no step uses it', async () => {
    const connection = await created({ name: 'Free', type: 'BEARER_TOKEN', token: 'free-token' });
    const flowId = await flowUsing('Free flow', 'Free', false);
    expect((await update(connection.id, { name: 'Freed' })).statusCode).toBe(409);
    expect((await del(t.app, `/api/workflow/${flowId}`, { token })).statusCode).toBe(200);
    expect((await update(connection.id, { name: 'Freed' })).statusCode).toBe(200);
  });
});

function lastSeen(): IncomingHttpHeaders {
  return seenHeaders.at(-1) ?? {};
}

async function testCall(id: string, url: string, as = token): Promise<{ ok: boolean; status: number | null; message: string }> {
  const response = await record(post(t.app, `/api/connections/${id}/test`, { url }, { token: as }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('the test call', () => {
  it('sends the credentials and says whether the server accepted them', async () => {
    const good = await created({ name: 'Test good', type: 'BEARER_TOKEN', token: TOKEN });
    const accepted = await testCall(good.id, `${base}/secure`);
    expect(accepted).toMatchObject({ ok: true, status: 200 });
    expect(lastSeen().authorization).toBe(`Bearer ${TOKEN}`);
    const wrong = await created({ name: 'Test wrong', type: 'BEARER_TOKEN', token: 'not-the-token' });
    const refused = await testCall(wrong.id, `${base}/secure`);
    expect(refused).toMatchObject({ ok: false, status: 401 });
    expect(refused.message).toContain('Request failed with status 401');
  });

  it('never says the secret back, even when the server echoes it', async () => {
    const connection = await created({ name: 'Echoed', type: 'BEARER_TOKEN', token: TOKEN });
    const reply = await testCall(connection.id, `${base}/reflect`);
    expect(reply).toMatchObject({ ok: false, status: 403 });
    expect(reply.message).toBe('Request failed with status 403: forbidden for Bearer [redacted]');
  });

  it('goes through the address guard of the HTTP step', async () => {
    const guarded = await startTestServer();
    try {
      const { token: someone } = await signedInUser(guarded.app);
      const response = await post(guarded.app, '/api/connections', { name: 'Local', type: 'BEARER_TOKEN', token: 'local-token' }, { token: someone });
      const reply = await post(guarded.app, `/api/connections/${response.json<{ id: string }>().id}/test`, { url: `${base}/echo` }, { token: someone });
      expect(reply.json()).toMatchObject({ ok: false, status: null, message: 'Requests to private network addresses are not allowed (127.0.0.1)' });
    } finally {
      await guarded.close();
    }
  });

  it(`is limited to ${CONNECTION_TESTS_PER_MINUTE} a minute per user`, async () => {
    const { token: tester } = await signedInUser(t.app, 'Tester');
    const connection = await created({ name: 'Limited', type: 'BEARER_TOKEN', token: 'limited-token' }, tester);
    for (let i = 0; i < CONNECTION_TESTS_PER_MINUTE; i++) await testCall(connection.id, `${base}/echo`, tester);
    const limited = await post(t.app, `/api/connections/${connection.id}/test`, { url: `${base}/echo` }, { token: tester });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another user is not held back.
    const other = await created({ name: 'Unlimited', type: 'BEARER_TOKEN', token: 'unlimited-token' }, otherToken);
    expect((await testCall(other.id, `${base}/echo`, otherToken)).ok).toBe(true);
  });
});

describe('rotating the values key', () => {
  const keyFile = (name: string) => join(t.options.dataDir, 'secrets', name);

  it('re-encrypts every secret part, which still reaches the server after the restart', async () => {
    const connection = await created({ name: 'Rotated', type: 'CUSTOM_HEADERS', headers: [{ name: 'X-R1', value: 'rotated-one' }, { name: 'X-R2', value: 'rotated-two' }] });
    const before = (await storedRow(connection.id)).secrets;
    await t.server.close();
    let newKey: string;
    if (t.options.databaseUrl) {
      // Several processes on one PostgreSQL: the keys come from the environment (VALUES_ENCRYPTION_KEY_PREVIOUS).
      const options = t.options as { valuesKey?: string; previousValuesKey?: string };
      options.previousValuesKey = options.valuesKey;
      options.valuesKey = newKey = randomBytes(32).toString('base64url');
      await t.restart();
      options.previousValuesKey = undefined;
    } else {
      await rename(keyFile('values-key'), keyFile('values-key.previous'));
      await t.restart();
      await expect(stat(keyFile('values-key.previous'))).rejects.toThrow();
      newKey = (await readFile(keyFile('values-key'), 'utf8')).trim();
    }
    const after = (await storedRow(connection.id)).secrets;
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after.map((part) => createValueCipher(Buffer.from(newKey, 'base64url')).decrypt(part))).toEqual(['rotated-one', 'rotated-two']);
    await testCall(connection.id, `${base}/echo`);
    expect(lastSeen()).toMatchObject({ 'x-r1': 'rotated-one', 'x-r2': 'rotated-two' });
  });

  it.runIf(!process.env.DATABASE_URL)('refuses to start, dropping no key, when a secret part decrypts with none of the keys', async () => {
    const goodKey = await readFile(keyFile('values-key'), 'utf8');
    await t.server.close();
    await writeFile(keyFile('values-key.previous'), randomBytes(32).toString('base64url'), { mode: 0o600 });
    await writeFile(keyFile('values-key'), randomBytes(32).toString('base64url'), { mode: 0o600 });
    await expect(t.restart()).rejects.toThrow(/decrypt with none of the configured keys/);
    expect(await stat(keyFile('values-key.previous'))).toBeTruthy();
    await writeFile(keyFile('values-key'), goodKey, { mode: 0o600 });
    await rm(keyFile('values-key.previous'));
    await t.restart();
  });
});

describe('secrets never leave', () => {
  it('no reply and no log line ever carried a secret part', async () => {
    expect(replies.length).toBeGreaterThan(50);
    expect(logLines.length).toBeGreaterThan(50);
    for (const secret of [...SECRETS, 'rotated-one', 'aaaa-secret-1', 'value-of-b', 'new-password']) {
      expect(replies.filter((body) => body.includes(secret))).toEqual([]);
      expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
    }
  });
});
