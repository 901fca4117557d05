/**
 * Idempotency-Key on the POSTs that create: a retry with the same key and request answers the first
 * answer (Idempotent-Replayed: true) and creates nothing; another request under the key is a 422, one
 * while the first still runs a 409, a malformed key a 400; refusals and failures are not kept; keys are
 * per user and pruned after a day.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import {
  IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  MALFORMED_IDEMPOTENCY_KEY_MESSAGE,
} from '../../src/domain/contract/idempotency.ts';
import { contractRoutes } from '../../src/domain/contract/routes.ts';
import { toNestedFlowJson } from '../../src/domain/index.ts';
import { pruneExpiredRows } from '../../server/db/prune.ts';
import { flatOf, publishedFlow } from './flows.ts';
import { PASSWORD, post, registerUser, signIn, startTestServer, type TestServer } from './helpers.ts';
import { code, finishedRun, flowOf, manualTrigger } from './run-flows.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

async function person(): Promise<{ id: string; token: string }> {
  const user = await registerUser(t.app);
  return { id: user.id, token: (await signIn(t.app, user.email, user.password)).access_token };
}

const count = async (table: string, userId: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [userId])).rows[0]!.n;

const withKey = (token: string, key: string) => ({ token, headers: { 'idempotency-key': key } });

interface Case {
  route: string;
  /** The table a success adds a row to. */
  table: string;
  request: (me: { token: string; flow: string; template: string; run?: string }) => { url: string; body?: unknown };
  status: number;
}

const manual = () => flowOf('Runnable', manualTrigger(), [code(1, 'return 1;')]);

const CASES: Case[] = [
  { route: 'POST /workflow', table: 'flows', status: 201, request: () => ({ url: '/api/workflow', body: { displayName: 'Once' } }) },
  { route: 'POST /workflow/import', table: 'flows', status: 201, request: () => ({ url: '/api/workflow/import', body: JSON.parse(toNestedFlowJson(flatOf(manual()))) }) },
  { route: 'POST /workflow/:id/duplicate', table: 'flows', status: 201, request: (me) => ({ url: `/api/workflow/${me.flow}/duplicate` }) },
  { route: 'POST /templates', table: 'templates', status: 201, request: (me) => ({ url: '/api/templates', body: { workflow_id: me.flow, title: 'Once', visibility: 'PRIVATE' } }) },
  { route: 'POST /templates/:id/use', table: 'flows', status: 201, request: (me) => ({ url: `/api/templates/${me.template}/use` }) },
  { route: 'POST /variables', table: 'variables', status: 201, request: () => ({ url: '/api/variables', body: { name: 'ONCE', type: 'STRING', value: 'v' } }) },
  { route: 'POST /workflow/run/:id', table: 'flow_runs', status: 202, request: (me) => ({ url: `/api/workflow/run/${me.flow}` }) },
  // Issue 15: a finished run made again (setUp runs one for this case).
  { route: 'POST /workflow/execution/:id/retry', table: 'flow_runs', status: 202, request: (me) => ({ url: `/api/workflow/execution/${me.run}/retry`, body: { strategy: 'ON_LATEST_VERSION' } }) },
];

async function setUp(withRun = false) {
  const me = await person();
  const { flow } = await publishedFlow(t, me.token, manual());
  const template = await post(t.app, '/api/templates', { workflow_id: flow.id, title: 'Source', visibility: 'PRIVATE' }, { token: me.token });
  const run = withRun ? (await finishedRun(t, me.token, (await post(t.app, `/api/workflow/run/${flow.id}`, {}, { token: me.token })).json<{ id: string }>().id)).id : undefined;
  return { ...me, flow: flow.id, template: template.json<{ id: string }>().id, ...(run ? { run } : {}) };
}

async function settle(me: { token: string }, response: LightMyRequestResponse) {
  // A run started: let the engine finish it before counting, so counts do not move under the test.
  if (response.statusCode === 202) await finishedRun(t, me.token, response.json<{ id: string }>().id);
}

describe('a retry with the same key', () => {
  it('covers exactly the routes that create', () => {
    const marked = contractRoutes.filter((r) => 'idempotent' in r && r.idempotent);
    expect(marked.map((r) => `${r.method} ${r.path}`).sort()).toEqual(CASES.map((c) => c.route).sort());
  });

  for (const c of CASES) {
    it(`${c.route}: answers the first answer again and creates once`, async () => {
      const me = await setUp(c.route.endsWith('/retry'));
      const { url, body } = c.request(me);
      const key = randomUUID();
      const before = await count(c.table, me.id);
      const first = await post(t.app, url, body, withKey(me.token, key));
      expect(first.statusCode, first.body).toBe(c.status);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      await settle(me, first);
      const again = await post(t.app, url, body, withKey(me.token, key));
      expect(again.statusCode).toBe(c.status);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.body).toBe(first.body);
      expect(await count(c.table, me.id)).toBe(before + 1);
      // Without a key, the same request creates again (a variable's name is taken by then: 409).
      const plain = await post(t.app, url, body, { token: me.token });
      expect(plain.statusCode).toBe(c.table === 'variables' ? 409 : c.status);
      await settle(me, plain);
      expect(await count(c.table, me.id)).toBe(before + (c.table === 'variables' ? 1 : 2));
    });
  }

  it('is whitespace-blind: the same JSON sent with other spacing is the same request', async () => {
    const me = await person();
    const key = randomUUID();
    const first = await post(t.app, '/api/workflow', '{"displayName":"Spaced"}', withKey(me.token, key));
    const again = await post(t.app, '/api/workflow', '{ "displayName" : "Spaced" }', withKey(me.token, key));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count('flows', me.id)).toBe(1);
  });
});

describe('refusals', () => {
  it('answers 422 for the same key with another body or on another route, creating nothing', async () => {
    const me = await setUp();
    const key = randomUUID();
    expect((await post(t.app, '/api/workflow', { displayName: 'First' }, withKey(me.token, key))).statusCode).toBe(201);
    const flows = await count('flows', me.id);
    for (const [url, body] of [['/api/workflow', { displayName: 'Second' }], ['/api/workflow', undefined], [`/api/workflow/${me.flow}/duplicate`, undefined]] as const) {
      const other = await post(t.app, url, body, withKey(me.token, key));
      expect(other.statusCode, url).toBe(422);
      expect(other.json()).toEqual({ code: 'VALIDATION', message: IDEMPOTENCY_KEY_REUSED_MESSAGE });
    }
    expect(await count('flows', me.id)).toBe(flows);
  });

  it('answers 409 while the first request is still running, and takes over a claim whose request died', async () => {
    const me = await person();
    const key = randomUUID();
    const body = { displayName: 'In flight' };
    expect((await post(t.app, '/api/workflow', body, withKey(me.token, key))).statusCode).toBe(201);
    // The same row as while the first request ran: claimed a moment ago, no answer yet.
    await t.db.query('UPDATE idempotency_keys SET status = NULL, body = NULL, content_type = NULL WHERE user_id = $1', [me.id]);
    const busy = await post(t.app, '/api/workflow', body, withKey(me.token, key));
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ code: 'VALIDATION', message: IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE });
    expect(busy.headers['retry-after']).toBe('1');
    expect(await count('flows', me.id)).toBe(1);
    // Five minutes without an answer: that request died with its process; a retry runs it again.
    await t.db.query(`UPDATE idempotency_keys SET claimed_at = now() - interval '6 minutes' WHERE user_id = $1`, [me.id]);
    const retried = await post(t.app, '/api/workflow', body, withKey(me.token, key));
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('flows', me.id)).toBe(2);
    expect((await post(t.app, '/api/workflow', body, withKey(me.token, key))).headers['idempotent-replayed']).toBe('true');
  });

  it('creates once when the same request is sent many times at once', async () => {
    const me = await person();
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: 6 }, () => post(t.app, '/api/workflow', { displayName: 'Raced' }, withKey(me.token, key))));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409), statuses.join()).toBe(true);
    expect(replies.filter((r) => r.statusCode === 201 && r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(await count('flows', me.id)).toBe(1);
  });

  it('answers 400 for a malformed key and writes nothing', async () => {
    const me = await person();
    for (const key of ['', '   ', 'k'.repeat(256), 'caf\u00e9', 'tab\u007f']) {
      const response = await post(t.app, '/api/workflow', { displayName: 'Bad key' }, withKey(me.token, key));
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message: MALFORMED_IDEMPOTENCY_KEY_MESSAGE });
    }
    expect((await post(t.app, '/api/workflow', { displayName: 'Longest key' }, withKey(me.token, 'k'.repeat(255)))).statusCode).toBe(201);
    expect(await count('flows', me.id)).toBe(1);
  });

  it('keeps no refusal or failure: the key can be retried with a corrected request', async () => {
    const me = await person();
    const key = randomUUID();
    const refused = await post(t.app, '/api/variables', { name: '1 bad name', type: 'STRING', value: 'v' }, withKey(me.token, key));
    expect(refused.statusCode).toBe(400);
    const missing = await post(t.app, `/api/workflow/${randomUUID()}/duplicate`, undefined, withKey(me.token, key));
    expect(missing.statusCode).toBe(404);
    expect(await count('idempotency_keys', me.id)).toBe(0);
    const fixed = await post(t.app, '/api/variables', { name: 'GOOD_NAME', type: 'STRING', value: 'v' }, withKey(me.token, key));
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('claims nothing for a caller it refuses: signed out, or a read-only API key', async () => {
    const me = await person();
    const key = randomUUID();
    expect((await post(t.app, '/api/workflow', { displayName: 'x' }, { headers: { 'idempotency-key': key } })).statusCode).toBe(401);
    const created = await post(t.app, '/api/api-keys', { name: 'reader', scope: 'READ_ONLY', password: PASSWORD }, { token: me.token });
    const secret = created.json<{ secret: string }>().secret;
    expect((await post(t.app, '/api/workflow', { displayName: 'x' }, withKey(secret, key))).statusCode).toBe(403);
    expect(await count('idempotency_keys', me.id)).toBe(0);
  });
});

describe('scope and lifetime', () => {
  it('keeps one user’s keys apart from another’s', async () => {
    const [a, b] = [await person(), await person()];
    const key = 'shared-key-1';
    const fromA = await post(t.app, '/api/workflow', { displayName: 'Same' }, withKey(a.token, key));
    const fromB = await post(t.app, '/api/workflow', { displayName: 'Same' }, withKey(b.token, key));
    expect(fromB.statusCode).toBe(201);
    expect(fromB.headers['idempotent-replayed']).toBeUndefined();
    expect(fromB.json<{ flow: { id: string } }>().flow.id).not.toBe(fromA.json<{ flow: { id: string } }>().flow.id);
    expect([await count('flows', a.id), await count('flows', b.id)]).toEqual([1, 1]);
  });

  it('works with an API key the same way', async () => {
    const me = await person();
    const secret = (await post(t.app, '/api/api-keys', { name: 'ci', scope: 'READ_WRITE', password: PASSWORD }, { token: me.token })).json<{ secret: string }>().secret;
    const key = randomUUID();
    const first = await post(t.app, '/api/workflow', { displayName: 'By key' }, withKey(secret, key));
    // The same user through a session: the same key answers the same.
    const again = await post(t.app, '/api/workflow', { displayName: 'By key' }, withKey(me.token, key));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await count('flows', me.id)).toBe(1);
  });

  it('forgets a key after 24 hours', async () => {
    const me = await person();
    const key = randomUUID();
    await post(t.app, '/api/workflow', { displayName: 'Old' }, withKey(me.token, key));
    await t.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '23 hours' WHERE user_id = $1`, [me.id]);
    await pruneExpiredRows(t.db, 60_000, 90);
    expect(await count('idempotency_keys', me.id)).toBe(1);
    await t.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = $1`, [me.id]);
    await pruneExpiredRows(t.db, 60_000, 90);
    expect(await count('idempotency_keys', me.id)).toBe(0);
    const later = await post(t.app, '/api/workflow', { displayName: 'Old' }, withKey(me.token, key));
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('flows', me.id)).toBe(2);
  });
});
