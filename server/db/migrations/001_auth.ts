import type { Migration } from '../migrate.ts';

export const authMigration: Migration = {
  version: 1,
  name: 'auth',
  sql: /* sql */ `
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      email text NOT NULL,
      -- The address lower-cased by the app (Unicode-aware and independent of the server's collation),
      -- so "Ñandú@x" and "ñandú@x" are one account on PGlite and on any PostgreSQL.
      email_key text NOT NULL UNIQUE,
      password_hash text,
      google_sub text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE refresh_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash text NOT NULL UNIQUE,
      family_id uuid NOT NULL,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      remember boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
    CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);
    CREATE INDEX refresh_tokens_expires_idx ON refresh_tokens (expires_at);

    CREATE TABLE password_resets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash text NOT NULL UNIQUE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX password_resets_user_idx ON password_resets (user_id);
    CREATE INDEX password_resets_expires_idx ON password_resets (expires_at);

    CREATE TABLE app_settings (
      key text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE rate_limits (
      bucket text PRIMARY KEY,
      window_start timestamptz NOT NULL,
      count integer NOT NULL
    );
    CREATE INDEX rate_limits_window_idx ON rate_limits (window_start);
  `,
};
