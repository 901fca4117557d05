import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const TOKEN_TYPE = 'access';
const ISSUER = 'flowsmith';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why a token was refused: `invalid` (missing, garbled) or `expired` (also a bad signature or claim). */
export class AccessTokenError extends Error {
  constructor(readonly reason: 'invalid' | 'expired') {
    super(reason === 'invalid' ? 'Invalid access token' : 'Expired access token');
    this.name = 'AccessTokenError';
  }
}

export interface AccessTokens {
  issue(userId: string): Promise<string>;
  /** The user id the token was issued to; throws AccessTokenError. */
  verify(token: string): Promise<string>;
}

export function createAccessTokens(secret: Uint8Array): AccessTokens {
  return {
    issue(userId) {
      return new SignJWT({ typ: TOKEN_TYPE })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER });
        if (payload.typ !== TOKEN_TYPE || typeof payload.sub !== 'string' || !UUID.test(payload.sub)) {
          throw new AccessTokenError('expired');
        }
        return payload.sub;
      } catch (error) {
        if (error instanceof AccessTokenError) throw error;
        // A token that is well formed but no longer (or never) acceptable makes the client refresh;
        // anything that is not even a JWT is simply not a credential.
        const stale =
          error instanceof errors.JWTExpired ||
          error instanceof errors.JWSSignatureVerificationFailed ||
          error instanceof errors.JWTClaimValidationFailed;
        throw new AccessTokenError(stale ? 'expired' : 'invalid');
      }
    },
  };
}
