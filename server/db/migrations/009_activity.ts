import type { Migration } from '../migrate.ts';

/**
 * The activity feed (SPEC §3; server/activity): what happened to a user's workflows and runs, recorded as
 * it happens, never inferred from other tables afterwards.
 *
 * - `workflow_id` has no foreign key: a deleted workflow's activity stays, its name kept in the
 *   description (the id then points at nothing, which the feed shows as it is).
 * - `user_name` is the user's name when the entry was written (a rolled-up entry: when it last changed).
 * - Runs are rolled up: `count` occurrences of one workflow and type since `created` (the first of them),
 *   `timestamp` and `run_id` those of the latest.
 * - Kept `ACTIVITY_RETENTION_DAYS` (server/db/prune.ts).
 */
export const activityMigration: Migration = {
  version: 9,
  name: 'activity',
  sql: /* sql */ `
    CREATE TABLE activities (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      type text NOT NULL,
      severity text NOT NULL CHECK (severity IN ('error', 'warning', 'success', 'info')),
      user_name text NOT NULL,
      description text NOT NULL,
      workflow_id uuid,
      run_id uuid,
      count integer NOT NULL DEFAULT 1 CHECK (count >= 1),
      created timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
      -- Microseconds: two entries one transaction writes (published, then disabled) keep their order.
      timestamp timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    -- The feed: one user's entries newest first, all types or some (and the run rollup's lookup).
    CREATE INDEX activities_user_time_idx ON activities (user_id, timestamp DESC, id DESC);
    CREATE INDEX activities_user_type_time_idx ON activities (user_id, type, timestamp DESC, id DESC);
    -- Pruning by age.
    CREATE INDEX activities_time_idx ON activities (timestamp);
    -- Whether a finishing run was started by a schedule (schedule_failed rather than run_failed).
    CREATE INDEX schedule_fires_run_idx ON schedule_fires (run_id) WHERE run_id IS NOT NULL;
  `,
};
