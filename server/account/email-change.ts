/**
 * Changing the sign-in address. Asking stores the SHA-256 of a single-use token valid for an hour (a
 * newer request replaces an older one), mails the link to the new address and a notice to the old one.
 * The address changes only when the link is followed by a signed-in session of the same user (the link
 * opens /settings/profile, which sends the token): holding the mail alone, or the session alone, is not
 * enough. Following it spends the token and every other open email-change and password-reset link of
 * the user (a reset link mailed to the old address must not outlive the change).
 */
import { EMAIL_CHANGE_TTL_MINUTES, EMAIL_TOKEN_PARAM, type PendingEmail } from '../../src/domain/contract/account.ts';
import { isUniqueViolation, type Database, type Queryable } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { newOpaqueToken, sha256Hex } from '../auth/secrets.ts';
import { emailKey, type UserRow } from '../auth/users.ts';
import { changeNoticeMail, confirmChangeMail } from './account-mails.ts';

const USER_COLUMNS = 'id, name, email, password_hash, google_sub, created_at';

export interface EmailChangeContext {
  db: Database;
  mailer: Mailer;
  appUrl: string;
}

export const profileUrl = (appUrl: string) => `${appUrl}/settings/profile`;

export async function requestEmailChange(context: EmailChangeContext, user: UserRow, newEmail: string): Promise<PendingEmail> {
  const token = newOpaqueToken();
  const email = newEmail.trim();
  const expiresAt = await context.db.transaction(async (tx) => {
    await tx.query('DELETE FROM email_changes WHERE user_id = $1', [user.id]);
    const { rows } = await tx.query<{ expires_at: Date }>(
      `INSERT INTO email_changes (token_hash, user_id, new_email, new_email_key, expires_at)
       VALUES ($1, $2, $3, $4, now() + $5::int * interval '1 minute')
       RETURNING expires_at`,
      [sha256Hex(token), user.id, email, emailKey(email), EMAIL_CHANGE_TTL_MINUTES],
    );
    return rows[0]!.expires_at;
  });
  const link = `${profileUrl(context.appUrl)}?${EMAIL_TOKEN_PARAM}=${encodeURIComponent(token)}`;
  context.mailer.queue(confirmChangeMail(user.name, email, link));
  context.mailer.queue(changeNoticeMail(user.name, user.email, email, profileUrl(context.appUrl)));
  return { email, expiresAt: new Date(expiresAt).toISOString() };
}

/** The address change waiting for its link, if any. */
export async function pendingEmailChange(db: Queryable, userId: string): Promise<PendingEmail | null> {
  const { rows } = await db.query<{ new_email: string; expires_at: Date }>(
    `SELECT new_email, expires_at FROM email_changes
     WHERE user_id = $1 AND used_at IS NULL AND expires_at > now() ORDER BY created_at DESC LIMIT 1`,
    [userId],
  );
  const row = rows[0];
  return row ? { email: row.new_email, expiresAt: new Date(row.expires_at).toISOString() } : null;
}

export type ConfirmResult = { ok: true; user: UserRow } | { ok: false; reason: 'invalid' | 'taken' };

/**
 * Follows the link for `userId`: a token that is unknown, spent, expired or another user's is 'invalid'
 * (and stays as it was); an address someone took meanwhile is 'taken' (nothing changes, the link still
 * works should the address become free within the hour).
 */
export async function confirmEmailChange(db: Database, userId: string, token: string): Promise<ConfirmResult> {
  try {
    return await db.transaction(async (tx): Promise<ConfirmResult> => {
      const spent = await tx.query<{ new_email: string; new_email_key: string }>(
        `UPDATE email_changes SET used_at = now()
         WHERE token_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now()
         RETURNING new_email, new_email_key`,
        [sha256Hex(token), userId],
      );
      const change = spent.rows[0];
      if (!change) return { ok: false, reason: 'invalid' };
      const { rows } = await tx.query<UserRow>(
        `UPDATE users SET email = $2, email_key = $3, updated_at = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
        [userId, change.new_email, change.new_email_key],
      );
      await tx.query('DELETE FROM email_changes WHERE user_id = $1 AND used_at IS NULL', [userId]);
      await tx.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
      return { ok: true, user: rows[0]! };
    });
  } catch (error) {
    // The unique key on email_key: the address was taken after the link was mailed. The transaction rolled
    // back, so the token is not spent.
    if (isUniqueViolation(error)) return { ok: false, reason: 'taken' };
    throw error;
  }
}
