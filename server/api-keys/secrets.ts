import { randomBytes } from 'node:crypto';
import { API_KEY_PATTERN, API_KEY_PREFIX, API_KEY_SHOWN_LENGTH } from '../../src/domain/contract/api-keys.ts';
import { sha256Hex } from '../auth/secrets.ts';

/**
 * A new key: `fsk_` and 32 random bytes (256 bits) in base64url. With that much entropy a plain
 * SHA-256 is the right digest to store: nothing can be guessed, so a slow hash would only slow every
 * request down.
 */
export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, API_KEY_SHOWN_LENGTH), hash: sha256Hex(secret) };
}

/** Whether a bearer token is shaped like an API key (an access token is a JWT, `eyJ…`). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

export const isWellFormedApiKey = (token: string): boolean => API_KEY_PATTERN.test(token);

export const apiKeyDigest = (secret: string): string => sha256Hex(secret);
