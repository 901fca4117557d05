/**
 * The workflow API in SPEC §3/§7's nested form (issue 16): a client that only knows the trigger chain
 * creates, saves and reads a workflow; the editor's flat form keeps working beside it; the nested form's
 * limits (depth, size) answer a 400 / 413 naming them, never a crash; a 50,000-step chain saves and
 * reads back.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { DEFAULT_CONDITION_ROW, MAX_JSON_DEPTH, toNestedFlowJson } from '../../src/domain/index.ts';
import { MAX_SETTINGS_DEPTH } from '../../src/domain/flow/json.ts';
import { LARGE_BODY_LIMIT, MAX_FLOW_FILE_DEPTH } from '../../server/workflows/schemas.ts';
import { get, post, put, signedInUser, startTestServer, type TestServer } from './helpers.ts';
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

type Json = Record<string, unknown>;

const code = (name: string, rest: Json = {}): Json => ({
  name,
  type: 'CODE',
  displayName: `Code ${name}`,
  valid: true,
  settings: { sourceCode: { code: `export const code = async () => '${name}';`, packageJson: '{}' }, input: { from: '{{trigger.body}}' } },
  ...rest,
});

/**
 * SPEC §7's trigger chain, as a client that knows only the spec writes it:
 * trigger → step_1 (code) → step_2 (loop: step_3) → step_4 (router: [step_5], Otherwise: empty) → step_6
 */
function specChain(): Json {
  return {
    name: 'trigger',
    type: 'PIECE_TRIGGER',
    displayName: 'Webhook',
    valid: true,
    settings: { pieceName: '@activepieces/piece-webhook', pieceVersion: '0.1.0', triggerName: 'catch_webhook', input: {} },
    nextAction: code('step_1', {
      nextAction: {
        name: 'step_2',
        type: 'LOOP_ON_ITEMS',
        displayName: 'Each item',
        valid: true,
        settings: { items: '{{trigger.body.items}}' },
        firstLoopAction: code('step_3'),
        nextAction: {
          name: 'step_4',
          type: 'ROUTER',
          displayName: 'Route',
          valid: true,
          settings: {
            executionType: 'EXECUTE_FIRST_MATCH',
            branches: [
              { branchName: 'Big', branchType: 'CONDITION', conditions: [[{ ...DEFAULT_CONDITION_ROW, firstValue: '{{step_1}}', secondValue: 'big' }]] },
              { branchName: 'Otherwise', branchType: 'FALLBACK' },
            ],
          },
          children: [code('step_5'), null],
          nextAction: code('step_6'),
        },
      },
    }),
  };
}

interface NestedVersion {
  id: string;
  flowId: string;
  displayName: string;
  state: string;
  valid: boolean;
  schemaVersion: string | null;
  created: string;
  updated: string;
  trigger: Json;
}

/** The chain's step names in flow order, walked with a loop. */
function namesOf(trigger: Json): string[] {
  const names: string[] = [];
  const stack: unknown[] = [trigger.nextAction];
  while (stack.length > 0) {
    const node = stack.pop() as Json | null | undefined;
    if (!node) continue;
    names.push(node.name as string);
    stack.push(node.nextAction);
    for (const child of ((node.children as unknown[]) ?? []).slice().reverse()) stack.push(child);
    stack.push(node.firstLoopAction);
  }
  return names;
}

const autosaveUrl = (form?: string) => `/api/workflow/version/autosave${form ? `?form=${form}` : ''}`;

describe('a client that knows only SPEC §7', () => {
  it('creates a workflow, saves the trigger chain, reads it back nested from every call that answers a version', async () => {
    const { flow, version } = await createFlow(t, token, 'Spec client');
    const trigger = specChain();
    const saved = await post(t.app, autosaveUrl('nested'), { version_id: version.id, configuration: { trigger }, display_name: 'Spec client' }, { token });
    expect(saved.statusCode, saved.body).toBe(200);
    const reply = saved.json<{ newVersionCreated: boolean; version: NestedVersion }>();
    expect(reply.newVersionCreated).toBe(false);
    expect(reply.version).toMatchObject({ id: version.id, flowId: flow.id, displayName: 'Spec client', state: 'DRAFT', valid: true, schemaVersion: null });
    expect(reply.version.trigger).toEqual(trigger);
    expect(reply.version).not.toHaveProperty('steps');

    // GET /workflow/{id}: nested when asked, flat (the editor's form) otherwise.
    const nested = await get(t.app, `/api/workflow/${flow.id}?form=nested`, { token });
    expect(nested.statusCode).toBe(200);
    expect(nested.headers['content-type']).toMatch(/^application\/json/);
    const read = nested.json<{ flow: Flow; version: NestedVersion }>();
    expect(read.flow).toMatchObject({ id: flow.id, displayName: 'Spec client' });
    expect(read.version).toEqual(reply.version);
    const flat = await readFlow(t, token, flow.id);
    expect(flat.version.steps.map((s) => s.name)).toEqual(['step_1', 'step_2', 'step_3', 'step_4', 'step_5', 'step_6']);
    expect(flat.version.trigger).toMatchObject({ next: 'step_1' });
    expect((await get(t.app, `/api/workflow/${flow.id}?form=flat`, { token })).json()).toEqual(flat);

    // The versions calls.
    const one = await get(t.app, `/api/workflow/${flow.id}/versions/${version.id}?form=nested`, { token });
    expect(one.json<{ version: NestedVersion }>().version).toEqual(reply.version);
    const renamed = await put(t.app, '/api/workflow/version?form=nested', { version_id: version.id, display_name: 'Renamed' }, { token });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<{ version: NestedVersion }>().version).toMatchObject({ displayName: 'Renamed', trigger });
    const published = await post(t.app, '/api/workflow/publish?form=nested', { workflow_id: flow.id, version_id: version.id }, { token });
    expect(published.statusCode).toBe(200);
    expect(published.json<{ workflow: Flow; version: NestedVersion }>()).toMatchObject({ workflow: { publishedVersionId: version.id }, version: { state: 'LOCKED', trigger } });
    const draft = await post(t.app, '/api/workflow/version?form=nested', { workflow_id: flow.id, from_version_id: version.id }, { token });
    expect(draft.statusCode).toBe(201);
    const draftVersion = draft.json<{ version: NestedVersion }>().version;
    expect(draftVersion).toMatchObject({ state: 'DRAFT', trigger });
    expect(draftVersion.id).not.toBe(version.id);
  });

  it('keeps the editor’s flat form: saved flat, read nested, saved nested again, read flat: the same flow', async () => {
    const { flow, version } = await createFlow(t, token);
    const content = chain(4);
    const savedFlat = await post(t.app, autosaveUrl(), { version_id: version.id, configuration: content, display_name: 'Chain' }, { token });
    expect(savedFlat.statusCode).toBe(200);
    const flatVersion = savedFlat.json<{ version: Version }>().version;
    const nested = (await get(t.app, `/api/workflow/${flow.id}?form=nested`, { token })).json<{ version: NestedVersion }>().version;
    expect(namesOf(nested.trigger)).toEqual(['step_1', 'step_2', 'step_3', 'step_4']);
    const again = await post(t.app, autosaveUrl(), { version_id: version.id, configuration: { trigger: nested.trigger }, display_name: 'Chain', updated: flatVersion.updated }, { token });
    expect(again.statusCode, again.body).toBe(200);
    const reread = await readFlow(t, token, flow.id);
    expect({ ...reread.version, updated: '' }).toEqual({ ...flatVersion, updated: '' });
  });

  it('renumbers a chain whose names are not step_N, with its references', async () => {
    const { flow, version } = await createFlow(t, token);
    const trigger = { ...specChain(), nextAction: code('fetch_orders', { nextAction: code('send_mail', { settings: { input: { orders: '{{fetch_orders.body}}' } } }) }) };
    const saved = await post(t.app, autosaveUrl(), { version_id: version.id, configuration: { trigger }, display_name: 'Named' }, { token });
    expect(saved.statusCode, saved.body).toBe(200);
    const steps = (await readFlow(t, token, flow.id)).version.steps;
    expect(steps.map((s) => s.name)).toEqual(['step_1', 'step_2']);
    expect(steps[1]!.settings).toMatchObject({ input: { orders: '{{step_1.body}}' } });
  });

  it('refuses a bad form, a broken chain, or a flat trigger without its steps with 400, and writes nothing', async () => {
    const { flow, version } = await createFlow(t, token);
    const before = await snapshot(t);
    const badForm = await get(t.app, `/api/workflow/${flow.id}?form=tree`, { token });
    expect(badForm.statusCode).toBe(400);
    expect(badForm.json()).toMatchObject({ code: 'VALIDATION', errors: { form: [expect.any(String)] } });
    const router = ((specChain().nextAction as Json).nextAction as Json).nextAction as Json;
    expect(router.type).toBe('ROUTER');
    const broken: Json[] = [
      { trigger: { ...specChain(), nextAction: { ...code('step_1'), type: 'WEBHOOK' } } },
      { trigger: { ...specChain(), nextAction: { ...router, children: [null] } } },
      { trigger: { ...specChain(), nextAction: code('step_1', { nextAction: code('step_1') }) } },
      { trigger: { ...specChain(), next: 'step_1' } },
      { trigger: 'chain' },
      {},
    ];
    for (const configuration of broken) {
      const response = await post(t.app, autosaveUrl('nested'), { version_id: version.id, configuration, display_name: 'x' }, { token });
      expect({ index: broken.indexOf(configuration), status: response.statusCode, code: response.json<{ code: string }>().code }).toEqual({ index: broken.indexOf(configuration), status: 400, code: 'VALIDATION' });
      expect(response.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('the nested form’s limits', () => {
  it('saves and reads back a 50,000-step chain (read on a worker thread, written without recursion)', async () => {
    const { flow, version } = await createFlow(t, token);
    const steps = 50_000;
    const nestedFlow = toNestedFlowJson(flatOf(chain(steps)));
    const body = `{"version_id":"${version.id}","display_name":"Long","configuration":${nestedFlow}}`;
    expect(body.length).toBeLessThan(LARGE_BODY_LIMIT);
    const saved = await post(t.app, autosaveUrl('nested'), body, { token });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    const read = await get(t.app, `/api/workflow/${flow.id}?form=nested`, { token });
    expect(read.statusCode).toBe(200);
    // JSON.parse reads any depth; the reply is the saved one, and the chain is whole.
    // The same version (jsonb keeps keys in its own order, so the texts match in length, not byte for byte).
    const readVersion = read.body.slice(read.body.indexOf('"version":'));
    const savedVersion = saved.body.slice(saved.body.indexOf('"version":'));
    expect(readVersion.length).toBe(savedVersion.length);
    expect(readVersion.slice(0, 200)).toBe(savedVersion.slice(0, 200));
    const text = read.body;
    expect(text.split('"nextAction"').length - 1).toBe(steps);
    expect((await readFlow(t, token, flow.id)).version.steps).toHaveLength(steps);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 120_000);

  it('answers a nested form past the depth limit with a 400 naming it; a flat one past JSON’s own depth likewise', async () => {
    const { version } = await createFlow(t, token);
    const before = await snapshot(t);
    const tooDeep = `{"version_id":"${version.id}","display_name":"x","configuration":{"trigger":${'{"a":'.repeat(MAX_FLOW_FILE_DEPTH)}1${'}'.repeat(MAX_FLOW_FILE_DEPTH)}}}`;
    const refused = await post(t.app, autosaveUrl('nested'), tooDeep, { token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION', message: `The request body nests deeper than ${MAX_FLOW_FILE_DEPTH} levels` });

    const content = chain(1);
    const deep = `${'{"x":'.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH)}`;
    const flatDeep = JSON.stringify({ version_id: version.id, display_name: 'x', configuration: { ...content, steps: [{ ...content.steps[0], settings: { input: { deep: '@' } } }] } }).replace('"@"', deep);
    const flatRefused = await post(t.app, autosaveUrl(), flatDeep, { token });
    expect(flatRefused.statusCode).toBe(400);
    expect(flatRefused.json()).toMatchObject({ message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels` });
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a step whose settings nest past their depth limit in the nested form too, and writes nothing', async () => {
    const { version } = await createFlow(t, token);
    const before = await snapshot(t);
    const deep = `${'{"x":'.repeat(MAX_JSON_DEPTH * 20)}1${'}'.repeat(MAX_JSON_DEPTH * 20)}`;
    const configuration = JSON.stringify({ trigger: { ...specChain(), nextAction: code('step_1', { settings: { input: { deep: '@' } } }) } }).replace('"@"', deep);
    const refused = await post(t.app, autosaveUrl('nested'), `{"version_id":"${version.id}","display_name":"x","configuration":${configuration}}`, { token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(`Settings nest deeper than ${MAX_SETTINGS_DEPTH} levels`);
    expect(await snapshot(t)).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers a body past the size limit with a 413 naming it', async () => {
    const { version } = await createFlow(t, token);
    const huge = `{"version_id":"${version.id}","display_name":"x","configuration":{"trigger":{"pad":"${'x'.repeat(LARGE_BODY_LIMIT)}"}}}`;
    const refused = await post(t.app, autosaveUrl('nested'), huge, { token });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ code: 'VALIDATION', message: 'Request body is too large', errors: { _: [`A body may be at most ${LARGE_BODY_LIMIT} bytes`] } });
  });
});
