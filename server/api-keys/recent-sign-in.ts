import type { Queryable } from '../db/database.ts';

/**
 * Whether the session signed in within the last `minutes`: its first refresh token (the family's oldest
 * row; rows are pruned only a day after they expire, so while a session lives its first token is there
 * or one older than `minutes` is) was issued that recently. Proof enough for an account without a
 * password that the person is at the keyboard, not only a stolen access token.
 */
export async function signedInWithin(db: Queryable, userId: string, sessionId: string, minutes: number): Promise<boolean> {
  const { rows } = await db.query<{ recent: boolean | null }>(
    `SELECT min(created_at) > now() - $3::int * interval '1 minute' AS recent
     FROM refresh_tokens WHERE family_id = $1 AND user_id = $2`,
    [sessionId, userId, minutes],
  );
  return rows[0]?.recent === true;
}
