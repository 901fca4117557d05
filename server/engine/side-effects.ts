/**
 * Which steps act on the world (issue 15): the one list the engine consults to decide which finished
 * steps are checkpointed before the next one starts, so a run resumed on another worker never repeats
 * them. Code steps, loops, routers and the pieces named pure below only compute from their input (or
 * wait), so running one of them again after a crash changes nothing a user sees; every other piece —
 * HTTP requests, Store writes, notifications, and any piece not listed here (a new piece is assumed to
 * act until it is listed) — has side effects.
 */
import type { FlatStep } from '../../src/domain/index.ts';

/** Piece actions with no effect outside the run: `piece name → action names`. */
const PURE_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  '@activepieces/piece-data-mapper': ['advanced_mapping'],
  '@activepieces/piece-delay': ['delay_for'],
  // A read: running it again reads the store again, it changes nothing.
  '@activepieces/piece-store': ['get'],
};

export function hasSideEffects(step: FlatStep): boolean {
  if (step.type !== 'PIECE') return false;
  const pure = PURE_ACTIONS[step.settings.pieceName];
  return !pure || !pure.includes(step.settings.actionName ?? '');
}
