/**
 * A user only ever sees their own data: for every endpoint of the workflow, variable and template
 * services, a second user sending the first user's ids gets exactly the reply an unknown id gets
 * (404 with the same body), and nothing of the first user's changes.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { insertRun } from '../../server/runs/runs-repository.ts';
import { del, get, post, put, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { autosave, chain, createFlow, publishedFlow, scheduleTrigger, UNKNOWN_ID } from './flows.ts';

let t: TestServer;
let a: { id: string; token: string };
let b: { id: string; token: string };
/** The first user's ids. */
const A = { flow: '', published: '', draft: '', run: '', globalVariable: '', flowVariable: '', privateTemplate: '', publicTemplate: '' };
/** One of the second user's own flows and its draft. */
const B = { flow: '', draft: '' };

/** Everything of the first user, as stored. */
async function firstUsersData(): Promise<unknown> {
  const { rows } = await t.db.query<{ data: unknown }>(
    `SELECT json_build_object(
       'flows', (SELECT json_agg(f ORDER BY f.id) FROM flows f WHERE f.user_id = $1),
       'versions', (SELECT json_agg(v ORDER BY v.id) FROM flow_versions v JOIN flows f ON f.id = v.flow_id WHERE f.user_id = $1),
       'runs', (SELECT json_agg(r ORDER BY r.id) FROM flow_runs r WHERE r.user_id = $1),
       'variables', (SELECT json_agg(x ORDER BY x.id) FROM variables x WHERE x.user_id = $1),
       'templates', (SELECT json_agg(x ORDER BY x.id) FROM templates x WHERE x.user_id = $1)
     ) AS data`,
    [a.id],
  );
  return rows[0]!.data;
}

beforeAll(async () => {
  t = await startTestServer();
  a = await signedInUser(t.app, 'First');
  b = await signedInUser(t.app, 'Second');
  const published = await publishedFlow(t, a.token, chain(2, scheduleTrigger()), true);
  A.flow = published.flow.id;
  A.published = published.version.id;
  A.draft = (await autosave(t, a.token, published.version, chain(3))).json<{ version: { id: string } }>().version.id;
  A.run = await insertRun(t.db, a.id, { flowId: A.flow, versionId: A.published, status: 'SUCCEEDED', startTime: new Date(), steps: [] });
  const variable = (body: Record<string, unknown>) => post(t.app, '/api/variables', body, { token: a.token });
  A.globalVariable = (await variable({ name: 'SHARED_NAME', type: 'STRING', value: 'a-global' })).json<{ id: string }>().id;
  A.flowVariable = (await variable({ name: 'TOKEN', type: 'STRING', value: 'a-secret', sensitive: true, workflow_id: A.flow })).json<{ id: string }>().id;
  const template = (visibility: string) =>
    post(t.app, '/api/templates', { workflow_id: A.flow, title: `A ${visibility}`, visibility }, { token: a.token });
  A.privateTemplate = (await template('PRIVATE')).json<{ id: string }>().id;
  A.publicTemplate = (await template('PUBLIC')).json<{ id: string }>().id;
  const own = await createFlow(t, b.token, 'Second’s flow');
  B.flow = own.flow.id;
  B.draft = own.version.id;
});
afterAll(async () => {
  await t?.close();
});

/** The second user's request with the first user's id, and with an unknown one, answer alike; nothing changes. */
async function expectAsMissing(request: (id: string) => Promise<LightMyRequestResponse>, theirId: string, status = 404) {
  const before = await firstUsersData();
  const theirs = await request(theirId);
  const missing = await request(UNKNOWN_ID);
  expect(theirs.statusCode).toBe(status);
  expect({ status: theirs.statusCode, body: theirs.json() }).toEqual({ status: missing.statusCode, body: missing.json() });
  expect(await firstUsersData()).toEqual(before);
  return theirs.json<{ code: string }>();
}

const token = () => ({ token: b.token });
const config = chain(1);

describe('the second user cannot read or change the first user’s workflows', () => {
  it('GET /workflow/{id}', async () => {
    expect(await expectAsMissing((id) => get(t.app, `/api/workflow/${id}`, token()), A.flow)).toEqual({ code: 'FLOW_NOT_FOUND', message: 'Workflow not found' });
  });
  it('PUT /workflow', async () => {
    await expectAsMissing((id) => put(t.app, '/api/workflow', { id, displayName: 'Hijacked', folderId: 'x' }, token()), A.flow);
  });
  it('DELETE /workflow/{id}', async () => {
    await expectAsMissing((id) => del(t.app, `/api/workflow/${id}`, token()), A.flow);
  });
  it('POST /workflow/{id}/duplicate', async () => {
    await expectAsMissing((id) => post(t.app, `/api/workflow/${id}/duplicate`, undefined, token()), A.flow);
  });
  it('GET /workflow/{id}/versions', async () => {
    await expectAsMissing((id) => get(t.app, `/api/workflow/${id}/versions`, token()), A.flow);
  });
  it('POST /workflow/version (their flow, or their version into mine)', async () => {
    await expectAsMissing((id) => post(t.app, '/api/workflow/version', { workflow_id: id }, token()), A.flow);
    await expectAsMissing((id) => post(t.app, '/api/workflow/version', { workflow_id: B.flow, from_version_id: id }, token()), A.published);
  });
  it('PUT /workflow/version', async () => {
    await expectAsMissing((id) => put(t.app, '/api/workflow/version', { version_id: id, display_name: 'Hijacked' }, token()), A.draft);
  });
  it('PUT /workflow/status', async () => {
    await expectAsMissing((id) => put(t.app, '/api/workflow/status', { id, status: 'DISABLED' }, token()), A.flow);
  });
  it('POST /workflow/version/autosave (their draft, their locked version, with overwrite)', async () => {
    const save = (id: string) =>
      post(t.app, '/api/workflow/version/autosave', { version_id: id, configuration: config, display_name: 'x', overwrite: true }, token());
    await expectAsMissing(save, A.draft);
    await expectAsMissing(save, A.published);
  });
  it('POST /workflow/publish (their flow, or their version under mine)', async () => {
    await expectAsMissing((id) => post(t.app, '/api/workflow/publish', { workflow_id: id, version_id: A.draft }, token()), A.flow);
    await expectAsMissing((id) => post(t.app, '/api/workflow/publish', { workflow_id: B.flow, version_id: id }, token()), A.draft);
  });
  it('GET /workflow/execution/{id}', async () => {
    await expectAsMissing((id) => get(t.app, `/api/workflow/execution/${id}`, token()), A.run);
  });
  it('GET /workflow/executions?workflow_id= (an empty page, as for an unknown workflow)', async () => {
    await expectAsMissing((id) => get(t.app, `/api/workflow/executions?workflow_id=${id}`, token()), A.flow, 200);
    expect((await get(t.app, '/api/workflow/executions', token())).json()).toMatchObject({ data: [], total: 0 });
  });
  it('GET /workflow/paginate and /workflow/schedules list only their own', async () => {
    const page = (await get(t.app, '/api/workflow/paginate', token())).json<{ data: Array<{ id: string }>; total: number }>();
    expect(page.data.map((f) => f.id)).toEqual([B.flow]);
    expect(page.total).toBe(1);
    expect((await get(t.app, '/api/workflow/schedules', token())).json()).toEqual({ data: [] });
    expect((await get(t.app, '/api/workflow/schedules', { token: a.token })).json<{ data: unknown[] }>().data).toHaveLength(1);
  });
});

describe('the second user cannot read or change the first user’s variables', () => {
  it('GET /variables?workflow_id= and the global list', async () => {
    await expectAsMissing((id) => get(t.app, `/api/variables?workflow_id=${id}`, token()), A.flow);
    expect((await get(t.app, '/api/variables', token())).json()).toEqual({ data: [] });
  });
  it('GET /variables/{id}', async () => {
    await expectAsMissing((id) => get(t.app, `/api/variables/${id}`, token()), A.globalVariable);
    await expectAsMissing((id) => get(t.app, `/api/variables/${id}`, token()), A.flowVariable);
  });
  it('POST /variables into their workflow', async () => {
    await expectAsMissing((id) => post(t.app, '/api/variables', { name: 'X', type: 'STRING', value: 'x', workflow_id: id }, token()), A.flow);
    // Their names do not block mine.
    expect((await post(t.app, '/api/variables', { name: 'SHARED_NAME', type: 'STRING', value: 'b' }, token())).statusCode).toBe(201);
  });
  it('PUT /variables/{id}', async () => {
    await expectAsMissing((id) => put(t.app, `/api/variables/${id}`, { value: 'changed', sensitive: true }, token()), A.globalVariable);
    await expectAsMissing((id) => put(t.app, `/api/variables/${id}`, { name: 'RENAMED' }, token()), A.flowVariable);
  });
  it('DELETE /variables/{id}', async () => {
    await expectAsMissing((id) => del(t.app, `/api/variables/${id}`, token()), A.globalVariable);
  });
});

describe('the second user cannot read or change the first user’s private templates', () => {
  it('POST /templates from their workflow', async () => {
    await expectAsMissing((id) => post(t.app, '/api/templates', { workflow_id: id, title: 'Stolen', visibility: 'PUBLIC' }, token()), A.flow);
  });
  it('GET /templates lists their public template only', async () => {
    const ids = (await get(t.app, '/api/templates', token())).json<{ data: Array<{ id: string }> }>().data.map((x) => x.id);
    expect(ids).toEqual([A.publicTemplate]);
  });
  it('GET /templates/{id}', async () => {
    await expectAsMissing((id) => get(t.app, `/api/templates/${id}`, token()), A.privateTemplate);
  });
  it('POST /templates/{id}/use', async () => {
    await expectAsMissing((id) => post(t.app, `/api/templates/${id}/use`, undefined, token()), A.privateTemplate);
  });
  it('DELETE /templates/{id}, public ones included', async () => {
    await expectAsMissing((id) => del(t.app, `/api/templates/${id}`, token()), A.privateTemplate);
    await expectAsMissing((id) => del(t.app, `/api/templates/${id}`, token()), A.publicTemplate);
  });
});
