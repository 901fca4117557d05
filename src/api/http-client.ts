/**
 * The two HTTP clients of SPEC §7. Both send JSON with a 30 s timeout and the X-Timezone header.
 * The authenticated one adds the bearer token and, on a 401, refreshes the token pair once — every
 * request that fails meanwhile waits for that same refresh — then retries. A failed refresh clears both
 * tokens and hands over to `onAuthFailure` (the app sends the user to /login with a redirect).
 */
import { ApiError } from './api-error.ts';

export const REQUEST_TIMEOUT_MS = 30_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

export interface HttpClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
}

export interface ClientDeps {
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  timezone?: () => string | undefined;
}

export function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const url = `${baseUrl}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** One request, no auth: resolves with the parsed body or throws ApiError. */
async function send<T>(deps: ClientDeps, path: string, options: RequestOptions, headers: Record<string, string>): Promise<T> {
  const doFetch = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const timeout = AbortSignal.timeout(deps.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const allHeaders: Record<string, string> = { Accept: 'application/json', ...headers };
  const timezone = (deps.timezone ?? browserTimezone)();
  if (timezone) allHeaders['X-Timezone'] = timezone;
  if (options.body !== undefined) allHeaders['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await doFetch(buildUrl(deps.baseUrl, path, options.query), {
      method: options.method ?? 'GET',
      headers: allHeaders,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch (cause) {
    const timedOut = timeout.aborted && !options.signal?.aborted;
    if (options.signal?.aborted) throw cause; // the caller cancelled: not an error to report
    throw new ApiError({ kind: timedOut ? 'timeout' : 'network', status: 0, message: timedOut ? 'Request timed out' : 'Network error' });
  }
  const body = await readBody(response).catch(() => undefined);
  if (!response.ok) throw new ApiError({ kind: 'http', status: response.status, body });
  return body as T;
}

export function createPublicClient(deps: ClientDeps): HttpClient {
  return { request: (path, options = {}) => send(deps, path, options, {}) };
}

export interface AuthDeps extends ClientDeps {
  getAccessToken: () => string | null;
  /** Exchanges the refresh token for a new pair and stores it; rejects when that is impossible. */
  refreshTokens: () => Promise<void>;
  /** Tokens are already cleared when this runs. */
  onAuthFailure: () => void;
  clearTokens: () => void;
}

/** Runs `refresh` at most once at a time: callers arriving while one is in flight share its promise. */
export function createSingleFlight(refresh: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  return () => {
    inFlight ??= refresh().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

export function createAuthenticatedClient(deps: AuthDeps): HttpClient {
  const refreshOnce = createSingleFlight(deps.refreshTokens);
  const authHeaders = (token: string | null): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

  return {
    async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
      const tokenUsed = deps.getAccessToken();
      try {
        return await send<T>(deps, path, options, authHeaders(tokenUsed));
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
        // Another request may have refreshed while this one was in flight: then just retry with the new token.
        if (deps.getAccessToken() === tokenUsed) {
          try {
            await refreshOnce();
          } catch {
            deps.clearTokens();
            deps.onAuthFailure();
            throw error;
          }
        }
        return send<T>(deps, path, options, authHeaders(deps.getAccessToken()));
      }
    },
  };
}
