/**
 * The app's two client instances, wired to the token storage. `/api` is same-origin: the Node server
 * serves both the SPA and the API (the dev server proxies it).
 */
import { createAuthenticatedClient, createPublicClient, createSingleFlight } from './http-client.ts';
import { createTokenRefresher } from './token-refresh.ts';
import { tokenStorage } from './token-storage.ts';

export const API_BASE_URL = '/api';

export const publicClient = createPublicClient({ baseUrl: API_BASE_URL });

/**
 * Rotates the pair; the server revokes the whole family if this refresh token was already used. One flight
 * for the whole tab: the HTTP client, the editor worker and the live socket may all need it at once.
 */
export const refreshTokenPair = createSingleFlight(
  createTokenRefresher({
    storage: tokenStorage,
    exchange: (refreshToken) => publicClient.request('/auth/refresh', { method: 'POST', body: { refresh_token: refreshToken } }),
  }),
);

let redirecting = false;

/** A failed refresh ends the session: go to /login, keeping where the user was (SPEC §2 redirect query). */
export function redirectToLogin(): void {
  if (redirecting || typeof window === 'undefined') return;
  tokenStorage.removeStoredUser();
  const { pathname, search, hash } = window.location;
  if (pathname === '/login') return;
  redirecting = true;
  window.location.assign(`/login?redirect=${encodeURIComponent(pathname + search + hash)}`);
}

export const authenticatedClient = createAuthenticatedClient({
  baseUrl: API_BASE_URL,
  getAccessToken: tokenStorage.getAccessToken,
  refreshTokens: refreshTokenPair,
  clearTokens: tokenStorage.clearTokens,
  onAuthFailure: redirectToLogin,
});
