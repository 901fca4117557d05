/**
 * Steps and a trigger the domain judges valid (complete settings), for tests that need a valid flow:
 * the domain decides validity from settings alone, so a test cannot simply claim it.
 */
import { createAction, type ConditionRow, type NewAction, type StepType, type UpdateTriggerRequest } from '../../../src/domain/index.ts';

/** UPDATE_TRIGGER's request for the manual trigger (no props: always complete). */
export const MANUAL_TRIGGER: UpdateTriggerRequest = {
  name: 'trigger',
  type: 'PIECE_TRIGGER',
  displayName: 'Start',
  settings: { pieceName: '@flowsmith/piece-manual', pieceVersion: '0.1.0', triggerName: 'manual', input: {} },
};

export const COMPLETE_ROW: ConditionRow = { firstValue: '{{trigger.body}}', secondValue: 'yes', operator: 'TEXT_CONTAINS', caseSensitive: false };

/** An ADD_ACTION `action` of `type` with settings complete enough to be valid. */
export function completeAction(type: StepType, name: string, displayName?: string): NewAction {
  const base = createAction(type, name, displayName === undefined ? {} : { displayName });
  switch (base.type) {
    case 'CODE':
      return { ...base, settings: { ...base.settings, sourceCode: { code: 'export const code = async () => 1;', packageJson: '{}' } } };
    case 'LOOP_ON_ITEMS':
      return { ...base, settings: { items: '{{trigger.items}}' } };
    case 'ROUTER':
      return {
        ...base,
        settings: {
          ...base.settings,
          branches: base.settings.branches.map((branch) => (branch.branchType === 'CONDITION' ? { ...branch, conditions: [[{ ...COMPLETE_ROW }]] } : branch)),
        },
      };
    case 'PIECE':
      return {
        ...base,
        settings: {
          pieceName: '@activepieces/piece-http',
          pieceVersion: '0.5.0',
          actionName: 'send_request',
          input: { method: 'GET', url: 'https://example.com' },
        },
      };
  }
}

/** An ADD_ACTION `action` the domain judges invalid: a loop with no items. */
export const incompleteAction = (name: string): NewAction => createAction('LOOP_ON_ITEMS', name);
