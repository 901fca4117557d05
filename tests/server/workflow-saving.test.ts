/**
 * Saving a workflow (SPEC §4 "Saving", §7): autosave re-validated by the domain, conflicts between tabs
 * (409 on a stale stamp, `overwrite` to keep one's own), saving onto a published version, publish, and
 * enabling (TRIGGER_ENABLE) — on a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { flowSchema, fromStoredVersion, type StoredFlowContent } from '../../src/domain/index.ts';
import { get, post, put, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import {
  autosave,
  chain,
  codeStep,
  createFlow,
  emptyTrigger,
  publishedFlow,
  readFlow,
  scheduleTrigger,
  snapshot,
  UNKNOWN_ID,
  type Flow,
  type Version,
} from './flows.ts';

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer();
  ({ token } = await signedInUser(t.app));
});
afterAll(async () => {
  await t?.close();
});

type Saved = { newVersionCreated: boolean; version: Version };
const STALE = { code: 'FLOW_OPERATION_INVALID', message: 'This version was changed in another tab or device' };
const TRIGGER_ENABLE = { code: 'TRIGGER_ENABLE', message: 'Publish a version with a valid trigger before enabling this workflow' };

describe('POST /api/workflow/version/autosave', () => {
  it('stores the configuration as the domain rebuilds it, with validity from the steps', async () => {
    const { flow, version } = await createFlow(t, token);
    const content = chain(3);
    const response = await autosave(t, token, version, { ...content, displayName: 'Saved name' });
    expect(response.statusCode).toBe(200);
    const saved = response.json<Saved>();
    expect(saved.newVersionCreated).toBe(false);
    expect(saved.version).toMatchObject({ id: version.id, displayName: 'Saved name', state: 'DRAFT', valid: true, steps: content.steps });
    expect(saved.version.updated > version.updated).toBe(true);
    expect(await readFlow(t, token, flow.id)).toMatchObject({ flow: { displayName: 'Saved name' }, version: saved.version });
    // The editor worker reads replies with the domain's parsers (src/worker/editor.worker.ts).
    const parsed = fromStoredVersion(saved.version);
    expect(parsed).toMatchObject({ id: version.id, flowId: flow.id, updated: saved.version.updated, valid: true, invalidCount: 0 });

    // One invalid step makes the version invalid, whatever the client claims.
    const invalid: StoredFlowContent = { ...content, steps: [codeStep(1, 2), codeStep(2, 3, false), codeStep(3)] };
    const again = (await autosave(t, token, saved.version, invalid)).json<Saved>();
    expect(again.version.valid).toBe(false);
  });

  it('answers only the version’s head with ?reply=head, and stores the whole flow all the same', async () => {
    const { flow, version } = await createFlow(t, token);
    const content = chain(3);
    const response = await post(t.app, '/api/workflow/version/autosave?reply=head', { version_id: version.id, configuration: content, display_name: 'Head only', updated: version.updated }, { token });
    expect(response.statusCode).toBe(200);
    const saved = response.json<{ newVersionCreated: boolean; version: Record<string, unknown> }>();
    expect(saved.newVersionCreated).toBe(false);
    expect(saved.version).toMatchObject({ id: version.id, flowId: flow.id, displayName: 'Head only', state: 'DRAFT', valid: true });
    expect(saved.version.updated! > version.updated).toBe(true);
    expect(saved.version).not.toHaveProperty('steps');
    expect(saved.version).not.toHaveProperty('trigger');
    expect(await readFlow(t, token, flow.id)).toMatchObject({ version: { id: version.id, steps: content.steps } });
    const refused = await post(t.app, '/api/workflow/version/autosave?reply=all', { version_id: version.id, configuration: content, display_name: 'No' }, { token });
    expect(refused.statusCode).toBe(400);
  });

  it('bumps the stamp on every save, even twice in one millisecond', async () => {
    const { version } = await createFlow(t, token);
    let current = version;
    const stamps = new Set<string>([version.updated]);
    for (let i = 0; i < 5; i++) {
      current = (await autosave(t, token, current, chain(1))).json<Saved>().version;
      stamps.add(current.updated);
    }
    expect(stamps.size).toBe(6);
    // Forced into one millisecond: the stored stamp is in the future, so now() is not past it.
    await t.db.query(`UPDATE flow_versions SET updated = date_trunc('milliseconds', now()) + interval '1 hour' WHERE id = $1`, [version.id]);
    const first = (await autosave(t, token, { id: version.id, updated: undefined as unknown as string }, chain(1))).json<Saved>().version;
    const second = (await autosave(t, token, first, chain(2))).json<Saved>().version;
    expect(new Date(second.updated).getTime() - new Date(first.updated).getTime()).toBe(1);
  });

  it('answers 409 to a stale save and writes nothing; overwrite keeps the sender’s work', async () => {
    const { version } = await createFlow(t, token);
    const tabA = (await autosave(t, token, version, chain(1))).json<Saved>().version;
    // Tab B still holds the original stamp.
    const before = await snapshot(t);
    const stale = await autosave(t, token, version, chain(2));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual(STALE);
    expect(await snapshot(t)).toEqual(before);
    // Tab B chose to keep its changes.
    const kept = await autosave(t, token, version, chain(2), { overwrite: true });
    expect(kept.statusCode).toBe(200);
    expect(kept.json<Saved>().version.steps).toHaveLength(2);
    // Now tab A is the stale one: it is told, not silently overwritten.
    expect((await autosave(t, token, tabA, chain(3))).statusCode).toBe(409);
    // A save without a stamp is not checked (a client that does not track stamps).
    expect((await autosave(t, token, { id: version.id, updated: undefined as unknown as string }, chain(3))).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent saves on one stamp through', async () => {
    const { version } = await createFlow(t, token);
    const results = await Promise.all([autosave(t, token, version, chain(1)), autosave(t, token, version, chain(2))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('saving onto a published (locked) version creates the draft', async () => {
    const { flow, version: published } = await publishedFlow(t, token, chain(2));
    const response = await autosave(t, token, published, chain(3));
    expect(response.statusCode).toBe(200);
    const saved = response.json<Saved>();
    expect(saved.newVersionCreated).toBe(true);
    expect(saved.version).toMatchObject({ state: 'DRAFT', flowId: flow.id, valid: true });
    expect(saved.version.id).not.toBe(published.id);
    expect(saved.version.steps).toHaveLength(3);
    const read = await readFlow(t, token, flow.id);
    expect(read.version.id).toBe(saved.version.id);
    expect(read.flow.publishedVersionId).toBe(published.id);
    const locked = await t.db.query<{ content: { steps: unknown[] }; state: string }>('SELECT content, state FROM flow_versions WHERE id = $1', [
      published.id,
    ]);
    expect(locked.rows[0]).toMatchObject({ state: 'LOCKED' });
    expect(locked.rows[0]!.content.steps).toHaveLength(2);

    // Another tab, still on the locked version, would replace that draft: 409, unless it insists.
    const before = await snapshot(t);
    expect((await autosave(t, token, published, chain(1))).json()).toEqual(STALE);
    expect(await snapshot(t)).toEqual(before);
    const insisted = (await autosave(t, token, published, chain(1), { overwrite: true })).json<Saved>();
    expect(insisted).toMatchObject({ newVersionCreated: true, version: { id: saved.version.id } });
    expect(insisted.version.steps).toHaveLength(1);
  });

  it('refuses an invalid configuration with 400 VALIDATION and writes nothing', async () => {
    const { version } = await createFlow(t, token);
    const good = chain(2);
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 200; i++) cursor = cursor.x = {} as Record<string, unknown>;
    const configurations: unknown[] = [
      { displayName: 'x', steps: [] },
      { ...good, trigger: { ...good.trigger, type: 'WEBHOOK' } },
      { ...good, steps: [codeStep(1, 9)] },
      { ...good, trigger: { ...good.trigger, next: 'step_2' } },
      { ...good, steps: [codeStep(1, 1), codeStep(2)] },
      { ...good, steps: [codeStep(1, 2), codeStep(2, 1)] },
      { ...good, steps: [{ ...codeStep(1), name: 'http_request' }, codeStep(2)] },
      { ...good, steps: [codeStep(1, 2), codeStep(2), codeStep(2)] },
      { ...good, steps: [codeStep(1, 2), { ...codeStep(2), type: 'LOOP_ON_ITEMS', settings: {} }] },
      { ...good, steps: [codeStep(1, 2), { ...codeStep(2), settings: { input: deep } }] },
      { ...good, steps: [codeStep(1, 2), { ...codeStep(2), displayName: 'nul \u0000' }] },
      { ...good, steps: [codeStep(1, 2), { ...codeStep(2), settings: { input: { text: 'half \uDC00 pair' } } }] },
      { ...good, steps: 'many' },
    ];
    const before = await snapshot(t);
    for (const configuration of configurations) {
      const response = await autosave(t, token, version, configuration as StoredFlowContent);
      expect({ status: response.statusCode, code: response.json<{ code: string }>().code }).toEqual({ status: 400, code: 'VALIDATION' });
      expect(response.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
    expect(await snapshot(t)).toEqual(before);
    expect((await readFlow(t, token, version.flowId)).version.updated).toBe(version.updated);
  });

  it('refuses malformed requests and unknown versions', async () => {
    const { version } = await createFlow(t, token);
    const good = { version_id: version.id, configuration: chain(1), display_name: 'x' };
    const before = await snapshot(t);
    for (const body of [
      {},
      { ...good, version_id: 'abc' },
      { ...good, configuration: [] },
      { ...good, configuration: 'text' },
      { ...good, display_name: 7 },
      { ...good, display_name: 'n'.repeat(256) },
      { ...good, updated: 'yesterday' },
      { ...good, overwrite: false },
    ]) {
      const response = await post(t.app, '/api/workflow/version/autosave', body, { token });
      expect({ body, status: response.statusCode }).toMatchObject({ status: 400 });
    }
    const unknown = await post(t.app, '/api/workflow/version/autosave', { ...good, version_id: UNKNOWN_ID }, { token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'ENTITY_NOT_FOUND', message: 'Version not found' });
    expect(await snapshot(t)).toEqual(before);
    // An empty name is what the editor may hold mid-typing: saved as is.
    expect((await post(t.app, '/api/workflow/version/autosave', { ...good, display_name: '' }, { token })).statusCode).toBe(200);
  });

  it('saves a 10,000-step configuration', async () => {
    const { version } = await createFlow(t, token);
    const response = await autosave(t, token, version, chain(10_000));
    expect(response.statusCode).toBe(200);
    expect(response.json<Saved>().version.steps).toHaveLength(10_000);
  });
});

describe('POST /api/workflow/publish', () => {
  it('locks the valid draft and makes it the published version', async () => {
    const { flow, version } = await createFlow(t, token, 'To publish');
    await autosave(t, token, version, { ...chain(2), displayName: 'To publish' });
    const response = await post(t.app, '/api/workflow/publish', { workflow_id: flow.id, version_id: version.id }, { token });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ workflow: Flow; version: Version }>();
    expect(body.workflow).toMatchObject({ id: flow.id, publishedVersionId: version.id, status: 'DISABLED', displayName: 'To publish' });
    expect(body.version).toMatchObject({ id: version.id, state: 'LOCKED', valid: true });
    expect(flowSchema.parse(body.workflow)).toMatchObject({ id: flow.id, publishedVersionId: version.id });
    expect(fromStoredVersion(body.version).state).toBe('LOCKED');
    const versions = (await get(t.app, `/api/workflow/${flow.id}/versions`, { token })).json<{ activeVersionId: string }>();
    expect(versions.activeVersionId).toBe(version.id);
    // Publishing it again: it is no longer a draft.
    const again = await post(t.app, '/api/workflow/publish', { workflow_id: flow.id, version_id: version.id }, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'FLOW_OPERATION_INVALID' });
  });

  it('refuses an invalid draft, naming the first invalid step', async () => {
    const { flow, version } = await createFlow(t, token);
    const before = await snapshot(t);
    const empty = await post(t.app, '/api/workflow/publish', { workflow_id: flow.id, version_id: version.id }, { token });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'FLOW_OPERATION_INVALID', message: expect.stringContaining("'trigger'") });
    const saved = (await autosave(t, token, version, { ...chain(2), steps: [codeStep(1, 2), codeStep(2, null, false)] })).json<Saved>();
    const invalid = await post(t.app, '/api/workflow/publish', { workflow_id: flow.id, version_id: saved.version.id }, { token });
    expect(invalid.json()).toMatchObject({ code: 'FLOW_OPERATION_INVALID', message: expect.stringContaining("'step_2'") });
    expect((await readFlow(t, token, flow.id)).flow.publishedVersionId).toBeNull();
    expect((await snapshot(t)).flows).toEqual(before.flows);
  });

  it('refuses unknown ids, a version of another flow, and bad bodies', async () => {
    const a = await createFlow(t, token);
    const b = await createFlow(t, token);
    await autosave(t, token, b.version, chain(1));
    const before = await snapshot(t);
    const wrongFlow = await post(t.app, '/api/workflow/publish', { workflow_id: a.flow.id, version_id: b.version.id }, { token });
    expect(wrongFlow.json()).toEqual({ code: 'ENTITY_NOT_FOUND', message: 'Version not found' });
    const unknown = await post(t.app, '/api/workflow/publish', { workflow_id: UNKNOWN_ID, version_id: b.version.id }, { token });
    expect(unknown.json()).toEqual({ code: 'FLOW_NOT_FOUND', message: 'Workflow not found' });
    for (const body of [{}, { workflow_id: a.flow.id }, { workflow_id: 'x', version_id: 'y' }]) {
      expect((await post(t.app, '/api/workflow/publish', body, { token })).statusCode).toBe(400);
    }
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('PUT /api/workflow/status', () => {
  it('enables a workflow only after a version with a valid trigger is published', async () => {
    const { flow, version } = await createFlow(t, token);
    const refused = await put(t.app, '/api/workflow/status', { id: flow.id, status: 'ENABLED' }, { token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(TRIGGER_ENABLE);
    await autosave(t, token, version, chain(1));
    await post(t.app, '/api/workflow/publish', { workflow_id: flow.id, version_id: version.id }, { token });
    const enabled = await put(t.app, '/api/workflow/status', { id: flow.id, status: 'ENABLED' }, { token });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json<{ flow: Flow }>().flow).toMatchObject({ id: flow.id, status: 'ENABLED', publishedVersionId: version.id });
    const disabled = await put(t.app, '/api/workflow/status', { id: flow.id, status: 'DISABLED' }, { token });
    expect(disabled.json<{ flow: Flow }>().flow.status).toBe('DISABLED');
  });

  it('refuses ENABLED when the trigger is EMPTY, even one marked valid: such a version cannot even be published', async () => {
    const { flow, version } = await createFlow(t, token, 'Empty trigger');
    const saved = (await autosave(t, token, version, chain(1, { ...emptyTrigger(), valid: true }))).json<Saved>().version;
    expect(saved).toMatchObject({ valid: false, trigger: { valid: false } });
    const published = await post(t.app, '/api/workflow/publish', { workflow_id: flow.id, version_id: saved.id }, { token });
    expect(published.json()).toEqual({ code: 'FLOW_OPERATION_INVALID', message: "Every step must be valid before publishing ('trigger' is not)" });
    const before = await snapshot(t);
    expect((await put(t.app, '/api/workflow/status', { id: flow.id, status: 'ENABLED' }, { token })).json()).toEqual(TRIGGER_ENABLE);
    expect(await snapshot(t)).toEqual(before);
  });

  it('keeps the published version enabled while a new draft is edited, and checks the published trigger', async () => {
    const { flow, version } = await publishedFlow(t, token, chain(1, scheduleTrigger()), true);
    const draft = (await autosave(t, token, version, chain(1, emptyTrigger()))).json<Saved>().version;
    expect(draft.state).toBe('DRAFT');
    expect((await readFlow(t, token, flow.id)).flow.status).toBe('ENABLED');
    expect((await put(t.app, '/api/workflow/status', { id: flow.id, status: 'ENABLED' }, { token })).statusCode).toBe(200);
  });

  it('refuses bad bodies and unknown ids', async () => {
    const { flow } = await createFlow(t, token);
    for (const body of [{ id: flow.id }, { id: flow.id, status: 'PAUSED' }, { id: flow.id, status: 'enabled' }, { status: 'DISABLED' }]) {
      expect((await put(t.app, '/api/workflow/status', body, { token })).statusCode).toBe(400);
    }
    const unknown = await put(t.app, '/api/workflow/status', { id: UNKNOWN_ID, status: 'DISABLED' }, { token });
    expect(unknown.json()).toEqual({ code: 'FLOW_NOT_FOUND', message: 'Workflow not found' });
  });
});
