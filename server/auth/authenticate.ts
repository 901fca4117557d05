import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../shared/api-error.ts';
import { AccessTokenError, type AccessTokens } from './access-tokens.ts';
import { findSessionUser, type UserRow } from './users.ts';

export const AUTHENTICATION_REQUIRED = 'Authentication required';
export const SESSION_EXPIRED_SHORT = 'Your session has expired';

const BEARER = /^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/;

function authenticationRequired(): ApiError {
  return new ApiError(401, 'INVALID_BEARER_TOKEN', AUTHENTICATION_REQUIRED);
}

function sessionExpired(): ApiError {
  return new ApiError(401, 'INVALID_OR_EXPIRED_JWT_TOKEN', SESSION_EXPIRED_SHORT);
}

/** A signed-in user and the session (refresh-token family) the access token belongs to. */
export interface AuthSession {
  user: UserRow;
  sessionId: string;
}

export interface Authenticator {
  /** The signed-in user of `Authorization: Bearer <token>`, or a 401 ApiError. */
  userFromRequest(request: FastifyRequest): Promise<UserRow>;
  /** The user and the session of an access token, or a 401 ApiError. */
  sessionFromToken(token: string): Promise<AuthSession>;
  sessionFromRequest(request: FastifyRequest): Promise<AuthSession>;
}

export function createAuthenticator(db: Queryable, accessTokens: AccessTokens): Authenticator {
  /**
   * Checked on every request, not cached: a logout, a reset or 'Sign out of all devices' in any process
   * ends the token at once, and the check is one indexed read (the user row was read anyway).
   */
  async function sessionFromToken(token: string): Promise<AuthSession> {
    let claims;
    try {
      claims = await accessTokens.verify(token);
    } catch (error) {
      if (error instanceof AccessTokenError && error.reason === 'expired') throw sessionExpired();
      throw authenticationRequired();
    }
    const row = await findSessionUser(db, claims.userId, claims.sessionId);
    // Deleted user, ended session, or a token older than the last reset / sign-out of all devices.
    if (!row || !row.session_live || row.token_generation !== claims.generation) throw sessionExpired();
    const { token_generation: _generation, session_live: _live, ...user } = row;
    return { user, sessionId: claims.sessionId };
  }

  function tokenOf(request: FastifyRequest): string | undefined {
    return BEARER.exec(request.headers.authorization ?? '')?.[1];
  }

  return {
    sessionFromToken,
    sessionFromRequest(request) {
      const token = tokenOf(request);
      return token ? sessionFromToken(token) : Promise.reject(authenticationRequired());
    },
    async userFromRequest(request) {
      const token = tokenOf(request);
      if (!token) throw authenticationRequired();
      return (await sessionFromToken(token)).user;
    },
  };
}
