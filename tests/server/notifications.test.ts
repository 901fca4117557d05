/**
 * Issue 17, notifications kept on the server: a run's end and a Send notification step are stored as they
 * are sent (the live message naming the stored row), listed newest first with their read state, marked
 * read or unread one at a time or all at once; each user keeps the newest 100; another user's ids answer
 * exactly like missing ones and nothing of theirs changes; a failed run's sentence names its failed step.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { loadConfig } from '../../server/config.ts';
import { storeNotification } from '../../server/notifications/store.ts';
import { get, post, send, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { publishedFlow, UNKNOWN_ID } from './flows.ts';
import { code, finishedRun, flowOf, manualTrigger, piece } from './run-flows.ts';

let t: TestServer;
let user: { id: string; token: string };
let other: { id: string; token: string };

beforeAll(async () => {
  t = await startTestServer({ engine: { ...loadConfig({}).engine, dailyQuota: 0 } });
  user = await signedInUser(t.app);
  other = await signedInUser(t.app, 'Grace Hopper');
});
afterAll(async () => {
  await t?.close();
});

type Note = { id: string; type: string; message: string; level: string | null; runId: string | null; flowId: string | null; createdAt: string; read: boolean };
const list = async (token = user.token) => {
  const reply = await get(t.app, '/api/notifications', { token });
  expect(reply.statusCode).toBe(200);
  return reply.json<{ data: Note[]; unread: number }>();
};
const mark = (id: string, read: unknown, token = user.token) => send(t.app, 'PUT', `/api/notifications/${id}`, { read }, { token });

describe('notifications kept on the server', () => {
  it('keeps a run’s end and a step’s notification, newest first, the failure in words', async () => {
    const { flow } = await publishedFlow(
      t,
      user.token,
      flowOf('Shipping', manualTrigger(), [
        piece(1, '@flowsmith/piece-notification', 'send_notification', { message: 'Order {{trigger.order}} shipped', level: 'success' }, 2),
        code(2, 'throw new Error("label printer offline");'),
      ]),
    );
    const runId = (await post(t.app, `/api/workflow/run/${flow.id}`, { payload: { order: 9 } }, { token: user.token })).json<{ id: string }>().id;
    expect((await finishedRun(t, user.token, runId)).status).toBe('FAILED');
    const { data, unread } = await list();
    expect(unread).toBe(2);
    expect(data.map(({ type, message, level, runId: run, flowId, read }) => ({ type, message, level, run, flowId, read }))).toEqual([
      {
        type: 'run_finished',
        message: "Run of “Shipping” failed: 'Code 2' (step_2) failed: label printer offline",
        level: 'error',
        run: runId,
        flowId: flow.id,
        read: false,
      },
      { type: 'notification', message: 'Order 9 shipped', level: 'success', run: runId, flowId: flow.id, read: false },
    ]);
    expect((await list(other.token)).data).toEqual([]);
  });

  it('marks one read or unread and all read; another user’s ids answer like missing ones and stay as they are', async () => {
    const mine = (await storeNotification(t.db, { userId: user.id, type: 'notification', message: 'Mine' }))!;
    const theirs = (await storeNotification(t.db, { userId: other.id, type: 'notification', message: 'Theirs' }))!;

    const read = await mark(mine.id, true);
    expect(read.statusCode).toBe(200);
    expect(read.json<Note>()).toMatchObject({ id: mine.id, message: 'Mine', read: true });
    expect((await list()).data.find((note) => note.id === mine.id)?.read).toBe(true);
    expect((await mark(mine.id, false)).json<Note>().read).toBe(false);

    const foreign = await mark(theirs.id, true);
    const missing = await mark(UNKNOWN_ID, true);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json()).toEqual({ code: 'ENTITY_NOT_FOUND', message: 'Notification not found' });
    expect((await mark(mine.id, 'yes')).statusCode).toBe(400);
    expect((await send(t.app, 'PUT', `/api/notifications/${mine.id}`, {}, { token: user.token })).body).toContain('"read"');

    const all = await post(t.app, '/api/notifications/read-all', undefined, { token: user.token });
    expect(all.statusCode).toBe(200);
    expect(all.json<{ updated: number }>().updated).toBeGreaterThanOrEqual(1);
    expect((await list()).unread).toBe(0);
    // The other user's notification was touched by none of it.
    expect((await list(other.token)).data).toEqual([expect.objectContaining({ id: theirs.id, read: false })]);
  });

  it('keeps each user’s newest 100', async () => {
    const keeper = await signedInUser(t.app, 'Keeper');
    for (let i = 1; i <= 105; i++) await storeNotification(t.db, { userId: keeper.id, type: 'notification', message: `n${i}` });
    await storeNotification(t.db, { userId: other.id, type: 'notification', message: 'Untouched' });
    const { data } = await list(keeper.token);
    expect(data).toHaveLength(100);
    expect(data[0]!.message).toBe('n105');
    expect(data[99]!.message).toBe('n6');
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1', [keeper.id]);
    expect(rows[0]!.n).toBe(100);
    expect((await list(other.token)).data.some((note) => note.message === 'Untouched')).toBe(true);
  });

  it('lists notifications written at the same instant newest first, in the order they were written', async () => {
    const twin = await signedInUser(t.app, 'Twin');
    for (const message of ['first', 'second', 'third']) await storeNotification(t.db, { userId: twin.id, type: 'notification', message });
    // Embedded PGlite's clock can give rows written one after the other the same instant.
    await t.db.query(`UPDATE notifications SET created_at = '2026-11-28T00:00:00Z' WHERE user_id = $1`, [twin.id]);
    expect((await list(twin.token)).data.map((note) => note.message)).toEqual(['third', 'second', 'first']);
  });
});
