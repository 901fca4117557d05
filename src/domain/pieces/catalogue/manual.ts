import type { PieceDefinition } from '../types.ts';

/** Flowsmith's own: a run started from the editor or the API, with no schedule or event. */
export const manualPiece = {
  name: '@flowsmith/piece-manual',
  displayName: 'Manual',
  description: 'Start the workflow yourself',
  version: '0.1.0',
  icon: 'hand',
  actions: [],
  triggers: [{ name: 'manual', displayName: 'Run manually', description: 'Start a run from Flowsmith', props: [] }],
} as const satisfies PieceDefinition;
