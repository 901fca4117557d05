/**
 * `flowsmith/core` over HTTP: a script opens a workflow's draft from a running server with an API key,
 * edits it through the same core the browser's worker runs, and the server holds the edits; another
 * user's workflow is not found.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { AddressInfo } from 'node:net';
import { createAction } from '../../src/domain/flow/index.ts';
import { openWorkflow } from '../../src/worker/headless.ts';
import { createFlow } from './flows.ts';
import { get, PASSWORD, post, registerUser, signIn, startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
let apiUrl: string;

beforeAll(async () => {
  t = await startTestServer();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  await t?.close();
});

async function userWithKey() {
  const user = await registerUser(t.app);
  const { access_token: token } = await signIn(t.app, user.email, user.password);
  const key = (await post(t.app, '/api/api-keys', { name: 'script', scope: 'READ_WRITE', password: PASSWORD }, { token })).json<{ secret: string }>().secret;
  return { token, key };
}

describe('flowsmith/core over the API', () => {
  it("edits a workflow's draft with an API key, and the server keeps the edits", async () => {
    const me = await userWithKey();
    const { flow } = await createFlow(t, me.token, 'Scripted');
    const editor = await openWorkflow({ apiUrl, token: me.key, workflowId: flow.id });
    editor.apply({ type: 'ADD_ACTION', request: { parentStep: 'trigger', action: createAction('CODE', 'step_1') } });
    editor.apply({ type: 'CHANGE_NAME', request: { displayName: 'Scripted and saved' } });
    await editor.close();
    const stored = (await get(t.app, `/api/workflow/${flow.id}`, { token: me.token })).json<{ version: { displayName: string; steps: Array<{ name: string }> } }>();
    expect(stored.version.displayName).toBe('Scripted and saved');
    expect(stored.version.steps.map((step) => step.name)).toEqual(['step_1']);
  });

  it("does not open another user's workflow", async () => {
    const owner = await userWithKey();
    const other = await userWithKey();
    const { flow } = await createFlow(t, owner.token);
    await expect(openWorkflow({ apiUrl, token: other.key, workflowId: flow.id })).rejects.toMatchObject({ status: 404 });
  });
});
