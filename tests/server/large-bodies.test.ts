/**
 * Imports and autosaves over 256 KB are read on a worker thread (server/workflows/flow-bodies): they must
 * answer exactly as the inline path does — the same refusals with the same messages, nothing written on
 * a refusal, and a reply that matches what a later read returns.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { toNestedFlowJson } from '../../src/domain/index.ts';
import { INLINE_LIMIT } from '../../server/workflows/flow-bodies/index.ts';
import { MAX_FLOW_FILE_DEPTH } from '../../server/workflows/schemas.ts';
import { post, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { chain, createFlow, flatOf, readFlow, snapshot, type Flow, type Version } from './flows.ts';

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer();
  token = (await signedInUser(t.app)).token;
});
afterAll(async () => {
  await t?.close();
});

describe('large bodies', () => {
  it('answers a large autosave with what a later read returns', async () => {
    const { flow, version } = await createFlow(t, token);
    const content = chain(3_000);
    const body = JSON.stringify({ version_id: version.id, configuration: content, display_name: 'Large' });
    expect(body.length).toBeGreaterThan(INLINE_LIMIT);
    const saved = await post(t.app, '/api/workflow/version/autosave', body, { token });
    expect(saved.statusCode).toBe(200);
    const answered = saved.json<{ newVersionCreated: boolean; version: Version }>();
    expect(answered.newVersionCreated).toBe(false);
    expect((await readFlow(t, token, flow.id)).version).toEqual(answered.version);
  });

  it('refuses bad large bodies with the messages small ones get, and writes nothing', async () => {
    const { version } = await createFlow(t, token);
    const before = await snapshot(t);
    const padding = 'x'.repeat(INLINE_LIMIT);
    const cases: Array<[string, string, number, unknown]> = [
      ['/api/workflow/version/autosave', `{"version_id":"${version.id}","display_name":"x","configuration":{"a":"${padding}"`, 400, { errors: { _: ['Body is not valid JSON'] } }],
      ['/api/workflow/version/autosave', JSON.stringify({ configuration: chain(3_000), display_name: 'x' }), 400, { code: 'VALIDATION', errors: { version_id: [expect.any(String)] } }],
      ['/api/workflow/version/autosave', JSON.stringify({ version_id: version.id, configuration: { ...chain(3_000), displayName: 7 }, display_name: 'x' }), 400, { code: 'VALIDATION' }],
      ['/api/workflow/import', JSON.stringify({ displayName: 'x', padding, trigger: { name: 'trigger', type: 'NOPE', displayName: 'x', settings: {} } }), 400, { code: 'VALIDATION' }],
    ];
    for (const [url, body, status, expected] of cases) {
      expect(body.length).toBeGreaterThan(INLINE_LIMIT);
      const answer = await post(t.app, url, body, { token });
      expect(answer.statusCode, `${url}: ${answer.body.slice(0, 200)}`).toBe(status);
      expect(answer.json()).toMatchObject(expected as object);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('imports a flow file nested far deeper than other bodies may be, and refuses one past its own limit', async () => {
    const deepChain = toNestedFlowJson(flatOf(chain(20_000)));
    const imported = await post(t.app, '/api/workflow/import', deepChain, { token });
    expect(imported.statusCode).toBe(201);
    expect(imported.json<{ flow: Flow; version: Version }>().version.steps).toHaveLength(20_000);

    const tooDeep = `${'['.repeat(MAX_FLOW_FILE_DEPTH + 1)}${']'.repeat(MAX_FLOW_FILE_DEPTH + 1)}`;
    const refused = await post(t.app, '/api/workflow/import', tooDeep, { token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: `The request body nests deeper than ${MAX_FLOW_FILE_DEPTH} levels` });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
