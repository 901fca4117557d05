/**
 * The pieces catalogue (apps and utilities a flow uses, with typed inputs), input checks and step
 * validity. Pure data and functions: used by the settings panel now and the execution engine later.
 */
export * from './types.ts';
export {
  ACTION_PIECES,
  defaultPieceInput,
  findPiece,
  findPieceAction,
  findPieceTrigger,
  PIECES,
  TRIGGER_PIECES,
  type PieceActionTable,
  type PieceName,
  type PieceOptionsTable,
} from './catalogue.ts';
export {
  holdsReference,
  isBlankValue,
  numberOf,
  PIECE_INPUT_MESSAGES,
  pieceInputError,
  validatePieceInput,
  type PieceInputVerdict,
} from './validate.ts';
export { routerSettingsValid, stepValidity, triggerValidity, type StepValidityInput, type TriggerValidityInput } from './validity.ts';
export { SCHEDULE_PIECE_NAME } from './catalogue/schedule.ts';
