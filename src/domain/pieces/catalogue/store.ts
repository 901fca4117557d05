import type { PieceDefinition, PieceProp } from '../types.ts';

const key = { name: 'key', displayName: 'Key', type: 'SHORT_TEXT', required: true, dynamicOptions: true } as const satisfies PieceProp;

/** Activepieces' key-value store piece: values kept between runs. */
export const storePiece = {
  name: '@activepieces/piece-store',
  displayName: 'Storage',
  description: 'Keep values between runs',
  version: '0.5.0',
  icon: 'database',
  triggers: [],
  actions: [
    {
      name: 'put',
      displayName: 'Put value',
      description: 'Store a value under a key',
      props: [key, { name: 'value', displayName: 'Value', type: 'LONG_TEXT', required: true }],
    },
    { name: 'get', displayName: 'Get value', description: 'Read the value stored under a key', props: [key] },
    { name: 'remove_value', displayName: 'Remove value', description: 'Delete the value stored under a key', props: [key] },
  ],
} as const satisfies PieceDefinition;
