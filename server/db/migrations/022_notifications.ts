import type { Migration } from '../migrate.ts';

/**
 * Notifications kept on the server (issue 17): what the bell lists — a run's end, a Send notification
 * step's message — stored as it is sent, so it survives a reload and another tab sees it, with its read
 * state. Each user keeps the newest 100 (SPEC §4's list size): every insert deletes what falls beyond
 * them in the same statement (server/notifications/store.ts). A run's end is stored by the statement
 * that records it (server/runs/run-queue.ts `finishRun`), so a run costs no statement more.
 *
 * `run_id` and `flow_id` are plain ids, not foreign keys: a deleted run or workflow leaves the sentence
 * (its link then says 'Execution not found'), and deleting runs does not have to visit this table.
 */
export const notificationsMigration: Migration = {
  version: 22,
  name: 'notifications',
  sql: /* sql */ `
    CREATE TABLE notifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      type text NOT NULL CHECK (char_length(type) BETWEEN 1 AND 100),
      message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 2000),
      level text CHECK (level IN ('error', 'warning', 'success', 'info')),
      run_id uuid,
      flow_id uuid,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      read_at timestamptz
    );
    CREATE INDEX notifications_user_newest_idx ON notifications (user_id, created_at DESC, id DESC);
  `,
};
