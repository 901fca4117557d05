/**
 * New things with their defaults: an empty version, a new step of each type, a router's first branches
 * (SPEC §4: 'Branch 1' with one default row, then 'Otherwise', first match), a new branch.
 */
import { DEFAULT_CONDITION_ROW } from '../conditions/index.ts';
import type { ConditionGroups } from '../conditions/index.ts';
import type { StepType } from './constants.ts';
import { cloneJson } from './json.ts';
import type { NewAction } from './operation-schemas.ts';
import type { Branch, RouterSettings } from './schemas.ts';
import type { FlatStep, FlatVersion, ParentRef } from './types.ts';

export const defaultConditionGroups = (): ConditionGroups => [[{ ...DEFAULT_CONDITION_ROW }]];

export function newConditionBranch(branchName: string, conditions?: ConditionGroups): Branch {
  return { branchName, branchType: 'CONDITION', conditions: conditions ? cloneJson(conditions) : defaultConditionGroups() };
}

export function defaultRouterSettings(): RouterSettings {
  return {
    branches: [newConditionBranch('Branch 1'), { branchName: 'Otherwise', branchType: 'FALLBACK' }],
    executionType: 'EXECUTE_FIRST_MATCH',
  };
}

const DEFAULT_CODE = 'export const code = async (inputs) => {\n  return true;\n};';

const DEFAULT_DISPLAY_NAMES: Record<StepType, string> = {
  CODE: 'Code',
  PIECE: 'Action',
  LOOP_ON_ITEMS: 'Loop on Items',
  ROUTER: 'Router',
};

/**
 * The `action` of an ADD_ACTION request for a new step of `type` with default settings. It carries no
 * `valid`: the domain judges the step when it is added. A piece step names its piece; the default is
 * empty (the editor asks which piece).
 */
export function createAction<T extends StepType>(
  type: T,
  name: string,
  options: { displayName?: string; pieceName?: string; pieceVersion?: string; actionName?: string } = {},
): Extract<NewAction, { type: T }> {
  return defaultAction(type, name, options) as Extract<NewAction, { type: T }>;
}

function defaultAction(
  type: StepType,
  name: string,
  options: { displayName?: string; pieceName?: string; pieceVersion?: string; actionName?: string },
): NewAction {
  const common = { name, displayName: options.displayName ?? DEFAULT_DISPLAY_NAMES[type] };
  switch (type) {
    case 'CODE':
      return { ...common, type, settings: { sourceCode: { code: DEFAULT_CODE, packageJson: '{}' }, input: {} } };
    case 'PIECE':
      return {
        ...common,
        type,
        settings: {
          pieceName: options.pieceName ?? '',
          pieceVersion: options.pieceVersion ?? '',
          ...(options.actionName === undefined ? {} : { actionName: options.actionName }),
          input: {},
        },
      };
    case 'LOOP_ON_ITEMS':
      return { ...common, type, settings: { items: '' } };
    case 'ROUTER':
      return { ...common, type, settings: defaultRouterSettings() };
  }
}

/**
 * The flat step an ADD_ACTION request creates: links empty, settings copied (the request stays the
 * caller's), not yet judged (VersionEdit.insert does that; the request's `valid` is ignored).
 */
export function stepFromRequest(action: NewAction, parent: ParentRef): FlatStep {
  const common = {
    name: action.name,
    displayName: action.displayName,
    valid: false,
    ...(action.skip === undefined ? {} : { skip: action.skip }),
    ...(action.customLogoUrl === undefined ? {} : { customLogoUrl: action.customLogoUrl }),
    next: null,
    parent: { step: parent.step, slot: parent.slot },
  };
  switch (action.type) {
    case 'CODE':
      return { ...common, type: 'CODE', settings: cloneJson(action.settings) };
    case 'PIECE':
      return { ...common, type: 'PIECE', settings: cloneJson(action.settings) };
    case 'LOOP_ON_ITEMS':
      return { ...common, type: 'LOOP_ON_ITEMS', settings: cloneJson(action.settings), firstLoopStep: null };
    case 'ROUTER': {
      // SPEC §4: a new router has 'Branch 1' and 'Otherwise'; a request without branches gets them.
      const settings = cloneJson(action.settings);
      if (settings.branches.length === 0) settings.branches = defaultRouterSettings().branches;
      return { ...common, type: 'ROUTER', settings, children: settings.branches.map(() => null) };
    }
  }
}

export interface NewVersionFields {
  id?: string;
  flowId?: string;
  displayName?: string;
  schemaVersion?: string | null;
}

/** A draft with the empty trigger Activepieces starts with ('Select Trigger', not valid) and no steps. */
export function createEmptyVersion(fields: NewVersionFields = {}): FlatVersion {
  return {
    id: fields.id ?? '',
    flowId: fields.flowId ?? '',
    displayName: fields.displayName ?? 'Untitled',
    state: 'DRAFT',
    valid: false,
    schemaVersion: fields.schemaVersion ?? null,
    trigger: { name: 'trigger', type: 'EMPTY', displayName: 'Select Trigger', valid: false, settings: {}, next: null },
    steps: [null],
    invalidCount: 1,
  };
}
