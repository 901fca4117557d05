/** Access tokens made by hand with the server's own signing key, to test what the server refuses. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import type { TestServer } from './helpers.ts';

/** JWT_SECRET when configured (always on PostgreSQL), else the key file the server generated. */
export async function signingKey(t: TestServer): Promise<Uint8Array> {
  const text = t.options.jwtSecret ?? (await readFile(join(t.options.dataDir, 'secrets', 'jwt-secret'), 'utf8'));
  return new TextEncoder().encode(text.trim());
}

/** The claims of a token the server issued (its payload, decoded without checking). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

export interface HandMadeToken {
  claims?: Record<string, unknown>;
  issuedAt?: number;
  /** Seconds since the epoch; `null` leaves `exp` out. */
  expiresAt?: number | null;
}

/** A token signed with the server's key: the claims of `like` (a real token) unless overridden. */
export async function handMadeToken(t: TestServer, like: string, options: HandMadeToken = {}): Promise<string> {
  const { iat: _iat, exp: _exp, ...claims } = claimsOf(like);
  const now = Math.floor(Date.now() / 1000);
  let jwt = new SignJWT({ ...claims, ...options.claims }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(options.issuedAt ?? now);
  if (options.expiresAt !== null) jwt = jwt.setExpirationTime(options.expiresAt ?? now + 300);
  return jwt.sign(await signingKey(t));
}
