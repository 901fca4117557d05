import type { Migration } from '../migrate.ts';

/**
 * Run limits (issue 15):
 * - `flows.max_concurrent_runs`: runs of the workflow executing at once; NULL, no limit of its own. The
 *   queue's claim passes over a workflow at its maximum (server/runs/concurrency.ts).
 * - Retention (server/runs/retention.ts) deletes old runs with `flowsmith.run_retention` set for its
 *   transaction; the analytics delete trigger then leaves the rollups as they are, so dashboards of the
 *   past keep counting runs that are no longer stored. Any other delete (a workflow, an account) still
 *   takes its runs out of the figures.
 */
export const runLimitsMigration: Migration = {
  version: 16,
  name: 'run limits',
  sql: /* sql */ `
    ALTER TABLE flows ADD COLUMN max_concurrent_runs int
      CHECK (max_concurrent_runs IS NULL OR (max_concurrent_runs >= 1 AND max_concurrent_runs <= 100));

    DROP TRIGGER flow_runs_analytics_deleted ON flow_runs;
    CREATE TRIGGER flow_runs_analytics_deleted AFTER DELETE ON flow_runs
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
      WHEN (coalesce(current_setting('flowsmith.run_retention', true), '') <> 'on')
      EXECUTE FUNCTION analytics_runs_deleted();
  `,
};
