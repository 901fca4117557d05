import type { User } from '../../src/domain/index.ts';
import { isUniqueViolation, type Queryable } from '../db/database.ts';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  password_hash: string | null;
  google_sub: string | null;
  created_at: Date;
}

const COLUMNS = 'id, name, email, password_hash, google_sub, created_at';

/**
 * The key that makes addresses unique regardless of case. Lower-cased here rather than with SQL
 * `lower()`, whose result for non-ASCII letters depends on the database's collation.
 */
export function emailKey(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

export function toPublicUser(row: UserRow): Required<User> {
  return { id: row.id, name: row.name, email: row.email, createdAt: new Date(row.created_at).toISOString() };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email_key = $1`, [emailKey(email)]);
  return rows[0];
}

export async function findUserByGoogleSub(db: Queryable, sub: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE google_sub = $1`, [sub]);
  return rows[0];
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash?: string | undefined;
  googleSub?: string | undefined;
}

/** Inserts the user, or answers undefined when the email (or Google account) is already taken. */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow | undefined> {
  try {
    const { rows } = await db.query<UserRow>(
      `INSERT INTO users (name, email, email_key, password_hash, google_sub)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING
       RETURNING ${COLUMNS}`,
      [user.name, user.email.trim(), emailKey(user.email), user.passwordHash ?? null, user.googleSub ?? null],
    );
    return rows[0];
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** Links a Google account to a user who has none yet; false if the user already has another one. */
export async function linkGoogleAccount(db: Queryable, userId: string, sub: string): Promise<boolean> {
  try {
    const { rows } = await db.query<{ id: string }>(
      `UPDATE users SET google_sub = $2, updated_at = now()
       WHERE id = $1 AND (google_sub IS NULL OR google_sub = $2)
       RETURNING id`,
      [userId, sub],
    );
    return rows.length > 0;
  } catch (error) {
    // The Google account was linked to someone else a moment ago.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [userId, passwordHash]);
}

export interface SessionUserRow extends UserRow {
  token_generation: number;
  session_live: boolean;
}

/**
 * The user of an access token with what decides whether the token still counts, in one round trip: the
 * user's token generation (a primary-key read) and whether the token's session is a live refresh-token
 * family of this user (one probe of a partial index of unrevoked tokens). A live access token's family
 * always has an unrevoked row: the refresh token issued with it, which outlives it.
 */
export async function findSessionUser(db: Queryable, userId: string, sessionId: string): Promise<SessionUserRow | undefined> {
  const { rows } = await db.query<SessionUserRow>(
    `SELECT ${COLUMNS}, token_generation,
       EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = $2 AND user_id = $1 AND revoked_at IS NULL) AS session_live
     FROM users WHERE id = $1`,
    [userId, sessionId],
  );
  return rows[0];
}

/** The generation new access tokens of the user carry. */
export async function tokenGeneration(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ token_generation: number }>('SELECT token_generation FROM users WHERE id = $1', [userId]);
  return rows[0]?.token_generation ?? 0;
}
