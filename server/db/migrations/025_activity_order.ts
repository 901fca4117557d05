import type { Migration } from '../migrate.ts';

/**
 * The activity feed keeps the order entries were written in (issue 17 follow-up). Migration 009 relied on
 * `clock_timestamp()`'s microseconds to order two entries one transaction writes (a publish, then the
 * disable it caused); embedded PGlite's clock can give both the same value, and the uuid tie-break then
 * ordered them at random (a test caught it now and then). `seq` is the write order, the tie-break of the
 * feed's order and of its indexes.
 */
export const activityOrderMigration: Migration = {
  version: 25,
  name: 'activity_order',
  sql: /* sql */ `
    ALTER TABLE activities ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
    DROP INDEX activities_user_time_idx;
    DROP INDEX activities_user_type_time_idx;
    CREATE INDEX activities_user_time_idx ON activities (user_id, timestamp DESC, seq DESC);
    CREATE INDEX activities_user_type_time_idx ON activities (user_id, type, timestamp DESC, seq DESC);
  `,
};
