import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { ApiError } from '../../src/api/api-error.ts';
import type { AuthApi } from '../../src/api/auth-api.ts';
import { STORAGE_KEYS, tokenStorage } from '../../src/api/token-storage.ts';
import type { User } from '../../src/domain/index.ts';
import { AuthStore } from '../../src/ui/stores/auth-store.ts';

const ada: User = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' };
const pair = { access_token: 'access-1', refresh_token: 'refresh-1' };

/** An AuthApi whose every call fails unless the test gives it an answer. */
function api(overrides: Partial<AuthApi> = {}): AuthApi & { calls: string[] } {
  const calls: string[] = [];
  const unexpected = (name: string) => async () => {
    calls.push(name);
    throw new Error(`unexpected call: ${name}`);
  };
  const base: AuthApi = {
    login: unexpected('login'),
    googleLogin: unexpected('googleLogin'),
    register: unexpected('register'),
    forgotPassword: unexpected('forgotPassword'),
    resetPassword: unexpected('resetPassword'),
    logout: unexpected('logout'),
    logoutAll: unexpected('logoutAll'),
    getProfile: unexpected('getProfile'),
  };
  const wrapped = Object.fromEntries(
    Object.entries({ ...base, ...overrides }).map(([name, fn]) => [
      name,
      (...args: unknown[]) => {
        if (name in overrides) calls.push(name);
        return (fn as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as AuthApi;
  return Object.assign(wrapped, { calls });
}

const httpError = (status: number, body?: unknown) => new ApiError({ kind: 'http', status, body });

let stores: AuthStore[] = [];
const makeStore = (a: AuthApi) => {
  const store = new AuthStore(a, tokenStorage);
  stores.push(store);
  return store;
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  for (const s of stores) s.dispose();
  stores = [];
});

describe('restoring the session at start', () => {
  it('restores the stored user when an access token is present', () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ada));
    const store = makeStore(api());
    expect(store.isAuthenticated).toBe(true);
    expect(store.user).toEqual(ada);
  });

  it('does not restore a stored user without an access token', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ada));
    const store = makeStore(api());
    expect(store.isAuthenticated).toBe(false);
    expect(store.user).toBeNull();
  });

  it('removes a stored user that is not valid JSON or lacks fields', () => {
    for (const broken of ['{not json', JSON.stringify({ name: 'no id or email' })]) {
      localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
      localStorage.setItem(STORAGE_KEYS.user, broken);
      const store = makeStore(api());
      expect(store.user).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
      expect(store.isAuthenticated).toBe(true);
    }
  });

  it('is signed out as soon as the tokens are cleared elsewhere (a failed refresh)', () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ada));
    const store = makeStore(api());
    tokenStorage.clearTokens();
    expect(store.isAuthenticated).toBe(false);
    expect(store.user).toBeNull();
  });
});

describe('login', () => {
  it('stores both tokens and the user, always asking to be remembered', async () => {
    let sent: unknown;
    const store = makeStore(api({ login: async (req) => ((sent = req), { ...pair, user: ada }) }));
    expect(await store.login({ email: 'ada@example.com', password: 'secret-pass' })).toBe(true);
    expect(sent).toEqual({ email: 'ada@example.com', password: 'secret-pass', remember: true });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(ada);
    expect(store.user).toEqual(ada);
    expect(store.isAuthenticated).toBe(true);
    expect(store.loading).toBe(false);
  });

  it('holds the loading flag while the call is in flight', async () => {
    let release: () => void = () => {};
    const store = makeStore(
      api({ login: () => new Promise((resolve) => (release = () => resolve({ ...pair, user: ada }))) }),
    );
    const pending = store.login({ email: 'ada@example.com', password: 'x' });
    expect(store.loading).toBe(true);
    release();
    await pending;
    expect(store.loading).toBe(false);
  });

  it.each([
    [httpError(401, { code: 'INVALID_CREDENTIALS', message: 'whatever' }), 'Invalid email or password'],
    [new ApiError({ kind: 'network', status: 0 }), 'Network error. Please check your connection and try again.'],
    [httpError(429, { code: 'QUOTA_EXCEEDED', message: 'Too many attempts. Please wait 3 minutes and try again.' }),
      'Too many attempts. Please wait 3 minutes and try again.'],
    [httpError(500, 'upstream crashed'), 'Login failed. Please try again.'],
  ])('shows the SPEC text for a failed login (%#)', async (error, text) => {
    const store = makeStore(api({ login: async () => Promise.reject(error) }));
    expect(await store.login({ email: 'ada@example.com', password: 'x' })).toBe(false);
    expect(store.error).toBe(text);
    expect(store.isAuthenticated).toBe(false);
  });

  it('shows the error field of a reply that carries one', async () => {
    const store = makeStore(api({ login: async () => ({ ...pair, user: ada, error: 'Account locked' }) }));
    expect(await store.login({ email: 'ada@example.com', password: 'x' })).toBe(false);
    expect(store.error).toBe('Account locked');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('register', () => {
  it('sends name, email and password only', async () => {
    let sent: unknown;
    const store = makeStore(api({ register: async (req) => ((sent = req), {}) }));
    const form = { name: 'Ada', email: 'ada@example.com', password: 'longenough', confirmPassword: 'longenough' };
    expect(await store.register(form)).toBe(true);
    expect(sent).toEqual({ name: 'Ada', email: 'ada@example.com', password: 'longenough' });
  });

  it('joins the field errors of a validation reply with ", "', async () => {
    const body = { code: 'VALIDATION', message: 'Invalid request', errors: { email: ['Enter a valid email'], password: ['Minimum 8 characters'] } };
    const store = makeStore(api({ register: async () => Promise.reject(httpError(400, body)) }));
    await store.register({ name: 'A', email: 'x', password: 'y' });
    expect(store.error).toBe('Enter a valid email, Minimum 8 characters');
  });

  it('shows the server sentence for a taken email', async () => {
    const body = { code: 'EXISTING_USER', message: 'Email already exists' };
    const store = makeStore(api({ register: async () => Promise.reject(httpError(409, body)) }));
    await store.register({ name: 'A', email: 'a@b.co', password: 'longenough' });
    expect(store.error).toBe('Email already exists');
  });
});

describe('password reset', () => {
  it('answers the server sentence after asking for a link', async () => {
    const store = makeStore(api({ forgotPassword: async () => ({ message: 'Check your inbox' }) }));
    expect(await store.forgotPassword('ada@example.com')).toBe('Check your inbox');
  });

  it('falls back to the SPEC sentences', async () => {
    const store = makeStore(api({ forgotPassword: async () => ({}), resetPassword: async () => Promise.reject(httpError(500)) }));
    expect(await store.forgotPassword('ada@example.com')).toBe(
      'If your email is registered, you will receive a password reset email shortly.',
    );
    expect(await store.resetPassword('t', 'newpassword')).toBe(false);
    expect(store.error).toBe('Failed to reset password');
  });

  it('shows the message of a reply that says success false', async () => {
    const store = makeStore(api({ resetPassword: async () => ({ success: false, message: 'This reset link is invalid or has expired.' }) }));
    expect(await store.resetPassword('t', 'newpassword')).toBe(false);
    expect(store.error).toBe('This reset link is invalid or has expired.');
  });
});

describe('google sign-in', () => {
  it('refuses a missing credential without calling the server', async () => {
    const a = api();
    const store = makeStore(a);
    expect(await store.googleLogin(undefined)).toBe(false);
    expect(store.error).toBe('No credential received from Google');
    expect(a.calls).toEqual([]);
  });

  it('maps a fatal-error page, a message and anything else', async () => {
    const cases: Array<[unknown, string]> = [
      [httpError(500, '<b>Fatal error</b>: Uncaught exception'), 'Server error'],
      [httpError(401, { code: 'INVALID_CREDENTIALS', message: 'Google sign-in failed' }), 'Google sign-in failed'],
      [new Error('boom'), 'Google sign-in failed. Please try again.'],
    ];
    for (const [error, text] of cases) {
      const store = makeStore(api({ googleLogin: async () => Promise.reject(error) }));
      await store.googleLogin('a-credential');
      expect(store.error).toBe(text);
    }
  });
});

describe('logout and the current user', () => {
  it('clears tokens and the stored user even when the server call fails', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ada));
    const store = makeStore(api({ logout: async () => Promise.reject(new ApiError({ kind: 'network', status: 0 })) }));
    await store.logout();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.user).toBeNull();
    expect(store.isAuthenticated).toBe(false);
  });

  it('does not ask for the profile when signed out', async () => {
    const a = api({ getProfile: async () => ada });
    const store = makeStore(a);
    expect(await store.fetchCurrentUser()).toBeNull();
    expect(a.calls).toEqual([]);
  });

  it('stores the fetched profile, and answers null when fetching fails', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
    const store = makeStore(api({ getProfile: async () => ada }));
    expect(await store.fetchCurrentUser()).toEqual(ada);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(ada);
    const failing = makeStore(api({ getProfile: async () => Promise.reject(httpError(500)) }));
    expect(await failing.fetchCurrentUser()).toBeNull();
  });
});
