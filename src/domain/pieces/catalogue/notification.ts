import type { PieceDefinition } from '../types.ts';

/** Flowsmith's own: a message in the app's notification list (no Activepieces counterpart). */
export const notificationPiece = {
  name: '@flowsmith/piece-notification',
  displayName: 'Notification',
  description: 'Tell the team something happened',
  version: '0.1.0',
  icon: 'bell',
  triggers: [],
  actions: [
    {
      name: 'send_notification',
      displayName: 'Send notification',
      description: 'Show a message in Flowsmith’s notifications',
      props: [
        { name: 'message', displayName: 'Message', type: 'LONG_TEXT', required: true },
        {
          name: 'level',
          displayName: 'Level',
          type: 'STATIC_DROPDOWN',
          required: true,
          defaultValue: 'info',
          options: [
            { label: 'Info', value: 'info' },
            { label: 'Success', value: 'success' },
            { label: 'Warning', value: 'warning' },
            { label: 'Error', value: 'error' },
          ],
        },
      ],
    },
  ],
} as const satisfies PieceDefinition;
