/**
 * The nested form: Activepieces' flow-version JSON, where each step holds the next one (`nextAction`),
 * a loop its body (`firstLoopAction`) and a router one chain per branch (`children`, null when empty).
 * Only an import/export format here; a 10,000-step chain in this form is 10,000 objects deep.
 */
import type { CodeSettings, EmptyTriggerSettings, LoopSettings, PieceSettings, PieceTriggerSettings, RouterSettings } from './schemas.ts';

interface NestedActionCommon {
  name: string;
  displayName: string;
  valid: boolean;
  skip?: boolean;
  customLogoUrl?: string;
  nextAction?: NestedAction;
}

export type NestedAction =
  | (NestedActionCommon & { type: 'CODE'; settings: CodeSettings })
  | (NestedActionCommon & { type: 'PIECE'; settings: PieceSettings })
  | (NestedActionCommon & { type: 'LOOP_ON_ITEMS'; settings: LoopSettings; firstLoopAction?: NestedAction })
  | (NestedActionCommon & { type: 'ROUTER'; settings: RouterSettings; children: (NestedAction | null)[] });

interface NestedTriggerCommon {
  name: 'trigger';
  displayName: string;
  valid: boolean;
  nextAction?: NestedAction;
}

export type NestedTrigger =
  | (NestedTriggerCommon & { type: 'EMPTY'; settings: EmptyTriggerSettings })
  | (NestedTriggerCommon & { type: 'PIECE_TRIGGER'; settings: PieceTriggerSettings });

/** A version as Activepieces exports it (the `template` of a template file, or a FlowVersion). */
export interface NestedFlowVersion {
  displayName: string;
  trigger: NestedTrigger;
  valid: boolean;
  schemaVersion: string | null;
}
