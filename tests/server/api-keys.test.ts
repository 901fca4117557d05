/**
 * API keys: created with the password and shown once, stored as a digest only, listed without the
 * secret; used as a bearer on the owner's calls within their scope, never on another user's data, never
 * on sign-in, account or key calls nor on the WebSocket; last use written at most once a minute; revoked
 * or expired keys refused with INVALID_API_KEY; each key rate-limited.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import WebSocket from 'ws';
import {
  API_KEY_PATTERN,
  INVALID_API_KEY_MESSAGE,
  KEY_NOT_ALLOWED_MESSAGE,
  READ_ONLY_KEY_MESSAGE,
  READ_ONLY_WEBHOOK_MESSAGE,
  TOO_MANY_KEYS_MESSAGE,
  type ApiKey,
} from '../../src/domain/contract/api-keys.ts';
import { PASSWORD_REQUIRED_MESSAGE, WRONG_PASSWORD_MESSAGE } from '../../src/domain/contract/account.ts';
import { SIGN_IN_AGAIN_MESSAGE } from '../../server/account/identity.ts';
import { createApiKeyVerifier } from '../../server/api-keys/key-auth.ts';
import { createFlow, publishedFlow } from './flows.ts';
import { del, GENEROUS_LIMITS, get, PASSWORD, post, put, registerUser, send, signIn, startTestServer, type TestServer } from './helpers.ts';
import { code, finishedRun, flowOf, manualTrigger, webhookTrigger } from './run-flows.ts';

let t: TestServer;
const logLines: string[] = [];

interface Person {
  id: string;
  email: string;
  token: string;
}

beforeAll(async () => {
  t = await startTestServer({
    logLevel: 'info',
    logStream: { write: (line: string) => void logLines.push(line) },
    rateLimits: GENEROUS_LIMITS,
    // Three wrong passwords per window: the password check is rate-limited per user (shared with the account's changes).
    accountPasswordLimit: { max: 3, windowMs: 60_000 },
  });
});
afterAll(async () => {
  await t?.close();
});

async function person(name = 'Key Holder'): Promise<Person> {
  const user = await registerUser(t.app, { name });
  const { access_token } = await signIn(t.app, user.email, user.password);
  return { id: user.id, email: user.email, token: access_token };
}

async function createKey(token: string, body: Record<string, unknown> = {}): Promise<{ apiKey: ApiKey; secret: string }> {
  const response = await post(t.app, '/api/api-keys', { name: 'CI', scope: 'READ_WRITE', password: PASSWORD, ...body }, { token });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function keyRows(userId: string): Promise<Array<Record<string, unknown>>> {
  const { rows } = await t.db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE user_id = $1', [userId]);
  return rows;
}

describe('creating and listing keys', () => {
  it('answers the secret once, stores only its SHA-256, and lists the key without it', async () => {
    const me = await person();
    const response = await post(t.app, '/api/api-keys', { name: '  Deploy bot  ', scope: 'READ_ONLY', password: PASSWORD }, { token: me.token });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { apiKey, secret } = response.json<{ apiKey: ApiKey; secret: string }>();
    expect(secret).toMatch(API_KEY_PATTERN);
    expect(apiKey).toMatchObject({ name: 'Deploy bot', scope: 'READ_ONLY', prefix: secret.slice(0, 12), lastUsed: null, expires: null, status: 'ACTIVE' });

    const list = await get(t.app, '/api/api-keys', { token: me.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ data: [apiKey], max: 100, passwordRequired: true });
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(secret.slice(12));

    const rows = await keyRows(me.id);
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice(12, 30));
    expect(rows[0]!.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
  });

  it('gives every key its own secret with 256 random bits', async () => {
    const me = await person();
    const secrets = new Set<string>();
    for (let i = 0; i < 5; i++) secrets.add((await createKey(me.token, { name: `k${i}` })).secret);
    expect(secrets.size).toBe(5);
    for (const secret of secrets) expect(Buffer.from(secret.slice(4), 'base64url')).toHaveLength(32);
  });

  it('sets the expiry asked for and lists newest first', async () => {
    const me = await person();
    const in30Days = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const first = await createKey(me.token, { name: 'first', expires_at: in30Days });
    const second = await createKey(me.token, { name: 'second', expires_at: null });
    expect(first.apiKey.expires).toBe(in30Days);
    expect(second.apiKey.expires).toBeNull();
    const list = (await get(t.app, '/api/api-keys', { token: me.token })).json<{ data: ApiKey[] }>().data;
    expect(list.map((key) => key.name)).toEqual(['second', 'first']);
  });

  it('refuses bad fields with a 400 naming them and writes nothing', async () => {
    const me = await person();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'a\u0000b' }, 'name'],
      [{ scope: 'ADMIN' }, 'scope'],
      [{ scope: undefined }, 'scope'],
      [{ expires_at: new Date(Date.now() - 60_000).toISOString() }, 'expires_at'],
      [{ expires_at: new Date(Date.now() + 11 * 365 * 86_400_000).toISOString() }, 'expires_at'],
      [{ expires_at: 'tomorrow' }, 'expires_at'],
    ];
    for (const [fields, field] of cases) {
      const response = await post(t.app, '/api/api-keys', { name: 'n', scope: 'READ_WRITE', password: PASSWORD, ...fields }, { token: me.token });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json<{ code: string; errors: Record<string, string[]> }>()).toMatchObject({ code: 'VALIDATION', errors: { [field]: expect.any(Array) } });
    }
    expect(await keyRows(me.id)).toHaveLength(0);
  });

  it('asks for the current password, and limits wrong guesses per user', async () => {
    const me = await person();
    const missing = await post(t.app, '/api/api-keys', { name: 'n', scope: 'READ_WRITE' }, { token: me.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: { password: [PASSWORD_REQUIRED_MESSAGE] } });
    for (let i = 0; i < 3; i++) {
      const wrong = await post(t.app, '/api/api-keys', { name: 'n', scope: 'READ_WRITE', password: 'not my password' }, { token: me.token });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', errors: { password: [WRONG_PASSWORD_MESSAGE] } });
    }
    const limited = await post(t.app, '/api/api-keys', { name: 'n', scope: 'READ_WRITE', password: PASSWORD }, { token: me.token });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await keyRows(me.id)).toHaveLength(0);
  });

  it('lets a Google-only account create a key only within 10 minutes of signing in', async () => {
    const me = await person('Google Only');
    await t.db.query(`UPDATE users SET password_hash = NULL, google_sub = $2 WHERE id = $1`, [me.id, `sub-${randomBytes(4).toString('hex')}`]);
    expect((await get(t.app, '/api/api-keys', { token: me.token })).json()).toMatchObject({ passwordRequired: false });
    const fresh = await post(t.app, '/api/api-keys', { name: 'fresh', scope: 'READ_ONLY' }, { token: me.token });
    expect(fresh.statusCode, fresh.body).toBe(201);
    await t.db.query(`UPDATE refresh_tokens SET created_at = now() - interval '11 minutes' WHERE user_id = $1`, [me.id]);
    const stale = await post(t.app, '/api/api-keys', { name: 'stale', scope: 'READ_ONLY', password: 'anything' }, { token: me.token });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ code: 'SESSION_EXPIRED', message: SIGN_IN_AGAIN_MESSAGE });
    expect(await keyRows(me.id)).toHaveLength(1);
  });

  it('holds at most 100 keys per user, and says so', async () => {
    const me = await person();
    await t.db.query(
      `INSERT INTO api_keys (user_id, name, prefix, secret_hash, scope)
       SELECT $1::uuid, 'bulk ' || n, 'fsk_bulk', md5($1::text || n::text), 'READ_ONLY' FROM generate_series(1, 99) n`,
      [me.id],
    );
    await createKey(me.token, { name: 'the hundredth' });
    const over = await post(t.app, '/api/api-keys', { name: 'one too many', scope: 'READ_WRITE', password: PASSWORD }, { token: me.token });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ code: 'QUOTA_EXCEEDED', message: TOO_MANY_KEYS_MESSAGE });
    expect(await keyRows(me.id)).toHaveLength(100);
  });

  it('never writes a secret to the logs', async () => {
    const me = await person();
    const { secret } = await createKey(me.token);
    await get(t.app, '/api/workflow/paginate', { token: secret });
    await post(t.app, '/api/workflow', { displayName: 'Logged?' }, { token: secret });
    await post(t.app, '/api/auth/logout', {}, { token: secret });
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(secret.slice(4));
  });
});

describe('a key as a bearer', () => {
  it('lists the owner’s workflows and starts a run, which the engine carries out', async () => {
    const me = await person();
    const { flow } = await publishedFlow(t, me.token, flowOf('Runnable', manualTrigger(), [code(1, 'return 21 * 2;')]));
    const { secret } = await createKey(me.token);

    const list = await get(t.app, '/api/workflow/paginate', { token: secret });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: Array<{ id: string }> }>().data.map((f) => f.id)).toEqual([flow.id]);

    const started = await post(t.app, `/api/workflow/run/${flow.id}`, undefined, { token: secret });
    expect(started.statusCode, started.body).toBe(202);
    const run = await finishedRun(t, me.token, started.json<{ id: string }>().id);
    expect(run.status).toBe('SUCCEEDED');
    expect(run.steps.find((step) => step.stepName === 'step_1')?.output).toBe(42);

    const created = await post(t.app, '/api/workflow', { displayName: 'Made by a key' }, { token: secret });
    expect(created.statusCode).toBe(201);
    expect((await get(t.app, '/api/profile', { token: secret })).json()).toMatchObject({ id: me.id, email: me.email });
  });

  it('never reaches another user’s data', async () => {
    const me = await person();
    const other = await person('Someone Else');
    const theirs = await createFlow(t, other.token, 'Theirs');
    const { secret } = await createKey(me.token);
    const read = await get(t.app, `/api/workflow/${theirs.flow.id}`, { token: secret });
    expect(read.statusCode).toBe(404);
    const run = await post(t.app, `/api/workflow/run/${theirs.flow.id}`, undefined, { token: secret });
    expect(run.statusCode).toBe(404);
    const rename = await put(t.app, '/api/workflow', { id: theirs.flow.id, displayName: 'Mine now' }, { token: secret });
    expect(rename.statusCode).toBe(404);
    const list = await get(t.app, '/api/workflow/paginate', { token: secret });
    expect(list.json<{ total: number }>().total).toBe(0);
    // Nor another user's key: revoking it is a 404 and it keeps working.
    const theirKey = await createKey(other.token);
    expect((await del(t.app, `/api/api-keys/${theirKey.apiKey.id}`, { token: me.token })).statusCode).toBe(404);
    expect((await get(t.app, '/api/workflow/paginate', { token: theirKey.secret })).statusCode).toBe(200);
  });

  it('refuses unknown and malformed keys with INVALID_API_KEY', async () => {
    for (const token of [`fsk_${randomBytes(32).toString('base64url')}`, 'fsk_short', `fsk_${'A'.repeat(44)}`]) {
      const response = await get(t.app, '/api/workflow/paginate', { token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'INVALID_API_KEY', message: INVALID_API_KEY_MESSAGE });
    }
  });
});

describe('scopes', () => {
  it('lets a read-only key GET and HEAD and refuses every other method, writing nothing', async () => {
    const me = await person();
    const { flow } = await createFlow(t, me.token, 'Read me');
    const { secret } = await createKey(me.token, { scope: 'READ_ONLY' });
    expect((await get(t.app, `/api/workflow/${flow.id}`, { token: secret })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/workflow/paginate', headers: { authorization: `Bearer ${secret}` } })).statusCode).toBe(200);
    const before = await t.db.query('SELECT count(*)::int AS n FROM flows WHERE user_id = $1', [me.id]);
    const attempts = [
      send(t.app, 'POST', '/api/workflow', { displayName: 'No' }, { token: secret }),
      send(t.app, 'PUT', '/api/workflow', { id: flow.id, displayName: 'No' }, { token: secret }),
      send(t.app, 'DELETE', `/api/workflow/${flow.id}`, undefined, { token: secret }),
      send(t.app, 'POST', `/api/workflow/run/${flow.id}`, undefined, { token: secret }),
      send(t.app, 'POST', '/api/variables', { name: 'NOPE', type: 'STRING', value: 'x' }, { token: secret }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'PERMISSION_DENIED', message: READ_ONLY_KEY_MESSAGE });
    }
    expect(await t.db.query('SELECT count(*)::int AS n FROM flows WHERE user_id = $1', [me.id])).toEqual(before);
    expect((await get(t.app, `/api/workflow/${flow.id}`, { token: me.token })).json()).toMatchObject({ flow: { displayName: 'Read me' } });
  });

  it('lets a route word the read-only refusal itself (route config readOnlyKeyMessage)', async () => {
    const me = await person();
    const { secret } = await createKey(me.token, { scope: 'READ_ONLY' });
    const verifier = createApiKeyVerifier({ db: t.db, perMinute: 100 });
    expect((await verifier.verify(secret, 'GET')).user.id).toBe(me.id);
    const sentence = "You don't have the permission to create a connection.";
    await expect(verifier.verify(secret, 'POST', sentence)).rejects.toMatchObject({ status: 403, code: 'PERMISSION_DENIED', message: sentence });
    await expect(verifier.verify(secret, 'DELETE')).rejects.toMatchObject({ status: 403, message: READ_ONLY_KEY_MESSAGE });
    // SPEC §6's sentence where it belongs: creating a connection with a read-only key writes nothing.
    const refused = await post(t.app, '/api/connections', { name: 'Nope', type: 'BEARER_TOKEN', token: 'secret-token' }, { token: secret });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'PERMISSION_DENIED', message: sentence });
    expect((await t.db.query('SELECT count(*)::int AS n FROM connections WHERE user_id = $1', [me.id])).rows[0]).toEqual({ n: 0 });
  });

  it('withholds a webhook URL from a read-only key (the URL starts runs)', async () => {
    const me = await person();
    const { flow } = await publishedFlow(t, me.token, flowOf('Hook', webhookTrigger(), [code(1, 'return 1;')]));
    const readOnly = await createKey(me.token, { scope: 'READ_ONLY' });
    const readWrite = await createKey(me.token, { scope: 'READ_WRITE' });
    const refused = await get(t.app, `/api/workflow/${flow.id}/webhook`, { token: readOnly.secret });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'PERMISSION_DENIED', message: READ_ONLY_WEBHOOK_MESSAGE });
    const secretUrl = (await get(t.app, `/api/workflow/${flow.id}/webhook`, { token: me.token })).json<{ url: string }>().url;
    const detail = await get(t.app, `/api/workflow/${flow.id}`, { token: readOnly.secret });
    expect(detail.body).not.toContain(secretUrl.split('/').pop());
    const allowed = await get(t.app, `/api/workflow/${flow.id}/webhook`, { token: readWrite.secret });
    expect(allowed.json()).toEqual({ url: secretUrl });
  });
});

describe('where a key is never accepted', () => {
  it('refuses a key on /auth/*, on key management and on account changes, before reading the body', async () => {
    const me = await person();
    const { secret } = await createKey(me.token);
    const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
    const calls: Array<[string, string]> = [
      ['POST', '/api/auth/logout'],
      ['POST', '/api/auth/logout-all'],
      ['POST', '/api/auth/refresh'],
      ['POST', '/api/auth/login'],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['DELETE', `/api/api-keys/${randomBytes(16).toString('hex').replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5')}`],
      ['PUT', '/api/profile'],
      ['POST', '/api/profile/password'],
      ['DELETE', '/api/profile'],
      ['GET', '/api/account'],
      ['PUT', '/api/account/name'],
      ['POST', '/api/account/email'],
      ['POST', '/api/account/email/confirm'],
      ['PUT', '/api/account/password'],
      ['POST', '/api/account/delete'],
      ['POST', '/api/%61uth/logout'],
    ];
    for (const [method, url] of calls) {
      // Broken JSON: a refusal before parsing says so, a parse would have said 'Body is not valid JSON'.
      const response = await t.app.inject({ method: method as 'POST', url, headers, payload: method === 'GET' ? undefined : '{broken' });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      expect(response.json()).toEqual({ code: 'PERMISSION_DENIED', message: KEY_NOT_ALLOWED_MESSAGE });
    }
    // The session it was made in is untouched, and the key still works where it may.
    expect((await get(t.app, '/api/api-keys', { token: me.token })).statusCode).toBe(200);
    expect((await get(t.app, '/api/profile', { token: secret })).statusCode).toBe(200);
    expect(await keyRows(me.id)).toHaveLength(1);
  });

  it('is refused by the WebSocket', async () => {
    const me = await person();
    const { secret } = await createKey(me.token);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`);
    const first = new Promise<Record<string, unknown>>((resolve, reject) => {
      socket.once('message', (data) => resolve(JSON.parse(String(data)) as Record<string, unknown>));
      socket.once('error', reject);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'auth', token: secret }));
    expect(await first).toMatchObject({ type: 'auth_error' });
    socket.close();
  });
});

describe('using, revoking and expiring', () => {
  it('writes last use at most once a minute', async () => {
    const me = await person();
    const { apiKey, secret } = await createKey(me.token);
    const lastUsed = async () => (await t.db.query<{ at: Date | null }>('SELECT last_used_at AS at FROM api_keys WHERE id = $1', [apiKey.id])).rows[0]!.at;
    expect(await lastUsed()).toBeNull();
    await get(t.app, '/api/workflow/paginate', { token: secret });
    const first = await lastUsed();
    expect(first).not.toBeNull();
    for (let i = 0; i < 3; i++) await get(t.app, '/api/workflow/paginate', { token: secret });
    expect(await lastUsed()).toEqual(first);
    await t.db.query(`UPDATE api_keys SET last_used_at = last_used_at - interval '61 seconds' WHERE id = $1`, [apiKey.id]);
    const aged = await lastUsed();
    await get(t.app, '/api/workflow/paginate', { token: secret });
    expect((await lastUsed())!.getTime()).toBeGreaterThan(aged!.getTime());
    const listed = (await get(t.app, '/api/api-keys', { token: me.token })).json<{ data: ApiKey[] }>().data[0]!;
    expect(listed.lastUsed).toBe((await lastUsed())!.toISOString());
  });

  it('revokes a key: 401 INVALID_API_KEY at once, gone from the list', async () => {
    const me = await person();
    const { apiKey, secret } = await createKey(me.token);
    const kept = await createKey(me.token, { name: 'kept' });
    expect((await get(t.app, '/api/workflow/paginate', { token: secret })).statusCode).toBe(200);
    const revoked = await del(t.app, `/api/api-keys/${apiKey.id}`, { token: me.token });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ success: true });
    const refused = await get(t.app, '/api/workflow/paginate', { token: secret });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'INVALID_API_KEY', message: INVALID_API_KEY_MESSAGE });
    expect((await del(t.app, `/api/api-keys/${apiKey.id}`, { token: me.token })).statusCode).toBe(404);
    expect((await get(t.app, '/api/api-keys', { token: me.token })).json<{ data: ApiKey[] }>().data.map((k) => k.id)).toEqual([kept.apiKey.id]);
    expect((await get(t.app, '/api/workflow/paginate', { token: kept.secret })).statusCode).toBe(200);
  });

  it('refuses an expired key and lists it as expired', async () => {
    const me = await person();
    const { apiKey, secret } = await createKey(me.token, { expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    expect((await get(t.app, '/api/workflow/paginate', { token: secret })).statusCode).toBe(200);
    await t.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [apiKey.id]);
    const refused = await get(t.app, '/api/workflow/paginate', { token: secret });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'INVALID_API_KEY' });
    const listed = (await get(t.app, '/api/api-keys', { token: me.token })).json<{ data: ApiKey[] }>().data;
    expect(listed).toEqual([expect.objectContaining({ id: apiKey.id, status: 'EXPIRED' })]);
  });

  it('goes with its account', async () => {
    const me = await person();
    await createKey(me.token);
    await t.db.query('DELETE FROM users WHERE id = $1', [me.id]);
    expect(await keyRows(me.id)).toHaveLength(0);
  });
});

describe('the rate limit per key', () => {
  it('answers 429 with Retry-After past API_KEY_RATE_LIMIT_PER_MINUTE, for that key only', async () => {
    const limited = await startTestServer({ apiKeyPerMinute: 3 });
    try {
      const user = await registerUser(limited.app);
      const { access_token } = await signIn(limited.app, user.email, user.password);
      const make = async (name: string) =>
        (await post(limited.app, '/api/api-keys', { name, scope: 'READ_WRITE', password: PASSWORD }, { token: access_token })).json<{ secret: string }>().secret;
      const [first, second] = [await make('one'), await make('two')];
      for (let i = 0; i < 3; i++) expect((await get(limited.app, '/api/workflow/paginate', { token: first })).statusCode).toBe(200);
      const over = await get(limited.app, '/api/workflow/paginate', { token: first });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
      expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await get(limited.app, '/api/workflow/paginate', { token: second })).statusCode).toBe(200);
      expect((await get(limited.app, '/api/workflow/paginate', { token: access_token })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
