import { describe, expect, it } from '@rstest/core';
import {
  applyOperation,
  checkStructure,
  FlowOperationError,
  fromNestedFlow,
  stepsInOrder,
  toNestedFlow,
  toNestedFlowJson,
  type FlatLoopStep,
  type FlatRouterStep,
  type FlatVersion,
} from '../../src/domain/index.ts';
import { chainFlow, type Json } from './support/nested-flows.ts';


/**
 * A flow as Activepieces exports it (a template's `template`), written by hand: a webhook trigger, an HTTP
 * piece, a loop over its items with two steps inside, a router with a condition branch, an empty branch
 * and the fallback, then a code step. Rows are as Activepieces stores them: the old 'TEXT_START_WITH'
 * spelling, secondValue and caseSensitive left out for single-value and number operators.
 */
function activepiecesFlow(): Json {
  return {
    displayName: 'Sync new orders',
    schemaVersion: '1',
    valid: true,
    trigger: {
      name: 'trigger',
      type: 'PIECE_TRIGGER',
      displayName: 'Catch Webhook',
      valid: true,
      settings: {
        pieceName: '@activepieces/piece-webhook',
        pieceVersion: '~0.1.5',
        pieceType: 'OFFICIAL',
        packageType: 'REGISTRY',
        triggerName: 'catch_webhook',
        input: { authType: 'none' },
        inputUiInfo: { customizedInputs: {} },
      },
      nextAction: {
        name: 'step_1',
        type: 'PIECE',
        displayName: 'Fetch orders',
        valid: true,
        skip: false,
        settings: {
          pieceName: '@activepieces/piece-http',
          pieceVersion: '~0.5.0',
          pieceType: 'OFFICIAL',
          packageType: 'REGISTRY',
          actionName: 'send_request',
          input: { url: 'https://shop.example/orders?since={{trigger.body.since}}', method: 'GET', headers: {} },
          inputUiInfo: { sampleDataFileId: 'file-1', lastTestDate: '2024-05-01T10:00:00.000Z', customizedInputs: {} },
          errorHandlingOptions: { continueOnFailure: { value: false }, retryOnFailure: { value: true } },
        },
        nextAction: {
          name: 'step_2',
          type: 'LOOP_ON_ITEMS',
          displayName: 'For each order',
          valid: true,
          skip: false,
          settings: { items: '{{step_1.body.orders}}', inputUiInfo: {} },
          firstLoopAction: {
            name: 'step_3',
            type: 'CODE',
            displayName: 'Normalise order',
            valid: true,
            skip: false,
            settings: {
              sourceCode: { code: 'export const code = async (inputs) => inputs.order;', packageJson: '{}' },
              input: { order: '{{step_2.item}}' },
              inputUiInfo: { currentSelectedData: { id: 7 } },
              errorHandlingOptions: { continueOnFailure: { value: false }, retryOnFailure: { value: false } },
            },
            nextAction: {
              name: 'step_4',
              type: 'PIECE',
              displayName: 'Save order',
              valid: false,
              skip: true,
              customLogoUrl: 'https://cdn.example/logo.png',
              settings: {
                pieceName: '@activepieces/piece-postgres',
                pieceVersion: '~0.2.0',
                actionName: 'insert_row',
                input: { table: 'orders', row: '{{step_3}}' },
                inputUiInfo: {},
              },
            },
          },
          nextAction: {
            name: 'step_5',
            type: 'ROUTER',
            displayName: 'Route by total',
            valid: true,
            skip: false,
            settings: {
              executionType: 'EXECUTE_FIRST_MATCH',
              branches: [
                {
                  branchName: 'Big orders',
                  branchType: 'CONDITION',
                  conditions: [
                    [{ firstValue: '{{step_1.body.total}}', secondValue: '100', operator: 'NUMBER_IS_GREATER_THAN' }],
                    [{ firstValue: '{{step_1.body.code}}', secondValue: 'VIP', operator: 'TEXT_START_WITH', caseSensitive: true }],
                  ],
                },
                {
                  branchName: 'Has coupon',
                  branchType: 'CONDITION',
                  conditions: [[{ firstValue: '{{step_1.body.coupon}}', operator: 'EXISTS' }]],
                },
                { branchName: 'Otherwise', branchType: 'FALLBACK' },
              ],
              inputUiInfo: {},
            },
            children: [
              {
                name: 'step_6',
                type: 'CODE',
                displayName: 'Flag big order',
                valid: true,
                skip: false,
                settings: { sourceCode: { code: 'export const code = async () => true;', packageJson: '{}' }, input: {} },
              },
              null,
              {
                name: 'step_7',
                type: 'PIECE',
                displayName: 'Notify',
                valid: true,
                skip: false,
                settings: { pieceName: '@activepieces/piece-slack', pieceVersion: '~0.6.0', actionName: 'send_message', input: { text: 'Order {{step_1.body.id}}' } },
              },
            ],
            nextAction: {
              name: 'step_8',
              type: 'CODE',
              displayName: 'Done',
              valid: true,
              skip: false,
              settings: { sourceCode: { code: 'export const code = async () => "ok";', packageJson: '{}' }, input: {} },
            },
          },
        },
      },
    },
  };
}

/** The fixture as Flowsmith writes it back: rows completed with the default row's values, nothing else. */
function expectedExport(): Json {
  const flow = activepiecesFlow();
  const router = (((flow.trigger as Json).nextAction as Json).nextAction as Json).nextAction as Json;
  const branches = (router.settings as Json).branches as Json[];
  branches[0]!.conditions = [
    [{ firstValue: '{{step_1.body.total}}', secondValue: '100', operator: 'NUMBER_IS_GREATER_THAN', caseSensitive: false }],
    [{ firstValue: '{{step_1.body.code}}', secondValue: 'VIP', operator: 'TEXT_START_WITH', caseSensitive: true }],
  ];
  branches[1]!.conditions = [[{ firstValue: '{{step_1.body.coupon}}', secondValue: '', operator: 'EXISTS', caseSensitive: false }]];
  // Judged on import: the Slack piece is not in Flowsmith's catalogue.
  ((router.children as Json[])[2] as Json).valid = false;
  return flow;
}

function errorOf(fn: () => unknown): FlowOperationError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FlowOperationError);
    return error as FlowOperationError;
  }
  throw new Error('expected a FlowOperationError');
}

const router = (v: FlatVersion, name: string) => v.steps[Number(name.slice(5))] as FlatRouterStep;
const loop = (v: FlatVersion, name: string) => v.steps[Number(name.slice(5))] as FlatLoopStep;

describe('importing an Activepieces flow', () => {
  it('keeps every step, in flow order, with links and parents by name', () => {
    const version = fromNestedFlow(activepiecesFlow(), { id: 'v1', flowId: 'f1' });
    checkStructure(version);
    expect(stepsInOrder(version).map((s) => s.name)).toEqual(['step_1', 'step_2', 'step_3', 'step_4', 'step_5', 'step_6', 'step_7', 'step_8']);
    expect(version.trigger.next).toBe('step_1');
    expect(loop(version, 'step_2').firstLoopStep).toBe('step_3');
    expect(version.steps[3]!.next).toBe('step_4');
    expect(version.steps[4]!.parent).toEqual({ step: 'step_3', slot: 'next' });
    expect(version.steps[3]!.parent).toEqual({ step: 'step_2', slot: 'loop' });
    expect(router(version, 'step_5').children).toEqual(['step_6', null, 'step_7']);
    expect(version.steps[7]!.parent).toEqual({ step: 'step_5', slot: 2 });
    expect(version.steps[8]!.parent).toEqual({ step: 'step_5', slot: 'next' });
    expect(version).toMatchObject({ id: 'v1', flowId: 'f1', displayName: 'Sync new orders', state: 'DRAFT', schemaVersion: '1' });
  });

  it('judges every step itself, whatever the file claims: a piece Flowsmith does not know is invalid', () => {
    const version = fromNestedFlow(activepiecesFlow());
    // step_4 says invalid, step_7 (a Slack piece) says valid: both name pieces outside the catalogue.
    expect(stepsInOrder(version).filter((s) => !s.valid).map((s) => s.name)).toEqual(['step_4', 'step_7']);
    expect(version).toMatchObject({ valid: false, invalidCount: 2 });
    const saveOrder = version.steps[4]!;
    if (saveOrder.type !== 'PIECE') throw new Error('step_4 is a piece step');
    const { parent: _parent, next: _next, ...request } = saveOrder;
    const http = { pieceName: '@activepieces/piece-http', pieceVersion: '0.5.0', actionName: 'send_request', input: { method: 'POST', url: 'https://x' } };
    let fixed = applyOperation(version, { type: 'UPDATE_ACTION', request: { ...request, settings: http } });
    fixed = applyOperation(fixed, { type: 'DELETE_ACTION', request: { names: ['step_7'] } });
    expect(fixed).toMatchObject({ valid: true, invalidCount: 0 });
  });

  it('keeps skip, custom logos and settings it does not know, and reads old condition rows', () => {
    const version = fromNestedFlow(activepiecesFlow());
    expect(version.steps[4]).toMatchObject({ skip: true, customLogoUrl: 'https://cdn.example/logo.png' });
    expect(version.steps[1]!.settings).toMatchObject({ pieceType: 'OFFICIAL', packageType: 'REGISTRY' });
    const branches = router(version, 'step_5').settings.branches;
    expect(branches[0]).toMatchObject({
      conditions: [
        [{ operator: 'NUMBER_IS_GREATER_THAN', caseSensitive: false }],
        [{ operator: 'TEXT_STARTS_WITH', caseSensitive: true }],
      ],
    });
    expect(branches[1]).toMatchObject({ conditions: [[{ firstValue: '{{step_1.body.coupon}}', secondValue: '', operator: 'EXISTS' }]] });
  });

  it('accepts a template file and uses its template', () => {
    const version = fromNestedFlow({ name: 'Template', description: '', tags: [], template: activepiecesFlow() });
    expect(version.displayName).toBe('Sync new orders');
    expect(stepsInOrder(version)).toHaveLength(8);
  });

  it('shares nothing with the imported JSON', () => {
    const json = activepiecesFlow();
    const version = fromNestedFlow(json);
    const input = (((json.trigger as Json).nextAction as Json).settings as Json).input as Json;
    input.url = 'changed';
    expect((version.steps[1]!.settings.input as Json).url).toContain('shop.example');
  });
});

describe('exporting to Activepieces', () => {
  it('writes the flow back as it came, rows completed, the old operator spelling restored', () => {
    const exported = toNestedFlow(fromNestedFlow(activepiecesFlow()));
    const expected = expectedExport();
    expect(exported).toEqual({ ...expected, valid: false });
  });

  it('round-trips flat → nested → flat exactly', () => {
    const version = fromNestedFlow(activepiecesFlow(), { id: 'v', flowId: 'f' });
    expect(fromNestedFlow(toNestedFlow(version), { id: 'v', flowId: 'f' })).toStrictEqual(version);
  });

  it('writes the same thing as JSON text, without JSON.stringify recursing', () => {
    const version = fromNestedFlow(activepiecesFlow());
    expect(toNestedFlowJson(version)).toBe(JSON.stringify(toNestedFlow(version)));
    expect(JSON.parse(toNestedFlowJson(version))).toEqual({ ...expectedExport(), valid: false });
  });

  it('hands out copies: editing the export leaves the version alone', () => {
    const version = fromNestedFlow(activepiecesFlow());
    const exported = toNestedFlow(version);
    (exported.trigger.nextAction!.settings.input as Json).url = 'changed';
    expect((version.steps[1]!.settings.input as Json).url).toContain('shop.example');
  });
});

describe('names on import', () => {
  it('renumbers names that are not step_N, in flow order, rewriting references', () => {
    const flow = {
      displayName: 'Old names',
      trigger: {
        name: 'trigger',
        type: 'EMPTY',
        displayName: 'Start',
        valid: true,
        settings: {},
        nextAction: {
          name: 'http_request',
          type: 'CODE',
          displayName: 'Fetch',
          valid: true,
          settings: { input: { url: '{{trigger.url}}' } },
          nextAction: {
            name: 'each_item',
            type: 'LOOP_ON_ITEMS',
            displayName: 'Each',
            valid: true,
            settings: { items: '{{http_request.body.items}}' },
            firstLoopAction: {
              name: 'step_01',
              type: 'CODE',
              displayName: 'Inner',
              valid: true,
              settings: { input: { item: '{{each_item.item}}', field: '{{http_request.each_item}}', plain: 'http_request' } },
            },
          },
        },
      },
    };
    const version = fromNestedFlow(flow);
    checkStructure(version);
    expect(stepsInOrder(version).map((s) => `${s.name}:${s.displayName}`)).toEqual(['step_1:Fetch', 'step_2:Each', 'step_3:Inner']);
    expect(version.steps[2]!.settings).toMatchObject({ items: '{{step_1.body.items}}' });
    expect(version.steps[3]!.settings.input).toEqual({ item: '{{step_2.item}}', field: '{{step_1.each_item}}', plain: 'http_request' });
  });

  it('renumbers absurdly sparse numbers, and keeps reasonable ones', () => {
    const sparse = chainFlow(2);
    ((sparse.trigger as Json).nextAction as Json).name = 'step_900000';
    (((sparse.trigger as Json).nextAction as Json).nextAction as Json).settings = { input: { previous: '{{step_900000.value}}' } };
    const renumbered = fromNestedFlow(sparse);
    expect(renumbered.steps).toHaveLength(3);
    expect(renumbered.steps[2]!.settings.input).toEqual({ previous: '{{step_1.value}}' });
    const kept = chainFlow(2);
    ((kept.trigger as Json).nextAction as Json).name = 'step_900';
    expect(fromNestedFlow(kept).steps[900]).toMatchObject({ name: 'step_900' });
  });
});

describe('refusing a bad import (VALIDATION)', () => {
  const withFirstStep = (patch: (step: Json) => void): Json => {
    const flow = activepiecesFlow();
    patch((flow.trigger as Json).nextAction as Json);
    return flow;
  };

  it.each([
    ['not an object', () => fromNestedFlow('flow')],
    ['no displayName', () => fromNestedFlow({ trigger: {} })],
    ['a trigger of unknown type', () => fromNestedFlow({ displayName: 'x', trigger: { name: 'trigger', type: 'WEBHOOK', displayName: 'x', settings: {} } })],
    ['a step of unknown type', () => fromNestedFlow(withFirstStep((s) => (s.type = 'BRANCH')))],
    ['a step without settings', () => fromNestedFlow(withFirstStep((s) => delete s.settings))],
    ['a loop without items', () => fromNestedFlow(withFirstStep((s) => Object.assign(s, { type: 'LOOP_ON_ITEMS', settings: {} })))],
    ['two steps with one name', () => fromNestedFlow(withFirstStep((s) => ((s.nextAction as Json).name = 'step_1')))],
    ['a step named trigger', () => fromNestedFlow(withFirstStep((s) => (s.name = 'trigger')))],
    ['a step that is not an object', () => fromNestedFlow(withFirstStep((s) => (s.nextAction = 'step_2')))],
    [
      'router children not matching its branches',
      () =>
        fromNestedFlow(
          withFirstStep((s) => {
            const routerStep = ((s.nextAction as Json).nextAction as Json);
            (routerStep.children as unknown[]).pop();
          }),
        ),
    ],
    [
      'one object reached twice',
      () =>
        fromNestedFlow(
          withFirstStep((s) => {
            const shared = { name: 'step_99', type: 'CODE', displayName: 'x', valid: true, settings: { input: {} } };
            const routerStep = ((s.nextAction as Json).nextAction as Json);
            routerStep.children = [shared, shared, null];
          }),
        ),
    ],
  ])('%s', (_label, run) => {
    const error = errorOf(run);
    expect(error.code).toBe('VALIDATION');
    expect(error.message.length).toBeGreaterThan(10);
  });

  it('says which step is wrong', () => {
    expect(errorOf(() => fromNestedFlow(withFirstStep((s) => (s.type = 'BRANCH')))).message).toContain("'step_1'");
  });
});
