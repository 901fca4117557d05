/**
 * Whether a step or trigger is complete enough to run. The flow domain applies these rules to every
 * step it creates or changes and to every form it reads (../flow/validity.ts), so a step's `valid` is
 * always their verdict, never a sender's claim. Takes the flat step or a request (both carry `type` and
 * `settings`).
 */
import { isConditionRowComplete } from '../conditions/index.ts';
import type { CodeSettings, LoopSettings, PieceSettings, PieceTriggerSettings, RouterSettings } from '../flow/schemas.ts';
import { findPieceAction, findPieceTrigger } from './catalogue.ts';
import { validatePieceInput } from './validate.ts';

export type StepValidityInput =
  | { readonly type: 'CODE'; readonly settings: CodeSettings }
  | { readonly type: 'PIECE'; readonly settings: PieceSettings }
  | { readonly type: 'LOOP_ON_ITEMS'; readonly settings: LoopSettings }
  | { readonly type: 'ROUTER'; readonly settings: RouterSettings };

export type TriggerValidityInput =
  | { readonly type: 'EMPTY'; readonly settings?: unknown }
  | { readonly type: 'PIECE_TRIGGER'; readonly settings: PieceTriggerSettings };

const filled = (text: unknown): boolean => typeof text === 'string' && text.trim() !== '';

/** Every condition branch has at least one row, and every row its values (SPEC §5's second value rule). */
export function routerSettingsValid(settings: RouterSettings): boolean {
  return settings.branches.every(
    (branch) =>
      branch.branchType !== 'CONDITION' ||
      (branch.conditions.length > 0 && branch.conditions.every((group) => group.length > 0 && group.every(isConditionRowComplete))),
  );
}

export function stepValidity(step: StepValidityInput): boolean {
  switch (step.type) {
    case 'CODE':
      return filled(step.settings.sourceCode?.code);
    case 'LOOP_ON_ITEMS':
      return filled(step.settings.items);
    case 'ROUTER':
      return routerSettingsValid(step.settings);
    case 'PIECE': {
      const action = findPieceAction(step.settings.pieceName, step.settings.actionName);
      return action !== undefined && validatePieceInput(action.props, step.settings.input).valid;
    }
  }
}

export function triggerValidity(trigger: TriggerValidityInput): boolean {
  if (trigger.type === 'EMPTY') return false;
  const found = findPieceTrigger(trigger.settings.pieceName, trigger.settings.triggerName);
  return found !== undefined && validatePieceInput(found.props, trigger.settings.input).valid;
}
