/**
 * Checked by tsc (tsconfig.json includes tests/), not run: the server's piece tables must cover the
 * catalogue exactly. Each `@ts-expect-error` below is a table tsc must refuse; if one stops being refused
 * the directive itself is reported as unused and the type check fails.
 */
import type { PieceActionTable, PieceOptionsTable } from '../../src/domain/pieces/index.ts';

type Behaviour = () => void;
const run: Behaviour = () => {};

export const complete = {
  '@activepieces/piece-http': { send_request: run },
  '@activepieces/piece-delay': { delay_for: run },
  '@activepieces/piece-data-mapper': { advanced_mapping: run },
  '@activepieces/piece-store': { put: run, get: run, remove_value: run },
  '@flowsmith/piece-notification': { send_notification: run },
} satisfies PieceActionTable<Behaviour>;

// A piece of the catalogue with no behaviour on the server.
export const pieceMissing = {
  '@activepieces/piece-http': { send_request: run },
  '@activepieces/piece-data-mapper': { advanced_mapping: run },
  '@activepieces/piece-store': { put: run, get: run, remove_value: run },
  '@flowsmith/piece-notification': { send_notification: run },
  // @ts-expect-error Property '@activepieces/piece-delay' is missing
} satisfies PieceActionTable<Behaviour>;

// An action of the catalogue with no behaviour on the server.
export const actionMissing = {
  '@activepieces/piece-http': { send_request: run },
  '@activepieces/piece-delay': { delay_for: run },
  '@activepieces/piece-data-mapper': { advanced_mapping: run },
  // @ts-expect-error Property 'remove_value' is missing
  '@activepieces/piece-store': { put: run, get: run },
  '@flowsmith/piece-notification': { send_notification: run },
} satisfies PieceActionTable<Behaviour>;

// Behaviour for an action the catalogue does not have.
export const actionUnknown = {
  '@activepieces/piece-http': { send_request: run },
  // @ts-expect-error 'delay_until' does not exist in the catalogue's delay piece
  '@activepieces/piece-delay': { delay_for: run, delay_until: run },
  '@activepieces/piece-data-mapper': { advanced_mapping: run },
  '@activepieces/piece-store': { put: run, get: run, remove_value: run },
  '@flowsmith/piece-notification': { send_notification: run },
} satisfies PieceActionTable<Behaviour>;

// A prop marked dynamicOptions (the Store's key) with nowhere to get its choices from.
// @ts-expect-error Property '@activepieces/piece-store' is missing
export const optionsMissing = {} satisfies PieceOptionsTable<Behaviour>;

// Every dynamic prop with its choices: the HTTP step's connection and the Store's key.
export const completeOptions = {
  '@activepieces/piece-http': { connection: run },
  '@activepieces/piece-store': { key: run },
} satisfies PieceOptionsTable<Behaviour>;
