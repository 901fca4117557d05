import type { Migration } from '../migrate.ts';

/**
 * Runs refused for the daily quota are counted, not stored one by one: a schedule firing every minute
 * past its user's quota, or a flood of webhook calls, would otherwise write a QUOTA_EXCEEDED run per
 * tick for the rest of the day. The first refusal of a workflow on a (UTC) day is kept as a run, so the
 * executions list says why nothing ran; the rest only add to `refused`.
 */
export const quotaRefusalsMigration: Migration = {
  version: 6,
  name: 'quota refusals',
  sql: /* sql */ `
    CREATE TABLE quota_refusals (
      flow_id uuid NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
      day date NOT NULL,
      refused integer NOT NULL DEFAULT 0,
      run_id uuid REFERENCES flow_runs (id) ON DELETE SET NULL,
      PRIMARY KEY (flow_id, day)
    );
  `,
};
