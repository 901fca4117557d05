import type { Migration } from '../migrate.ts';

/**
 * Durable runs and retries (issue 15):
 * - run_queue.resumes: how often the run was put back after its worker died (lease recovery resumes it
 *   from its checkpoint, the steps stored in flow_runs, up to RUN_MAX_RESUMES times);
 * - retry_of / retry_mode on run_queue and flow_runs: a run made from another one — 'Retry from failed
 *   step' (FROM_FAILED_STEP: same version, the earlier run's finished steps kept) or 'Run again on the latest
 *   version' (ON_LATEST_VERSION). The link is kept while the first run exists (SET NULL when it is pruned).
 */
export const durableRunsMigration: Migration = {
  version: 15,
  name: 'durable runs',
  sql: /* sql */ `
    ALTER TABLE run_queue
      ADD COLUMN resumes integer NOT NULL DEFAULT 0,
      ADD COLUMN retry_of uuid REFERENCES flow_runs (id) ON DELETE SET NULL,
      ADD COLUMN retry_mode text CHECK (retry_mode IN ('FROM_FAILED_STEP', 'ON_LATEST_VERSION'));
    ALTER TABLE flow_runs
      ADD COLUMN retry_of uuid REFERENCES flow_runs (id) ON DELETE SET NULL,
      ADD COLUMN retry_mode text CHECK (retry_mode IN ('FROM_FAILED_STEP', 'ON_LATEST_VERSION'));
    CREATE INDEX flow_runs_retry_of_idx ON flow_runs (retry_of) WHERE retry_of IS NOT NULL;
    CREATE INDEX run_queue_retry_of_idx ON run_queue (retry_of) WHERE retry_of IS NOT NULL;
  `,
};
