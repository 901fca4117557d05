import type { FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '../../src/domain/contract/api-keys.ts';
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

/** The API key a request was made with. */
export interface ApiKeyCaller {
  id: string;
  scope: ApiKeyScope;
}

/** Who made a request: a signed-in session's user, or the owner of the API key it carries. */
export interface Caller {
  user: UserRow;
  /** Null for a signed-in session; routes refine what a key may do with its scope. */
  apiKey: ApiKeyCaller | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a read-only API key is told when it sends this route anything but GET or HEAD (the default is
     * READ_ONLY_KEY_MESSAGE): a route creating connections says SPEC §6's permission sentence.
     */
    readOnlyKeyMessage?: string;
  }
}

/** Checks an API key for a request of `method`: its owner, or a 401/403/429 ApiError (server/api-keys). */
export interface ApiKeyVerifier {
  isApiKey(token: string): boolean;
  verify(token: string, method: string, readOnlyMessage?: string): Promise<{ user: UserRow; key: ApiKeyCaller }>;
}

export interface Authenticator {
  /** The user of `Authorization: Bearer <access token or API key>`, or a 401 ApiError. */
  userFromRequest(request: FastifyRequest): Promise<UserRow>;
  /** As userFromRequest, with the API key when there is one. Checked once per request (later calls share it). */
  callerFromRequest(request: FastifyRequest): Promise<Caller>;
  /**
   * The user and the session of an access token, or a 401 ApiError. Never an API key: what uses these
   * (sign-out, account changes, key management, the WebSocket) needs a person signed in.
   */
  sessionFromToken(token: string): Promise<AuthSession>;
  sessionFromRequest(request: FastifyRequest): Promise<AuthSession>;
}

export function createAuthenticator(db: Queryable, accessTokens: AccessTokens, apiKeys?: ApiKeyVerifier): Authenticator {
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

  async function callerOf(request: FastifyRequest): Promise<Caller> {
    const token = tokenOf(request);
    if (!token) throw authenticationRequired();
    if (apiKeys?.isApiKey(token)) {
      const { user, key } = await apiKeys.verify(token, request.method, request.routeOptions.config?.readOnlyKeyMessage);
      return { user, apiKey: key };
    }
    return { user: (await sessionFromToken(token)).user, apiKey: null };
  }

  // One check per request however many hooks and handlers ask: a key's rate limit counts the request once.
  const callers = new WeakMap<FastifyRequest, Promise<Caller>>();
  function callerFromRequest(request: FastifyRequest): Promise<Caller> {
    let caller = callers.get(request);
    if (!caller) {
      caller = callerOf(request);
      callers.set(request, caller);
    }
    return caller;
  }

  return {
    sessionFromToken,
    sessionFromRequest(request) {
      const token = tokenOf(request);
      return token ? sessionFromToken(token) : Promise.reject(authenticationRequired());
    },
    callerFromRequest,
    async userFromRequest(request) {
      return (await callerFromRequest(request)).user;
    },
  };
}
