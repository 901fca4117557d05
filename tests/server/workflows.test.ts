/**
 * The workflow service's CRUD (SPEC §7): paginate, create, import, duplicate, read, update, delete,
 * versions, use-as-draft and version rename, each with good and bad input, on a real database.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { toNestedFlow, toNestedFlowJson } from '../../src/domain/index.ts';
import { insertRun } from '../../server/runs/runs-repository.ts';
import { del, get, post, put, send, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { autosave, chain, createFlow, flatOf, publishedFlow, readFlow, snapshot, UNKNOWN_ID, type Flow, type Version } from './flows.ts';

let t: TestServer;
let token: string;
let userId: string;

beforeAll(async () => {
  t = await startTestServer();
  ({ token, id: userId } = await signedInUser(t.app));
});
afterAll(async () => {
  await t?.close();
});

const NOT_FOUND = { code: 'FLOW_NOT_FOUND', message: 'Workflow not found' };

async function expectRefused(response: Awaited<ReturnType<typeof post>>, status: number, code = 'VALIDATION') {
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status, body: { code } });
  expect(typeof response.json<{ message: string }>().message).toBe('string');
}

describe('POST /api/workflow', () => {
  it('creates a disabled workflow with one draft whose trigger is EMPTY, named Untitled by default', async () => {
    const response = await post(t.app, '/api/workflow', {}, { token });
    expect(response.statusCode).toBe(201);
    const { flow, version } = response.json<{ flow: Flow; version: Version }>();
    expect(flow).toMatchObject({ displayName: 'Untitled', status: 'DISABLED', folderId: null, publishedVersionId: null });
    expect(version).toMatchObject({ flowId: flow.id, displayName: 'Untitled', state: 'DRAFT', valid: false, steps: [] });
    expect(version.trigger).toMatchObject({ name: 'trigger', type: 'EMPTY', valid: false, next: null });
    expect(flow.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(version.updated).toISOString()).toBe(version.updated);
    // No body at all works too.
    expect((await post(t.app, '/api/workflow', undefined, { token })).statusCode).toBe(201);
  });

  it('keeps SQL-looking and unicode names verbatim (trimmed), and a folder id', async () => {
    const folder = (await post(t.app, '/api/folders', { displayName: 'Created into' }, { token })).json<{ id: string }>();
    for (const name of ["Robert'); DROP TABLE flows;--", 'Überweisung 💸 日本語', '%_\\']) {
      const response = await post(t.app, '/api/workflow', { displayName: `  ${name} `, folderId: folder.id }, { token });
      expect(response.statusCode).toBe(201);
      expect(response.json<{ flow: Flow }>().flow).toMatchObject({ displayName: name, folderId: folder.id });
    }
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await snapshot(t);
    const bad: unknown[] = [
      { displayName: 42 },
      { displayName: '' },
      { displayName: '   ' },
      { displayName: 'x'.repeat(256) },
      { displayName: 'nul\u0000byte' },
      { displayName: 'lone \uD800 surrogate' },
      { folderId: 7 },
      { folderId: 'f'.repeat(101) },
      [],
      'text',
      42,
    ];
    for (const body of bad) await expectRefused(await post(t.app, '/api/workflow', body, { token }), 400);
    await expectRefused(await post(t.app, '/api/workflow', '{not json', { token }), 400);
    expect(await snapshot(t)).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    await expectRefused(await post(t.app, '/api/workflow', {}), 401, 'INVALID_BEARER_TOKEN');
    await expectRefused(await post(t.app, '/api/workflow', {}, { token: 'not-a-token' }), 401, 'INVALID_BEARER_TOKEN');
  });
});

describe('GET /api/workflow/{id}', () => {
  it('answers the flow and its latest version with ids as text', async () => {
    const { flow, version } = await createFlow(t, token, 'Read me');
    const response = await get(t.app, `/api/workflow/${flow.id}`, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ flow, version });
  });

  it('answers 404 FLOW_NOT_FOUND for an unknown id and for a malformed one alike (issue 16)', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid', "1'%20OR%20'1'='1"]) {
      const reply = await get(t.app, `/api/workflow/${id}`, { token });
      expect({ id, status: reply.statusCode, body: reply.json() }).toEqual({ id, status: 404, body: NOT_FOUND });
    }
  });
});

describe('GET /api/workflow/paginate', () => {
  let other: string;
  beforeAll(async () => {
    ({ token: other } = await signedInUser(t.app, 'Paginator'));
    for (const name of ['Alpha report', 'beta REPORT', 'Gamma', '100% done_ok', 'Δelta Ünicode']) await createFlow(t, other, name);
  });

  it('pages the newest updates first with the total', async () => {
    const first = await get(t.app, '/api/workflow/paginate?page=1&limit=2', { token: other });
    expect(first.statusCode).toBe(200);
    const body = first.json<{ data: Array<Flow & { version: unknown }>; total: number; page: number; limit: number }>();
    expect(body).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(body.data.map((f) => f.displayName)).toEqual(['Δelta Ünicode', '100% done_ok']);
    expect(body.data[0]!.version).toMatchObject({ state: 'DRAFT', valid: false });
    const third = await get(t.app, '/api/workflow/paginate?page=3&limit=2', { token: other });
    expect(third.json<{ data: Flow[] }>().data.map((f) => f.displayName)).toEqual(['Alpha report']);
    const beyond = await get(t.app, '/api/workflow/paginate?page=9&limit=2', { token: other });
    expect(beyond.json()).toMatchObject({ data: [], total: 5 });
  });

  it('defaults to page 1 of 10 and moves an updated flow to the top', async () => {
    const all = (await get(t.app, '/api/workflow/paginate', { token: other })).json<{ data: Flow[]; limit: number }>();
    expect(all.limit).toBe(10);
    const gamma = all.data.find((f) => f.displayName === 'Gamma')!;
    await put(t.app, '/api/workflow', { id: gamma.id, displayName: 'Gamma renamed' }, { token: other });
    const after = (await get(t.app, '/api/workflow/paginate', { token: other })).json<{ data: Flow[] }>();
    expect(after.data[0]!.displayName).toBe('Gamma renamed');
  });

  it('filters by a case-insensitive substring of the name, taking % and _ literally', async () => {
    const names = async (query: string) =>
      (await get(t.app, `/api/workflow/paginate?${query}`, { token: other })).json<{ data: Flow[]; total: number }>();
    expect((await names('name=report')).data.map((f) => f.displayName).sort()).toEqual(['Alpha report', 'beta REPORT']);
    expect((await names('name=REPORT')).total).toBe(2);
    expect((await names(`name=${encodeURIComponent('%')}`)).data.map((f) => f.displayName)).toEqual(['100% done_ok']);
    expect((await names('name=_')).data.map((f) => f.displayName)).toEqual(['100% done_ok']);
    expect((await names(`name=${encodeURIComponent('Ünicode')}`)).total).toBe(1);
    expect((await names(`name=${encodeURIComponent("' OR 1=1 --")}`)).total).toBe(0);
    expect((await names('name=')).total).toBe(5);
  });

  it('filters by status', async () => {
    const { token: own } = await signedInUser(t.app, 'Status filter');
    await createFlow(t, own, 'Off');
    await publishedFlow(t, own, chain(1), true);
    const enabled = (await get(t.app, '/api/workflow/paginate?status=ENABLED', { token: own })).json<{ data: Flow[]; total: number }>();
    expect(enabled.data.map((f) => f.status)).toEqual(['ENABLED']);
    const disabled = (await get(t.app, '/api/workflow/paginate?status=DISABLED', { token: own })).json<{ total: number }>();
    expect(disabled.total).toBe(1);
    expect((await get(t.app, '/api/workflow/paginate?status=', { token: own })).json<{ total: number }>().total).toBe(2);
  });

  it('refuses bad paging and filters', async () => {
    for (const query of ['limit=101', 'limit=0', 'page=0', 'page=-1', 'page=abc', 'limit=1.5', 'status=PAUSED', `name=${'x'.repeat(256)}`]) {
      await expectRefused(await get(t.app, `/api/workflow/paginate?${query}`, { token: other }), 400);
    }
    await expectRefused(await get(t.app, '/api/workflow/paginate'), 401, 'INVALID_BEARER_TOKEN');
  });
});

describe('PUT /api/workflow', () => {
  it('renames the draft and moves the flow to a folder', async () => {
    const { flow, version } = await createFlow(t, token, 'Before');
    const reports = (await post(t.app, '/api/folders', { displayName: 'Reports' }, { token })).json<{ id: string }>();
    const response = await put(t.app, '/api/workflow', { id: flow.id, displayName: 'After', folderId: reports.id }, { token });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ flow: Flow; version: Version }>();
    expect(body.flow).toMatchObject({ id: flow.id, displayName: 'After', folderId: reports.id });
    expect(body.version).toMatchObject({ id: version.id, displayName: 'After', state: 'DRAFT' });
    expect(body.version.updated > version.updated).toBe(true);
    const cleared = await put(t.app, '/api/workflow', { id: flow.id, folderId: null }, { token });
    expect(cleared.json<{ flow: Flow }>().flow).toMatchObject({ folderId: null, displayName: 'After' });
  });

  it('renames a published flow through a new draft, leaving the locked version alone', async () => {
    const { flow, version } = await publishedFlow(t, token, chain(2));
    const response = await put(t.app, '/api/workflow', { id: flow.id, displayName: 'Renamed live' }, { token });
    const body = response.json<{ flow: Flow; version: Version }>();
    expect(body.version).toMatchObject({ state: 'DRAFT', displayName: 'Renamed live', steps: version.steps });
    expect(body.version.id).not.toBe(version.id);
    expect(body.flow.publishedVersionId).toBe(version.id);
    const versions = (await get(t.app, `/api/workflow/${flow.id}/versions`, { token })).json<{ versions: Version[] }>();
    expect(versions.versions.map((v) => [v.state, v.displayName])).toEqual([
      ['DRAFT', 'Renamed live'],
      ['LOCKED', 'Chain'],
    ]);
  });

  it('refuses bad input and unknown ids', async () => {
    const { flow } = await createFlow(t, token);
    const before = await snapshot(t);
    for (const body of [{}, { id: 'nope' }, { id: flow.id, displayName: '' }, { id: flow.id, displayName: 5 }, { id: flow.id, folderId: [] }]) {
      await expectRefused(await put(t.app, '/api/workflow', body, { token }), 400);
    }
    const unknown = await put(t.app, '/api/workflow', { id: UNKNOWN_ID, displayName: 'x' }, { token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(NOT_FOUND);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('DELETE /api/workflow/{id}', () => {
  it('deletes the flow with its versions, runs and variables', async () => {
    const { flow, version } = await publishedFlow(t, token, chain(1));
    await insertRun(t.db, userId, { flowId: flow.id, versionId: version.id, status: 'SUCCEEDED', startTime: new Date(), steps: [] });
    const variable = await post(t.app, '/api/variables', { name: 'LOCAL', type: 'STRING', value: 'x', workflow_id: flow.id }, { token });
    expect(variable.statusCode).toBe(201);
    const response = await del(t.app, `/api/workflow/${flow.id}`, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const left = await t.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM flow_versions WHERE flow_id = $1) + (SELECT count(*) FROM flow_runs WHERE flow_id = $1)
            + (SELECT count(*) FROM variables WHERE flow_id = $1) AS n`,
      [flow.id],
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
    expect((await get(t.app, `/api/workflow/${flow.id}`, { token })).statusCode).toBe(404);
    expect((await del(t.app, `/api/workflow/${flow.id}`, { token })).json()).toEqual(NOT_FOUND);
  });

  it('answers a malformed id like a missing one', async () => {
    await expectRefused(await del(t.app, '/api/workflow/123', { token }), 404, 'FLOW_NOT_FOUND');
  });
});

describe('POST /api/workflow/import', () => {
  it('imports an Activepieces export as a new draft', async () => {
    const file = JSON.parse(await readFile(join(import.meta.dirname, 'fixtures', 'activepieces-flow.json'), 'utf8'));
    const response = await post(t.app, '/api/workflow/import', file, { token });
    expect(response.statusCode).toBe(201);
    const { flow, version } = response.json<{ flow: Flow; version: Version }>();
    expect(flow).toMatchObject({ displayName: 'Daily orders digest', status: 'DISABLED', publishedVersionId: null });
    // Judged on import, whatever the file says: its Slack step names a piece Flowsmith does not have.
    expect(version).toMatchObject({ state: 'DRAFT', valid: false, schemaVersion: '1', flowId: flow.id });
    expect(version.steps.filter((s) => !s.valid).map((s) => s.name)).toEqual(['step_5']);
    expect(version.id).not.toBe(file.id);
    expect(version.trigger).toMatchObject({ type: 'PIECE_TRIGGER', next: 'step_1' });
    expect(version.steps.map((s) => [s.name, s.type])).toEqual([
      ['step_1', 'PIECE'],
      ['step_2', 'LOOP_ON_ITEMS'],
      ['step_3', 'ROUTER'],
      ['step_4', 'CODE'],
      ['step_5', 'PIECE'],
    ]);
    const router = version.steps.find((s) => s.name === 'step_3') as unknown as { children: unknown[] };
    expect(router.children).toEqual(['step_4', null]);
    // Settings come through untouched, unknown fields included.
    expect(version.steps[0]!.settings).toMatchObject({ pieceType: 'OFFICIAL', errorHandlingOptions: { retryOnFailure: { value: true } } });
  });

  it('imports a template file and round-trips our own export', async () => {
    const file = JSON.parse(await readFile(join(import.meta.dirname, 'fixtures', 'activepieces-flow.json'), 'utf8'));
    const template = await post(t.app, '/api/workflow/import', { name: 'Digest', template: file }, { token });
    expect(template.statusCode).toBe(201);
    const { version } = template.json<{ version: Version }>();
    const exported = toNestedFlow(flatOf({ displayName: 'Exported', trigger: version.trigger, steps: version.steps }));
    const again = await post(t.app, '/api/workflow/import', exported, { token });
    expect(again.statusCode).toBe(201);
    expect(again.json<{ version: Version }>().version.steps).toEqual(version.steps);
  });

  it('imports a 10,000-step chain sent as toNestedFlowJson text', async () => {
    const text = toNestedFlowJson(flatOf(chain(10_000)));
    expect(text.length).toBeGreaterThan(1_000_000);
    const response = await post(t.app, '/api/workflow/import', text, { token });
    expect(response.statusCode).toBe(201);
    const { flow, version } = response.json<{ flow: Flow; version: Version }>();
    expect(version.steps).toHaveLength(10_000);
    expect(version.valid).toBe(true);
    const read = await readFlow(t, token, flow.id);
    expect(read.version.steps[9_999]).toMatchObject({ name: 'step_10000', next: null });
  });

  it('refuses what fromNestedFlow refuses, with its message, and writes nothing', async () => {
    const before = await snapshot(t);
    const cases: Array<[unknown, RegExp]> = [
      [{ trigger: { type: 'EMPTY', displayName: 'x', settings: {} } }, /displayName/],
      [{ displayName: 'No trigger' }, /trigger/i],
      [{ displayName: 'Bad step', trigger: { type: 'EMPTY', displayName: 't', nextAction: { name: 'step_1', type: 'TELEPORT', displayName: 'x', settings: {} } } }, /TELEPORT/],
      [
        {
          displayName: 'Twice',
          trigger: {
            type: 'EMPTY',
            displayName: 't',
            nextAction: { name: 'step_1', type: 'CODE', displayName: 'a', settings: {}, nextAction: { name: 'step_1', type: 'CODE', displayName: 'b', settings: {} } },
          },
        },
        /Two steps are named 'step_1'/,
      ],
      [[1, 2], /object/],
      [{ displayName: 'nul \u0000 name', trigger: { type: 'EMPTY', displayName: 't', settings: {} } }, /cannot be stored/],
      [{ displayName: 'ok', trigger: { type: 'EMPTY', displayName: 't', settings: { note: 'half \uD800' } } }, /cannot be stored/],
    ];
    for (const [body, message] of cases) {
      const response = await post(t.app, '/api/workflow/import', body, { token });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(message) });
    }
    await expectRefused(await post(t.app, '/api/workflow/import', 'null', { token }), 400);
    await expectRefused(await post(t.app, '/api/workflow/import', '{"displayName":', { token }), 400);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a body over 20 MiB with 413', async () => {
    const huge = JSON.stringify({ displayName: 'x'.repeat(21 * 1024 * 1024), trigger: {} });
    const response = await post(t.app, '/api/workflow/import', huge, { token });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('POST /api/workflow/{id}/duplicate', () => {
  it("copies the latest version into a disabled draft named '<name> Copy'", async () => {
    const source = await publishedFlow(t, token, { ...chain(3), displayName: 'Nightly' }, true);
    const response = await post(t.app, `/api/workflow/${source.flow.id}/duplicate`, undefined, { token });
    expect(response.statusCode).toBe(201);
    const { flow, version } = response.json<{ flow: Flow; version: Version }>();
    expect(flow).toMatchObject({ displayName: 'Nightly Copy', status: 'DISABLED', publishedVersionId: null });
    expect(flow.id).not.toBe(source.flow.id);
    expect(version).toMatchObject({ state: 'DRAFT', valid: true, trigger: source.version.trigger, steps: source.version.steps });
  });

  it('answers 404 for an unknown flow and for a malformed id alike', async () => {
    expect((await post(t.app, `/api/workflow/${UNKNOWN_ID}/duplicate`, undefined, { token })).json()).toEqual(NOT_FOUND);
    expect((await post(t.app, '/api/workflow/x/duplicate', undefined, { token })).json()).toEqual(NOT_FOUND);
  });
});

describe('versions', () => {
  it('lists versions newest first with the published one as active', async () => {
    const { flow, version } = await publishedFlow(t, token, chain(2));
    const draft = await post(t.app, '/api/workflow/version', { workflow_id: flow.id }, { token });
    expect(draft.statusCode).toBe(201);
    const response = await get(t.app, `/api/workflow/${flow.id}/versions`, { token });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ versions: Array<Record<string, unknown>>; activeVersionId: string }>();
    expect(body.activeVersionId).toBe(version.id);
    expect(body.versions.map((v) => v.state)).toEqual(['DRAFT', 'LOCKED']);
    expect(Object.keys(body.versions[0]!).sort()).toEqual(['created', 'displayName', 'flowId', 'id', 'state', 'updated', 'valid']);
    expect(body.versions[1]).toMatchObject({ id: version.id, flowId: flow.id });
  });

  it('use as draft copies a version into the one draft, replacing an existing draft', async () => {
    const { flow, version: v1 } = await publishedFlow(t, token, chain(1));
    const draft = (await post(t.app, '/api/workflow/version', { workflow_id: flow.id }, { token })).json<{ version: Version }>().version;
    expect(draft).toMatchObject({ state: 'DRAFT', steps: v1.steps });
    const saved = await autosave(t, token, draft, chain(3));
    expect(saved.statusCode).toBe(200);
    // Back to v1: the same draft row, v1's content, a newer stamp.
    const back = await post(t.app, '/api/workflow/version', { workflow_id: flow.id, from_version_id: v1.id }, { token });
    expect(back.statusCode).toBe(201);
    const replaced = back.json<{ version: Version }>().version;
    expect(replaced).toMatchObject({ id: draft.id, state: 'DRAFT', steps: v1.steps });
    expect(replaced.updated > saved.json<{ version: Version }>().version.updated).toBe(true);
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM flow_versions WHERE flow_id = $1 AND state = 'DRAFT'`, [flow.id]);
    expect(rows[0]!.n).toBe(1);
    // The draft from itself is a no-op.
    const same = await post(t.app, '/api/workflow/version', { workflow_id: flow.id }, { token });
    expect(same.json<{ version: Version }>().version).toEqual(replaced);
  });

  it('refuses unknown flows, versions of another flow and bad bodies', async () => {
    const a = await createFlow(t, token, 'A');
    const b = await createFlow(t, token, 'B');
    const before = await snapshot(t);
    expect((await post(t.app, '/api/workflow/version', { workflow_id: UNKNOWN_ID }, { token })).json()).toEqual(NOT_FOUND);
    const foreign = await post(t.app, '/api/workflow/version', { workflow_id: a.flow.id, from_version_id: b.version.id }, { token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'ENTITY_NOT_FOUND', message: 'Version not found' });
    for (const body of [{}, { workflow_id: 'x' }, { workflow_id: a.flow.id, from_version_id: 3 }]) {
      await expectRefused(await post(t.app, '/api/workflow/version', body, { token }), 400);
    }
    expect((await get(t.app, `/api/workflow/${UNKNOWN_ID}/versions`, { token })).json()).toEqual(NOT_FOUND);
    expect(await snapshot(t)).toEqual(before);
  });

  it('renames a draft version but not a locked one', async () => {
    const { version } = await createFlow(t, token, 'Version name');
    const renamed = await put(t.app, '/api/workflow/version', { version_id: version.id, display_name: 'New name' }, { token });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<{ version: Version }>().version).toMatchObject({ id: version.id, displayName: 'New name' });
    const published = await publishedFlow(t, token, chain(1));
    const locked = await put(t.app, '/api/workflow/version', { version_id: published.version.id, display_name: 'x' }, { token });
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({ code: 'FLOW_OPERATION_INVALID' });
    const unknown = await put(t.app, '/api/workflow/version', { version_id: UNKNOWN_ID, display_name: 'x' }, { token });
    expect(unknown.json()).toEqual({ code: 'ENTITY_NOT_FOUND', message: 'Version not found' });
    for (const body of [{ version_id: version.id }, { version_id: version.id, display_name: '' }, { display_name: 'x' }]) {
      await expectRefused(await put(t.app, '/api/workflow/version', body, { token }), 400);
    }
  });
});

describe('routing', () => {
  it('answers unknown methods on workflow paths as JSON errors', async () => {
    const response = await send(t.app, 'DELETE', '/api/workflow', undefined, { token });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'ENTITY_NOT_FOUND' });
  });
});
