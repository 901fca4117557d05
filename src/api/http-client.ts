/**
 * The two HTTP clients of SPEC §7, over the shared core (http-core.ts). The authenticated one adds the
 * bearer token and, on a 401, refreshes the token pair once — every request that fails meanwhile waits
 * for that same refresh — then retries. A failed refresh clears both tokens and hands over to
 * `onAuthFailure` (the app sends the user to /login with a redirect).
 */
import { createBearerSender, sendRequest, type CoreOptions, type CoreRequest } from './http-core.ts';

export { browserTimezone, createSingleFlight, REQUEST_TIMEOUT_MS } from './http-core.ts';

export type RequestOptions = Omit<CoreRequest, 'path'>;

export interface HttpClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
}

export type ClientDeps = CoreOptions;

export function createPublicClient(deps: ClientDeps): HttpClient {
  return { request: <T>(path: string, options?: RequestOptions) => sendRequest(deps, { ...options, path }, null) as Promise<T> };
}

export interface AuthDeps extends ClientDeps {
  getAccessToken: () => string | null;
  /** Exchanges the refresh token for a new pair and stores it; rejects when that is impossible. */
  refreshTokens: () => Promise<void>;
  /** Tokens are already cleared when this runs. */
  onAuthFailure: () => void;
  clearTokens: () => void;
}

export function createAuthenticatedClient(deps: AuthDeps): HttpClient {
  const send = createBearerSender({
    ...deps,
    onRefreshFailed: () => {
      deps.clearTokens();
      deps.onAuthFailure();
    },
  });
  return { request: <T>(path: string, options?: RequestOptions) => send({ ...options, path }) as Promise<T> };
}
