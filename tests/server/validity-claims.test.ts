/**
 * Validity is the server's own verdict (SPEC §4): an autosave or an import that claims `valid: true` for
 * an incomplete step or trigger is stored as invalid, cannot be run (POST /workflow/run/{id}) and cannot
 * be published — with the existing errors. The claim itself is accepted on the wire, never refused.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { toNestedFlow, type StoredFlowContent, type StoredStep, type StoredTrigger } from '../../src/domain/index.ts';
import { post, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { autosave, createFlow, flatOf, readFlow, scheduleTrigger, type Flow, type Version } from './flows.ts';
import { code, flowOf, manualTrigger } from './run-flows.ts';
import { validityJudgedMigration } from '../../server/db/migrations/007_validity_judged.ts';

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer();
  ({ token } = await signedInUser(t.app));
});
afterAll(async () => {
  await t?.close();
});

const RUN_REFUSED = { code: 'FLOW_OPERATION_INVALID', message: 'This version has steps that need configuration' };
const publishRefused = (first: string) => ({ code: 'FLOW_OPERATION_INVALID', message: `Every step must be valid before publishing ('${first}' is not)` });

/** Steps that need configuration, each claiming to be valid. */
const UNCONFIGURED: Record<string, StoredStep> = {
  'blank code': { name: 'step_2', displayName: 'Code', type: 'CODE', valid: true, next: null, settings: { sourceCode: { code: ' ', packageJson: '{}' }, input: {} } },
  'a loop without items': { name: 'step_2', displayName: 'Loop', type: 'LOOP_ON_ITEMS', valid: true, next: null, firstLoopStep: null, settings: { items: '' } },
  'a piece step missing a required input': {
    name: 'step_2',
    displayName: 'HTTP',
    type: 'PIECE',
    valid: true,
    next: null,
    settings: { pieceName: '@activepieces/piece-http', pieceVersion: '0.5.0', actionName: 'send_request', input: { method: 'GET' } },
  },
  'a router with an empty condition row': {
    name: 'step_2',
    displayName: 'Router',
    type: 'ROUTER',
    valid: true,
    next: null,
    children: [null, null],
    settings: {
      executionType: 'EXECUTE_FIRST_MATCH',
      branches: [
        { branchName: 'Branch 1', branchType: 'CONDITION', conditions: [[{ firstValue: '', secondValue: '', operator: 'TEXT_CONTAINS', caseSensitive: false }]] },
        { branchName: 'Otherwise', branchType: 'FALLBACK' },
      ],
    },
  },
};

/** Triggers that cannot start a run, each claiming to be valid. */
const INCOMPLETE_TRIGGERS: Record<string, StoredTrigger> = {
  'an EMPTY trigger': { name: 'trigger', type: 'EMPTY', displayName: 'Select Trigger', valid: true, next: 'step_1', settings: {} },
  'a schedule trigger with an out-of-range input': { ...scheduleTrigger('every_x_minutes', { minutes: 90 }, 'step_1'), valid: true },
  'a piece trigger the catalogue does not have': {
    ...manualTrigger(),
    type: 'PIECE_TRIGGER',
    settings: { pieceName: '@flowsmith/piece-manual', pieceVersion: '0.1.0', triggerName: 'no_such_trigger', input: {} },
  },
};

const configured = code(1, 'return 1;', {}, 2);

async function run(flowId: string) {
  return post(t.app, `/api/workflow/run/${flowId}`, {}, { token });
}

async function publish(flow: Flow, version: Version) {
  return post(t.app, '/api/workflow/publish', { workflow_id: flow.id, version_id: version.id }, { token });
}

/** A flow whose draft is `content`, saved by an autosave that claims the version and every step valid. */
async function savedClaimingValid(content: StoredFlowContent): Promise<{ flow: Flow; version: Version }> {
  const { flow, version } = await createFlow(t, token, content.displayName);
  const claimed = { ...content, valid: true, trigger: { ...content.trigger, valid: true }, steps: content.steps.map((step) => ({ ...step, valid: true })) };
  const response = await autosave(t, token, version, claimed as StoredFlowContent);
  expect(response.statusCode).toBe(200);
  return { flow, version: response.json<{ version: Version }>().version };
}

async function expectRefusedToRunAndPublish(flow: Flow, version: Version, first: string): Promise<void> {
  expect(version.valid).toBe(false);
  const ran = await run(flow.id);
  expect(ran.statusCode).toBe(400);
  expect(ran.json()).toEqual(RUN_REFUSED);
  const published = await publish(flow, version);
  expect(published.statusCode).toBe(400);
  expect(published.json()).toEqual(publishRefused(first));
  expect((await readFlow(t, token, flow.id)).flow.publishedVersionId).toBeNull();
}

describe('an autosave that claims valid: true', () => {
  for (const [what, step] of Object.entries(UNCONFIGURED)) {
    it(`with ${what} is stored invalid, and cannot be run or published`, async () => {
      const { flow, version } = await savedClaimingValid(flowOf(`Claims (${what})`, manualTrigger(), [configured, step]));
      expect(version.steps.map((s) => [s.name, s.valid])).toEqual([
        ['step_1', true],
        ['step_2', false],
      ]);
      expect(version.trigger.valid).toBe(true);
      await expectRefusedToRunAndPublish(flow, version, 'step_2');
    });
  }

  for (const [what, trigger] of Object.entries(INCOMPLETE_TRIGGERS)) {
    it(`with ${what} is stored invalid, and cannot be run or published`, async () => {
      const { flow, version } = await savedClaimingValid(flowOf(`Claims (${what})`, trigger, [{ ...configured, next: null }]));
      expect(version.trigger.valid).toBe(false);
      expect(version.steps[0]!.valid).toBe(true);
      await expectRefusedToRunAndPublish(flow, version, 'trigger');
    });
  }

  it('that is true is believed because it is true: the same flow, configured, runs and publishes', async () => {
    // Claiming `valid: false` for a complete flow changes nothing either.
    const { flow, version } = await createFlow(t, token, 'Complete');
    const content = flowOf('Complete', manualTrigger(), [{ ...configured, next: null, valid: false }]);
    const saved = (await autosave(t, token, version, { ...content, trigger: { ...content.trigger, valid: false } })).json<{ version: Version }>().version;
    expect(saved.valid).toBe(true);
    expect((await run(flow.id)).statusCode).toBe(202);
    expect((await publish(flow, saved)).statusCode).toBe(200);
  });
});

describe('an import whose valid flags lie', () => {
  it('is stored invalid, and cannot be run or published', async () => {
    const nested = toNestedFlow(flatOf(flowOf('Imported liar', manualTrigger(), [configured, UNCONFIGURED['a piece step missing a required input']!])));
    const lying = JSON.parse(JSON.stringify(nested)) as { valid: boolean; trigger: { valid: boolean; nextAction: { valid: boolean; nextAction: { valid: boolean } } } };
    lying.valid = true;
    lying.trigger.valid = true;
    lying.trigger.nextAction.valid = true;
    lying.trigger.nextAction.nextAction.valid = true;
    const response = await post(t.app, '/api/workflow/import', lying, { token });
    expect(response.statusCode).toBe(201);
    const { flow, version } = response.json<{ flow: Flow; version: Version }>();
    expect(version.steps.map((s) => [s.name, s.valid])).toEqual([
      ['step_1', true],
      ['step_2', false],
    ]);
    await expectRefusedToRunAndPublish(flow, version, 'step_2');
  });

  it('with an EMPTY trigger that claims valid is stored invalid, and cannot be run or published', async () => {
    const nested = toNestedFlow(flatOf(flowOf('Imported empty', INCOMPLETE_TRIGGERS['an EMPTY trigger']!, [{ ...configured, next: null }])));
    const lying = { ...nested, valid: true, trigger: { ...nested.trigger, valid: true } };
    const response = await post(t.app, '/api/workflow/import', lying, { token });
    expect(response.statusCode).toBe(201);
    const { flow, version } = response.json<{ flow: Flow; version: Version }>();
    expect(version.trigger.valid).toBe(false);
    await expectRefusedToRunAndPublish(flow, version, 'trigger');
  });
});

describe('a version stored before validity was judged by the server', () => {
  it('keeps its claim no longer: migration 007 re-judges it, and it cannot be run or published', async () => {
    const { flow, version } = await savedClaimingValid(flowOf('Stored liar', manualTrigger(), [configured, UNCONFIGURED['blank code']!]));
    // What an older server stored from a lying autosave: the client's flags, as sent.
    await t.db.query(
      `UPDATE flow_versions SET valid = true, content = jsonb_set(content, '{steps}', (SELECT jsonb_agg(jsonb_set(s, '{valid}', 'true')) FROM jsonb_array_elements(content->'steps') s)) WHERE id = $1`,
      [version.id],
    );
    expect((await readFlow(t, token, flow.id)).version.valid).toBe(true);

    await validityJudgedMigration.run!(t.db);

    const { version: judged } = await readFlow(t, token, flow.id);
    expect(judged.steps.map((s) => [s.name, s.valid])).toEqual([
      ['step_1', true],
      ['step_2', false],
    ]);
    await expectRefusedToRunAndPublish(flow, judged, 'step_2');
  });

  it('marks a row the rules cannot read invalid instead of stopping the server from starting', async () => {
    const { version } = await savedClaimingValid(flowOf('Unreadable', manualTrigger(), [{ ...configured, next: null }]));
    await t.db.query(`UPDATE flow_versions SET valid = true, content = '{"trigger": 5, "steps": "none"}'::jsonb WHERE id = $1`, [version.id]);

    await validityJudgedMigration.run!(t.db);

    const { rows } = await t.db.query<{ valid: boolean }>('SELECT valid FROM flow_versions WHERE id = $1', [version.id]);
    expect(rows).toEqual([{ valid: false }]);
  });
});
