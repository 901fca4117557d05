/**
 * What the step picker offers: the core steps (code, loop, router) and every action of the pieces
 * catalogue, how a search narrows them, and the ADD_ACTION `action` a choice becomes.
 */
import { createAction, type NewAction } from '../../../../domain/index.ts';
import { ACTION_PIECES, defaultPieceInput, findPieceAction } from '../../../../domain/pieces/index.ts';

export type StepChoice =
  | { type: 'CODE' }
  | { type: 'LOOP_ON_ITEMS' }
  | { type: 'ROUTER' }
  | { type: 'PIECE'; pieceName: string; pieceVersion: string; actionName: string; displayName: string };

export interface PickerItem {
  id: string;
  section: 'Core' | 'Apps';
  label: string;
  description: string;
  /** The piece's name for app items, shown beside the action. */
  pieceLabel?: string;
  choice: StepChoice;
}

const CORE_ITEMS: PickerItem[] = [
  { id: 'core-code', section: 'Core', label: 'Code', description: 'Run your own JavaScript', choice: { type: 'CODE' } },
  { id: 'core-loop', section: 'Core', label: 'Loop on Items', description: 'Repeat steps for each item of a list', choice: { type: 'LOOP_ON_ITEMS' } },
  { id: 'core-router', section: 'Core', label: 'Router', description: 'Split the flow into branches by conditions', choice: { type: 'ROUTER' } },
];

const APP_ITEMS: PickerItem[] = ACTION_PIECES.flatMap((piece) =>
  piece.actions.map((action) => ({
    id: `app-${piece.name}-${action.name}`.replace(/[^a-zA-Z0-9_-]/g, '-'),
    section: 'Apps' as const,
    label: action.displayName,
    description: action.description,
    pieceLabel: piece.displayName,
    choice: { type: 'PIECE' as const, pieceName: piece.name, pieceVersion: piece.version, actionName: action.name, displayName: action.displayName },
  })),
);

export const PICKER_ITEMS: readonly PickerItem[] = [...CORE_ITEMS, ...APP_ITEMS];

/** Items whose label, piece or description contain every word of the query (case-insensitive). */
export function filterItems(items: readonly PickerItem[], query: string): PickerItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = `${item.label} ${item.pieceLabel ?? ''} ${item.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The ADD_ACTION `action` for a choice: the type's defaults and a piece's default inputs (the domain judges it). */
export function actionForChoice(choice: StepChoice, name: string): NewAction {
  if (choice.type === 'PIECE') {
    const piece = createAction('PIECE', name, {
      displayName: choice.displayName,
      pieceName: choice.pieceName,
      pieceVersion: choice.pieceVersion,
      actionName: choice.actionName,
    });
    const props = findPieceAction(choice.pieceName, choice.actionName)?.props ?? [];
    return { ...piece, settings: { ...piece.settings, input: defaultPieceInput(props), ...ERROR_HANDLING() } };
  }
  if (choice.type === 'CODE') {
    const code = createAction('CODE', name);
    return { ...code, settings: { ...code.settings, ...ERROR_HANDLING() } };
  }
  return createAction(choice.type, name);
}

/** Activepieces' default error handling for piece and code steps. */
const ERROR_HANDLING = () => ({ errorHandlingOptions: { continueOnFailure: { value: false }, retryOnFailure: { value: false } } });
