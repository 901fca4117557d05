/**
 * Deleting an account (issue 14): after DELETE typed and the password given, everything of the user is
 * gone in one transaction — found through the schema, so a table added later is checked without anyone
 * listing it — and nothing of anyone else's changes; the user's tokens and sockets die at once; a run the
 * user had going stops instead of carrying on with its next steps.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import WebSocket from 'ws';
import { loadConfig } from '../../server/config.ts';
import { get, PASSWORD, post, signIn, startTestServer, type TestServer, uniqueEmail } from './helpers.ts';
import { publishedFlow } from './flows.ts';
import { finishedRun, flowOf, manualTrigger, piece } from './run-flows.ts';
import { buildWorld, ownedRowsQuery, type World } from './route-table.ts';

let t: TestServer;
/** A local server that counts the calls runs make to it (a side effect a deleted user's run must not have). */
let target: Server;
let targetUrl: string;
const calls: string[] = [];

beforeAll(async () => {
  target = createServer((request, response) => {
    calls.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
  });
  target.listen(0, '127.0.0.1');
  await once(target, 'listening');
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  // One worker: a run still holding it keeps every other run waiting, which makes an abandoned run visible.
  t = await startTestServer({ wsPingIntervalMs: 60_000, engine: { ...loadConfig({}).engine, concurrency: 1, httpAllowPrivateNetworks: true } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  target?.closeAllConnections();
  await new Promise((resolve) => target?.close(resolve));
});

const deleteAccount = (token: string, body: unknown) => post(t.app, '/api/account/delete', body, { token });
const profileStatus = async (token: string) => (await get(t.app, '/api/profile', { token })).statusCode;

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
}

async function schemaColumns(): Promise<Column[]> {
  const { rows } = await t.db.query<Column>(
    `SELECT table_name::text, column_name::text, data_type::text FROM information_schema.columns
     WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  return rows;
}

/** Per table, how many rows mention any of `needles` anywhere (any column, jsonb included). */
async function rowsMentioning(needles: readonly string[]): Promise<Record<string, number>> {
  const tables = [...new Set((await schemaColumns()).map((c) => c.table_name))];
  const patterns = needles.map((needle) => `%${needle}%`);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} x WHERE x::text LIKE ANY($1::text[])`, [patterns]);
    if (rows[0]!.n > 0) counts[table] = rows[0]!.n;
  }
  return counts;
}

async function ownedRows(userId: string): Promise<string> {
  const { rows } = await t.db.query<{ rows: string }>(await ownedRowsQuery(t.db), [userId]);
  return rows[0]!.rows;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** An authenticated socket: a promise of its close code (in an object: an async function would wait for it). */
async function openSocket(token: string): Promise<{ closed: Promise<number> }> {
  const socket = new WebSocket(`ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`);
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const authenticated = new Promise<void>((resolve) => socket.on('message', (raw) => String(raw).includes('auth_success') && resolve()));
  socket.send(JSON.stringify({ type: 'auth', token }));
  await authenticated;
  return { closed };
}

describe('the schema', () => {
  it('cascades every user_id from users, and no foreign key blocks a delete', async () => {
    const { rows } = await t.db.query<{ table_name: string; column_name: string; referenced: string; delete_rule: string }>(
      `SELECT cl.relname::text AS table_name, a.attname::text AS column_name, ref.relname::text AS referenced,
              CASE c.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' WHEN 'd' THEN 'SET DEFAULT'
                                 WHEN 'r' THEN 'RESTRICT' ELSE 'NO ACTION' END AS delete_rule
       FROM pg_constraint c
       JOIN pg_class cl ON cl.oid = c.conrelid
       JOIN pg_class ref ON ref.oid = c.confrelid
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
       WHERE c.contype = 'f' AND cl.relnamespace = current_schema()::regnamespace`,
    );
    const userColumns = (await schemaColumns()).filter((c) => c.column_name === 'user_id').map((c) => c.table_name);
    expect(userColumns.length).toBeGreaterThan(10);
    const cascading = new Set(rows.filter((r) => r.column_name === 'user_id' && r.referenced === 'users' && r.delete_rule === 'CASCADE').map((r) => r.table_name));
    expect(userColumns.filter((table) => !cascading.has(table)), 'user_id columns without ON DELETE CASCADE from users').toEqual([]);
    const blocking = rows.filter((r) => r.delete_rule !== 'CASCADE' && r.delete_rule !== 'SET NULL');
    expect(blocking, 'foreign keys that would refuse or half-do a delete').toEqual([]);
  });
});

describe('POST /api/account/delete', () => {
  let a: World;
  let b: World;

  beforeAll(async () => {
    a = await buildWorld(t, 'Doomed');
    b = await buildWorld(t, 'Bystander');
  }, 120_000);

  it('refuses without DELETE typed or with a wrong password, deleting nothing', async () => {
    const before = await ownedRows(a.user.id);
    const refusals = [
      await deleteAccount(a.user.token, { confirmation: 'DELETE ', password: a.user.password }),
      await deleteAccount(a.user.token, { confirmation: 'DELETE', password: 'not the password' }),
      await deleteAccount(a.user.token, { confirmation: 'DELETE' }),
    ];
    expect(refusals.map((r) => [r.statusCode, r.json<{ code: string }>().code])).toEqual([
      [400, 'VALIDATION'],
      [400, 'INVALID_CREDENTIALS'],
      [400, 'VALIDATION'],
    ]);
    expect(await ownedRows(a.user.id)).toBe(before);
  });

  it('removes everything of the user in one go, and nothing of anyone else’s', async () => {
    // More of A's: a second session, an open socket, a reset link, an email change waiting, a schedule
    // tick and a quota refusal of A's workflow, an email-change rate-limit count.
    const laptop = await signIn(t.app, a.user.email, PASSWORD);
    const { closed: socketClosed } = await openSocket(laptop.access_token);
    await post(t.app, '/api/auth/forgot-password', { email: a.user.email });
    expect((await post(t.app, '/api/account/email', { email: uniqueEmail('doomed-new'), password: PASSWORD }, { token: a.user.token })).statusCode).toBe(200);
    await t.db.query(`INSERT INTO schedule_fires (flow_id, fire_time, run_id) VALUES ($1, now(), $2)`, [a.flow, a.run]);
    await t.db.query(`INSERT INTO quota_refusals (flow_id, day, refused, run_id) VALUES ($1, current_date, 3, $2)`, [a.flow, a.run]);
    const { closed: bSocketClosed } = await openSocket(b.user.token);
    let bSocketOpen = true;
    void bSocketClosed.then(() => (bSocketOpen = false));

    // Every id of A's rows, and A's address: what must be found nowhere afterwards.
    const aOwned = await ownedRows(a.user.id);
    const aIds = [...new Set(aOwned.match(UUID) ?? [])];
    const bOwned = await ownedRows(b.user.id);
    expect(aIds.some((id) => bOwned.includes(id)), 'A and B share no id').toBe(false);
    const needles = [...aIds, a.user.email];
    const before = await rowsMentioning(needles);
    // The check can fail: A's things are in every kind of table now.
    for (const table of [
      'users', 'refresh_tokens', 'password_resets', 'email_changes', 'flows', 'flow_versions', 'flow_runs', 'variables',
      'templates', 'store_entries', 'step_samples', 'schedule_fires', 'quota_refusals', 'activities',
      'analytics_user_hours', 'analytics_flow_days', 'analytics_duration_days',
    ]) {
      expect(before[table], `A has rows in ${table}`).toBeGreaterThan(0);
    }

    const deleted = await deleteAccount(a.user.token, { confirmation: 'DELETE', password: PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });

    expect(await rowsMentioning(needles), 'rows still naming A or A’s things').toEqual({});
    expect(await ownedRows(b.user.id)).toBe(bOwned);

    // A's tokens are dead at once, A's socket is closed, A cannot sign in; B carries on.
    expect(await profileStatus(a.user.token)).toBe(401);
    expect(await profileStatus(laptop.access_token)).toBe(401);
    expect((await post(t.app, '/api/auth/refresh', { refresh_token: laptop.refresh_token })).statusCode).toBe(401);
    expect(await socketClosed).toBe(4003);
    expect((await post(t.app, '/api/auth/login', { email: a.user.email, password: PASSWORD })).statusCode).toBe(401);
    expect(await profileStatus(b.user.token)).toBe(200);
    expect((await get(t.app, `/api/workflow/execution/${b.run}`, { token: b.user.token })).statusCode).toBe(200);
    expect(bSocketOpen).toBe(true);
    // Its address is free again.
    expect((await post(t.app, '/api/auth/register', { name: 'Someone new', email: a.user.email, password: PASSWORD })).statusCode).toBe(201);
  });
});

describe('a run going on when its account is deleted', () => {
  it('stops at once: its next step never runs, and the worker it held is free for others', async () => {
    const doomed = await buildUser('Runner');
    const other = await buildUser('Waiter');
    // Waits (holding the only worker), then calls the local server: the call must never happen.
    const slow = flowOf('Slow', manualTrigger(), [
      piece(1, '@activepieces/piece-delay', 'delay_for', { delayFor: 10, unit: 'minutes' }, 2),
      piece(2, '@activepieces/piece-http', 'send_request', { method: 'GET', url: `${targetUrl}/after-the-delay` }),
    ]);
    const { flow } = await publishedFlow(t, doomed.token, slow);
    const started = await post(t.app, `/api/workflow/run/${flow.id}`, undefined, { token: doomed.token });
    expect(started.statusCode).toBe(202);
    const runId = started.json<{ id: string }>().id;
    await waitFor(async () => {
      const { rows } = await t.db.query<{ steps: Array<{ stepName: string; status: string }> }>('SELECT steps FROM flow_runs WHERE id = $1', [runId]);
      return rows[0]?.steps.some((step) => step.stepName === 'step_1' && step.status === 'RUNNING') ?? false;
    });

    expect((await deleteAccount(doomed.token, { confirmation: 'DELETE', password: PASSWORD })).statusCode).toBe(200);

    // Another user's run gets the one worker: it could not while the deleted user's run held it.
    const quick = flowOf('Quick', manualTrigger(), [piece(1, '@activepieces/piece-http', 'send_request', { method: 'GET', url: `${targetUrl}/quick` })]);
    const { flow: quickFlow } = await publishedFlow(t, other.token, quick);
    const queued = await post(t.app, `/api/workflow/run/${quickFlow.id}`, undefined, { token: other.token });
    const done = await finishedRun(t, other.token, queued.json<{ id: string }>().id);
    expect(done.status).toBe('SUCCEEDED');
    expect(calls).toEqual(['/quick']);
    const { rows } = await t.db.query('SELECT 1 FROM flow_runs WHERE id = $1 UNION ALL SELECT 1 FROM run_queue WHERE run_id = $1', [runId]);
    expect(rows).toEqual([]);
  }, 60_000);
});

async function buildUser(name: string) {
  const email = uniqueEmail(name.toLowerCase());
  const registered = await post(t.app, '/api/auth/register', { name, email, password: PASSWORD });
  if (registered.statusCode !== 201) throw new Error(registered.body);
  const session = await signIn(t.app, email, PASSWORD);
  return { email, token: session.access_token };
}

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('condition not met within 10 s');
}
