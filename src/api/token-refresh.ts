/**
 * Exchanging the refresh token, safely across tabs. Tabs share one token pair in localStorage, and the
 * server treats a refresh token presented twice as stolen (it revokes the whole family). So refreshes are
 * serialised across tabs with a Web Lock, and a tab that waited re-reads the storage: if another tab
 * already rotated the pair meanwhile, it uses that pair instead of presenting the spent token again.
 */
import { tokenPairSchema, type TokenPair } from '../domain/index.ts';
import type { TokenStorage } from './token-storage.ts';

export type CrossTabLock = <T>(name: string, work: () => Promise<T>) => Promise<T>;

/** navigator.locks where the browser has it; otherwise (old browsers, Node) the work runs unguarded. */
export const browserLock: CrossTabLock = (name, work) => {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request(name, work) : work();
};

export const REFRESH_LOCK_NAME = 'flowsmith-token-refresh';

export function createTokenRefresher(deps: {
  storage: Pick<TokenStorage, 'getAccessToken' | 'getRefreshToken' | 'setTokens'>;
  exchange: (refreshToken: string) => Promise<unknown>;
  lock?: CrossTabLock;
}): () => Promise<void> {
  const lock = deps.lock ?? browserLock;
  return async () => {
    const accessBefore = deps.storage.getAccessToken();
    await lock(REFRESH_LOCK_NAME, async () => {
      // Another tab refreshed while this one waited for the lock: its new pair is already stored.
      if (deps.storage.getAccessToken() !== accessBefore) return;
      const refreshToken = deps.storage.getRefreshToken();
      if (!refreshToken) throw new Error('No refresh token');
      const pair: TokenPair = tokenPairSchema.parse(await deps.exchange(refreshToken));
      deps.storage.setTokens(pair);
    });
  };
}
