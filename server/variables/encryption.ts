/**
 * Sensitive variable values are stored encrypted (AES-256-GCM), so a database dump or a log of a query's
 * parameters does not hand them out. The key never sits in the database: it comes from
 * VALUES_ENCRYPTION_KEY or the key file DATA_DIR/secrets/values-key (see server/secrets/server-secrets.ts).
 *
 * A cipher may also hold previous keys (a rotation under way): values still decrypt with them, and
 * `reencryptValues` rewrites each such value under the current key, after which the old key can go.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';

const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const VALUE_KEY_BYTES = 32;

export interface ValueCipher {
  encrypt(plain: string): string;
  /** Decrypts with the current key, else with a previous one; throws if none fits. */
  decrypt(stored: string): string;
  /** True when only a previous key decrypts `stored`: it should be re-encrypted. */
  needsReencryption(stored: string): boolean;
}

function decryptWith(key: Uint8Array, stored: string): string {
  if (!stored.startsWith(PREFIX)) throw new Error('Unknown encrypted value format');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

function attempt(key: Uint8Array, stored: string): string | undefined {
  try {
    return decryptWith(key, stored);
  } catch {
    return undefined;
  }
}

export function createValueCipher(key: Uint8Array, previousKeys: readonly Uint8Array[] = []): ValueCipher {
  for (const k of [key, ...previousKeys]) {
    if (k.length !== VALUE_KEY_BYTES) throw new Error('The variables encryption key must be 32 bytes');
  }
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    decrypt(stored) {
      if (previousKeys.length === 0) return decryptWith(key, stored);
      const current = attempt(key, stored);
      if (current !== undefined) return current;
      for (const previous of previousKeys) {
        const old = attempt(previous, stored);
        if (old !== undefined) return old;
      }
      throw new Error('No key decrypts this value');
    },
    needsReencryption(stored) {
      return attempt(key, stored) === undefined && previousKeys.some((k) => attempt(k, stored) !== undefined);
    },
  };
}

/**
 * Rewrites under the current key every sensitive value that only a previous key decrypts, in one
 * transaction (rows locked, so processes starting together do it once). Throws, changing nothing, if a
 * value decrypts with no key at all: dropping the old key then would lose it for good.
 */
export async function reencryptValues(db: Database, cipher: ValueCipher): Promise<number> {
  const { rows: present } = await db.query<{ ok: boolean }>(`SELECT to_regclass('variables') IS NOT NULL AS ok`);
  if (!present[0]?.ok) return 0;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; value: string }>(
      'SELECT id, value FROM variables WHERE sensitive ORDER BY id FOR UPDATE',
    );
    let rewritten = 0;
    let unreadable = 0;
    for (const row of rows) {
      if (!cipher.needsReencryption(row.value)) {
        if (!decryptable(cipher, row.value)) unreadable += 1;
        continue;
      }
      await tx.query('UPDATE variables SET value = $2 WHERE id = $1', [row.id, cipher.encrypt(cipher.decrypt(row.value))]);
      rewritten += 1;
    }
    if (unreadable > 0) {
      throw new Error(
        `${unreadable} sensitive variable value(s) decrypt with none of the configured keys; nothing was re-encrypted. ` +
          'Check VALUES_ENCRYPTION_KEY / VALUES_ENCRYPTION_KEY_PREVIOUS or DATA_DIR/secrets/values-key(.previous).',
      );
    }
    return rewritten;
  });
}

function decryptable(cipher: ValueCipher, stored: string): boolean {
  try {
    cipher.decrypt(stored);
    return true;
  } catch {
    return false;
  }
}
