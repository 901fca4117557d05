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

/** The catalogue as written, its names kept as literal types so the server's behaviour is checked against it. */
const CATALOGUE = [
  httpPiece,
  delayPiece,
  dataMapperPiece,
  storePiece,
  notificationPiece,
  manualPiece,
  schedulePiece,
  webhookPiece,
] as const;

export const PIECES: readonly PieceDefinition[] = CATALOGUE;

type CataloguePiece = (typeof CATALOGUE)[number];

/** The name of every piece in the catalogue ('@activepieces/piece-http' | …). */
export type PieceName = CataloguePiece['name'];

/**
 * One `Implementation` for every action of every piece, by piece name then action name. The server's
 * piece behaviour is declared `satisfies PieceActionTable<…>`, so a catalogue action without behaviour
 * (or behaviour for an action the catalogue lacks) does not compile.
 */
export type PieceActionTable<Implementation> = {
  readonly [Piece in CataloguePiece as Piece['actions'] extends readonly [] ? never : Piece['name']]: {
    readonly [Action in Piece['actions'][number]['name']]: Implementation;
  };
};

type DynamicPropNames<Piece extends CataloguePiece> = Extract<
  Piece['actions'][number]['props'][number] | Piece['triggers'][number]['props'][number],
  { readonly dynamicOptions: true }
>['name'];

/** One `Resolver` for every prop marked `dynamicOptions`, by piece name then prop name (as above). */
export type PieceOptionsTable<Resolver> = {
  readonly [Piece in CataloguePiece as [DynamicPropNames<Piece>] extends [never] ? never : Piece['name']]: {
    readonly [Prop in DynamicPropNames<Piece>]: Resolver;
  };
};

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
