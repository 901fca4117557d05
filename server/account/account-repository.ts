/**
 * What the account routes read and write besides sign-in's own tables: the user's name, the session's
 * sign-in time and "remember" choice, and the one DELETE that removes an account.
 */
import type { Queryable } from '../db/database.ts';
import { FRESH_SIGN_IN_MINUTES } from '../../src/domain/contract/account.ts';
import type { UserRow } from '../auth/users.ts';

const USER_COLUMNS = 'id, name, email, password_hash, google_sub, created_at';

export async function renameUser(db: Queryable, userId: string, name: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `UPDATE users SET name = $2, updated_at = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [userId, name],
  );
  return rows[0];
}

export interface SessionFacts {
  /** Sign-in + FRESH_SIGN_IN_MINUTES: until then the session counts as fresh. */
  freshUntil: Date | null;
  fresh: boolean;
  remember: boolean;
}

/**
 * The session (refresh-token family) as it began: its first token was issued at sign-in, and every
 * rotation keeps the family, so the family's oldest token dates the sign-in. Tokens are pruned a day
 * after they expire, so a live family always still holds the tokens of its last 30 days.
 */
export async function sessionFacts(db: Queryable, userId: string, sessionId: string): Promise<SessionFacts> {
  const { rows } = await db.query<{ fresh_until: Date | null; fresh: boolean | null; remember: boolean | null }>(
    `SELECT min(created_at) + $3::int * interval '1 minute' AS fresh_until,
            min(created_at) + $3::int * interval '1 minute' > now() AS fresh,
            bool_or(remember) AS remember
     FROM refresh_tokens WHERE family_id = $2 AND user_id = $1`,
    [userId, sessionId, FRESH_SIGN_IN_MINUTES],
  );
  const row = rows[0];
  return { freshUntil: row?.fresh_until ?? null, fresh: row?.fresh === true, remember: row?.remember ?? true };
}

/**
 * Removes the user and, through ON DELETE CASCADE on every table that holds a user's data (migration
 * 010 completed them), everything the user had: workflows with their versions, runs, samples and
 * schedule ticks, queued runs, variables, templates, Store entries, sessions, reset and email-change
 * links, activity and the analytics rollups. One statement is one transaction: all of it or none.
 */
export async function deleteUser(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>('DELETE FROM users WHERE id = $1 RETURNING id', [userId]);
  return rows.length > 0;
}
