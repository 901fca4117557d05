/**
 * An API key as a bearer credential. Per request: one read (the key and its owner, by the secret's
 * digest), one rate-limit upsert per key (API_KEY_RATE_LIMIT_PER_MINUTE), and at most once a minute per
 * key a write of last_used_at. Order matters: an unknown key is refused before it can count against
 * anything; a read-only key sending a write is refused after being counted, so hammering with refused
 * writes is limited too.
 */
import {
  INVALID_API_KEY_MESSAGE,
  keyRateLimitedMessage,
  READ_ONLY_KEY_MESSAGE,
} from '../../src/domain/contract/api-keys.ts';
import type { ApiKeyVerifier } from '../auth/authenticate.ts';
import { bucketKey, hitRateLimit } from '../auth/rate-limit.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../shared/api-error.ts';
import { findKeyHolder, touchApiKey } from './repository.ts';
import { apiKeyDigest, isWellFormedApiKey, looksLikeApiKey } from './secrets.ts';

export const invalidApiKey = () => new ApiError(401, 'INVALID_API_KEY', INVALID_API_KEY_MESSAGE);
export const permissionDenied = (message: string) => new ApiError(403, 'PERMISSION_DENIED', message);

const READ_METHODS = new Set(['GET', 'HEAD']);

export function createApiKeyVerifier({ db, perMinute }: { db: Queryable; perMinute: number }): ApiKeyVerifier {
  const rule = { max: perMinute, windowMs: 60_000 };
  return {
    isApiKey: looksLikeApiKey,
    async verify(token, method, readOnlyMessage = READ_ONLY_KEY_MESSAGE) {
      if (!isWellFormedApiKey(token)) throw invalidApiKey();
      const row = await findKeyHolder(db, apiKeyDigest(token));
      if (!row || row.key_expired) throw invalidApiKey();
      const hit = await hitRateLimit(db, bucketKey('api-key', row.key_id), rule);
      if (!hit.allowed) {
        throw new ApiError(429, 'QUOTA_EXCEEDED', keyRateLimitedMessage(hit.retryAfterSeconds), {
          headers: { 'retry-after': String(hit.retryAfterSeconds) },
        });
      }
      if (row.key_scope === 'READ_ONLY' && !READ_METHODS.has(method)) throw permissionDenied(readOnlyMessage);
      if (row.key_use_due) await touchApiKey(db, row.key_id);
      const { key_id: id, key_scope: scope, key_expired: _expired, key_use_due: _due, ...user } = row;
      return { user, key: { id, scope } };
    },
  };
}
