import type { PieceDefinition } from '../types.ts';

/** Activepieces' HTTP piece, 'send_request' with the inputs Flowsmith runs. */
export const httpPiece = {
  name: '@activepieces/piece-http',
  displayName: 'HTTP',
  description: 'Send requests to any web address',
  version: '0.5.0',
  icon: 'globe',
  triggers: [],
  actions: [
    {
      name: 'send_request',
      displayName: 'Send HTTP request',
      description: 'Send a request and use the response in the next steps',
      props: [
        {
          name: 'method',
          displayName: 'Method',
          type: 'STATIC_DROPDOWN',
          required: true,
          defaultValue: 'GET',
          options: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'].map((method) => ({ label: method, value: method })),
        },
        { name: 'url', displayName: 'URL', description: 'The full address, https://…', type: 'SHORT_TEXT', required: true },
        {
          name: 'connection',
          displayName: 'Connection',
          description: 'Credentials sent as headers (Settings → Connections); they never appear in the run',
          type: 'DYNAMIC_DROPDOWN',
          required: false,
          dynamicOptions: true,
        },
        { name: 'headers', displayName: 'Headers', description: 'A JSON object of header names and values', type: 'JSON', required: false },
        { name: 'body', displayName: 'Body', description: 'JSON or plain text', type: 'LONG_TEXT', required: false },
        { name: 'timeout', displayName: 'Timeout (seconds)', type: 'NUMBER', required: false, min: 1 },
      ],
    },
  ],
} as const satisfies PieceDefinition;
