/**
 * Folders (issue 16): create, list with counts, rename, delete (its workflows move to no folder), filing a
 * workflow in one (PUT /workflow, POST /workflow), the list's folder filter, the limits and refusals, and
 * another user's folders answering exactly like missing ones.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { FOLDER_NAME_MAX, FOLDER_TEXTS, MAX_FOLDERS_PER_USER } from '../../src/domain/contract/folders.ts';
import { del, get, post, put, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { createFlow, UNKNOWN_ID } from './flows.ts';

let t: TestServer;
let token: string;
let other: string;

interface Folder {
  id: string;
  displayName: string;
  numberOfFlows: number;
  created: string;
  updated: string;
}
interface FolderList {
  data: Folder[];
  totalFlows: number;
  uncategorizedFlows: number;
}

const createFolder = (displayName: unknown, as = token) => post(t.app, '/api/folders', { displayName }, { token: as });
const listFolders = async (as = token): Promise<FolderList> => {
  const reply = await get(t.app, '/api/folders', { token: as });
  expect(reply.statusCode).toBe(200);
  return reply.json<FolderList>();
};
const newFolder = async (displayName: string, as = token): Promise<Folder> => {
  const reply = await createFolder(displayName, as);
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json<Folder>();
};
const moveFlow = (id: string, folderId: string | null, as = token) => put(t.app, '/api/workflow', { id, folderId }, { token: as });
const namesIn = async (query: string, as = token): Promise<string[]> => {
  const reply = await get(t.app, `/api/workflow/paginate?limit=100&${query}`, { token: as });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply
    .json<{ data: Array<{ displayName: string }> }>()
    .data.map((row) => row.displayName)
    .sort();
};
const folderRows = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM folders')).rows[0]!.n;

beforeAll(async () => {
  t = await startTestServer();
  ({ token } = await signedInUser(t.app, 'Folder Owner'));
  ({ token: other } = await signedInUser(t.app, 'Someone Else'));
});
afterAll(async () => {
  await t?.close();
});

describe('the folder journey', () => {
  it('creates folders, files workflows in them, filters, renames and deletes (its workflows stay, in no folder)', async () => {
    const { token: me } = await signedInUser(t.app, 'Journey');
    expect(await listFolders(me)).toEqual({ data: [], totalFlows: 0, uncategorizedFlows: 0 });

    const reports = await newFolder('  Reports ', me);
    expect(reports).toMatchObject({ displayName: 'Reports', numberOfFlows: 0 });
    const billing = await newFolder('billing', me);
    const a = (await createFlow(t, me, 'Daily report')).flow;
    const b = (await createFlow(t, me, 'Weekly report')).flow;
    await createFlow(t, me, 'Loose one');

    const moved = await moveFlow(a.id, reports.id, me);
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ flow: { folderId: string } }>().flow.folderId).toBe(reports.id);
    // Created straight into a folder.
    const created = await post(t.app, '/api/workflow', { displayName: 'Invoice run', folderId: billing.id }, { token: me });
    expect(created.statusCode).toBe(201);
    expect(await moveFlow(b.id, reports.id, me)).toMatchObject({ statusCode: 200 });

    // Sorted by name whatever the case, with each folder's count and the two counts of the filter.
    expect(await listFolders(me)).toMatchObject({
      data: [
        { id: billing.id, displayName: 'billing', numberOfFlows: 1 },
        { id: reports.id, displayName: 'Reports', numberOfFlows: 2 },
      ],
      totalFlows: 4,
      uncategorizedFlows: 1,
    });
    expect(await namesIn(`folderId=${reports.id}`, me)).toEqual(['Daily report', 'Weekly report']);
    expect(await namesIn('folderId=NULL', me)).toEqual(['Loose one']);
    expect(await namesIn(`folderId=${reports.id}&name=daily`, me)).toEqual(['Daily report']);
    expect(await namesIn('', me)).toHaveLength(4);
    const page = await get(t.app, `/api/workflow/paginate?limit=1&folderId=${reports.id}`, { token: me });
    expect(page.json<{ total: number; data: unknown[] }>()).toMatchObject({ total: 2, data: [expect.anything()] });

    const renamed = await put(t.app, `/api/folders/${reports.id}`, { displayName: 'Reporting' }, { token: me });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Folder>()).toMatchObject({ id: reports.id, displayName: 'Reporting', numberOfFlows: 2 });
    expect(renamed.json<Folder>().updated >= reports.updated).toBe(true);

    const deleted = await del(t.app, `/api/folders/${reports.id}`, { token: me });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, movedFlows: 2 });
    expect(await listFolders(me)).toMatchObject({ data: [{ id: billing.id }], totalFlows: 4, uncategorizedFlows: 3 });
    expect(await namesIn('folderId=NULL', me)).toEqual(['Daily report', 'Loose one', 'Weekly report']);
    // A deleted folder's id now filters nothing and files nothing.
    expect(await namesIn(`folderId=${reports.id}`, me)).toEqual([]);
    expect((await moveFlow(a.id, reports.id, me)).statusCode).toBe(404);
    expect((await del(t.app, `/api/folders/${reports.id}`, { token: me })).statusCode).toBe(404);
  });

  it('takes a workflow out of its folder with folderId null, and keeps its folder when the body does not name one', async () => {
    const folder = await newFolder('Keeps');
    const { flow } = await createFlow(t, token, 'Filed');
    await moveFlow(flow.id, folder.id);
    const renamed = await put(t.app, '/api/workflow', { id: flow.id, displayName: 'Filed and renamed' }, { token });
    expect(renamed.json<{ flow: { folderId: string } }>().flow.folderId).toBe(folder.id);
    const duplicate = await post(t.app, `/api/workflow/${flow.id}/duplicate`, undefined, { token });
    expect(duplicate.json<{ flow: { folderId: string } }>().flow.folderId).toBe(folder.id);
    const out = await moveFlow(flow.id, null);
    expect(out.json<{ flow: { folderId: string | null } }>().flow.folderId).toBeNull();
  });
});

describe('names', () => {
  it('refuses a name the user already has, in any case, and allows it to another user', async () => {
    await newFolder('Marketing');
    const before = await folderRows();
    for (const name of ['Marketing', 'MARKETING', ' marketing ']) {
      const refused = await createFolder(name);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'VALIDATION', message: FOLDER_TEXTS.duplicate, errors: { displayName: [FOLDER_TEXTS.duplicate] } });
    }
    expect(await folderRows()).toBe(before);
    await newFolder('Marketing', other);
    const sales = await newFolder('Sales');
    const clash = await put(t.app, `/api/folders/${sales.id}`, { displayName: 'marketing' }, { token });
    expect(clash.statusCode).toBe(409);
    // Renaming to its own name in another case is no clash.
    expect((await put(t.app, `/api/folders/${sales.id}`, { displayName: 'SALES' }, { token })).json<Folder>().displayName).toBe('SALES');
  });

  it('refuses empty, too long, unstorable and wrongly typed names with the field named, and writes nothing', async () => {
    const before = await folderRows();
    const cases: Array<[unknown, string]> = [
      ['', FOLDER_TEXTS.nameRequired],
      ['   ', FOLDER_TEXTS.nameRequired],
      ['x'.repeat(FOLDER_NAME_MAX + 1), `Use at most ${FOLDER_NAME_MAX} characters`],
      ['nul\u0000byte', 'Contains characters that cannot be stored'],
    ];
    for (const [name, message] of cases) {
      const refused = await createFolder(name);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION', errors: { displayName: [message] } });
    }
    for (const body of [undefined, {}, { displayName: 5 }, { displayName: null }, [], 'Reports']) {
      const refused = await post(t.app, '/api/folders', body, { token });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION' });
    }
    expect(await folderRows()).toBe(before);
    expect((await newFolder('x'.repeat(FOLDER_NAME_MAX))).displayName).toHaveLength(FOLDER_NAME_MAX);
    const folder = await newFolder('Renamed badly');
    const refused = await put(t.app, `/api/folders/${folder.id}`, { displayName: 'y'.repeat(FOLDER_NAME_MAX + 1) }, { token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { displayName: [`Use at most ${FOLDER_NAME_MAX} characters`] } });
  });

  it(`refuses more than ${MAX_FOLDERS_PER_USER} folders per user`, async () => {
    const { id: userId, token: busy } = await signedInUser(t.app, 'Many Folders');
    await t.db.query(`INSERT INTO folders (user_id, display_name) SELECT $1, 'f' || n FROM generate_series(1, $2::int) n`, [userId, MAX_FOLDERS_PER_USER]);
    const refused = await createFolder('One too many', busy);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', message: FOLDER_TEXTS.tooMany });
  });

  it('refuses a malformed list filter', async () => {
    const refused = await get(t.app, '/api/workflow/paginate?folderId=reports', { token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION', errors: { folderId: [expect.any(String)] } });
  });
});

describe("another user's folders", () => {
  it('answer exactly like missing ones, and nothing of them changes', async () => {
    const theirs = await newFolder('Private matters', other);
    const theirFlow = (await createFlow(t, other, 'Their flow')).flow;
    await moveFlow(theirFlow.id, theirs.id, other);
    const mine = (await createFlow(t, token, 'Mine')).flow;
    const state = async () => (await t.db.query('SELECT id, display_name, updated FROM folders WHERE id = $1', [theirs.id])).rows;
    const before = await state();

    const pairs: Array<[string, (id: string) => ReturnType<typeof get>]> = [
      ['rename', (id) => put(t.app, `/api/folders/${id}`, { displayName: 'Taken over' }, { token })],
      ['delete', (id) => del(t.app, `/api/folders/${id}`, { token })],
      ['move into', (id) => moveFlow(mine.id, id)],
      ['create into', (id) => post(t.app, '/api/workflow', { displayName: 'Sneaky', folderId: id }, { token })],
    ];
    for (const [what, call] of pairs) {
      const theirsReply = await call(theirs.id);
      const missingReply = await call(UNKNOWN_ID);
      expect(theirsReply.statusCode, what).toBe(404);
      expect(theirsReply.json(), what).toEqual(missingReply.json());
      expect(theirsReply.json(), what).toEqual({ code: 'ENTITY_NOT_FOUND', message: FOLDER_TEXTS.notFound });
    }
    // A folder id that is not even a uuid names no folder either.
    expect((await moveFlow(mine.id, 'reports')).json()).toEqual({ code: 'ENTITY_NOT_FOUND', message: FOLDER_TEXTS.notFound });
    expect(await state()).toEqual(before);
    expect((await get(t.app, `/api/workflow/${mine.id}`, { token })).json<{ flow: { folderId: null } }>().flow.folderId).toBeNull();
    // Not listed, not counted, and filtering by it shows nothing of theirs.
    expect((await listFolders()).data.map((f) => f.id)).not.toContain(theirs.id);
    expect(await namesIn(`folderId=${theirs.id}`)).toEqual([]);
    expect((await listFolders(other)).data.find((f) => f.id === theirs.id)?.numberOfFlows).toBe(1);
    // Their workflow in their folder is still theirs and still filed.
    expect((await get(t.app, `/api/workflow/${theirFlow.id}`, { token: other })).json<{ flow: { folderId: string } }>().flow.folderId).toBe(theirs.id);
  });

  it('cannot be referenced even by a direct write (the foreign key includes the owner)', async () => {
    const theirs = await newFolder('Keyed', other);
    const mine = (await createFlow(t, token, 'Direct')).flow;
    await expect(t.db.query('UPDATE flows SET folder_id = $1 WHERE id = $2', [theirs.id, mine.id])).rejects.toThrow();
  });

  it('go with their account, and a user deleted takes their folders along', async () => {
    const { id: userId, token: leaving } = await signedInUser(t.app, 'Leaving');
    await newFolder('Soon gone', leaving);
    await t.db.query('DELETE FROM users WHERE id = $1', [userId]);
    expect((await t.db.query('SELECT count(*)::int AS n FROM folders WHERE user_id = $1', [userId])).rows[0]).toEqual({ n: 0 });
  });

  it('needs a signed-in user', async () => {
    for (const reply of [await get(t.app, '/api/folders'), await post(t.app, '/api/folders', { displayName: 'x' }), await del(t.app, `/api/folders/${UNKNOWN_ID}`)]) {
      expect(reply.statusCode).toBe(401);
    }
  });
});
