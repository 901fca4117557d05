/**
 * Forgotten passwords. A request for a known address stores the digest of a single-use token valid for
 * an hour and mails the link; an unknown address gets the very same reply and no mail. Using the token
 * sets the new password, spends the token (and the user's other open ones) and ends every session:
 * refresh tokens, access tokens (the token generation is bumped) and, through the caller, open sockets.
 */
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { hashPassword } from './passwords.ts';
import { newOpaqueToken, sha256Hex } from './secrets.ts';
import { revokeAllSessions } from './session-end.ts';
import { findUserByEmail, setPasswordHash, type UserRow } from './users.ts';

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const RESET_MAIL_SUBJECT = 'Reset your Flowsmith password';

export interface ResetRequestContext {
  db: Database;
  mailer: Mailer;
  appUrl: string;
}

export async function requestPasswordReset(context: ResetRequestContext, email: string): Promise<void> {
  // Drawn and digested either way, so the unknown-address path does the same work up to the insert.
  const token = newOpaqueToken();
  const tokenHash = sha256Hex(token);
  const user = await findUserByEmail(context.db, email);
  if (!user) return;
  await context.db.query(
    `INSERT INTO password_resets (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + $3::float8 * interval '1 second')`,
    [tokenHash, user.id, RESET_TOKEN_TTL_SECONDS],
  );
  context.mailer.queue(resetMail(user, `${context.appUrl}/reset-password?token=${encodeURIComponent(token)}`));
}

function resetMail(user: UserRow, link: string) {
  const text = [
    `Hello ${user.name},`,
    '',
    'Someone asked to reset the password of your Flowsmith account. To choose a new password, open this link',
    '(it works once, for one hour):',
    '',
    link,
    '',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(user.name)},</p>
<p>Someone asked to reset the password of your Flowsmith account. To choose a new password, open this link (it works once, for one hour):</p>
<p><a href="${escapeHtml(link)}">Reset your password</a></p>
<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>`;
  return { to: user.email, subject: RESET_MAIL_SUBJECT, text, html, outboxLog: { resetLink: link } };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sets the new password if the token is valid: the user's id; undefined for a bad, used or expired token. */
export async function resetPassword(db: Database, token: string, password: string): Promise<string | undefined> {
  const tokenHash = sha256Hex(token);
  const { rows } = await db.query<{ user_id: string }>(
    'SELECT user_id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
    [tokenHash],
  );
  if (!rows[0]) return undefined;
  // Hash outside the transaction: argon2 takes a while, and PGlite's one connection would wait for it.
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const spent = await tx.query<{ user_id: string }>(
      `UPDATE password_resets SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
       RETURNING user_id`,
      [tokenHash],
    );
    const userId = spent.rows[0]?.user_id;
    if (!userId) return undefined;
    await setPasswordHash(tx, userId, passwordHash);
    await tx.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
    await revokeAllSessions(tx, userId);
    return userId;
  });
}
