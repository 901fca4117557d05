/**
 * The workflow list of issue 17 on a real database: each row's trigger and last run, sorting on the
 * server within the pagination, the bulk actions (including another user's ids, which count as not
 * found and are not touched), and provisional workflows (/workflows/create) that stay out of the list
 * until their first edit and are pruned after a day without one.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { insertRun } from '../../server/runs/runs-repository.ts';
import { pruneExpiredRows } from '../../server/db/prune.ts';
import { get, post, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { autosave, chain, createFlow, emptyTrigger, publishedFlow, snapshot, UNKNOWN_ID, type Flow } from './flows.ts';

let t: TestServer;
let token: string;
let userId: string;
let other: { id: string; token: string };

beforeAll(async () => {
  t = await startTestServer();
  ({ token, id: userId } = await signedInUser(t.app));
  other = await signedInUser(t.app, 'Grace Hopper');
});
afterAll(async () => {
  await t?.close();
});

interface Row extends Flow {
  trigger: { type: string; pieceName: string | null; triggerName: string | null } | null;
  lastRun: { id: string; status: string; startTime: string } | null;
}
interface Page {
  data: Row[];
  total: number;
}

async function list(query: Record<string, string>, as = token): Promise<Page> {
  const response = await get(t.app, `/api/workflow/paginate?${new URLSearchParams({ limit: '100', ...query })}`, { token: as });
  expect(response.statusCode).toBe(200);
  return response.json<Page>();
}
const bulk = (body: unknown, as = token) => post(t.app, '/api/workflow/bulk', body, { token: as });

describe('list columns and sorting', () => {
  // Fresh names per test file: the list is the user's whole list.
  let alpha: Flow, bravo: Flow, charlie: Flow;
  beforeAll(async () => {
    alpha = (await publishedFlow(t, token, { ...chain(1), displayName: 'alpha' }, true)).flow;
    bravo = (await createFlow(t, token, 'bravo')).flow;
    charlie = (await publishedFlow(t, token, { ...chain(1), displayName: 'charlie' })).flow;
    await insertRun(t.db, userId, { flowId: alpha.id, status: 'FAILED', startTime: new Date(Date.now() - 60_000), steps: [] });
    await insertRun(t.db, userId, { flowId: alpha.id, status: 'SUCCEEDED', startTime: new Date(Date.now() - 120_000), steps: [] });
    await insertRun(t.db, userId, { flowId: charlie.id, status: 'SUCCEEDED', startTime: new Date(), steps: [] });
  });

  it("shows each row's trigger and newest run", async () => {
    const rows = new Map((await list({})).data.map((row) => [row.displayName, row]));
    expect(rows.get('alpha')).toMatchObject({ trigger: { type: 'PIECE_TRIGGER', pieceName: '@activepieces/piece-schedule' }, lastRun: { status: 'FAILED' } });
    expect(rows.get('bravo')).toMatchObject({ trigger: { type: 'EMPTY', pieceName: null, triggerName: null }, lastRun: null });
    expect(rows.get('charlie')?.lastRun?.status).toBe('SUCCEEDED');
  });

  it('sorts by name, last run, status and updated, both ways, within the pages', async () => {
    const names = async (query: Record<string, string>) => (await list(query)).data.map((row) => row.displayName);
    expect(await names({ sort: 'name', order: 'asc' })).toEqual(['alpha', 'bravo', 'charlie']);
    expect(await names({ sort: 'name', order: 'desc' })).toEqual(['charlie', 'bravo', 'alpha']);
    // Never-run workflows come last either way.
    expect(await names({ sort: 'lastRun', order: 'desc' })).toEqual(['charlie', 'alpha', 'bravo']);
    expect(await names({ sort: 'lastRun', order: 'asc' })).toEqual(['alpha', 'charlie', 'bravo']);
    expect((await names({ sort: 'status', order: 'desc' }))[0]).toBe('alpha');
    expect((await names({ sort: 'status', order: 'asc' }))[2]).toBe('alpha');
    expect(await names({ sort: 'updated', order: 'asc' })).toEqual(['alpha', 'bravo', 'charlie']);
    expect(await names({})).toEqual(['charlie', 'bravo', 'alpha']);
    // Page 2 of 1-row pages continues the order.
    const second = await list({ sort: 'name', order: 'asc', page: '2', limit: '1' });
    expect(second.data.map((row) => row.displayName)).toEqual(['bravo']);
    expect(second.total).toBe(3);
  });

  it('refuses an unknown sort or order, naming it', async () => {
    for (const query of ['sort=id', 'order=sideways', 'sort=name;DROP']) {
      const response = await get(t.app, `/api/workflow/paginate?${query}`, { token });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ errors: Record<string, unknown> }>().errors)).toEqual([query.split('=')[0]]);
    }
  });

  it("another user's list has none of them", async () => {
    expect((await list({ sort: 'name' }, other.token)).total).toBe(0);
  });
});

describe('POST /api/workflow/bulk', () => {
  it('disables, enables (refusing drafts), moves and deletes; reports the rest', async () => {
    const on = (await publishedFlow(t, token, { ...chain(1), displayName: 'bulk on' }, true)).flow;
    const published = (await publishedFlow(t, token, { ...chain(1), displayName: 'bulk published' })).flow;
    const draft = (await createFlow(t, token, 'bulk draft')).flow;

    const disabled = await bulk({ action: 'DISABLE', ids: [on.id, draft.id] });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toEqual({ succeeded: [on.id, draft.id], failed: [] });

    const enabled = await bulk({ action: 'ENABLE', ids: [on.id, draft.id, published.id, UNKNOWN_ID] });
    expect(enabled.json()).toEqual({
      succeeded: [on.id, published.id],
      failed: [
        { id: draft.id, code: 'TRIGGER_ENABLE', message: 'Publish a version with a valid trigger before enabling this workflow' },
        { id: UNKNOWN_ID, code: 'FLOW_NOT_FOUND', message: 'Workflow not found' },
      ],
    });
    const statuses = new Map((await list({})).data.map((row) => [row.id, row.status]));
    expect([statuses.get(on.id), statuses.get(published.id), statuses.get(draft.id)]).toEqual(['ENABLED', 'ENABLED', 'DISABLED']);

    const folder = (await post(t.app, '/api/folders', { displayName: 'Bulk folder' }, { token })).json<{ id: string }>();
    expect((await bulk({ action: 'MOVE', ids: [on.id, draft.id], folderId: folder.id })).json()).toEqual({ succeeded: [on.id, draft.id], failed: [] });
    expect((await list({ folderId: folder.id })).data.map((row) => row.id).sort()).toEqual([on.id, draft.id].sort());
    expect((await bulk({ action: 'MOVE', ids: [draft.id], folderId: null })).json()).toEqual({ succeeded: [draft.id], failed: [] });
    expect((await list({ folderId: folder.id })).data.map((row) => row.id)).toEqual([on.id]);

    // The same id twice is one workflow.
    expect((await bulk({ action: 'DELETE', ids: [on.id, on.id, draft.id] })).json()).toEqual({ succeeded: [on.id, draft.id], failed: [] });
    const left = (await list({})).data.map((row) => row.id);
    expect(left).not.toContain(on.id);
    expect(left).toContain(published.id);
  });

  it("counts another user's ids as not found and leaves them untouched", async () => {
    const theirs = (await publishedFlow(t, other.token, { ...chain(1), displayName: 'theirs' }, true)).flow;
    const theirFolder = (await post(t.app, '/api/folders', { displayName: 'Theirs' }, { token: other.token })).json<{ id: string }>();
    const mine = (await createFlow(t, token, 'mine')).flow;
    const before = await snapshot(t);
    for (const action of ['DISABLE', 'DELETE', 'MOVE'] as const) {
      const reply = await bulk({ action, ids: [theirs.id], ...(action === 'MOVE' ? { folderId: null } : {}) });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ succeeded: [], failed: [{ id: theirs.id, code: 'FLOW_NOT_FOUND', message: 'Workflow not found' }] });
      const unknown = await bulk({ action, ids: [UNKNOWN_ID], ...(action === 'MOVE' ? { folderId: null } : {}) });
      expect(unknown.json<{ failed: Array<{ code: string; message: string }> }>().failed[0]).toEqual({ id: UNKNOWN_ID, code: 'FLOW_NOT_FOUND', message: 'Workflow not found' });
    }
    // Their folder answers like a missing one, and nothing moves.
    const intoTheirs = await bulk({ action: 'MOVE', ids: [mine.id], folderId: theirFolder.id });
    const intoUnknown = await bulk({ action: 'MOVE', ids: [mine.id], folderId: UNKNOWN_ID });
    expect([intoTheirs.statusCode, intoTheirs.json()]).toEqual([404, { code: 'ENTITY_NOT_FOUND', message: 'Folder not found' }]);
    expect([intoUnknown.statusCode, intoUnknown.json()]).toEqual([404, { code: 'ENTITY_NOT_FOUND', message: 'Folder not found' }]);
    expect(await snapshot(t)).toEqual(before);
    expect((await list({}, other.token)).data[0]).toMatchObject({ id: theirs.id, status: 'ENABLED' });
  });

  it('refuses a bad body with a 400 naming the field, writing nothing', async () => {
    const before = await snapshot(t);
    const cases: Array<[unknown, string]> = [
      [{ action: 'DISABLE', ids: [] }, 'ids'],
      [{ action: 'DISABLE', ids: Array.from({ length: 101 }, () => UNKNOWN_ID) }, 'ids'],
      [{ action: 'DISABLE', ids: ['not-a-uuid'] }, 'ids'],
      [{ action: 'ARCHIVE', ids: [UNKNOWN_ID] }, 'action'],
      [{ action: 'MOVE', ids: [UNKNOWN_ID] }, 'folderId'],
    ];
    for (const [body, field] of cases) {
      const reply = await bulk(body);
      expect(reply.statusCode).toBe(400);
      expect(reply.json<{ code: string }>().code).toBe('VALIDATION');
      expect(Object.keys(reply.json<{ errors: Record<string, unknown> }>().errors)).toContain(field);
    }
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('provisional workflows (/workflows/create)', () => {
  it('are not listed or counted until their first edit', async () => {
    const user = await signedInUser(t.app, 'Provisional');
    const created = await post(t.app, '/api/workflow', { provisional: true }, { token: user.token });
    expect(created.statusCode).toBe(201);
    const { flow, version } = created.json<{ flow: Flow; version: { id: string; updated: string } }>();
    expect((await list({}, user.token)).total).toBe(0);
    const folders = (await get(t.app, '/api/folders', { token: user.token })).json<{ totalFlows: number; uncategorizedFlows: number }>();
    expect([folders.totalFlows, folders.uncategorizedFlows]).toEqual([0, 0]);
    // Still the user's to open (the editor reads it).
    expect((await get(t.app, `/api/workflow/${flow.id}`, { token: user.token })).statusCode).toBe(200);
    // No activity entry for a workflow nobody kept.
    const { rows } = await t.db.query('SELECT 1 FROM activities WHERE workflow_id = $1', [flow.id]);
    expect(rows).toHaveLength(0);

    const saved = await autosave(t, user.token, version, { displayName: 'Untitled', trigger: emptyTrigger('step_1'), steps: chain(1).steps });
    expect(saved.statusCode).toBe(200);
    expect((await list({}, user.token)).data.map((row) => row.id)).toEqual([flow.id]);
  });

  it('are pruned after a day untouched; edited ones and ordinary ones stay', async () => {
    const user = await signedInUser(t.app, 'Pruned');
    const create = async (body: unknown) => (await post(t.app, '/api/workflow', body, { token: user.token })).json<{ flow: Flow; version: { id: string; updated: string } }>();
    const abandoned = await create({ provisional: true });
    const fresh = await create({ provisional: true });
    const edited = await create({ provisional: true });
    const ordinary = await create({});
    await autosave(t, user.token, edited.version, { displayName: 'Kept', trigger: emptyTrigger(), steps: [] });
    await t.db.query(`UPDATE flows SET created = now() - interval '25 hours' WHERE id = ANY($1::uuid[])`, [[abandoned.flow.id, edited.flow.id, ordinary.flow.id]]);
    await pruneExpiredRows(t.db, 60_000, 90);
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM flows WHERE user_id = $1', [user.id]);
    expect(rows.map((row) => row.id).sort()).toEqual([fresh.flow.id, edited.flow.id, ordinary.flow.id].sort());
  });
});
