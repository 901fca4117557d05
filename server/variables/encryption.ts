/**
 * Sensitive variable values are stored encrypted (AES-256-GCM), so a database dump or a log of a query's
 * parameters does not hand them out. The key is generated at first start and kept in app_settings, as the
 * JWT signing secret is; every process on one database agrees on it (first write wins).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

const SETTING_KEY = 'variables_encryption_key';
const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface ValueCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
}

export function createValueCipher(key: Uint8Array): ValueCipher {
  if (key.length !== 32) throw new Error('The variables encryption key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    decrypt(stored) {
      if (!stored.startsWith(PREFIX)) throw new Error('Unknown encrypted value format');
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

export async function loadValueCipher(db: Queryable): Promise<ValueCipher> {
  await db.query('INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    SETTING_KEY,
    randomBytes(32).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [SETTING_KEY]);
  const key = rows[0]?.value;
  if (!key) throw new Error('The variables encryption key could not be stored');
  return createValueCipher(Buffer.from(key, 'base64url'));
}
