/**
 * Replies written as JSON text rather than objects: a version's content goes out as the text or bytes it
 * was read or stored as, so a 50,000-step flow is never stringified on the server's thread.
 */
import type { FastifyReply } from 'fastify';

/** Sends JSON text as it is. */
export function sendJsonText(reply: FastifyReply, text: string, status = 200) {
  return reply.code(status).type('application/json; charset=utf-8').send(text);
}

/** Sends JSON written in parts: text joined, or bytes put together outside the JavaScript heap. */
export function sendJsonParts(reply: FastifyReply, status: number, parts: Array<string | Uint8Array>) {
  const body = parts.every((part) => typeof part === 'string')
    ? parts.join('')
    : Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
