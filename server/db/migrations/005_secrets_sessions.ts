import type { Migration } from '../migrate.ts';

/**
 * Issue #11, secrets at rest and sessions that end at once:
 * - the JWT signing secret and the values key leave app_settings (the server read them before migrating,
 *   see server/secrets/legacy-secrets.ts, and keeps them in key files or the environment from now on);
 * - users.token_generation: carried by every access token and bumped by a password reset or change and
 *   by 'Sign out of all devices', so every token minted before stops working at the next request;
 * - a partial index answering "is this session (refresh-token family) of this user still live?" with
 *   one probe, which each authenticated request asks; it holds live tokens only, so it stays small.
 */
export const secretsSessionsMigration: Migration = {
  version: 5,
  name: 'secrets_sessions',
  sql: /* sql */ `
    DELETE FROM app_settings WHERE key IN ('jwt_signing_secret', 'variables_encryption_key');

    ALTER TABLE users ADD COLUMN token_generation integer NOT NULL DEFAULT 0;

    CREATE INDEX refresh_tokens_live_family_idx ON refresh_tokens (family_id, user_id) WHERE revoked_at IS NULL;
  `,
};
