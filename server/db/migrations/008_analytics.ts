import { ANALYTICS_SQL, rebuildAnalytics } from '../../analytics/rollups.ts';
import type { Migration } from '../migrate.ts';

/**
 * Analytics (issue: analytics calls): a workflow's minutes saved per run, and the rollups the analytics
 * calls read instead of scanning flow_runs, kept right by triggers on flow_runs (see
 * server/analytics/README.md), then built once from the runs already stored.
 */
export const analyticsMigration: Migration = {
  version: 8,
  name: 'analytics',
  sql: /* sql */ `
    ALTER TABLE flows ADD COLUMN time_saved_per_run numeric NOT NULL DEFAULT 0
      CHECK (time_saved_per_run >= 0 AND time_saved_per_run <= 10000);
    ${ANALYTICS_SQL}
  `,
  run: rebuildAnalytics,
};
