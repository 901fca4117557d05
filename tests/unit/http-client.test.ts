import { describe, expect, it } from '@rstest/core';
import { ApiError } from '../../src/api/api-error.ts';
import { createAuthenticatedClient, createPublicClient } from '../../src/api/http-client.ts';

/** A tiny in-process "server": the access token `fresh-N` is valid only after the N-th refresh. */
function fakeBackend() {
  let validToken = 'old';
  const seen: Array<{ url: string; headers: Record<string, string> }> = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    seen.push({ url: String(input), headers });
    // Let every concurrent request reach the server before any answer, as in a real burst.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (headers.Authorization !== `Bearer ${validToken}`) {
      return new Response(JSON.stringify({ code: 'INVALID_OR_EXPIRED_JWT_TOKEN', message: 'expired' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(JSON.stringify({ ok: true, url: String(input) }), { headers: { 'content-type': 'application/json' } });
  };
  return {
    fetchImpl,
    seen,
    accept: (token: string) => (validToken = token),
  };
}

function clientOver(backend: ReturnType<typeof fakeBackend>, options: { refreshFails?: boolean } = {}) {
  let token: string | null = 'stale';
  let refreshCalls = 0;
  let authFailures = 0;
  let cleared = false;
  const client = createAuthenticatedClient({
    baseUrl: '/api',
    fetch: backend.fetchImpl,
    timezone: () => 'Europe/Paris',
    getAccessToken: () => token,
    clearTokens: () => {
      token = null;
      cleared = true;
    },
    onAuthFailure: () => authFailures++,
    refreshTokens: async () => {
      refreshCalls++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (options.refreshFails) throw new Error('refresh rejected');
      token = `fresh-${refreshCalls}`;
      backend.accept(token);
    },
  });
  return { client, stats: () => ({ refreshCalls, authFailures, cleared, token }) };
}

describe('authenticated client', () => {
  it('refreshes exactly once when many concurrent requests get a 401, then retries them all', async () => {
    const backend = fakeBackend();
    const { client, stats } = clientOver(backend);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => client.request<{ ok: boolean; url: string }>(`/item/${i}`)),
    );
    expect(replies.every((r) => r.ok)).toBe(true);
    expect(replies.map((r) => r.url)).toEqual(Array.from({ length: 8 }, (_, i) => `/api/item/${i}`));
    expect(stats().refreshCalls).toBe(1);
    const retried = backend.seen.filter((s) => s.headers.Authorization === 'Bearer fresh-1');
    expect(retried).toHaveLength(8);
  });

  it('sends the bearer token and the X-Timezone header', async () => {
    const backend = fakeBackend();
    backend.accept('stale');
    const { client } = clientOver(backend);
    await client.request('/profile');
    expect(backend.seen[0]?.headers).toMatchObject({ Authorization: 'Bearer stale', 'X-Timezone': 'Europe/Paris' });
  });

  it('clears the tokens and reports the auth failure when the refresh fails', async () => {
    const backend = fakeBackend();
    const { client, stats } = clientOver(backend, { refreshFails: true });
    const results = await Promise.allSettled([client.request('/a'), client.request('/b')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    const reason = (results[0] as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(ApiError);
    expect((reason as ApiError).status).toBe(401);
    expect(stats()).toMatchObject({ refreshCalls: 1, cleared: true, token: null });
    expect(stats().authFailures).toBeGreaterThanOrEqual(1);
  });

  it('does not refresh again when the retried request is still refused', async () => {
    let token: string | null = 'stale';
    let refreshCalls = 0;
    const alwaysRefused: typeof fetch = async () =>
      new Response(JSON.stringify({ code: 'INVALID_OR_EXPIRED_JWT_TOKEN', message: 'expired' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    const client = createAuthenticatedClient({
      baseUrl: '/api',
      fetch: alwaysRefused,
      getAccessToken: () => token,
      clearTokens: () => (token = null),
      onAuthFailure: () => {},
      refreshTokens: async () => {
        refreshCalls++;
        token = 'fresh';
      },
    });
    await expect(client.request('/x')).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls).toBe(1);
  });
});

describe('public client', () => {
  it('turns an unreachable server into a network ApiError', async () => {
    const client = createPublicClient({ baseUrl: '/api', fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
    const error = await client.request('/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('network');
    expect((error as ApiError).isNetworkError).toBe(true);
  });

  it('gives up after its timeout with a timeout ApiError', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const client = createPublicClient({ baseUrl: '/api', fetch: hanging, timeoutMs: 20 });
    await expect(client.request('/slow')).rejects.toMatchObject({ kind: 'timeout', status: 0 });
  });

  it('keeps the server error body: code, message and field errors', async () => {
    const body = { code: 'VALIDATION', message: 'Invalid request', errors: { email: ['Enter a valid email'] } };
    const client = createPublicClient({
      baseUrl: '/api',
      fetch: async () => new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } }),
    });
    const error = (await client.request('/auth/register', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('VALIDATION');
    expect(error.errors).toEqual({ email: ['Enter a valid email'] });
    expect(error.serverMessage).toBe('Invalid request');
  });
});
