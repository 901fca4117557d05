import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { AccessTokenError, type AccessTokens } from './access-tokens.ts';
import { findUserById, type UserRow } from './users.ts';

export const AUTHENTICATION_REQUIRED = 'Authentication required';
export const SESSION_EXPIRED_SHORT = 'Your session has expired';

const BEARER = /^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/;

function authenticationRequired(): ApiError {
  return new ApiError(401, 'INVALID_BEARER_TOKEN', AUTHENTICATION_REQUIRED);
}

function sessionExpired(): ApiError {
  return new ApiError(401, 'INVALID_OR_EXPIRED_JWT_TOKEN', SESSION_EXPIRED_SHORT);
}

export interface Authenticator {
  /** The signed-in user of an access token, or a 401 ApiError. */
  userFromToken(token: string): Promise<UserRow>;
  /** The same, from `Authorization: Bearer <token>`. */
  userFromRequest(request: FastifyRequest): Promise<UserRow>;
}

export function createAuthenticator(db: Queryable, accessTokens: AccessTokens): Authenticator {
  async function userFromToken(token: string): Promise<UserRow> {
    let userId: string;
    try {
      userId = await accessTokens.verify(token);
    } catch (error) {
      if (error instanceof AccessTokenError && error.reason === 'expired') throw sessionExpired();
      throw authenticationRequired();
    }
    // A valid signature for a user who has since been deleted is no session.
    const user = await findUserById(db, userId);
    if (!user) throw sessionExpired();
    return user;
  }

  return {
    userFromToken,
    userFromRequest(request) {
      const match = BEARER.exec(request.headers.authorization ?? '');
      if (!match?.[1]) return Promise.reject(authenticationRequired());
      return userFromToken(match[1]);
    },
  };
}
