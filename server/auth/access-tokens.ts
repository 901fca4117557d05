import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const TOKEN_TYPE = 'access';
const ISSUER = 'flowsmith';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_GENERATION = 2 ** 31 - 1;

/** Why a token was refused: `invalid` (missing, garbled) or `expired` (also a bad signature or claim). */
export class AccessTokenError extends Error {
  constructor(readonly reason: 'invalid' | 'expired') {
    super(reason === 'invalid' ? 'Invalid access token' : 'Expired access token');
    this.name = 'AccessTokenError';
  }
}

/**
 * What an access token stands for. `sessionId` is the refresh-token family it was minted for (logout
 * revokes that family, which ends the token at once); `generation` is the user's token generation at
 * minting (a password reset or 'Sign out of all devices' bumps it, which ends every older token).
 */
export interface AccessClaims {
  userId: string;
  sessionId: string;
  generation: number;
}

export interface AccessTokens {
  issue(claims: AccessClaims): Promise<string>;
  /** The claims of a good token; throws AccessTokenError. Whether the session still lives is not checked here. */
  verify(token: string): Promise<AccessClaims>;
}

export function createAccessTokens(secret: Uint8Array): AccessTokens {
  return {
    issue({ userId, sessionId, generation }) {
      return new SignJWT({ typ: TOKEN_TYPE, sid: sessionId, gen: generation })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(secret);
    },
    async verify(token) {
      try {
        // `exp` is required: jose checks it only when present, and a token without one would never end.
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const { typ, sub, sid, gen } = payload;
        const wellFormed =
          typ === TOKEN_TYPE &&
          typeof sub === 'string' &&
          UUID.test(sub) &&
          typeof sid === 'string' &&
          UUID.test(sid) &&
          Number.isInteger(gen) &&
          (gen as number) >= 0 &&
          (gen as number) <= MAX_GENERATION;
        // Tokens minted before sessions were tracked carry no sid/gen: refused, the client refreshes.
        if (!wellFormed) throw new AccessTokenError('expired');
        return { userId: sub, sessionId: sid, generation: gen as number };
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
