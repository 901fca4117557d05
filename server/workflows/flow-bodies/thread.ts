/**
 * Inside the worker thread: read a body (its bytes moved here), answer the result with the stored
 * content's bytes moved back, or the refusal as plain data.
 */
import { parentPort } from 'node:worker_threads';
import { ApiError } from '../../shared/api-error.ts';
import { nestStoredContent, readFlowBody, type FlowBodyKind, type FlowBodyOptions, type NestIdentity } from './read.ts';

const decoder = new TextDecoder();

type Message =
  | { id: number; kind: FlowBodyKind; bytes: Uint8Array; options?: FlowBodyOptions }
  | { id: number; kind: 'nest'; identity: NestIdentity; contentText: string };

parentPort!.on('message', (message: Message) => {
  try {
    if (message.kind === 'nest') {
      parentPort!.postMessage({ id: message.id, ok: true, nested: nestStoredContent(message.identity, message.contentText) });
      return;
    }
    const body = readFlowBody(message.kind, decoder.decode(message.bytes), message.options);
    const encoded = Buffer.from(String(body.write.contentJson), 'utf8');
    // Only a buffer that owns its whole memory can be moved (a small one shares Node's pool).
    const contentBytes = encoded.byteOffset === 0 && encoded.byteLength === encoded.buffer.byteLength ? encoded : new Uint8Array(encoded);
    const { contentJson: _text, ...write } = body.write;
    parentPort!.postMessage({ id: message.id, ok: true, body: { ...body, write }, contentBytes }, [contentBytes.buffer as ArrayBuffer]);
  } catch (error) {
    // A refusal goes back as it is; anything else is a bug, answered (and logged) as the server's 500.
    if (error instanceof ApiError) {
      parentPort!.postMessage({ id: message.id, ok: false, refusal: { status: error.status, code: error.code, message: error.message, details: error.details } });
    } else {
      parentPort!.postMessage({ id: message.id, ok: false, internal: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  }
});
parentPort!.postMessage({ ready: true });
