import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { FORGOT_PASSWORD_REPLY } from '../../src/domain/index.ts';
import { GENEROUS_LIMITS, post, registerUser, startTestServer, type TestServer, uniqueEmail } from './helpers.ts';
import { tooManyAttempts } from '../../server/auth/rate-limit.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    rateLimits: {
      loginPerEmail: { max: 3, windowMs: 15 * 60_000 },
      loginPerIp: { max: 6, windowMs: 15 * 60_000 },
      forgotPerEmail: { max: 2, windowMs: 60 * 60_000 },
      forgotPerIp: { max: 4, windowMs: 60 * 60_000 },
      // Sign-ups: generous enough for the other tests here, which register from the default address.
      registerPerIp: { max: 8, windowMs: 60 * 60_000 },
      refreshPerIp: { max: 4, windowMs: 15 * 60_000 },
      googlePerIp: { max: 3, windowMs: 15 * 60_000 },
    },
    // Google sign-in on, with keys nowhere: every credential is refused, but each attempt is counted.
    googleClientId: 'rate-limit-test.apps.googleusercontent.com',
    googleJwksUrl: 'http://127.0.0.1:9/certs',
  });
});
afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** A client address of its own for each test, so their counters do not mix. */
function freshIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

const login = (email: string, password: string, ip: string) => post(t.app, '/api/auth/login', { email, password }, { ip });
const forgot = (email: string, ip: string) => post(t.app, '/api/auth/forgot-password', { email }, { ip });

function expectTooMany(response: Awaited<ReturnType<typeof post>>, minutes: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    code: 'QUOTA_EXCEEDED',
    message: `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
  expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
}

describe('sign-in limits', () => {
  it('limits attempts per email, whatever the IP, and counts the right password too', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 3; i += 1) expect((await login(user.email, 'wrong password', freshIp())).statusCode).toBe(401);
    expectTooMany(await login(user.email.toUpperCase(), user.password, freshIp()), 15);
  });

  it('limits attempts per IP across emails', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i += 1) expect((await login(uniqueEmail(), 'wrong password', ip)).statusCode).toBe(401);
    expectTooMany(await login(uniqueEmail(), 'wrong password', ip), 15);
    expect((await login(uniqueEmail(), 'wrong password', freshIp())).statusCode).toBe(401);
  });

  it('restarts the email counter after a successful sign-in, not the IP counter', async () => {
    const user = await registerUser(t.app);
    const ip = freshIp();
    await login(user.email, 'wrong password', ip);
    await login(user.email, 'wrong password', ip);
    expect((await login(user.email, user.password, ip)).statusCode).toBe(200);
    // The email's counter starts over: three more failures (from elsewhere) are still answered 401.
    for (let i = 0; i < 3; i += 1) expect((await login(user.email, 'wrong password', freshIp())).statusCode).toBe(401);
    // The IP's counter kept its 3 attempts: 3 more reach its limit of 6 and the next is refused.
    for (let i = 0; i < 3; i += 1) expect((await login(uniqueEmail(), 'wrong password', ip)).statusCode).toBe(401);
    expectTooMany(await login(uniqueEmail(), 'wrong password', ip), 15);
  });

  it('does not count invalid input', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) expect((await post(t.app, '/api/auth/login', { email: 'nope' }, { ip })).statusCode).toBe(400);
    const user = await registerUser(t.app);
    expect((await login(user.email, user.password, ip)).statusCode).toBe(200);
  });

  it('starts over when the window has passed', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 4; i += 1) await login(user.email, 'wrong password', freshIp());
    expect((await login(user.email, user.password, freshIp())).statusCode).toBe(429);
    await t.db.query(`UPDATE rate_limits SET window_start = now() - interval '16 minutes'`);
    expect((await login(user.email, user.password, freshIp())).statusCode).toBe(200);
  });
});

describe('password-reset limits', () => {
  it('limits requests per email with the same reply for known and unknown addresses', async () => {
    const user = await registerUser(t.app);
    const unknown = uniqueEmail();
    for (const email of [user.email, unknown]) {
      for (let i = 0; i < 2; i += 1) {
        const response = await forgot(email, freshIp());
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ message: FORGOT_PASSWORD_REPLY });
      }
      expectTooMany(await forgot(email, freshIp()), 60);
    }
  });

  it('limits requests per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i += 1) expect((await forgot(uniqueEmail(), ip)).statusCode).toBe(200);
    expectTooMany(await forgot(uniqueEmail(), ip), 60);
  });

  it('keeps the limits generous in other test files', () => {
    expect(GENEROUS_LIMITS.loginPerIp.max).toBeGreaterThan(100);
  });
});

describe('sign-up, refresh and Google sign-in limits', () => {
  const register = (ip: string, email = uniqueEmail()) =>
    post(t.app, '/api/auth/register', { name: 'Mallory', email, password: 'correct horse battery' }, { ip });

  it('lets 8 of 60 simultaneous sign-ups from one IP through and refuses the rest', async () => {
    const ip = freshIp();
    const responses = await Promise.all(Array.from({ length: 60 }, () => register(ip)));
    const created = responses.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(8);
    for (const response of responses.filter((r) => r.statusCode !== 201)) expectTooMany(response, 60);
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE name = 'Mallory'`);
    expect(rows[0]?.n).toBe(8);
    // Another address is not affected.
    expect((await register(freshIp())).statusCode).toBe(201);
  });

  it('limits refreshes per IP, valid or not, and leaves the session usable elsewhere', async () => {
    const user = await registerUser(t.app);
    const login = await post(t.app, '/api/auth/login', { email: user.email, password: user.password }, { ip: freshIp() });
    const { refresh_token } = login.json<{ refresh_token: string }>();
    const ip = freshIp();
    for (let i = 0; i < 4; i += 1) {
      expect((await post(t.app, '/api/auth/refresh', { refresh_token: `junk-${i}` }, { ip })).statusCode).toBe(401);
    }
    expectTooMany(await post(t.app, '/api/auth/refresh', { refresh_token }, { ip }), 15);
    // Refused before the token was looked at: it still rotates from another address.
    expect((await post(t.app, '/api/auth/refresh', { refresh_token }, { ip: freshIp() })).statusCode).toBe(200);
  });

  it('limits Google sign-ins per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) {
      expect((await post(t.app, '/api/auth/google', { credentials: `not-a-jwt-${i}` }, { ip })).statusCode).toBe(401);
    }
    expectTooMany(await post(t.app, '/api/auth/google', { credentials: 'not-a-jwt' }, { ip }), 15);
    expect((await post(t.app, '/api/auth/google', { credentials: 'not-a-jwt' }, { ip: freshIp() })).statusCode).toBe(401);
  });

  it('keeps the new limits generous in other test files', () => {
    for (const rule of [GENEROUS_LIMITS.registerPerIp, GENEROUS_LIMITS.refreshPerIp, GENEROUS_LIMITS.googlePerIp]) {
      expect(rule.max).toBeGreaterThan(1000);
    }
  });
});

describe('the waiting time', () => {
  it('reads naturally for one minute and for several', () => {
    expect(tooManyAttempts(30).message).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(tooManyAttempts(61).message).toBe('Too many attempts. Please wait 2 minutes and try again.');
    expect(tooManyAttempts(30).details.headers).toEqual({ 'retry-after': '30' });
  });
});
