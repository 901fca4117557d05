import type { PieceDefinition } from '../types.ts';

export const webhookPiece = {
  name: '@activepieces/piece-webhook',
  displayName: 'Webhook',
  description: 'Start the workflow when a request arrives',
  version: '0.1.0',
  icon: 'webhook',
  actions: [],
  triggers: [
    { name: 'catch_webhook', displayName: 'Catch webhook', description: 'Run when a request reaches the workflow’s URL', props: [] },
  ],
} as const satisfies PieceDefinition;
