/** How the two server secrets are written down (environment variables and key files alike). */
import { randomBytes } from 'node:crypto';
import { VALUE_KEY_BYTES } from '../variables/encryption.ts';

export const MIN_JWT_SECRET_LENGTH = 32;
const HEX_KEY = /^[0-9a-f]{64}$/i;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/** A fresh JWT signing secret: 48 random bytes as base64url text (64 characters). */
export function newJwtSecret(): string {
  return randomBytes(48).toString('base64url');
}

/** A fresh values key: 32 random bytes as base64url text (43 characters). */
export function newValuesKey(): string {
  return randomBytes(VALUE_KEY_BYTES).toString('base64url');
}

/** The signing secret as the text it is given in (JWT_SECRET or the file); undefined if too short. */
export function parseJwtSecret(text: string): Uint8Array | undefined {
  const trimmed = text.trim();
  return trimmed.length >= MIN_JWT_SECRET_LENGTH ? new TextEncoder().encode(trimmed) : undefined;
}

/** 32 bytes as 64 hex digits or as base64 / base64url (43 characters, optional padding). */
export function parseValuesKey(text: string): Uint8Array | undefined {
  const trimmed = text.trim();
  if (HEX_KEY.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!BASE64_KEY.test(trimmed)) return undefined;
  const bytes = Buffer.from(trimmed.replace(/\+/g, '-').replace(/\//g, '_').replace(/=$/, ''), 'base64url');
  return bytes.length === VALUE_KEY_BYTES ? bytes : undefined;
}
