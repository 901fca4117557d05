import type { Migration } from '../migrate.ts';

/**
 * Notifications keep the order they were written in, as the activity feed does (migration 025). Migration
 * 022 ordered them by `created_at`, then by their random uuid; embedded PGlite's clock can give two
 * notifications written one after the other the same instant, and pruning to the newest 100 then kept
 * either of them at random (a test caught it). `seq` is the write order, the tie-break of the list, of
 * the pruning and of their index.
 */
export const notificationOrderMigration: Migration = {
  version: 26,
  name: 'notification_order',
  sql: /* sql */ `
    ALTER TABLE notifications ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
    DROP INDEX notifications_user_newest_idx;
    CREATE INDEX notifications_user_newest_idx ON notifications (user_id, created_at DESC, seq DESC);
  `,
};
