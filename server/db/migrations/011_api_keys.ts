import type { Migration } from '../migrate.ts';

/**
 * API keys (server/api-keys): a user's bearer credentials for their own code. Only the SHA-256 of the
 * secret is kept (the secret has 256 random bits, so a plain digest cannot be reversed by guessing);
 * `prefix` is the part the list shows. Revoking deletes the row. `last_used_at` is written at most once
 * a minute per key.
 */
export const apiKeysMigration: Migration = {
  version: 11,
  name: 'api_keys',
  sql: /* sql */ `
    CREATE TABLE api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      prefix text NOT NULL,
      secret_hash text NOT NULL UNIQUE,
      scope text NOT NULL CHECK (scope IN ('READ_ONLY', 'READ_WRITE')),
      created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
      expires_at timestamptz,
      last_used_at timestamptz
    );
    CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at DESC);
  `,
};
