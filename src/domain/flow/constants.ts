/** The closed vocabularies of the workflow model (SPEC §4), spelled as Activepieces spells them. */
export const STEP_TYPES = ['CODE', 'PIECE', 'LOOP_ON_ITEMS', 'ROUTER'] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const TRIGGER_TYPES = ['EMPTY', 'PIECE_TRIGGER'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export const VERSION_STATES = ['LOCKED', 'DRAFT'] as const;
export type VersionState = (typeof VERSION_STATES)[number];

export const FLOW_STATUSES = ['ENABLED', 'DISABLED'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

export const ROUTER_EXECUTION_TYPES = ['EXECUTE_FIRST_MATCH', 'EXECUTE_ALL_MATCH'] as const;
export type RouterExecutionType = (typeof ROUTER_EXECUTION_TYPES)[number];

export const BRANCH_TYPES = ['CONDITION', 'FALLBACK'] as const;
export type BranchType = (typeof BRANCH_TYPES)[number];

export const STEP_LOCATIONS = ['AFTER', 'INSIDE_LOOP', 'INSIDE_BRANCH'] as const;
export type StepLocation = (typeof STEP_LOCATIONS)[number];

/** Every operation of SPEC §4, with Activepieces' `FlowOperationType` names. */
export const FLOW_OPERATION_TYPES = [
  'ADD_ACTION',
  'UPDATE_ACTION',
  'DELETE_ACTION',
  'DUPLICATE_ACTION',
  'MOVE_ACTION',
  'SET_SKIP_ACTION',
  'ADD_BRANCH',
  'DELETE_BRANCH',
  'DUPLICATE_BRANCH',
  'UPDATE_TRIGGER',
  'CHANGE_NAME',
  'IMPORT_FLOW',
  'LOCK_FLOW',
  'LOCK_AND_PUBLISH',
  'USE_AS_DRAFT',
  'CHANGE_STATUS',
  'CHANGE_FOLDER',
] as const;
export type FlowOperationType = (typeof FLOW_OPERATION_TYPES)[number];
