import type { Migration } from '../migrate.ts';

/**
 * Idempotency-Key answers (server/idempotency): one row per user and key. While the first request runs
 * `status` is NULL and `claim` names that request; a success stores its status, content type and body,
 * which a retry with the same `fingerprint` (method, path and body) is answered with. Failures delete
 * their row. Rows older than a day are pruned (server/db/prune.ts).
 */
export const idempotencyKeysMigration: Migration = {
  version: 12,
  name: 'idempotency_keys',
  sql: /* sql */ `
    CREATE TABLE idempotency_keys (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      key text NOT NULL,
      fingerprint text NOT NULL,
      claim uuid NOT NULL,
      claimed_at timestamptz NOT NULL DEFAULT now(),
      status integer,
      content_type text,
      body bytea,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    );
    CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
  `,
};
