/**
 * GET /api/workflow/{id}/versions/{versionId}: one version in full (the editor's versions panel opens an
 * older version read-only), in the form GET /workflow/{id} sends; scoped to the user and the flow.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { get, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { autosave, chain, createFlow, publishedFlow, readFlow, snapshot, UNKNOWN_ID, type Version } from './flows.ts';

let t: TestServer;
let token: string;
let other: string;

beforeAll(async () => {
  t = await startTestServer();
  ({ token } = await signedInUser(t.app, 'Owner'));
  ({ token: other } = await signedInUser(t.app, 'Other'));
});
afterAll(async () => {
  await t?.close();
});

const VERSION_NOT_FOUND = { code: 'ENTITY_NOT_FOUND', message: 'Version not found' };
const FLOW_NOT_FOUND = { code: 'FLOW_NOT_FOUND', message: 'Workflow not found' };
const url = (flowId: string, versionId: string) => `/api/workflow/${flowId}/versions/${versionId}`;

describe('GET /api/workflow/{id}/versions/{versionId}', () => {
  it('answers the published version and the draft, each as GET /workflow/{id} would send it', async () => {
    const { flow, version: published } = await publishedFlow(t, token, chain(2));
    const draft = (await autosave(t, token, published, chain(3))).json<{ version: Version }>().version;
    expect(draft.state).toBe('DRAFT');

    const shown = await readFlow(t, token, flow.id);
    const draftReply = await get(t.app, url(flow.id, draft.id), { token });
    expect(draftReply.statusCode).toBe(200);
    expect(draftReply.json()).toEqual({ version: shown.version });

    const lockedReply = await get(t.app, url(flow.id, published.id), { token });
    expect(lockedReply.statusCode).toBe(200);
    const locked = lockedReply.json<{ version: Version }>().version;
    expect(locked).toEqual(published);
    expect(locked).toMatchObject({ state: 'LOCKED', flowId: flow.id, steps: chain(2).steps });
    expect(Object.keys(locked).sort()).toEqual(Object.keys(shown.version).sort());
  });

  it('answers 404 Version not found for an unknown version, another flow’s and another user’s version', async () => {
    const a = await createFlow(t, token, 'A');
    const b = await createFlow(t, token, 'B');
    const foreign = await createFlow(t, other, 'Not yours');
    const before = await snapshot(t);
    for (const versionId of [UNKNOWN_ID, b.version.id, foreign.version.id]) {
      const reply = await get(t.app, url(a.flow.id, versionId), { token });
      expect({ status: reply.statusCode, body: reply.json() }).toEqual({ status: 404, body: VERSION_NOT_FOUND });
    }
    // Another user's flow answers exactly like an unknown flow (as GET /workflow/{id}/versions does).
    const theirs = await get(t.app, url(a.flow.id, a.version.id), { token: other });
    const unknown = await get(t.app, url(UNKNOWN_ID, a.version.id), { token: other });
    expect({ status: theirs.statusCode, body: theirs.json() }).toEqual({ status: 404, body: FLOW_NOT_FOUND });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: 404, body: FLOW_NOT_FOUND });
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers malformed ids like missing ones (issue 16) and needs a signed-in user', async () => {
    const { flow, version } = await createFlow(t, token, 'C');
    for (const [malformed, missing] of [
      [url(flow.id, 'not-a-uuid'), url(flow.id, UNKNOWN_ID)],
      [url('nope', version.id), url(UNKNOWN_ID, version.id)],
    ] as const) {
      const reply = await get(t.app, malformed, { token });
      const unknown = await get(t.app, missing, { token });
      expect(reply.statusCode).toBe(404);
      expect({ status: reply.statusCode, body: reply.json() }).toEqual({ status: unknown.statusCode, body: unknown.json() });
    }
    expect((await get(t.app, url(flow.id, version.id))).statusCode).toBe(401);
  });
});
