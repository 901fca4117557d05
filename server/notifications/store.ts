/**
 * The notifications table (migration 022): kept to the newest `NOTIFICATIONS_KEPT` per user by the
 * statement that inserts (its CTEs below), read and marked by the routes. Another user's ids are
 * treated exactly as missing ones.
 */
import type { Database, Queryable } from '../db/database.ts';
import { iso } from '../db/stored-values.ts';
import { NOTIFICATIONS_KEPT, type StoredNotification } from '../../src/domain/contract/notifications.ts';

export interface NotificationRow {
  id: string;
  type: string;
  message: string;
  level: StoredNotification['level'];
  run_id: string | null;
  flow_id: string | null;
  created_at: Date | string;
  read_at: Date | string | null;
}

export const NOTIFICATION_COLUMNS = 'id, type, message, level, run_id, flow_id, created_at, read_at';

export const toNotification = (row: NotificationRow): StoredNotification => ({
  id: row.id,
  type: row.type,
  message: row.message,
  level: row.level,
  runId: row.run_id,
  flowId: row.flow_id,
  createdAt: iso(row.created_at),
  read: row.read_at !== null,
});

/** A message is cut to what the table keeps (the live hub cuts what it sends to 1000). */
export const MAX_STORED_MESSAGE = 2000;

/**
 * CTEs `noted` (the row inserted, from the SELECT `source` giving user_id, type, message, level, run_id,
 * flow_id) and `pruned` (the user's rows beyond the newest kept, counting the new one: the statement
 * cannot see its own insert, so the existing ones are cut to one fewer). Several inserts for one user at
 * the same moment may leave a few more for an instant; the next insert cuts them.
 */
export function noteNotificationCtes(source: string): string {
  return `noted AS (
       INSERT INTO notifications (user_id, type, message, level, run_id, flow_id)
       SELECT user_id, type, left(message, ${MAX_STORED_MESSAGE}), level, run_id, flow_id FROM (${source}) s WHERE message <> ''
       RETURNING ${NOTIFICATION_COLUMNS}, user_id
     ),
     pruned AS (
       DELETE FROM notifications n WHERE n.id IN (
         SELECT old.id FROM noted, LATERAL (
           SELECT id FROM notifications WHERE user_id = noted.user_id ORDER BY created_at DESC, seq DESC OFFSET ${NOTIFICATIONS_KEPT - 1}
         ) old
       )
     )`;
}

export interface NewNotification {
  userId: string;
  type: string;
  message: string;
  level?: StoredNotification['level'] | undefined;
  runId?: string | null | undefined;
  flowId?: string | null | undefined;
}

/** Stores one notification (pruning the user's oldest beyond the newest 100); null when the user is gone or the text empty. */
export async function storeNotification(db: Queryable, note: NewNotification): Promise<StoredNotification | null> {
  const { rows } = await db.query<NotificationRow>(
    `WITH ${noteNotificationCtes(`SELECT u.id AS user_id, $2::text AS type, $3::text AS message, $4::text AS level, $5::uuid AS run_id, $6::uuid AS flow_id FROM users u WHERE u.id = $1`)}
     SELECT ${NOTIFICATION_COLUMNS} FROM noted`,
    [note.userId, note.type, note.message, note.level ?? null, note.runId ?? null, note.flowId ?? null],
  );
  return rows[0] ? toNotification(rows[0]) : null;
}

export async function listNotifications(db: Queryable, userId: string): Promise<{ data: StoredNotification[]; unread: number }> {
  const { rows } = await db.query<NotificationRow>(
    `SELECT ${NOTIFICATION_COLUMNS} FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, seq DESC LIMIT ${NOTIFICATIONS_KEPT}`,
    [userId],
  );
  const data = rows.map(toNotification);
  return { data, unread: data.filter((note) => !note.read).length };
}

/** Marks one of the user's notifications read or unread; undefined when it is not theirs. */
export async function markNotification(db: Database, userId: string, id: string, read: boolean): Promise<StoredNotification | undefined> {
  const { rows } = await db.query<NotificationRow>(
    `UPDATE notifications SET read_at = CASE WHEN $3 THEN coalesce(read_at, clock_timestamp()) END
     WHERE id = $1 AND user_id = $2 RETURNING ${NOTIFICATION_COLUMNS}`,
    [id, userId, read],
  );
  return rows[0] ? toNotification(rows[0]) : undefined;
}

/** Marks every unread notification of the user read; answers how many were unread. */
export async function markAllNotificationsRead(db: Database, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH marked AS (UPDATE notifications SET read_at = clock_timestamp() WHERE user_id = $1 AND read_at IS NULL RETURNING 1)
     SELECT count(*)::int AS n FROM marked`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}
