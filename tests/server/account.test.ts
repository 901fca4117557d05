/**
 * The account routes (issue 14, /settings/profile): reading the account, renaming, changing the address
 * through a mailed link, changing the password, and what guards them — bad input refused with the field
 * named and nothing written, the current password (rate-limited per user, the count starting over on a
 * success), a fresh sign-in for an account without a password, single-use expiring links, and tokens that
 * die with a password change. Deleting an account: account-deletion.test.ts.
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import WebSocket from 'ws';
import { FRESH_SIGN_IN_MINUTES } from '../../src/domain/contract/account.ts';
import { redactUrl } from '../../server/http/logging.ts';
import {
  decodeQuotedPrintable,
  get,
  outbox,
  PASSWORD,
  post,
  put,
  registerUser,
  resetTokenIn,
  signIn,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';
import { fingerprintQuery } from './route-table.ts';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ accountPasswordLimit: { max: 3, windowMs: 15 * 60_000 }, logLevel: 'info', logStream, wsPingIntervalMs: 60_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

/** A registered user signed in once: the account's details and that session's tokens. */
async function member(name = 'Ada Lovelace') {
  const user = await registerUser(t.app, { name });
  const session = await signIn(t.app, user.email, user.password);
  return { ...user, token: session.access_token, refreshToken: session.refresh_token };
}

const auth = (token: string) => ({ token });
const account = async (token: string) => (await get(t.app, '/api/account', auth(token))).json();
const profileStatus = async (token: string) => (await get(t.app, '/api/profile', auth(token))).statusCode;
const loginStatus = async (email: string, password: string) => (await post(t.app, '/api/auth/login', { email, password })).statusCode;
const requestChange = (token: string, body: unknown) => post(t.app, '/api/account/email', body, auth(token));
const confirm = (token: string, emailToken: string) => post(t.app, '/api/account/email/confirm', { token: emailToken }, auth(token));

/** The mails written to the outbox to `address`, oldest first (its To: header, not a mention in the text). */
async function mailsTo(address: string): Promise<string[]> {
  const mails = await outbox(t);
  return mails.map((mail) => decodeQuotedPrintable(mail.text)).filter((text) => new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}$`, 'mi').test(text));
}

/** The token of the newest email-change link mailed to `address`. */
async function emailTokenFor(address: string): Promise<string> {
  const mails = await mailsTo(address);
  const token = /\/settings\/profile\?email_token=([A-Za-z0-9_-]+)/.exec(mails.at(-1) ?? '')?.[1];
  if (!token) throw new Error(`no email-change link mailed to ${address}`);
  return token;
}

async function fingerprint(): Promise<unknown> {
  const { rows } = await t.db.query<{ fp: unknown }>(await fingerprintQuery(t.db));
  return rows[0]!.fp;
}

describe('GET /api/account', () => {
  it('answers the user, how changes are guarded and no pending change; a signed-out caller gets 401', async () => {
    const user = await member();
    expect(await account(user.token)).toEqual({
      user: { id: user.id, name: 'Ada Lovelace', email: user.email, createdAt: expect.any(String) },
      hasPassword: true,
      googleLinked: false,
      pendingEmail: null,
      sensitiveChangesUntil: null,
    });
    expect((await get(t.app, '/api/account')).statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it('is refused with a 400 naming the field, and nothing is written (not even a rate-limit count)', async () => {
    const user = await member();
    const cases: Array<[string, 'POST' | 'PUT', unknown, string]> = [
      ['/api/account/name', 'PUT', { name: '   ' }, 'name'],
      ['/api/account/name', 'PUT', { name: 'x'.repeat(101) }, 'name'],
      ['/api/account/name', 'PUT', { name: 'Ada', admin: true }, '_'],
      ['/api/account/name', 'PUT', {}, 'name'],
      ['/api/account/email', 'POST', { email: 'not-an-email', password: PASSWORD }, 'email'],
      ['/api/account/email', 'POST', { email: '', password: PASSWORD }, 'email'],
      ['/api/account/email', 'POST', { email: uniqueEmail('new') }, 'password'],
      ['/api/account/email', 'POST', { email: user.email.toUpperCase(), password: PASSWORD }, 'email'],
      ['/api/account/email', 'POST', { email: uniqueEmail('new'), password: 'x'.repeat(1025) }, 'password'],
      ['/api/account/email/confirm', 'POST', { token: '' }, 'token'],
      ['/api/account/email/confirm', 'POST', {}, 'token'],
      ['/api/account/password', 'PUT', { current_password: PASSWORD, new_password: 'short' }, 'new_password'],
      ['/api/account/password', 'PUT', { current_password: PASSWORD }, 'new_password'],
      ['/api/account/password', 'PUT', { new_password: 'a long new password' }, 'current_password'],
      ['/api/account/delete', 'POST', { confirmation: 'delete', password: PASSWORD }, 'confirmation'],
      ['/api/account/delete', 'POST', { confirmation: ' DELETE', password: PASSWORD }, 'confirmation'],
      ['/api/account/delete', 'POST', { password: PASSWORD }, 'confirmation'],
      ['/api/account/delete', 'POST', { confirmation: 'DELETE' }, 'password'],
    ];
    const before = await fingerprint();
    for (const [url, method, body, field] of cases) {
      const response = await (method === 'PUT' ? put : post)(t.app, url, body, auth(user.token));
      const where = `${method} ${url} ${JSON.stringify(body).slice(0, 80)}: ${response.body}`;
      expect(response.statusCode, where).toBe(400);
      expect(response.json(), where).toMatchObject({ code: 'VALIDATION', message: 'Invalid request' });
      expect(Object.keys(response.json<{ errors: object }>().errors), where).toContain(field);
    }
    expect(await fingerprint()).toEqual(before);
    expect(await profileStatus(user.token)).toBe(200);
    expect(await loginStatus(user.email, PASSWORD)).toBe(200);
  });

  it('says what is wrong in the form’s words', async () => {
    const user = await member();
    const errorsOf = async (url: string, method: 'POST' | 'PUT', body: unknown) =>
      (await (method === 'PUT' ? put : post)(t.app, url, body, auth(user.token))).json<{ errors: Record<string, string[]> }>().errors;
    expect(await errorsOf('/api/account/name', 'PUT', { name: '' })).toEqual({ name: ['Name is required'] });
    expect(await errorsOf('/api/account/email', 'POST', { email: 'a@b', password: PASSWORD })).toEqual({ email: ['Enter a valid email'] });
    expect(await errorsOf('/api/account/email', 'POST', { email: user.email, password: PASSWORD })).toEqual({ email: ['This is already your email'] });
    expect(await errorsOf('/api/account/password', 'PUT', { current_password: PASSWORD, new_password: '1234567' })).toEqual({ new_password: ['Minimum 8 characters'] });
    expect(await errorsOf('/api/account/delete', 'POST', { confirmation: 'yes', password: PASSWORD })).toEqual({ confirmation: ['Type DELETE to confirm'] });
    expect(await errorsOf('/api/account/delete', 'POST', { confirmation: 'DELETE' })).toEqual({ password: ['Password is required'] });
  });
});

describe('PUT /api/account/name', () => {
  it('renames the user, trimmed, as every later read shows', async () => {
    const user = await member();
    const response = await put(t.app, '/api/account/name', { name: '  Countess of Lovelace ' }, auth(user.token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { id: user.id, name: 'Countess of Lovelace', email: user.email, createdAt: expect.any(String) } });
    expect((await get(t.app, '/api/profile', auth(user.token))).json()).toMatchObject({ name: 'Countess of Lovelace' });
    const again = await signIn(t.app, user.email, PASSWORD);
    expect(again.user.name).toBe('Countess of Lovelace');
  });
});

describe('the current password', () => {
  it('is checked: a wrong one changes nothing, with the field named', async () => {
    const user = await member();
    const newEmail = uniqueEmail('wrong');
    const refusals = [
      await requestChange(user.token, { email: newEmail, password: 'not my password' }),
      await put(t.app, '/api/account/password', { current_password: 'not my password', new_password: 'a brand new password' }, auth(user.token)),
    ];
    expect(refusals.map((r) => [r.statusCode, r.json()])).toEqual([
      [400, { code: 'INVALID_CREDENTIALS', message: 'The password is incorrect', errors: { password: ['The password is incorrect'] } }],
      [400, { code: 'INVALID_CREDENTIALS', message: 'The password is incorrect', errors: { current_password: ['The password is incorrect'] } }],
    ]);
    expect(await mailsTo(newEmail)).toEqual([]);
    expect((await account(user.token)).pendingEmail).toBeNull();
    expect(await loginStatus(user.email, PASSWORD)).toBe(200);
    expect(await profileStatus(user.token)).toBe(200);
  });

  it('is checked at most RATE_LIMIT_ACCOUNT_PASSWORD_MAX times per window per user, the count starting over on a success', async () => {
    const user = await member();
    const wrong = () => put(t.app, '/api/account/password', { current_password: 'a wrong guess', new_password: 'a brand new password' }, auth(user.token));
    const emailChange = () => requestChange(user.token, { email: uniqueEmail('limit'), password: PASSWORD });
    // Two wrong, a right one (the count starts over), then three wrong are still only wrong.
    expect([(await wrong()).statusCode, (await wrong()).statusCode, (await emailChange()).statusCode]).toEqual([400, 400, 200]);
    expect([(await wrong()).statusCode, (await wrong()).statusCode, (await wrong()).statusCode]).toEqual([400, 400, 400]);
    // The fourth within the window is refused before the password is looked at, even the right one.
    const limited = await emailChange();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', message: 'Too many attempts. Please wait 15 minutes and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Per user: someone else's checks are not counted against this one.
    const other = await member();
    expect((await requestChange(other.token, { email: uniqueEmail('other'), password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('changing the email', () => {
  it('mails a link to the new address and a notice to the old one; only following it, signed in, changes the address', async () => {
    const user = await member('Grace Hopper');
    const newEmail = uniqueEmail('grace-new');
    const asked = await requestChange(user.token, { email: newEmail, password: PASSWORD });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      message: `We sent a link to ${newEmail}. Your email changes when you open it.`,
      pendingEmail: { email: newEmail, expiresAt: expect.any(String) },
    });
    const expiresIn = Date.parse(asked.json<{ pendingEmail: { expiresAt: string } }>().pendingEmail.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(55 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
    expect((await account(user.token)).pendingEmail).toEqual({ email: newEmail, expiresAt: expect.any(String) });

    const [link] = await mailsTo(newEmail);
    expect(link).toContain('Subject: Confirm your new Flowsmith email');
    expect(link).toContain(`http://flowsmith.test/settings/profile?email_token=`);
    const [notice] = await mailsTo(user.email);
    expect(notice).toContain('Subject: Your Flowsmith email is being changed');
    expect(notice).toContain(newEmail);
    expect(notice).not.toContain('email_token');
    // Only the token's digest is stored.
    const token = await emailTokenFor(newEmail);
    const stored = await t.db.query('SELECT * FROM email_changes WHERE user_id = $1', [user.id]);
    expect(JSON.stringify(stored.rows)).not.toContain(token);

    // Nothing changed yet: the old address signs in, the new one does not.
    expect((await account(user.token)).user.email).toBe(user.email);
    expect(await loginStatus(newEmail, PASSWORD)).toBe(401);

    // Another signed-in user holding the link gets what an unknown link gets, and spends nothing.
    const stranger = await member();
    const strangers = await confirm(stranger.token, token);
    const unknown = await confirm(stranger.token, 'a-token-that-was-never-issued');
    expect([strangers.statusCode, strangers.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect(strangers.json()).toMatchObject({ code: 'INVALID_OR_EXPIRED_JWT_TOKEN' });
    expect((await account(stranger.token)).user.email).toBe(stranger.email);
    // Signed out, the link does nothing at all.
    expect((await post(t.app, '/api/account/email/confirm', { token })).statusCode).toBe(401);

    const followed = await confirm(user.token, token);
    expect(followed.statusCode).toBe(200);
    expect(followed.json()).toEqual({ user: { id: user.id, name: 'Grace Hopper', email: newEmail, createdAt: expect.any(String) } });
    expect(await account(user.token)).toMatchObject({ user: { email: newEmail }, pendingEmail: null });
    expect(await loginStatus(newEmail, PASSWORD)).toBe(200);
    expect(await loginStatus(user.email, PASSWORD)).toBe(401);

    // Single use.
    expect((await confirm(user.token, token)).statusCode).toBe(400);
  });

  it('answers 409 Email already exists for a taken address, when asked and when the link is followed', async () => {
    const user = await member();
    const owner = await registerUser(t.app);
    const before = await fingerprint();
    const taken = await requestChange(user.token, { email: owner.email.toUpperCase(), password: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'EXISTING_USER', message: 'Email already exists', errors: { email: ['Email already exists'] } });
    // Nothing stored and nothing mailed (the rate-limit count of the password check is started over, not written).
    const { rows } = await t.db.query<{ fp: Record<string, string> }>(await fingerprintQuery(t.db, new Set(['rate_limits'])));
    expect(rows[0]!.fp).toEqual(Object.fromEntries(Object.entries(before as Record<string, string>).filter(([table]) => table !== 'rate_limits')));
    expect(await mailsTo(owner.email)).toEqual([]);

    // Free when asked, taken by someone else before the link is followed.
    const wanted = uniqueEmail('wanted');
    expect((await requestChange(user.token, { email: wanted, password: PASSWORD })).statusCode).toBe(200);
    const token = await emailTokenFor(wanted);
    await registerUser(t.app, { email: wanted });
    const late = await confirm(user.token, token);
    expect([late.statusCode, late.json<{ message: string }>().message]).toEqual([409, 'Email already exists']);
    expect((await account(user.token)).user.email).toBe(user.email);
  });

  it('expires after an hour, and a newer request replaces the older link', async () => {
    const user = await member();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await requestChange(user.token, { email: first, password: PASSWORD });
    const firstToken = await emailTokenFor(first);
    await requestChange(user.token, { email: second, password: PASSWORD });
    const secondToken = await emailTokenFor(second);
    expect((await confirm(user.token, firstToken)).statusCode).toBe(400);
    expect((await account(user.token)).pendingEmail.email).toBe(second);

    await t.db.query(`UPDATE email_changes SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    expect((await account(user.token)).pendingEmail).toBeNull();
    const expired = await confirm(user.token, secondToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json<{ message: string }>().message).toContain('invalid or has expired');
    expect((await account(user.token)).user.email).toBe(user.email);
  });

  it('spends the password-reset links mailed to the old address', async () => {
    const user = await member();
    await post(t.app, '/api/auth/forgot-password', { email: user.email });
    const resetMail = (await mailsTo(user.email)).at(-1)!;
    const resetToken = resetTokenIn(resetMail)!;
    const newEmail = uniqueEmail('moved');
    await requestChange(user.token, { email: newEmail, password: PASSWORD });
    expect((await confirm(user.token, await emailTokenFor(newEmail))).statusCode).toBe(200);
    const reset = await post(t.app, '/api/auth/reset-password', { token: resetToken, password: 'taken over password' });
    expect(reset.statusCode).toBe(400);
    expect(await loginStatus(newEmail, PASSWORD)).toBe(200);
  });
});

/** An authenticated socket and a promise of its close code. */
async function openSocket(token: string): Promise<{ closed: Promise<number> }> {
  const socket = new WebSocket(`ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`);
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const authenticated = new Promise<void>((resolve) => socket.on('message', (raw) => String(raw).includes('auth_success') && resolve()));
  socket.send(JSON.stringify({ type: 'auth', token }));
  await authenticated;
  return { closed };
}

describe('changing the password', () => {
  it('ends every other session at once, keeps the caller signed in with a fresh pair, and spends reset links', async () => {
    const user = await member();
    const laptop = await signIn(t.app, user.email, PASSWORD);
    const socket = await openSocket(laptop.access_token);
    await post(t.app, '/api/auth/forgot-password', { email: user.email });
    const resetToken = resetTokenIn((await mailsTo(user.email)).at(-1)!)!;

    const changed = await put(t.app, '/api/account/password', { current_password: PASSWORD, new_password: 'a brand new password' }, auth(user.token));
    expect(changed.statusCode).toBe(200);
    const pair = changed.json<{ access_token: string; refresh_token: string }>();
    expect(pair).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });

    // Access tokens issued before stop working at their very next request; refresh tokens too.
    expect(await profileStatus(user.token)).toBe(401);
    expect(await profileStatus(laptop.access_token)).toBe(401);
    for (const refresh_token of [user.refreshToken, laptop.refresh_token]) {
      expect((await post(t.app, '/api/auth/refresh', { refresh_token })).statusCode).toBe(401);
    }
    expect(await socket.closed).toBe(4003);
    // This tab's new pair works and renews.
    expect(await profileStatus(pair.access_token)).toBe(200);
    expect((await post(t.app, '/api/auth/refresh', { refresh_token: pair.refresh_token })).statusCode).toBe(200);

    expect(await loginStatus(user.email, PASSWORD)).toBe(401);
    expect(await loginStatus(user.email, 'a brand new password')).toBe(200);
    expect((await post(t.app, '/api/auth/reset-password', { token: resetToken, password: 'taken over password' })).statusCode).toBe(400);
  });
});

describe('an account without a password (Google sign-in)', () => {
  /** A user whose only way in is Google: signed in once (the session), then without a password. */
  async function googleOnly() {
    const user = await member('Gina Google');
    await t.db.query('UPDATE users SET password_hash = NULL, google_sub = $2 WHERE id = $1', [user.id, `sub-${user.id}`]);
    return user;
  }
  /** Moves the user's sign-in (their one session) `minutes` into the past. */
  const ageSession = (userId: string, minutes: number) =>
    t.db.query(`UPDATE refresh_tokens SET created_at = created_at - $2::int * interval '1 minute' WHERE user_id = $1`, [userId, minutes]);

  it('may change its address, set a password or delete itself only within 10 minutes of signing in', async () => {
    const user = await googleOnly();
    const state = await account(user.token);
    expect(state).toMatchObject({ hasPassword: false, googleLinked: true, sensitiveChangesUntil: expect.any(String) });
    const left = Date.parse(state.sensitiveChangesUntil) - Date.now();
    expect(left).toBeGreaterThan((FRESH_SIGN_IN_MINUTES - 1) * 60_000);
    expect(left).toBeLessThanOrEqual(FRESH_SIGN_IN_MINUTES * 60_000);

    // Fresh: no password asked (there is none).
    expect((await requestChange(user.token, { email: uniqueEmail('gina') })).statusCode).toBe(200);

    // The same session 11 minutes after signing in: a token taken from it can do none of it.
    await ageSession(user.id, FRESH_SIGN_IN_MINUTES + 1);
    const stale = [
      await requestChange(user.token, { email: uniqueEmail('thief') }),
      await put(t.app, '/api/account/password', { new_password: 'the thief’s password' }, auth(user.token)),
      await post(t.app, '/api/account/delete', { confirmation: 'DELETE' }, auth(user.token)),
    ];
    for (const response of stale) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'SESSION_EXPIRED', message: expect.stringContaining('sign in again') });
    }
    expect(await profileStatus(user.token)).toBe(200);
    expect(await loginStatus(user.email, 'the thief’s password')).toBe(401);
    // Renaming hands nothing over: still allowed.
    expect((await put(t.app, '/api/account/name', { name: 'Gina G.' }, auth(user.token))).statusCode).toBe(200);
  });

  it('sets a first password when fresh, which then guards the changes', async () => {
    const user = await googleOnly();
    const set = await put(t.app, '/api/account/password', { new_password: 'my first password' }, auth(user.token));
    expect(set.statusCode).toBe(200);
    const pair = set.json<{ access_token: string }>();
    expect(await account(pair.access_token)).toMatchObject({ hasPassword: true, googleLinked: true, sensitiveChangesUntil: null });
    expect(await loginStatus(user.email, 'my first password')).toBe(200);
    const unguarded = await requestChange(pair.access_token, { email: uniqueEmail('gina') });
    expect([unguarded.statusCode, unguarded.json<{ errors: object }>().errors]).toEqual([400, { password: ['Password is required'] }]);
  });
});

describe('request logs', () => {
  it('never hold an email-change token, also inside an encoded redirect', async () => {
    const token = 'EmailTokenSecret_0123456789abcdefghijklmnopq';
    const link = `/settings/profile?email_token=${token}`;
    logLines.length = 0;
    await get(t.app, link);
    await get(t.app, `/login?redirect=${encodeURIComponent(link)}`);
    await get(t.app, `/login?redirect=${encodeURIComponent(`/login?redirect=${encodeURIComponent(link)}`)}`);
    const user = await member();
    await confirm(user.token, token);
    const text = logLines.join('\n');
    expect(text).toContain('email_token=[redacted]');
    expect(text).toContain('/login?redirect=');
    expect(text).not.toContain(token);
  });

  it('redact the token whatever the nesting, and leave other redirects alone', () => {
    const link = '/settings/profile?email_token=abc123';
    expect(redactUrl(link)).toBe('/settings/profile?email_token=[redacted]');
    expect(redactUrl(`/login?redirect=${encodeURIComponent(link)}`)).toBe(`/login?redirect=${encodeURIComponent('/settings/profile?email_token=[redacted]')}`);
    expect(redactUrl(`/login?redirect=${encodeURIComponent(encodeURIComponent(link))}`)).not.toContain('abc123');
    expect(redactUrl('/login?redirect=%2Fworkflows%3Fpage%3D2')).toBe('/login?redirect=%2Fworkflows%3Fpage%3D2');
    expect(redactUrl('/login?redirect=%E0%A4%A')).toBe('/login?redirect=[redacted]');
    let deep = link;
    for (let i = 0; i < 8; i++) deep = `/login?redirect=${encodeURIComponent(deep)}`;
    expect(redactUrl(deep)).not.toContain('abc123');
  });
});
