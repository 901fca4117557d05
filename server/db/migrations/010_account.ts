import type { Migration } from '../migrate.ts';

/**
 * Issue 14, the account (server/account):
 * - email_changes: a requested change of sign-in address, waiting for its link to be followed. Only the
 *   SHA-256 of the link's token is kept; the row lives an hour, is spent once, and goes with its user.
 * - The two analytics rollups keyed by workflow also carry the workflow's owner without a foreign key;
 *   they went with the workflow already, and now go with the user too, so every user_id column of the
 *   schema cascades from users and deleting an account is one `DELETE FROM users`. Rows naming no user
 *   (none are expected: their workflows went with their users) are dropped first, so the check passes.
 * - Indexes for the foreign-key actions such a delete sets off once per deleted row: each deleted version
 *   clears the runs and the workflow that name it (SET NULL), each deleted run the quota refusal that names
 *   it. Without them every one of those is a scan of the whole table, every user's rows included.
 */
export const accountMigration: Migration = {
  version: 10,
  name: 'account',
  sql: /* sql */ `
    CREATE TABLE email_changes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash text NOT NULL UNIQUE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      new_email text NOT NULL,
      new_email_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX email_changes_user_idx ON email_changes (user_id);
    CREATE INDEX email_changes_expires_idx ON email_changes (expires_at);

    DELETE FROM analytics_flow_days d WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id);
    ALTER TABLE analytics_flow_days ADD CONSTRAINT analytics_flow_days_user_fk
      FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE;
    DELETE FROM analytics_failure_days d WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id);
    ALTER TABLE analytics_failure_days ADD CONSTRAINT analytics_failure_days_user_fk
      FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE;

    CREATE INDEX flow_runs_version_idx ON flow_runs (version_id) WHERE version_id IS NOT NULL;
    CREATE INDEX flows_published_version_idx ON flows (published_version_id) WHERE published_version_id IS NOT NULL;
    CREATE INDEX quota_refusals_run_idx ON quota_refusals (run_id) WHERE run_id IS NOT NULL;
  `,
};
