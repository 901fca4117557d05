/**
 * The pieces Flowsmith offers, and lookups by Activepieces' names. One piece per file in catalogue/;
 * the order here is the order the step picker and the trigger list show.
 */
import { dataMapperPiece } from './catalogue/data-mapper.ts';
import { delayPiece } from './catalogue/delay.ts';
import { httpPiece } from './catalogue/http.ts';
import { manualPiece } from './catalogue/manual.ts';
import { notificationPiece } from './catalogue/notification.ts';
import { schedulePiece } from './catalogue/schedule.ts';
import { storePiece } from './catalogue/store.ts';
import { webhookPiece } from './catalogue/webhook.ts';
import { cloneJson } from '../flow/json.ts';
import type { PieceAction, PieceDefinition, PieceProp, PieceTrigger } from './types.ts';

export const PIECES: readonly PieceDefinition[] = [
  httpPiece,
  delayPiece,
  dataMapperPiece,
  storePiece,
  notificationPiece,
  manualPiece,
  schedulePiece,
  webhookPiece,
];

/** Pieces that offer steps, and pieces that offer triggers, in catalogue order. */
export const ACTION_PIECES: readonly PieceDefinition[] = PIECES.filter((piece) => piece.actions.length > 0);
export const TRIGGER_PIECES: readonly PieceDefinition[] = PIECES.filter((piece) => piece.triggers.length > 0);

const byName: ReadonlyMap<string, PieceDefinition> = new Map(PIECES.map((piece) => [piece.name, piece]));

export const findPiece = (name: string | undefined): PieceDefinition | undefined => (name ? byName.get(name) : undefined);

export const findPieceAction = (pieceName: string | undefined, actionName: string | undefined): PieceAction | undefined =>
  findPiece(pieceName)?.actions.find((action) => action.name === actionName);

export const findPieceTrigger = (pieceName: string | undefined, triggerName: string | undefined): PieceTrigger | undefined =>
  findPiece(pieceName)?.triggers.find((trigger) => trigger.name === triggerName);

/** The input a new step or trigger starts with: a copy of each prop's default value, where it has one. */
export function defaultPieceInput(props: readonly PieceProp[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const prop of props) if (prop.defaultValue !== undefined) input[prop.name] = cloneJson(prop.defaultValue);
  return input;
}
