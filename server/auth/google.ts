/**
 * Google sign-in: the browser receives an ID token (a JWT signed by Google) and posts it here. We check
 * its signature against Google's published keys, its issuer, audience (our client id) and expiry, and
 * accept it only for a verified email. The key URL is configuration, so tests serve their own keys.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import { EMAIL_PATTERN, MAX_NAME_LENGTH } from '../../src/domain/index.ts';

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.email({ pattern: EMAIL_PATTERN }).max(254),
  // Google sends a boolean; very old tokens carried the string.
  email_verified: z.union([z.literal(true), z.literal('true')]),
  name: z.string().optional(),
});

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

export class GoogleTokenError extends Error {
  constructor(readonly reason: string) {
    super(`Google ID token refused: ${reason}`);
    this.name = 'GoogleTokenError';
  }
}

export interface GoogleVerifier {
  verify(credential: string): Promise<GoogleIdentity>;
}

export function createGoogleVerifier(clientId: string, jwksUrl: string): GoogleVerifier {
  // The key set is fetched lazily and cached by jose, refreshed when an unknown key id shows up.
  const keys = createRemoteJWKSet(new URL(jwksUrl));
  return {
    async verify(credential) {
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(credential, keys, { issuer: ISSUERS, audience: clientId, algorithms: ['RS256'] }));
      } catch (error) {
        throw new GoogleTokenError(error instanceof Error ? `${error.name}: ${error.message}` : 'verification failed');
      }
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) throw new GoogleTokenError('email missing or not verified');
      const { sub, email, name } = claims.data;
      const displayName = (name?.trim() || email.split('@')[0] || email).slice(0, MAX_NAME_LENGTH);
      return { sub, email, name: displayName };
    },
  };
}
