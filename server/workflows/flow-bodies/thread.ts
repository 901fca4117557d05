/** Inside the worker thread: read a body, answer the result or the refusal as plain data. */
import { parentPort } from 'node:worker_threads';
import { ApiError } from '../../http/errors.ts';
import { readFlowBody, type FlowBodyKind } from './read.ts';

parentPort!.on('message', (message: { id: number; kind: FlowBodyKind; text: string }) => {
  try {
    parentPort!.postMessage({ id: message.id, ok: true, body: readFlowBody(message.kind, message.text) });
  } catch (error) {
    const refusal =
      error instanceof ApiError
        ? { status: error.status, code: error.code, message: error.message, details: error.details }
        : { status: 500, code: 'INTERNAL', message: error instanceof Error ? error.message : String(error), details: {} };
    parentPort!.postMessage({ id: message.id, ok: false, refusal });
  }
});
parentPort!.postMessage({ ready: true });
