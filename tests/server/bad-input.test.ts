/**
 * Bad input of every kind, at every auth endpoint: always a 4xx JSON `{code, message}` with a §8 code,
 * never a 500, and nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import {
  countRows,
  PASSWORD,
  post,
  registerUser,
  signIn,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';

let t: TestServer;
let accessToken: string;
let refreshToken: string;
let knownEmail: string;

beforeAll(async () => {
  t = await startTestServer();
  const user = await registerUser(t.app);
  knownEmail = user.email;
  ({ access_token: accessToken, refresh_token: refreshToken } = await signIn(t.app, user.email, user.password));
});
afterAll(async () => {
  await t?.close();
});

const ENDPOINTS = [
  '/api/auth/register',
  '/api/auth/login',
  '/api/auth/google',
  '/api/auth/refresh',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/auth/logout',
  '/api/auth/logout-all',
];

/** Row counts of every table a request could write to. */
async function snapshot() {
  const { rows } = await t.db.query<{ users: number; tokens: number; resets: number; revoked: number; limits: number }>(
    `SELECT (SELECT count(*)::int FROM users) AS users,
            (SELECT count(*)::int FROM refresh_tokens) AS tokens,
            (SELECT count(*)::int FROM password_resets) AS resets,
            (SELECT count(*)::int FROM refresh_tokens WHERE revoked_at IS NOT NULL OR used_at IS NOT NULL) AS revoked,
            (SELECT count(*)::int FROM rate_limits) AS limits`,
  );
  return rows[0];
}

/**
 * Sends a request that must be refused and checks nothing was written. A well-formed sign-in attempt
 * with a wrong password does count against the rate limit: `countsAttempt` allows that one write.
 */
async function expectRefused(
  url: string,
  send: () => ReturnType<typeof post>,
  expectedStatus: number | number[] = 400,
  countsAttempt = false,
): Promise<Record<string, unknown>> {
  const before = await snapshot();
  const response = await send();
  const statuses = Array.isArray(expectedStatus) ? expectedStatus : [expectedStatus];
  expect({ url, status: response.statusCode }).toEqual({ url, status: expect.toSatisfy((s: number) => statuses.includes(s)) });
  const body = response.json<Record<string, unknown>>();
  expect(typeof body.code).toBe('string');
  expect(typeof body.message).toBe('string');
  const after = await snapshot();
  if (countsAttempt && before && after) after.limits = before.limits;
  expect(after).toEqual(before);
  return body;
}

const auth = (url: string) => (url.endsWith('/logout') || url.endsWith('/logout-all') ? { token: accessToken } : {});

describe('malformed bodies at every endpoint', () => {
  it('refuses malformed JSON with 400 VALIDATION', async () => {
    for (const url of ENDPOINTS) {
      const body = await expectRefused(url, () => post(t.app, url, '{"email": "a@b.co", ', auth(url)));
      expect(body).toEqual({ code: 'VALIDATION', message: 'Invalid request', errors: { _: ['Body is not valid JSON'] } });
    }
  });

  it('refuses a body over the auth limit with 413', async () => {
    const huge = { email: 'a@b.co', password: 'x'.repeat(20 * 1024) };
    for (const url of ENDPOINTS) {
      const body = await expectRefused(url, () => post(t.app, url, huge, auth(url)), 413);
      expect(body).toEqual({ code: 'VALIDATION', message: 'Request body is too large', errors: { _: ['A body may be at most 16384 bytes'] } });
    }
  });

  it('refuses a body over the global limit with 413 too', async () => {
    const body = await expectRefused('/api/auth/login', () => post(t.app, '/api/auth/login', 'x'.repeat(2 * 1024 * 1024)), 413);
    expect(body.code).toBe('VALIDATION');
  });

  it('refuses other content types with 415 or 400, never 500', async () => {
    for (const url of ENDPOINTS) {
      const xml = await expectRefused(
        url,
        () => post(t.app, url, '<login/>', { ...auth(url), headers: { 'content-type': 'application/xml' } }),
        415,
      );
      expect(xml).toEqual({ code: 'VALIDATION', message: 'Unsupported content type' });
      if (url.endsWith('/logout') || url.endsWith('/logout-all')) continue;
      await expectRefused(url, () =>
        post(t.app, url, JSON.stringify({ email: knownEmail }), { headers: { 'content-type': 'text/plain' } }),
      );
    }
  });

  it('refuses JSON that is not an object', async () => {
    for (const url of ENDPOINTS) {
      for (const payload of ['null', '[]', '42', '"text"', 'true']) {
        const body = await expectRefused(url, () => post(t.app, url, payload, auth(url)));
        expect(body.code).toBe('VALIDATION');
      }
    }
  });

  it('refuses prototype poisoning', async () => {
    const body = await expectRefused('/api/auth/login', () =>
      post(t.app, '/api/auth/login', '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}'),
    );
    expect(body.code).toBe('VALIDATION');
  });
});

describe('field errors', () => {
  it('lists every missing field in the words of SPEC §5', async () => {
    const body = await expectRefused('/api/auth/register', () => post(t.app, '/api/auth/register', {}));
    expect(body).toEqual({
      code: 'VALIDATION',
      message: 'Invalid request',
      errors: { name: ['Name is required'], email: ['Email is required'], password: ['Password is required'] },
    });
    const login = await expectRefused('/api/auth/login', () => post(t.app, '/api/auth/login', { email: '', password: '' }));
    expect(login.errors).toEqual({ email: ['Email is required'], password: ['Password is required'] });
  });

  it('refuses a request without a body', async () => {
    for (const url of ENDPOINTS.filter((u) => !u.endsWith('/logout') && !u.endsWith('/logout-all'))) {
      const body = await expectRefused(url, () => post(t.app, url));
      expect(body.code).toBe('VALIDATION');
      expect(body.errors).toEqual({ _: [expect.any(String)] });
    }
  });

  it('refuses wrong types', async () => {
    const cases: Array<[string, unknown]> = [
      ['/api/auth/register', { name: 42, email: ['a@b.co'], password: { p: 1 } }],
      ['/api/auth/login', { email: 'a@b.co', password: 12345678 }],
      ['/api/auth/login', { email: 'a@b.co', password: PASSWORD, remember: 'yes' }],
      ['/api/auth/google', { credentials: 123 }],
      ['/api/auth/refresh', { refresh_token: null }],
      ['/api/auth/forgot-password', { email: true }],
      ['/api/auth/reset-password', { token: 1, password: PASSWORD }],
      ['/api/auth/logout', { refresh_token: 5 }],
    ];
    for (const [url, payload] of cases) {
      const body = await expectRefused(url, () => post(t.app, url, payload, auth(url)));
      expect(body.code).toBe('VALIDATION');
      expect(Object.keys(body.errors as object).length).toBeGreaterThan(0);
    }
  });

  it('refuses unknown keys', async () => {
    const cases: Array<[string, unknown]> = [
      ['/api/auth/register', { name: 'A', email: uniqueEmail(), password: PASSWORD, isAdmin: true }],
      ['/api/auth/login', { email: knownEmail, password: PASSWORD, role: 'admin' }],
      ['/api/auth/google', { credentials: 'x.y.z', extra: 1 }],
      ['/api/auth/refresh', { refresh_token: refreshToken, user_id: 'x' }],
      ['/api/auth/forgot-password', { email: knownEmail, redirect: 'https://evil.example' }],
      ['/api/auth/reset-password', { token: 'abc', password: PASSWORD, email: knownEmail }],
      ['/api/auth/logout', { refresh_token: refreshToken, all: true }],
    ];
    for (const [url, payload] of cases) {
      const body = await expectRefused(url, () => post(t.app, url, payload, auth(url)));
      expect(body).toEqual({ code: 'VALIDATION', message: 'Invalid request', errors: { _: [expect.stringContaining('Unrecognized key')] } });
    }
  });

  it('refuses a short password and over-long fields', async () => {
    const short = await expectRefused('/api/auth/register', () =>
      post(t.app, '/api/auth/register', { name: 'A', email: uniqueEmail(), password: 'short' }),
    );
    expect(short.errors).toEqual({ password: ['Minimum 8 characters'] });
    await expectRefused('/api/auth/register', () =>
      post(t.app, '/api/auth/register', { name: 'n'.repeat(101), email: uniqueEmail(), password: PASSWORD }),
    );
    await expectRefused('/api/auth/login', () =>
      post(t.app, '/api/auth/login', { email: `${'a'.repeat(250)}@b.co`, password: PASSWORD }),
    );
    await expectRefused('/api/auth/refresh', () => post(t.app, '/api/auth/refresh', { refresh_token: 'r'.repeat(513) }));
  });
});

describe('hostile and unusual strings', () => {
  const sqlish = ["' OR 1=1 --", "'; DROP TABLE users; --", '" OR ""="', '1; SELECT pg_sleep(5)'];

  it('refuses SQL-looking emails as invalid addresses', async () => {
    for (const email of sqlish) {
      for (const url of ['/api/auth/register', '/api/auth/login', '/api/auth/forgot-password']) {
        const body = await expectRefused(url, () => post(t.app, url, url.endsWith('register') ? { name: 'X', email, password: PASSWORD } : url.endsWith('login') ? { email, password: PASSWORD } : { email }));
        expect(body.code).toBe('VALIDATION');
      }
    }
  });

  it('treats SQL-looking passwords and tokens as plain wrong values', async () => {
    for (const value of sqlish) {
      const login = await expectRefused('/api/auth/login', () => post(t.app, '/api/auth/login', { email: knownEmail, password: value }), 401, true);
      expect(login.code).toBe('INVALID_CREDENTIALS');
      // Refresh attempts count against the per-IP limit (issue 11), like sign-in attempts.
      const refresh = await expectRefused('/api/auth/refresh', () => post(t.app, '/api/auth/refresh', { refresh_token: value }), 401, true);
      expect(refresh.code).toBe('SESSION_EXPIRED');
      const reset = await expectRefused('/api/auth/reset-password', () =>
        post(t.app, '/api/auth/reset-password', { token: value, password: PASSWORD }),
      );
      expect(reset.code).toBe('INVALID_OR_EXPIRED_JWT_TOKEN');
    }
  });

  it('stores a SQL-looking name literally', async () => {
    const name = "Robert'); DROP TABLE users; --";
    const user = await registerUser(t.app, { name });
    const { rows } = await t.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [user.id]);
    expect(rows[0]?.name).toBe(name);
  });

  it('accepts international addresses and treats case and Unicode forms as one account', async () => {
    for (const email of ['ñandú@example.com', 'user@exämple.com', '用户@例子.广告']) {
      const user = await registerUser(t.app, { name: 'Ñandú', email });
      const tokens = await signIn(t.app, email.toUpperCase(), user.password);
      expect(tokens.user.email).toBe(email);
    }
    // The same address typed decomposed (n + combining tilde) is the same account.
    const again = await post(t.app, '/api/auth/register', { name: 'Twin', email: 'n\u0303andú@EXAMPLE.com', password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EXISTING_USER');
  });

  it('refuses malformed addresses, Unicode or not', async () => {
    for (const email of ['emoji🙂@example.com', 'a@b', '<script>@x.com', 'two words@example.com', 'ñandú@', '.dot@example.com']) {
      const body = await expectRefused('/api/auth/register', () =>
        post(t.app, '/api/auth/register', { name: 'Ñandú', email, password: PASSWORD }),
      );
      expect(body.errors).toEqual({ email: ['Enter a valid email'] });
    }
  });

  it('keeps emoji and accented names intact', async () => {
    for (const name of ['Ñandú Pérez', '🦄✨ Sparkle', '李小龍', 'Zoë "Zee" O\'Brien', 'עִברִית']) {
      const user = await registerUser(t.app, { name });
      const tokens = await signIn(t.app, user.email, user.password);
      expect(tokens.user.name).toBe(name);
    }
  });

  it('refuses a name of only spaces', async () => {
    const before = await countRows(t.db, 'users');
    const response = await post(t.app, '/api/auth/register', { name: '   ', email: uniqueEmail(), password: PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ name: ['Name is required'] });
    expect(await countRows(t.db, 'users')).toBe(before);
  });
});

describe('unknown routes', () => {
  it('answer 404 ENTITY_NOT_FOUND JSON under /api', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['POST', '/api/auth/unknown'],
      ['DELETE', '/api/profile'],
      ['GET', '/api'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'ENTITY_NOT_FOUND', message: 'Not found' });
    }
  });
});
