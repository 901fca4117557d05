/**
 * The pieces' behaviour on the server, by the catalogue's names (src/domain/pieces): what the engine
 * calls for a PIECE step, and the dynamic options behind POST /workflow/options. Each piece lives in its
 * own file; this one only maps names to them.
 */
import {
  findPiece,
  findPieceAction,
  findPieceTrigger,
  type PieceActionTable,
  type PieceOptionsTable,
  type PieceProp,
} from '../../../src/domain/pieces/index.ts';
import type { Database } from '../../db/database.ts';
import { ApiError } from '../../shared/api-error.ts';
import { isStorableText } from '../../db/stored-values.ts';
import { CONNECTION_TYPE_LABELS } from '../../../src/domain/contract/connections.ts';
import { connectionChoices } from '../../connections/repository.ts';
import { withConnection, type ResolveConnection } from '../connection-credentials.ts';
import type { PieceAction } from '../execute-flow.ts';
import { advancedMapping } from './data-mapper.ts';
import { createDelayAction } from './delay.ts';
import { createHttpAction, type HttpLimits } from './http.ts';
import { createNotificationAction, type NotifyUser } from './notification.ts';
import { createStoreActions, storeKeyOptions } from './store.ts';

export interface PieceRuntimeOptions {
  db: Database;
  /** Delivers a live notification to the user's open app tabs (the live hub). */
  notifyUser(userId: string, message: { type: string; data: { message: string } & Record<string, unknown> }): Promise<void>;
  http: HttpLimits;
  maxDelayMs: number;
  /** How a step's 'Connection' becomes headers (connection-credentials.ts). */
  resolveConnection: ResolveConnection;
}

/**
 * The implementation of a piece action, or undefined when piece or action is unknown (a flow file can
 * name any piece; the engine then fails the step with PIECE_NOT_FOUND). Every action of the catalogue has
 * one: the table below does not compile otherwise.
 */
export function createPieceActions(options: PieceRuntimeOptions): (pieceName: string, actionName: string | undefined) => PieceAction | undefined {
  const notifyUser: NotifyUser = (userId, message) => options.notifyUser(userId, message);
  const store = createStoreActions(options.db);
  const table = {
    '@activepieces/piece-http': { send_request: withConnection(createHttpAction(options.http), options.resolveConnection) },
    '@activepieces/piece-delay': { delay_for: createDelayAction(options.maxDelayMs) },
    '@activepieces/piece-data-mapper': { advanced_mapping: advancedMapping },
    '@activepieces/piece-store': { put: store.put, get: store.get, remove_value: store.remove_value },
    '@flowsmith/piece-notification': { send_notification: createNotificationAction(notifyUser) },
  } satisfies PieceActionTable<PieceAction>;
  const actions: Readonly<Record<string, Readonly<Record<string, PieceAction>>>> = table;
  return (pieceName, actionName) => {
    if (actionName === undefined || !Object.hasOwn(actions, pieceName)) return undefined;
    const piece = actions[pieceName]!;
    return Object.hasOwn(piece, actionName) ? piece[actionName] : undefined;
  };
}

type OptionsRequest = { pieceName: string; actionName?: string; triggerName?: string; propertyName: string; input?: Record<string, unknown>; search?: string };
type OptionsResolver = (db: Database, userId: string, request: OptionsRequest) => Promise<{ label: string; value: string | number }[]>;

/** Piece name → prop name → where its choices come from: one for each prop marked `dynamicOptions` in the catalogue. */
const OPTION_RESOLVERS: Readonly<Record<string, Readonly<Record<string, OptionsResolver>>>> = {
  '@activepieces/piece-store': { key: (db, userId, request) => storeKeyOptions(db, userId, request.search) },
  // Every connection of the user (at most MAX_CONNECTIONS_PER_USER), by name: the step stores the name.
  '@activepieces/piece-http': {
    connection: async (db, userId) =>
      (await connectionChoices(db, userId)).map(({ name, type }) => ({ label: `${name} (${CONNECTION_TYPE_LABELS[type]})`, value: name })),
  },
} satisfies PieceOptionsTable<OptionsResolver>;

function propOf(request: OptionsRequest): PieceProp | undefined {
  const piece = findPiece(request.pieceName);
  if (!piece) throw new ApiError(404, 'PIECE_NOT_FOUND', 'Piece not found');
  let props: readonly PieceProp[];
  if (request.triggerName !== undefined) {
    const trigger = findPieceTrigger(request.pieceName, request.triggerName);
    if (!trigger) throw new ApiError(404, 'PIECE_TRIGGER_NOT_FOUND', 'Trigger not found');
    props = trigger.props;
  } else {
    const action = findPieceAction(request.pieceName, request.actionName);
    if (!action) throw new ApiError(404, 'PIECE_NOT_FOUND', 'Action not found');
    props = action.props;
  }
  return props.find((prop) => prop.name === request.propertyName);
}

/**
 * Dynamic options of a piece input (POST /workflow/options): the choices the server offers for a prop
 * marked `dynamicOptions`. Unknown piece, trigger or action → 404; any other prop → 400.
 */
export async function pieceOptions(db: Database, userId: string, request: OptionsRequest): Promise<{ label: string; value: string | number }[]> {
  const prop = propOf(request);
  const resolver = prop?.dynamicOptions ? OPTION_RESOLVERS[request.pieceName]?.[prop.name] : undefined;
  if (!resolver) throw new ApiError(400, 'VALIDATION', 'This input has no dynamic options');
  if (request.search !== undefined && !isStorableText(request.search)) throw new ApiError(400, 'VALIDATION', 'The search contains characters that cannot be used');
  return resolver(db, userId, request);
}
