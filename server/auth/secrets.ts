import { createHash, randomBytes } from 'node:crypto';

/** A fresh opaque token for refresh and reset links: 32 random bytes, base64url. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a leaked table does not hand out live tokens. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
