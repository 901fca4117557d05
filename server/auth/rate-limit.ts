/**
 * Fixed-window counters kept in PostgreSQL, so every process behind a load balancer shares them. One
 * upsert counts the attempt and reports the window's end; a window that has passed restarts at 1.
 */
import type { RateLimitRule } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../shared/api-error.ts';
import { sha256Hex } from './secrets.ts';

export interface RateLimitHit {
  allowed: boolean;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/** Bucket names carry a digest of the subject, not the address someone typed. */
export function bucketKey(scope: string, subject: string): string {
  return `${scope}:${sha256Hex(subject).slice(0, 32)}`;
}

/**
 * The upsert that counts one attempt in `bucket` (SQL of a text) for a window of `windowSeconds` (SQL of
 * a float8), for each row of `from` (SQL: a relation with its condition; `(SELECT 1) one` for always);
 * it returns `count` and `seconds_left`. A route may count in the statement that finds what it counts
 * (the webhook: the listening workflow and its counter in one round trip).
 */
export function rateLimitHitSql(bucket: string, windowSeconds: string, from: string): string {
  return `INSERT INTO rate_limits AS r (bucket, window_start, count) SELECT ${bucket}, now(), 1 FROM ${from}
     ON CONFLICT (bucket) DO UPDATE SET
       window_start = CASE WHEN r.window_start <= now() - ${windowSeconds} * interval '1 second' THEN now() ELSE r.window_start END,
       count = CASE WHEN r.window_start <= now() - ${windowSeconds} * interval '1 second' THEN 1 ELSE r.count + 1 END
     RETURNING r.count,
       extract(epoch FROM (r.window_start + ${windowSeconds} * interval '1 second' - now()))::float8 AS seconds_left`;
}

/** What a counted attempt (`rateLimitHitSql`'s row) means under `rule`. */
export function rateLimitOutcome(row: { count: number; seconds_left: number }, rule: RateLimitRule): RateLimitHit {
  return { allowed: row.count <= rule.max, retryAfterSeconds: Math.max(1, Math.ceil(row.seconds_left)) };
}

export async function hitRateLimit(db: Queryable, bucket: string, rule: RateLimitRule): Promise<RateLimitHit> {
  const { rows } = await db.query<{ count: number; seconds_left: number }>(rateLimitHitSql('$1', '$2::float8', '(SELECT 1) one'), [bucket, rule.windowMs / 1000]);
  const row = rows[0];
  if (!row) throw new Error('Rate limit upsert returned no row');
  return rateLimitOutcome(row, rule);
}

export async function clearRateLimit(db: Queryable, bucket: string): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE bucket = $1', [bucket]);
}

export function tooManyAttempts(retryAfterSeconds: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new ApiError(
    429,
    'QUOTA_EXCEEDED',
    `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
    { headers: { 'retry-after': String(retryAfterSeconds) } },
  );
}

/** Counts one attempt against every rule and throws 429 if any is over, naming the longest wait. */
export async function enforceRateLimits(
  db: Queryable,
  checks: ReadonlyArray<{ bucket: string; rule: RateLimitRule }>,
): Promise<void> {
  let wait = 0;
  for (const { bucket, rule } of checks) {
    const hit = await hitRateLimit(db, bucket, rule);
    if (!hit.allowed) wait = Math.max(wait, hit.retryAfterSeconds);
  }
  if (wait > 0) throw tooManyAttempts(wait);
}
