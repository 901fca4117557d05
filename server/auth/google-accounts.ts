import type { Queryable } from '../db/database.ts';
import type { GoogleIdentity } from './google.ts';
import { findUserByEmail, findUserByGoogleSub, insertUser, linkGoogleAccount, type UserRow } from './users.ts';

/**
 * The user a verified Google identity signs in as: the one already linked to it, else the one with the
 * same (Google-verified) email, now linked, else a new user. Undefined when the email belongs to a user
 * linked to a different Google account: that is not ours to merge.
 */
export async function userForGoogleIdentity(db: Queryable, identity: GoogleIdentity): Promise<UserRow | undefined> {
  // Two attempts: a concurrent first sign-in can insert the same user between our lookup and insert.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const linked = await findUserByGoogleSub(db, identity.sub);
    if (linked) return linked;
    const sameEmail = await findUserByEmail(db, identity.email);
    if (sameEmail) {
      return (await linkGoogleAccount(db, sameEmail.id, identity.sub)) ? { ...sameEmail, google_sub: identity.sub } : undefined;
    }
    const created = await insertUser(db, { name: identity.name, email: identity.email, googleSub: identity.sub });
    if (created) return created;
  }
  return undefined;
}
