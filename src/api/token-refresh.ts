/**
 * Exchanging the refresh token, safely across tabs. Tabs share one token pair in localStorage, and the
 * server treats a refresh token presented twice as stolen (it revokes the whole family). So refreshes are
 * serialised across tabs with a Web Lock, and a tab that waited re-reads the storage: if another tab
 * already rotated the pair meanwhile, it uses that pair instead of presenting the spent token again.
 *
 * The lock is not enough on its own: Chromium copies localStorage between tabs asynchronously, so the
 * waiting tab may still read the spent token. The server answers such a just-rotated token with a 409
 * (nothing revoked), and the tab then waits a moment for the sibling's new pair to reach its storage.
 */
import { tokenPairSchema, type TokenPair } from '../domain/index.ts';
import { ApiError } from './api-error.ts';
import type { TokenStorage } from './token-storage.ts';

export type CrossTabLock = <T>(name: string, work: () => Promise<T>) => Promise<T>;

/** navigator.locks where the browser has it; otherwise (old browsers, Node) the work runs unguarded. */
export const browserLock: CrossTabLock = (name, work) => {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request(name, work) : work();
};

export const REFRESH_LOCK_NAME = 'flowsmith-token-refresh';
/** How long a tab waits for a sibling's rotated pair to reach its copy of localStorage. */
export const SIBLING_PAIR_WAIT_MS = 3000;
const SIBLING_PAIR_POLL_MS = 50;

const renewedElsewhere = (error: unknown) => error instanceof ApiError && error.status === 409;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function createTokenRefresher(deps: {
  storage: Pick<TokenStorage, 'getAccessToken' | 'getRefreshToken' | 'setTokens'>;
  exchange: (refreshToken: string) => Promise<unknown>;
  lock?: CrossTabLock;
  siblingWaitMs?: number;
}): () => Promise<void> {
  const lock = deps.lock ?? browserLock;
  const siblingWaitMs = deps.siblingWaitMs ?? SIBLING_PAIR_WAIT_MS;

  /** Resolves once storage holds a refresh token other than `spent`; rejects with `error` if none comes. */
  async function awaitSiblingPair(spent: string, error: unknown): Promise<void> {
    for (let waited = 0; waited < siblingWaitMs; waited += SIBLING_PAIR_POLL_MS) {
      const current = deps.storage.getRefreshToken();
      if (current && current !== spent) return;
      await delay(SIBLING_PAIR_POLL_MS);
    }
    throw error;
  }

  return async () => {
    const accessBefore = deps.storage.getAccessToken();
    await lock(REFRESH_LOCK_NAME, async () => {
      // Another tab refreshed while this one waited for the lock: its new pair is already stored.
      if (deps.storage.getAccessToken() !== accessBefore) return;
      const refreshToken = deps.storage.getRefreshToken();
      if (!refreshToken) throw new Error('No refresh token');
      let reply: unknown;
      try {
        reply = await deps.exchange(refreshToken);
      } catch (error) {
        if (renewedElsewhere(error)) return awaitSiblingPair(refreshToken, error);
        throw error;
      }
      const pair: TokenPair = tokenPairSchema.parse(reply);
      deps.storage.setTokens(pair);
    });
  };
}
