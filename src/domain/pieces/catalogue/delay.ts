import type { PieceDefinition } from '../types.ts';

export const delayPiece = {
  name: '@activepieces/piece-delay',
  displayName: 'Delay',
  description: 'Wait before the next step',
  version: '0.3.0',
  icon: 'timer',
  triggers: [],
  actions: [
    {
      name: 'delay_for',
      displayName: 'Delay for',
      description: 'Pause the run for a while, then continue',
      props: [
        { name: 'delayFor', displayName: 'Delay for', type: 'NUMBER', required: true, defaultValue: 1, min: 0 },
        {
          name: 'unit',
          displayName: 'Unit',
          type: 'STATIC_DROPDOWN',
          required: true,
          defaultValue: 'seconds',
          options: [
            { label: 'Seconds', value: 'seconds' },
            { label: 'Minutes', value: 'minutes' },
            { label: 'Hours', value: 'hours' },
          ],
        },
      ],
    },
  ],
} as const satisfies PieceDefinition;
