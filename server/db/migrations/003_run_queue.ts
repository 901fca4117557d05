import type { Migration } from '../migrate.ts';

/**
 * The run queue (issue #6): runs waiting for a worker, and the lease of the worker running one. A run
 * gets its `flow_runs` row (status RUNNING) when a worker claims it; a lease that runs out without the
 * run finishing means its worker died, and the run is then closed as INTERNAL_ERROR.
 */
export const runQueueMigration: Migration = {
  version: 3,
  name: 'run queue',
  sql: /* sql */ `
    CREATE TABLE run_queue (
      run_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      flow_id uuid NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
      version_id uuid NOT NULL REFERENCES flow_versions (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      enqueued_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      claimed_by text,
      lease_until timestamptz
    );
    CREATE INDEX run_queue_waiting_idx ON run_queue (enqueued_at) WHERE claimed_by IS NULL;
    CREATE INDEX run_queue_leases_idx ON run_queue (lease_until) WHERE claimed_by IS NOT NULL;
  `,
};
