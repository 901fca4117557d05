/**
 * The one HTTP client core, shared by the UI's clients (http-client.ts) and the editor worker's transport
 * (src/worker/http-transport.ts): the 30 s timeout of SPEC §9, the X-Timezone header, the bearer token,
 * a single-flight token refresh on a 401 with one retry, and every failure as an ApiError.
 *
 * It runs in a Web Worker too, so it uses only what a worker has (fetch, AbortSignal, Blob, Intl) and
 * never reads the token itself: the caller hands over `getAccessToken` (localStorage on the UI thread, a
 * comlink call to the UI thread in the worker) and `refreshTokens`.
 */
import { ApiError } from './api-error.ts';

export const REQUEST_TIMEOUT_MS = 30_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CoreRequest {
  method?: HttpMethod;
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * Sent as it is, with the JSON content type: text the caller already has (a flow file's own text, which
   * may be nested too deep for JSON.stringify) or a Blob (the worker's autosave, see http-transport.ts).
   */
  rawBody?: string | Blob;
  signal?: AbortSignal;
}

export interface CoreOptions {
  /** '/api' in the app; an absolute URL in Node. */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  timezone?: () => string | undefined;
}

export interface BearerOptions extends CoreOptions {
  getAccessToken: () => string | null | Promise<string | null>;
  /** Exchanges the refresh token for a new pair; called at most once at a time, however many 401s arrive. */
  refreshTokens?: () => Promise<void>;
  /** The refresh failed: the session is over (the UI clears its tokens and goes to /login). */
  onRefreshFailed?: () => void;
}

export function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

function buildUrl(baseUrl: string, path: string, query: CoreRequest['query']): string {
  const url = `${baseUrl}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * The body as JSON when the server says it is JSON, else as text (a proxy's error page, a text reply that
 * happens to read as a number stays text); undefined when empty.
 */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One request with `token` (or none): resolves with the parsed body or throws ApiError. */
export async function sendRequest(options: CoreOptions, request: CoreRequest, token: string | null): Promise<unknown> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const timezone = (options.timezone ?? browserTimezone)();
  if (timezone) headers['X-Timezone'] = timezone;
  const body = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await doFetch(buildUrl(options.baseUrl, request.path, request.query), { method: request.method ?? 'GET', headers, body, signal });
  } catch (cause) {
    if (request.signal?.aborted) throw cause; // the caller cancelled: not an error to report
    const timedOut = timeout.aborted;
    throw new ApiError({ kind: timedOut ? 'timeout' : 'network', status: 0, message: timedOut ? 'Request timed out' : 'Network error' });
  }
  const reply = await readBody(response).catch(() => undefined);
  if (!response.ok) throw new ApiError({ kind: 'http', status: response.status, body: reply });
  return reply;
}

/** Runs `work` at most once at a time: callers arriving while one is in flight share its promise. */
export function createSingleFlight(work: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  return () => {
    inFlight ??= work().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

/**
 * Requests with the bearer token. A 401 refreshes the token once — every request refused meanwhile
 * waits for that same refresh — and retries once; a request whose token was already replaced while it
 * was on the wire just retries with the new one.
 */
export function createBearerSender(options: BearerOptions): (request: CoreRequest) => Promise<unknown> {
  const refreshOnce = options.refreshTokens ? createSingleFlight(options.refreshTokens) : null;
  return async (request) => {
    const tokenUsed = await options.getAccessToken();
    try {
      return await sendRequest(options, request, tokenUsed);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401 || !refreshOnce) throw error;
      if ((await options.getAccessToken()) === tokenUsed) {
        try {
          await refreshOnce();
        } catch {
          options.onRefreshFailed?.();
          throw error;
        }
      }
      return sendRequest(options, request, await options.getAccessToken());
    }
  };
}
