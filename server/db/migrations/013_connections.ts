import type { Migration } from '../migrate.ts';

/**
 * Connections (server/connections): credentials a step uses by name. `config` holds what may be shown
 * (the API key's header name, the basic-auth username, the custom header names); `secrets` holds each
 * secret part encrypted with the values key (server/variables/encryption.ts), in the order the type
 * gives them (the key; the password; the token; one value per custom header, as `config` names them).
 * Names are unique per user whatever their case, so two connections never differ only by it.
 */
export const connectionsMigration: Migration = {
  version: 13,
  name: 'connections',
  sql: /* sql */ `
    CREATE TABLE connections (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      type text NOT NULL CHECK (type IN ('API_KEY', 'BASIC_AUTH', 'BEARER_TOKEN', 'CUSTOM_HEADERS')),
      config jsonb NOT NULL DEFAULT '{}'::jsonb,
      secrets text[] NOT NULL,
      created timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
      updated timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
    );
    CREATE UNIQUE INDEX connections_user_name_idx ON connections (user_id, lower(name));
  `,
};
