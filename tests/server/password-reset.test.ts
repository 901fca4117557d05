import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { FORGOT_PASSWORD_REPLY } from '../../src/domain/index.ts';
import {
  countRows,
  decodeQuotedPrintable,
  outbox,
  post,
  registerUser,
  resetTokenIn,
  signIn,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const INVALID_LINK = {
  success: false,
  code: 'INVALID_OR_EXPIRED_JWT_TOKEN',
  message: 'This reset link is invalid or has expired.',
};

async function forgot(email: string) {
  return post(t.app, '/api/auth/forgot-password', { email });
}

/** Asks for a reset and returns the token from the mail it produced. */
async function mailedToken(email: string): Promise<string> {
  const before = (await outbox(t)).length;
  expect((await forgot(email)).statusCode).toBe(200);
  const mails = await outbox(t);
  expect(mails).toHaveLength(before + 1);
  const token = resetTokenIn(mails.at(-1)!.text);
  if (!token) throw new Error('no reset link in the mail');
  return token;
}

describe('POST /api/auth/forgot-password', () => {
  it('gives the same reply for a known and an unknown address, and mails only the known one', async () => {
    const user = await registerUser(t.app);
    const before = await outbox(t);
    const unknown = await forgot(uniqueEmail('nobody'));
    expect(await outbox(t)).toHaveLength(before.length);
    const known = await forgot(user.email.toUpperCase());
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: FORGOT_PASSWORD_REPLY });
    expect(known.body).toBe(unknown.body);

    const mails = await outbox(t);
    expect(mails).toHaveLength(before.length + 1);
    const mail = decodeQuotedPrintable(mails.at(-1)!.text);
    expect(mail).toContain(`To: ${user.email}`);
    expect(mail).toContain('Subject: Reset your Flowsmith password');
    expect(mail).toContain('From: Flowsmith <no-reply@flowsmith.local>');
    expect(mail).toMatch(/http:\/\/flowsmith\.test\/reset-password\?token=[A-Za-z0-9_-]{43}/);
  });

  it('stores only a digest of the token, valid for an hour', async () => {
    const user = await registerUser(t.app);
    const token = await mailedToken(user.email);
    const { rows } = await t.db.query<{ token_hash: string; minutes: number }>(
      `SELECT token_hash, extract(epoch FROM (expires_at - created_at))::float8 / 60 AS minutes
       FROM password_resets WHERE user_id = $1`,
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(token);
    expect(rows[0]?.minutes).toBeCloseTo(60, 3);
  });

  it('names the mail files so they sort by time', async () => {
    const files = (await outbox(t)).map((mail) => mail.file);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file).toMatch(/^\d{13}-\d{6}-[0-9a-f]{6}\.eml$/);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password: the old one fails, the new one works, sessions end', async () => {
    const user = await registerUser(t.app);
    const session = await signIn(t.app, user.email, user.password);
    const token = await mailedToken(user.email);
    const newPassword = 'a brand new secret';

    const response = await post(t.app, '/api/auth/reset-password', { token, password: newPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Your password has been reset.' });

    const old = await post(t.app, '/api/auth/login', { email: user.email, password: user.password });
    expect(old.statusCode).toBe(401);
    const fresh = await signIn(t.app, user.email, newPassword);
    expect(fresh.user.id).toBe(user.id);
    const refreshed = await post(t.app, '/api/auth/refresh', { refresh_token: session.refresh_token });
    expect(refreshed.statusCode).toBe(401);
  });

  it('works once', async () => {
    const user = await registerUser(t.app);
    const token = await mailedToken(user.email);
    expect((await post(t.app, '/api/auth/reset-password', { token, password: 'first new password' })).statusCode).toBe(200);
    const again = await post(t.app, '/api/auth/reset-password', { token, password: 'second new password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
    await signIn(t.app, user.email, 'first new password');
  });

  it('spends the other open links of the user too', async () => {
    const user = await registerUser(t.app);
    const first = await mailedToken(user.email);
    const second = await mailedToken(user.email);
    expect((await post(t.app, '/api/auth/reset-password', { token: second, password: 'the new password' })).statusCode).toBe(200);
    expect((await post(t.app, '/api/auth/reset-password', { token: first, password: 'another password' })).statusCode).toBe(400);
  });

  it('refuses an expired link', async () => {
    const user = await registerUser(t.app);
    const token = await mailedToken(user.email);
    await t.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    const response = await post(t.app, '/api/auth/reset-password', { token, password: 'a new password' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_LINK);
    await signIn(t.app, user.email, user.password);
  });

  it('refuses an unknown token and writes nothing', async () => {
    const before = await countRows(t.db, 'password_resets');
    const response = await post(t.app, '/api/auth/reset-password', { token: 'x'.repeat(43), password: 'a new password' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_LINK);
    expect(await countRows(t.db, 'password_resets')).toBe(before);
  });

  it('checks the new password like registration does', async () => {
    const user = await registerUser(t.app);
    const token = await mailedToken(user.email);
    const response = await post(t.app, '/api/auth/reset-password', { token, password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION', message: 'Invalid request', errors: { password: ['Minimum 8 characters'] } });
    // The link survives a refused attempt.
    expect((await post(t.app, '/api/auth/reset-password', { token, password: 'long enough now' })).statusCode).toBe(200);
  });
});
