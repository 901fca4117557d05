/**
 * The shape of a piece: an app or utility the flow can use, with its actions (steps) and triggers (what
 * starts a run). Modelled on Activepieces' piece metadata, trimmed to what Flowsmith edits: each action
 * or trigger has an ordered list of typed props, and a step keeps the values in `settings.input[prop]`.
 */

/**
 * DYNAMIC_DROPDOWN: one of the choices the server offers (its `dynamicOptions`), such as a connection by
 * its name. Unlike a SHORT_TEXT with suggestions it takes no {{reference}}: what it names must be
 * knowable from the flow itself (a connection's "where is it used?" reads it there).
 */
export const PIECE_PROP_TYPES = ['SHORT_TEXT', 'LONG_TEXT', 'NUMBER', 'CHECKBOX', 'STATIC_DROPDOWN', 'DYNAMIC_DROPDOWN', 'JSON'] as const;
export type PiecePropType = (typeof PIECE_PROP_TYPES)[number];

/** A dropdown value: what is stored in the input, and what the editor shows for it. */
export interface PiecePropOption {
  readonly label: string;
  readonly value: string | number;
}

export interface PieceProp {
  readonly name: string;
  readonly displayName: string;
  readonly description?: string;
  readonly type: PiecePropType;
  readonly required: boolean;
  readonly defaultValue?: unknown;
  /** The choices of a STATIC_DROPDOWN. */
  readonly options?: readonly PiecePropOption[];
  /** NUMBER bounds (inclusive) and whether it must be whole, checked when the value is a literal. */
  readonly min?: number;
  readonly max?: number;
  readonly integer?: boolean;
  /**
   * The server offers choices via POST /workflow/options (e.g. the Store's existing keys); for a SHORT_TEXT
   * any text is still accepted, because a choice is a convenience and the value may not exist yet. A
   * DYNAMIC_DROPDOWN always has them.
   */
  readonly dynamicOptions?: boolean;
  /** SHORT_TEXT: what a literal value (not a `{{…}}` reference) must match, and the message when it does not. */
  readonly pattern?: { readonly source: string; readonly message: string };
}

export interface PieceAction {
  readonly name: string;
  readonly displayName: string;
  readonly description: string;
  readonly props: readonly PieceProp[];
}

export type PieceTrigger = PieceAction;

/** A lucide icon the UI maps by key (src/ui/screens/editor/settings/step-icon.tsx). */
export type PieceIconKey = 'globe' | 'timer' | 'shuffle' | 'database' | 'bell' | 'hand' | 'clock' | 'webhook';

export interface PieceDefinition {
  /** Activepieces' package name where one exists ('@activepieces/piece-http'), so imports keep working. */
  readonly name: string;
  readonly displayName: string;
  readonly description: string;
  readonly version: string;
  readonly icon: PieceIconKey;
  readonly actions: readonly PieceAction[];
  readonly triggers: readonly PieceTrigger[];
}
