/**
 * Reading the activity feed: one user's entries, newest first, all types or some
 * (`activities_user_time_idx` / `activities_user_type_time_idx`, migrations 009 and 025: the write order breaks ties).
 */
import type { ActivityType } from '../../src/domain/contract/analytics.ts';
import type { Queryable } from '../db/database.ts';
import { ACTIVITY_COLUMNS, type ActivityRow } from './recording.ts';

export async function recentActivities(db: Queryable, userId: string, limit: number, types?: readonly ActivityType[]): Promise<ActivityRow[]> {
  const { rows } = await db.query<ActivityRow>(
    `SELECT ${ACTIVITY_COLUMNS} FROM activities
     WHERE user_id = $1 ${types ? 'AND type = ANY($3::text[])' : ''}
     ORDER BY timestamp DESC, seq DESC LIMIT $2`,
    types ? [userId, limit, [...types]] : [userId, limit],
  );
  return rows;
}
