/**
 * The icon of a step or trigger, wherever it is drawn (canvas node, settings header, step picker): core
 * step types by type, piece steps and triggers by their catalogue icon key, the empty trigger a bolt.
 */
import { Bell, Clock, Code, Database, Globe, Hand, Puzzle, Repeat, Shuffle, Split, Timer, Webhook, Zap, type LucideIcon } from 'lucide-react';
import { findPiece, type PieceIconKey } from '../../../../domain/pieces/index.ts';

const PIECE_ICONS: Record<PieceIconKey, LucideIcon> = {
  globe: Globe,
  timer: Timer,
  shuffle: Shuffle,
  database: Database,
  bell: Bell,
  hand: Hand,
  clock: Clock,
  webhook: Webhook,
};

/** A catalogue icon key's component; a piece-shaped one for keys (or pieces) Flowsmith does not know. */
export const pieceIcon = (key: string | undefined): LucideIcon => (key && key in PIECE_ICONS ? PIECE_ICONS[key as PieceIconKey] : Puzzle);

/** Anything with a step's or trigger's type and settings: a flat step, a trigger, an ADD_ACTION request. */
export interface IconSubject {
  type: string;
  settings?: unknown;
}

export function stepIcon(step: IconSubject): LucideIcon {
  switch (step.type) {
    case 'CODE':
      return Code;
    case 'LOOP_ON_ITEMS':
      return Repeat;
    case 'ROUTER':
      return Split;
    case 'EMPTY':
      return Zap;
    default: {
      const pieceName = (step.settings as { pieceName?: unknown } | undefined)?.pieceName;
      return typeof pieceName === 'string' && pieceName !== '' ? pieceIcon(findPiece(pieceName)?.icon) : Puzzle;
    }
  }
}
