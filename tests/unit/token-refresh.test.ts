import { describe, expect, it } from '@rstest/core';
import { createTokenRefresher, type CrossTabLock } from '../../src/api/token-refresh.ts';
import { ApiError } from '../../src/api/api-error.ts';

/** Two tabs over one shared storage and one lock, as in a browser with two tabs of the app open. */
function sharedBrowser() {
  const store = new Map<string, string>([
    ['access', 'access-0'],
    ['refresh', 'refresh-0'],
  ]);
  let queue = Promise.resolve();
  const lock: CrossTabLock = (_name, work) => {
    const run = queue.then(work);
    queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };
  const storage = {
    getAccessToken: () => store.get('access') ?? null,
    getRefreshToken: () => store.get('refresh') ?? null,
    setTokens: (pair: { access_token: string; refresh_token: string }) => {
      store.set('access', pair.access_token);
      store.set('refresh', pair.refresh_token);
    },
  };
  // The server: a refresh token works once; presenting a spent one is what revokes a family.
  const spent = new Set<string>();
  let issued = 0;
  const presented: string[] = [];
  const exchange = async (refreshToken: string) => {
    presented.push(refreshToken);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (spent.has(refreshToken)) throw new Error('reuse detected: family revoked');
    spent.add(refreshToken);
    issued++;
    return { access_token: `access-${issued}`, refresh_token: `refresh-${issued}` };
  };
  return { store, storage, lock, exchange, presented };
}

describe('refreshing across tabs', () => {
  it('never presents a spent refresh token when two tabs refresh at once', async () => {
    const browser = sharedBrowser();
    const tabA = createTokenRefresher({ storage: browser.storage, exchange: browser.exchange, lock: browser.lock });
    const tabB = createTokenRefresher({ storage: browser.storage, exchange: browser.exchange, lock: browser.lock });
    await Promise.all([tabA(), tabB()]);
    expect(browser.presented).toEqual(['refresh-0']);
    expect(browser.store.get('access')).toBe('access-1');
  });

  it('without the lock the second tab would trip reuse detection', async () => {
    const browser = sharedBrowser();
    const noLock: CrossTabLock = (_name, work) => work();
    const tabA = createTokenRefresher({ storage: browser.storage, exchange: browser.exchange, lock: noLock });
    const tabB = createTokenRefresher({ storage: browser.storage, exchange: browser.exchange, lock: noLock });
    const results = await Promise.allSettled([tabA(), tabB()]);
    expect(results.map((r) => r.status)).toContain('rejected');
  });

  it('refuses to refresh without a refresh token', async () => {
    const browser = sharedBrowser();
    browser.store.delete('refresh');
    const tab = createTokenRefresher({ storage: browser.storage, exchange: browser.exchange, lock: browser.lock });
    await expect(tab()).rejects.toThrow('No refresh token');
  });
});

describe('when another tab rotated the pair but this tab still reads the old one', () => {
  const renewedElsewhere = () =>
    new ApiError({ kind: 'http', status: 409, body: { code: 'SESSION_EXPIRED', message: 'This session was just renewed in another tab.' } });

  it('waits for the sibling pair to reach its storage and uses it', async () => {
    let refreshToken = 'spent';
    let accessToken = 'expired';
    const storage = {
      getAccessToken: () => accessToken,
      getRefreshToken: () => refreshToken,
      setTokens: () => {
        throw new Error('this tab must not store a pair of its own');
      },
    };
    // The sibling's pair arrives in this tab's copy of localStorage a little later.
    setTimeout(() => {
      refreshToken = 'sibling-refresh';
      accessToken = 'sibling-access';
    }, 120);
    const refresh = createTokenRefresher({ storage, exchange: async () => Promise.reject(renewedElsewhere()), lock: (_n, work) => work() });
    await refresh();
    expect(accessToken).toBe('sibling-access');
  });

  it('gives up with the server refusal when no sibling pair arrives', async () => {
    const storage = { getAccessToken: () => 'expired', getRefreshToken: () => 'spent', setTokens: () => {} };
    const refresh = createTokenRefresher({
      storage,
      exchange: async () => Promise.reject(renewedElsewhere()),
      lock: (_n, work) => work(),
      siblingWaitMs: 200,
    });
    await expect(refresh()).rejects.toMatchObject({ status: 409 });
  });

  it('does not wait on any other refusal', async () => {
    const storage = { getAccessToken: () => 'expired', getRefreshToken: () => 'revoked', setTokens: () => {} };
    const expired = new ApiError({ kind: 'http', status: 401, body: { code: 'SESSION_EXPIRED', message: 'Your session has expired.' } });
    const refresh = createTokenRefresher({ storage, exchange: async () => Promise.reject(expired), lock: (_n, work) => work() });
    await expect(refresh()).rejects.toBe(expired);
  });
});
