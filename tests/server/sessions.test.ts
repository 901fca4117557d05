/** Refresh-token rotation and reuse detection, sign-out, and access tokens that are no longer good. */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { get, post, registerUser, signIn, startTestServer, type TestServer } from './helpers.ts';
import { claimsOf, handMadeToken } from './tokens.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const SESSION_EXPIRED = { code: 'SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' };

async function refresh(token: string) {
  return post(t.app, '/api/auth/refresh', { refresh_token: token });
}

/** Moves a token's rotation into the past, beyond the grace period that protects racing tabs. */
async function ageRotation(token: string) {
  await t.db.query(
    `UPDATE refresh_tokens SET used_at = now() - interval '1 hour'
     WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
    [token],
  );
}

const RENEWED_ELSEWHERE = { code: 'SESSION_EXPIRED', message: 'This session was just renewed in another tab. Use the new tokens.' };

async function newSession(remember?: boolean) {
  const user = await registerUser(t.app);
  return { user, tokens: await signIn(t.app, user.email, user.password, remember) };
}

describe('POST /api/auth/refresh', () => {
  it('rotates: a new pair, the old token marked used, the new one in the same family', async () => {
    const { user, tokens } = await newSession();
    const response = await refresh(tokens.refresh_token);
    expect(response.statusCode).toBe(200);
    const next = response.json<{ access_token: string; refresh_token: string }>();
    expect(Object.keys(next).sort()).toEqual(['access_token', 'refresh_token']);
    expect(next.refresh_token).not.toBe(tokens.refresh_token);

    const profile = await get(t.app, '/api/profile', { token: next.access_token });
    expect(profile.statusCode).toBe(200);

    const { rows } = await t.db.query<{ family_id: string; used: boolean; revoked: boolean }>(
      `SELECT family_id, used_at IS NOT NULL AS used, revoked_at IS NOT NULL AS revoked
       FROM refresh_tokens WHERE user_id = $1
       ORDER BY created_at`,
      [user.id],
    );
    expect(rows.map((row) => [row.used, row.revoked])).toEqual([
      [true, false],
      [false, false],
    ]);
    expect(rows[0]?.family_id).toBe(rows[1]?.family_id);
  });

  it('never stores a token, only its digest', async () => {
    const { tokens } = await newSession();
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM refresh_tokens WHERE token_hash = $1 OR token_hash LIKE '%' || $1 || '%'",
      [tokens.refresh_token],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('keeps the family lifetime: an unremembered session stays a one-day session', async () => {
    const { user, tokens } = await newSession(false);
    const next = (await refresh(tokens.refresh_token)).json<{ refresh_token: string }>();
    await refresh(next.refresh_token);
    const { rows } = await t.db.query<{ remember: boolean; days: number }>(
      `SELECT remember, extract(epoch FROM (expires_at - created_at))::float8 / 86400 AS days
       FROM refresh_tokens WHERE user_id = $1`,
      [user.id],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.remember).toBe(false);
      expect(row.days).toBeCloseTo(1, 3);
    }
  });

  it('revokes the whole family when a used token comes back, the newest token included', async () => {
    const { tokens } = await newSession();
    const second = (await refresh(tokens.refresh_token)).json<{ refresh_token: string }>();
    const third = (await refresh(second.refresh_token)).json<{ refresh_token: string }>();
    await ageRotation(tokens.refresh_token);

    const replay = await refresh(tokens.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(SESSION_EXPIRED);

    const newest = await refresh(third.refresh_token);
    expect(newest.statusCode).toBe(401);
    expect(newest.json()).toEqual(SESSION_EXPIRED);
  });

  it('leaves other sessions of the same user alone when one family is revoked', async () => {
    const { user, tokens } = await newSession();
    const other = await signIn(t.app, user.email, user.password);
    await refresh(tokens.refresh_token);
    await ageRotation(tokens.refresh_token);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent refreshes with one token win, and keeps the session', async () => {
    const { tokens } = await newSession();
    const results = await Promise.all([refresh(tokens.refresh_token), refresh(tokens.refresh_token)]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual(RENEWED_ELSEWHERE);
    // The loser is taken for the same person's other tab: the winner's new token still works.
    const winner = results.find((r) => r.statusCode === 200)!.json<{ refresh_token: string }>();
    expect((await refresh(winner.refresh_token)).statusCode).toBe(200);
  });

  it('treats a token presented again just after its rotation as another tab, and later as theft', async () => {
    const { tokens } = await newSession();
    const next = (await refresh(tokens.refresh_token)).json<{ refresh_token: string }>();
    const again = await refresh(tokens.refresh_token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(RENEWED_ELSEWHERE);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refresh_tokens WHERE revoked_at IS NOT NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = encode(sha256(convert_to($1, \'UTF8\')), \'hex\'))', [tokens.refresh_token]);
    expect(rows[0]?.n).toBe(0);

    await ageRotation(tokens.refresh_token);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
  });

  it('answers 401 SESSION_EXPIRED for an unknown or an expired token', async () => {
    const unknown = await refresh('no-such-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(SESSION_EXPIRED);

    const { user, tokens } = await newSession();
    await t.db.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [user.id]);
    const expired = await refresh(tokens.refresh_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(SESSION_EXPIRED);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the presented session only', async () => {
    const { user, tokens } = await newSession();
    const other = await signIn(t.app, user.email, user.password);
    const response = await post(t.app, '/api/auth/logout', { refresh_token: tokens.refresh_token }, { token: tokens.access_token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it("does not touch another user's session", async () => {
    const mine = await newSession();
    const theirs = await newSession();
    const response = await post(t.app, '/api/auth/logout', { refresh_token: theirs.tokens.refresh_token }, { token: mine.tokens.access_token });
    expect(response.json()).toEqual({ success: true });
    expect((await refresh(theirs.tokens.refresh_token)).statusCode).toBe(200);
  });

  it('accepts no body (ending the session of the access token), and requires authentication', async () => {
    const { tokens } = await newSession();
    const bare = await post(t.app, '/api/auth/logout', undefined, { token: tokens.access_token });
    expect(bare.json()).toEqual({ success: true });
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);

    const other = await newSession();
    const emptyJson = await post(t.app, '/api/auth/logout', undefined, {
      token: other.tokens.access_token,
      headers: { 'content-type': 'application/json' },
    });
    expect(emptyJson.json()).toEqual({ success: true });

    const third = await newSession();
    const anonymous = await post(t.app, '/api/auth/logout', { refresh_token: third.tokens.refresh_token });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'INVALID_BEARER_TOKEN', message: 'Authentication required' });
    expect((await refresh(third.tokens.refresh_token)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/logout-all', () => {
  it('revokes every session of the user and no one else', async () => {
    const { user, tokens } = await newSession();
    const second = await signIn(t.app, user.email, user.password, false);
    const stranger = await newSession();
    const response = await post(t.app, '/api/auth/logout-all', {}, { token: tokens.access_token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await refresh(stranger.tokens.refresh_token)).statusCode).toBe(200);
  });

  it('requires authentication', async () => {
    const response = await post(t.app, '/api/auth/logout-all');
    expect(response.statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('answers 401 INVALID_OR_EXPIRED_JWT_TOKEN for an expired token', async () => {
    const { tokens } = await newSession();
    const now = Math.floor(Date.now() / 1000);
    const expired = await handMadeToken(t, tokens.access_token, { issuedAt: now - 3600, expiresAt: now - 60 });
    const response = await get(t.app, '/api/profile', { token: expired });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'INVALID_OR_EXPIRED_JWT_TOKEN', message: 'Your session has expired' });
  });

  it('accepts a hand-made token with every claim right (the control for the refusals below)', async () => {
    const { tokens } = await newSession();
    expect((await get(t.app, '/api/profile', { token: await handMadeToken(t, tokens.access_token) })).statusCode).toBe(200);
  });

  it('refuses a token without an expiry, though signed with the right key', async () => {
    const { tokens } = await newSession();
    const forever = await handMadeToken(t, tokens.access_token, { expiresAt: null });
    expect(claimsOf(forever).exp).toBeUndefined();
    const response = await get(t.app, '/api/profile', { token: forever });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'INVALID_OR_EXPIRED_JWT_TOKEN', message: 'Your session has expired' });
  });

  it('refuses tokens without a session or generation, or with a wrong one', async () => {
    const { tokens } = await newSession();
    const { sid, gen } = claimsOf(tokens.access_token);
    const variants = [
      { sid: undefined },
      { gen: undefined },
      { gen: (gen as number) + 1 },
      { gen: -1 },
      { gen: '0' },
      { sid: 'not-a-uuid' },
      { sid: '00000000-0000-4000-8000-000000000000', gen },
    ];
    for (const claims of variants) {
      const token = await handMadeToken(t, tokens.access_token, { claims: { sid, gen, ...claims } });
      expect((await get(t.app, '/api/profile', { token })).statusCode).toBe(401);
    }
  });

  it('refuses a token signed with the right key that is not an access token', async () => {
    const { tokens } = await newSession();
    const other = await handMadeToken(t, tokens.access_token, { claims: { typ: 'refresh' } });
    expect((await get(t.app, '/api/profile', { token: other })).statusCode).toBe(401);
  });

  it('refuses an unsigned token', async () => {
    const { user } = await newSession();
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: user.id, typ: 'access', iss: 'flowsmith', exp: 9e9 })).toString('base64url');
    const response = await get(t.app, '/api/profile', { token: `${header}.${payload}.` });
    expect(response.statusCode).toBe(401);
  });

  it('lasts 15 minutes', async () => {
    const { tokens } = await newSession();
    const payload = claimsOf(tokens.access_token) as { iat: number; exp: number };
    expect(payload.exp - payload.iat).toBe(15 * 60);
  });
});
