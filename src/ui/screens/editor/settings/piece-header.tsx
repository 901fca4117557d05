/** The piece a step or trigger uses: its icon, name and description. */
import type { ReactNode } from 'react';
import type { PieceDefinition } from '../../../../domain/pieces/index.ts';
import { pieceIcon } from './step-icon.tsx';

export function PieceHeader({ piece, children }: { piece: PieceDefinition; children?: ReactNode }) {
  const Icon = pieceIcon(piece.icon);
  return (
    <div className="settings-piece">
      <span className="settings-piece-icon" aria-hidden="true">
        <Icon width={16} height={16} />
      </span>
      <div className="settings-piece-text">
        <span className="settings-piece-name">{piece.displayName}</span>
        <span className="settings-help">{piece.description}</span>
      </div>
      {children}
    </div>
  );
}
