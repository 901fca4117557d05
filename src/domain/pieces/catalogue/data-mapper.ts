import type { PieceDefinition } from '../types.ts';

export const dataMapperPiece = {
  name: '@activepieces/piece-data-mapper',
  displayName: 'Data mapper',
  description: 'Reshape data for the next steps',
  version: '0.3.0',
  icon: 'shuffle',
  triggers: [],
  actions: [
    {
      name: 'advanced_mapping',
      displayName: 'Map data',
      description: 'Build a new object from values of earlier steps',
      props: [
        {
          name: 'mapping',
          displayName: 'Mapping',
          description: 'A JSON object; values may use {{step_1.field}} references',
          type: 'JSON',
          required: true,
          defaultValue: {},
        },
      ],
    },
  ],
} as const satisfies PieceDefinition;
