import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// The typings declare Algorithm as a const enum, which `verbatimModuleSyntax` cannot read: its value.
const ARGON2ID: Algorithm.Argon2id = 2;
// Argon2id with the library's defaults (19 MiB, 2 passes, 1 lane): OWASP's recommended minimum.
const OPTIONS = { algorithm: ARGON2ID } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}

let standInHash: Promise<string> | undefined;

/** A hash of a random password; computed once (createServer awaits it, so no request pays for it). */
export function verificationStandIn(): Promise<string> {
  standInHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return standInHash;
}

/**
 * Verifies against the stand-in hash, so an unknown email (or an account without a password) costs as
 * much time as a wrong password and the reply's timing does not tell which one it was.
 */
export async function spendVerificationTime(password: string): Promise<false> {
  await verifyPassword(await verificationStandIn(), password);
  return false;
}
