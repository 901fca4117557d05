import type { RateLimitSettings } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { LiveHub } from '../live/live-hub.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { Authenticator } from './authenticate.ts';
import type { GoogleVerifier } from './google.ts';

/** What the auth routes need, handed in explicitly by `createServer`. */
export interface AuthDependencies {
  db: Database;
  accessTokens: AccessTokens;
  authenticator: Authenticator;
  mailer: Mailer;
  /** Closes the sockets of sessions that end (logout, reset, sign-out of all devices). */
  hub: LiveHub;
  /** Undefined when GOOGLE_CLIENT_ID is not configured. */
  google: GoogleVerifier | undefined;
  appUrl: string;
  rateLimits: RateLimitSettings;
  /** See REFRESH_REUSE_GRACE_SECONDS. */
  refreshReuseGraceSeconds: number;
}

/** Auth bodies are a few short fields; a small limit refuses junk before it is read in full. */
export const AUTH_BODY_LIMIT = 16 * 1024;
