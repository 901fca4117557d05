/**
 * The one HTTP client core (src/api/http-core.ts) against a real HTTP server on a local port: the UI's
 * authenticated client and the editor worker's transport both refresh a stale token once however many
 * requests it failed, and both give up after their timeout with the words of a network failure.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@rstest/core';
import { ApiError } from '../../src/api/api-error.ts';
import { createAuthenticatedClient } from '../../src/api/http-client.ts';
import { NETWORK_ERROR_MESSAGE, errorMessage } from '../../src/ui/components/data/error-message.ts';
import { HttpTransport } from '../../src/worker/http-transport.ts';
import { TransportError } from '../../src/worker/transport.ts';

interface Backend {
  baseUrl: string;
  /** The bearer tokens requests arrived with, in order. */
  seen: string[];
  accept(token: string): void;
  close(): Promise<void>;
}

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/**
 * Accepts one token; answers 401 to any other once every request of a burst has arrived (`burst`), so
 * concurrent requests really are refused together. a path with `/hang` in it never answers.
 */
async function startBackend(burst = 1): Promise<Backend> {
  let valid = 'fresh';
  const seen: string[] = [];
  let waiting: Array<() => void> = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.includes('/hang')) return; // the client's timeout must end this
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    seen.push(token);
    const answer = () => {
      const ok = token === valid;
      response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      response.end(JSON.stringify(ok ? { newVersionCreated: false, version: { id: 'v1' }, path: request.url } : { code: 'INVALID_BEARER_TOKEN', message: 'expired' }));
    };
    waiting.push(answer);
    if (waiting.length >= burst || token === valid) {
      const all = waiting;
      waiting = [];
      for (const reply of all) reply();
    }
  };
  const server = createServer((request, response) => {
    request.resume(); // the body is not needed, only its arrival
    request.on('end', () => handle(request, response));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    seen,
    accept: (token) => (valid = token),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('the UI client over the core', () => {
  it('refreshes once when two concurrent requests get a 401, then retries both with the new token', async () => {
    const backend = await startBackend(2);
    let token = 'stale';
    let refreshes = 0;
    const client = createAuthenticatedClient({
      baseUrl: backend.baseUrl,
      getAccessToken: () => token,
      refreshTokens: async () => {
        refreshes++;
        // The exchange takes a moment: the second 401 arrives while the first refresh is still out.
        await new Promise((resolve) => setTimeout(resolve, 10));
        token = 'fresh';
      },
      clearTokens: () => {},
      onAuthFailure: () => {},
    });
    const replies = await Promise.all([client.request<{ path: string }>('/a'), client.request<{ path: string }>('/b')]);
    expect(replies.map((reply) => reply.path).sort()).toEqual(['/api/a', '/api/b']);
    expect(refreshes).toBe(1);
    expect(backend.seen.sort()).toEqual(['fresh', 'fresh', 'stale', 'stale']);
  });

  it('gives up after its timeout with an error the UI words as a network failure', async () => {
    const backend = await startBackend();
    const client = createAuthenticatedClient({
      baseUrl: backend.baseUrl,
      timeoutMs: 100,
      getAccessToken: () => 'fresh',
      refreshTokens: async () => {},
      clearTokens: () => {},
      onAuthFailure: () => {},
    });
    const error = await client.request('/hang').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout', status: 0, message: 'Request timed out' });
    expect(errorMessage(error)).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe("the editor worker's transport over the same core", () => {
  const save = { version_id: 'v1', configuration: { trigger: {} }, display_name: 'Flow' };

  it('refreshes once for two concurrent saves refused with a 401', async () => {
    const backend = await startBackend(2);
    let token = 'stale';
    let refreshes = 0;
    const transport = new HttpTransport({
      baseUrl: backend.baseUrl,
      // The worker asks the UI thread for its token (a comlink call): asynchronous.
      getAccessToken: async () => token,
      refreshAccessToken: async () => {
        refreshes++;
        await new Promise((resolve) => setTimeout(resolve, 10));
        token = 'fresh';
      },
    });
    const saved = await Promise.all([transport.autosave(save), transport.autosave(save)]);
    expect(saved.map((reply) => reply.version)).toEqual([{ id: 'v1' }, { id: 'v1' }]);
    expect(refreshes).toBe(1);
    expect(backend.seen.sort()).toEqual(['fresh', 'fresh', 'stale', 'stale']);
  });

  it('gives up after its timeout with the same words, as a retryable TransportError', async () => {
    const backend = await startBackend();
    const transport = new HttpTransport({ baseUrl: `${backend.baseUrl}/hang`, getAccessToken: () => 'fresh', timeoutMs: 100 });
    const error = await transport.autosave(save).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'timeout', status: 0, message: 'Request timed out' });
  });
});
