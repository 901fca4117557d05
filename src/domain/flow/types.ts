/**
 * The in-memory flat model. A version keeps its steps in one array indexed by step number: `steps[N]` is
 * `step_N` (null where no step has that number; index 0 is never used). Links between steps are names,
 * and every step also knows who links to it (`parent`), so an edit reads and writes a handful of array
 * slots instead of walking a chain, whatever the flow's size or depth.
 *
 * Why an array and not a `Record<name, step>`: immer copies the container it writes into. Copying a
 * 10,000-entry array costs microseconds; copying a 10,000-key dictionary costs milliseconds (V8 rebuilds
 * it), which would blow the per-edit budget.
 *
 * The nested Activepieces form (nested-import.ts, nested-export.ts) exists only at the edges.
 */
import type { FlowStatus, RouterExecutionType, StepType, TriggerType, VersionState } from './constants.ts';
import type {
  Branch,
  CodeSettings,
  EmptyTriggerSettings,
  LoopSettings,
  PieceSettings,
  PieceTriggerSettings,
  RouterSettings,
} from './schemas.ts';

export type { Branch, CodeSettings, EmptyTriggerSettings, LoopSettings, PieceSettings, PieceTriggerSettings, RouterSettings };
export type { FlowStatus, RouterExecutionType, StepType, TriggerType, VersionState };

/** `step_N`, N ≥ 1 (see names.ts). */
export type StepName = string;

/**
 * Where a step hangs: after `step` ('next'), first in the body of loop `step` ('loop'), or first in branch
 * `slot` of router `step`. The trigger is a parent too (slot 'next' only).
 */
export type ParentSlot = 'next' | 'loop' | number;
export interface ParentRef {
  step: StepName | 'trigger';
  slot: ParentSlot;
}

interface FlatStepCommon {
  name: StepName;
  displayName: string;
  valid: boolean;
  skip?: boolean;
  customLogoUrl?: string;
  next: StepName | null;
  parent: ParentRef;
}

export interface FlatCodeStep extends FlatStepCommon {
  type: 'CODE';
  settings: CodeSettings;
}

export interface FlatPieceStep extends FlatStepCommon {
  type: 'PIECE';
  settings: PieceSettings;
}

export interface FlatLoopStep extends FlatStepCommon {
  type: 'LOOP_ON_ITEMS';
  settings: LoopSettings;
  firstLoopStep: StepName | null;
}

export interface FlatRouterStep extends FlatStepCommon {
  type: 'ROUTER';
  settings: RouterSettings;
  /** First step of each branch, index for index with `settings.branches`; null for an empty branch. */
  children: (StepName | null)[];
}

export type FlatStep = FlatCodeStep | FlatPieceStep | FlatLoopStep | FlatRouterStep;

interface FlatTriggerCommon {
  name: 'trigger';
  displayName: string;
  valid: boolean;
  next: StepName | null;
}

export type FlatTrigger =
  | (FlatTriggerCommon & { type: 'EMPTY'; settings: EmptyTriggerSettings })
  | (FlatTriggerCommon & { type: 'PIECE_TRIGGER'; settings: PieceTriggerSettings });

export interface FlatVersion {
  id: string;
  flowId: string;
  displayName: string;
  state: VersionState;
  /** True when the trigger and every step are valid; always `invalidCount === 0`. */
  valid: boolean;
  schemaVersion: string | null;
  updated?: string;
  trigger: FlatTrigger;
  /** `steps[N]` is `step_N` or null; `steps[0]` is always null, so `steps.length` is the next free N. */
  steps: (FlatStep | null)[];
  /** How many of the trigger and the steps are invalid, kept by every operation so `valid` is O(1). */
  invalidCount: number;
}

/** The workflow itself (SPEC §3): what flow-level operations change. */
export interface Flow {
  id: string;
  status: FlowStatus;
  folderId: string | null;
  publishedVersionId: string | null;
}
