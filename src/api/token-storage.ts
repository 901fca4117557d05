/**
 * The token pair and the signed-in user live in localStorage under the SPEC §3 keys. Listeners let the
 * MobX auth store mirror the access token, because localStorage itself is not observable.
 */
import type { TokenPair } from '../domain/index.ts';

export const STORAGE_KEYS = { accessToken: 'accessToken', refreshToken: 'refreshToken', user: 'user' } as const;

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (privacy mode): behave as signed out rather than crash
  }
}

function notify() {
  for (const listener of listeners) listener();
}

// Another tab signed in, refreshed or signed out: this tab follows (the `storage` event fires only in
// the other tabs of the origin, never in the one that wrote).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.accessToken) notify();
  });
}

export const tokenStorage = {
  getAccessToken: (): string | null => storage()?.getItem(STORAGE_KEYS.accessToken) ?? null,
  getRefreshToken: (): string | null => storage()?.getItem(STORAGE_KEYS.refreshToken) ?? null,
  setTokens(pair: TokenPair): void {
    storage()?.setItem(STORAGE_KEYS.accessToken, pair.access_token);
    storage()?.setItem(STORAGE_KEYS.refreshToken, pair.refresh_token);
    notify();
  },
  clearTokens(): void {
    storage()?.removeItem(STORAGE_KEYS.accessToken);
    storage()?.removeItem(STORAGE_KEYS.refreshToken);
    notify();
  },
  getStoredUser: (): string | null => storage()?.getItem(STORAGE_KEYS.user) ?? null,
  setStoredUser: (json: string): void => storage()?.setItem(STORAGE_KEYS.user, json),
  removeStoredUser: (): void => storage()?.removeItem(STORAGE_KEYS.user),
  /** Called on every change of the token pair, in this tab or another; returns the disposer. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
export type TokenStorage = typeof tokenStorage;
