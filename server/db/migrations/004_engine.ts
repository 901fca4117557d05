import type { Migration } from '../migrate.ts';

/**
 * What running workflows keeps besides runs (issue #6):
 * - store_entries: the Store piece's key-value pairs, one namespace per user;
 * - flows.webhook_secret: the unguessable part of a workflow's webhook URL (two random UUIDs, 244 bits);
 * - schedule_fires: one row per schedule tick that started a run; its primary key is what makes a tick
 *   fire once when several server processes see it;
 * - step_samples: the output of the latest 'Test step' of each step of a workflow, the editor's sample
 *   data. Kept per workflow and step name, not per version, so it survives new drafts.
 */
export const engineMigration: Migration = {
  version: 4,
  name: 'engine',
  sql: /* sql */ `
    CREATE TABLE store_entries (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      key text NOT NULL,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (user_id, key)
    );

    ALTER TABLE flows ADD COLUMN webhook_secret text NOT NULL
      DEFAULT (replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''));
    CREATE UNIQUE INDEX flows_webhook_secret_idx ON flows (webhook_secret);

    CREATE TABLE schedule_fires (
      flow_id uuid NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
      fire_time timestamptz NOT NULL,
      run_id uuid,
      PRIMARY KEY (flow_id, fire_time)
    );

    CREATE TABLE step_samples (
      flow_id uuid NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
      step_name text NOT NULL,
      status text NOT NULL,
      output jsonb,
      error text,
      tested_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (flow_id, step_name)
    );
  `,
};
