/**
 * Google sign-in against keys of our own: an RS256 key pair made here, its public half served as a
 * JWKS from a local HTTP server, whose URL the server is given as GOOGLE_JWKS_URL.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { countRows, get, post, registerUser, signIn, startTestServer, type TestServer, uniqueEmail } from './helpers.ts';

const CLIENT_ID = 'flowsmith-test.apps.googleusercontent.com';
const KID = 'test-key-1';

let t: TestServer;
let jwksServer: Server;
let privateKey: CryptoKey;
let otherPrivateKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  otherPrivateKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as AddressInfo;
  t = await startTestServer({ googleClientId: CLIENT_ID, googleJwksUrl: `http://127.0.0.1:${port}/certs` });
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => jwksServer?.close(resolve));
});

interface TokenOptions {
  claims?: JWTPayload;
  issuer?: string;
  audience?: string;
  expiresAt?: number;
  key?: CryptoKey;
}

let subCounter = 0;
function googleToken(options: TokenOptions = {}): Promise<string> {
  subCounter += 1;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: uniqueEmail('google'),
    email_verified: true,
    name: 'Gina Google',
    sub: `10${Date.now()}${subCounter}`,
    ...options.claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(options.audience ?? CLIENT_ID)
    .setIssuedAt(now - 60)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(options.key ?? privateKey);
}

const google = (credentials: string) => post(t.app, '/api/auth/google', { credentials });
const FAILED = { code: 'INVALID_CREDENTIALS', message: 'Google sign-in failed' };

describe('POST /api/auth/google', () => {
  it('creates the user at first sign-in and signs the same user in again', async () => {
    const email = uniqueEmail('first');
    const claims = { email, sub: `sub-${Date.now()}`, name: 'Gina Google' };
    const first = await google(await googleToken({ claims }));
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      user: { id: expect.any(String), name: 'Gina Google', email, createdAt: expect.any(String) },
    });
    const { rows } = await t.db.query<{ google_sub: string; password_hash: string | null }>(
      'SELECT google_sub, password_hash FROM users WHERE id = $1',
      [body.user.id],
    );
    expect(rows[0]).toEqual({ google_sub: claims.sub, password_hash: null });
    expect((await get(t.app, '/api/profile', { token: body.access_token })).json().id).toBe(body.user.id);

    const again = await google(await googleToken({ claims }));
    expect(again.json().user.id).toBe(body.user.id);
    // The bare issuer form Google also uses is accepted.
    const bareIssuer = await google(await googleToken({ claims, issuer: 'accounts.google.com' }));
    expect(bareIssuer.json().user.id).toBe(body.user.id);
  });

  it('accepts a Google account with an international address', async () => {
    const email = `zoë-${Date.now()}@exämple.com`;
    const response = await google(await googleToken({ claims: { email, sub: `sub-intl-${Date.now()}` } }));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(email);
  });

  it('links an existing account with the same email, which keeps its password', async () => {
    const user = await registerUser(t.app);
    const response = await google(await googleToken({ claims: { email: user.email.toUpperCase() } }));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
    await signIn(t.app, user.email, user.password);
  });

  it('keeps a remembered (30-day) session', async () => {
    const response = await google(await googleToken());
    const { rows } = await t.db.query<{ remember: boolean }>('SELECT remember FROM refresh_tokens WHERE user_id = $1', [
      response.json().user.id,
    ]);
    expect(rows).toEqual([{ remember: true }]);
  });

  it('refuses a wrong audience, a wrong issuer, an expired token and a bad signature', async () => {
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      await googleToken({ audience: 'someone-else.apps.googleusercontent.com' }),
      await googleToken({ issuer: 'https://evil.example.com' }),
      await googleToken({ expiresAt: now - 120 }),
      await googleToken({ key: otherPrivateKey }),
      'not.a.jwt',
    ];
    const users = await countRows(t.db, 'users');
    for (const credentials of refused) {
      const response = await google(credentials);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(FAILED);
    }
    expect(await countRows(t.db, 'users')).toBe(users);
  });

  it('refuses an unverified or missing email', async () => {
    const users = await countRows(t.db, 'users');
    for (const claims of [{ email_verified: false }, { email_verified: undefined }, { email: undefined }]) {
      const response = await google(await googleToken({ claims }));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(FAILED);
    }
    expect(await countRows(t.db, 'users')).toBe(users);
  });

  it('refuses an email already linked to another Google account', async () => {
    const email = uniqueEmail('linked');
    expect((await google(await googleToken({ claims: { email, sub: `a-${Date.now()}` } }))).statusCode).toBe(200);
    const response = await google(await googleToken({ claims: { email, sub: `b-${Date.now()}` } }));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(FAILED);
  });

  it('answers 400 FEATURE_DISABLED when no client id is configured', async () => {
    const disabled = await startTestServer();
    try {
      const response = await post(disabled.app, '/api/auth/google', { credentials: await googleToken() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'FEATURE_DISABLED', message: 'Google sign-in is not configured' });
    } finally {
      await disabled.close();
    }
  });
});
