import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { countRows, get, PASSWORD, post, registerUser, signIn, startTestServer, type TestServer, uniqueEmail } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/auth/register', () => {
  it('creates a user and answers 201 with it', async () => {
    const email = uniqueEmail('reg');
    const response = await post(t.app, '/api/auth/register', { name: 'Grace Hopper', email, password: PASSWORD });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      data: { user: { id: expect.any(String), name: 'Grace Hopper', email, createdAt: expect.any(String) } },
    });
    expect(new Date(body.data.user.createdAt).toISOString()).toBe(body.data.user.createdAt);
  });

  it('stores an argon2id hash, never the password', async () => {
    const user = await registerUser(t.app);
    const { rows } = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user.id]);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.password_hash).not.toContain(user.password);
  });

  it('refuses a taken email whatever its case with 409 EXISTING_USER and writes nothing', async () => {
    const user = await registerUser(t.app, { email: uniqueEmail('Taken') });
    const before = await countRows(t.db, 'users');
    const response = await post(t.app, '/api/auth/register', {
      name: 'Someone Else',
      email: `  ${user.email.toUpperCase()} `,
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'EXISTING_USER', message: 'Email already exists' });
    expect(await countRows(t.db, 'users')).toBe(before);
  });
});

describe('POST /api/auth/login', () => {
  it('answers tokens and the user', async () => {
    const user = await registerUser(t.app, { name: 'Emoji 🚀 Name' });
    const response = await post(t.app, '/api/auth/login', { email: user.email, password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      user: { id: user.id, name: 'Emoji 🚀 Name', email: user.email, createdAt: expect.any(String) },
    });
  });

  it('accepts the email in another case', async () => {
    const user = await registerUser(t.app);
    const tokens = await signIn(t.app, user.email.toUpperCase(), user.password);
    expect(tokens.user.id).toBe(user.id);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const user = await registerUser(t.app);
    const wrongPassword = await post(t.app, '/api/auth/login', { email: user.email, password: 'not the password' });
    const unknownEmail = await post(t.app, '/api/auth/login', { email: uniqueEmail('nobody'), password: user.password });
    const expected = { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' };
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(expected);
    expect(unknownEmail.json()).toEqual(expected);
  });

  it('keeps a remembered session 30 days and an unremembered one a day', async () => {
    const user = await registerUser(t.app);
    const remembered = await signIn(t.app, user.email, user.password);
    const forgotten = await signIn(t.app, user.email, user.password, false);
    const { rows } = await t.db.query<{ remember: boolean; days: number }>(
      `SELECT remember, extract(epoch FROM (expires_at - created_at))::float8 / 86400 AS days
       FROM refresh_tokens WHERE user_id = $1 ORDER BY created_at`,
      [user.id],
    );
    expect(rows.map((row) => row.remember)).toEqual([true, false]);
    expect(rows[0]?.days).toBeCloseTo(30, 3);
    expect(rows[1]?.days).toBeCloseTo(1, 3);
    expect(remembered.refresh_token).not.toBe(forgotten.refresh_token);
  });
});

describe('GET /api/profile', () => {
  it('answers the signed-in user', async () => {
    const user = await registerUser(t.app);
    const { access_token } = await signIn(t.app, user.email, user.password);
    const response = await get(t.app, '/api/profile', { token: access_token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id, name: user.name, email: user.email, createdAt: expect.any(String) });
  });

  it('answers 401 INVALID_BEARER_TOKEN without a token or with a garbled one', async () => {
    const expected = { code: 'INVALID_BEARER_TOKEN', message: 'Authentication required' };
    const none = await get(t.app, '/api/profile');
    const garbled = await get(t.app, '/api/profile', { token: 'not-a-jwt' });
    const wrongScheme = await get(t.app, '/api/profile', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    for (const response of [none, garbled, wrongScheme]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(expected);
    }
  });

  it('answers 401 INVALID_OR_EXPIRED_JWT_TOKEN for a bad signature or a deleted user', async () => {
    const user = await registerUser(t.app);
    const { access_token } = await signIn(t.app, user.email, user.password);
    const [header, payload, signature = ''] = access_token.split('.');
    const tampered = `${header}.${payload}.${signature.slice(0, -4)}AAAA`;
    const expected = { code: 'INVALID_OR_EXPIRED_JWT_TOKEN', message: 'Your session has expired' };
    const badSignature = await get(t.app, '/api/profile', { token: tampered });
    expect(badSignature.statusCode).toBe(401);
    expect(badSignature.json()).toEqual(expected);

    await t.db.query('DELETE FROM users WHERE id = $1', [user.id]);
    const deleted = await get(t.app, '/api/profile', { token: access_token });
    expect(deleted.statusCode).toBe(401);
    expect(deleted.json()).toEqual(expected);
  });
});

describe('GET /api/health', () => {
  it('answers ok', async () => {
    const response = await get(t.app, '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});
