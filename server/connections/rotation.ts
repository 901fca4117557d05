/**
 * Rotating the values key (server/secrets/server-secrets.ts) re-encrypts connections' secret parts as it
 * does sensitive variables: every part only a previous key decrypts is rewritten under the current key, in
 * one transaction with the rows locked. If any part decrypts with no key at all it throws and changes
 * nothing, so the start fails before the old key is dropped.
 */
import type { Database } from '../db/database.ts';
import type { ValueCipher } from '../variables/encryption.ts';

const decryptable = (cipher: ValueCipher, stored: string): boolean => {
  try {
    cipher.decrypt(stored);
    return true;
  } catch {
    return false;
  }
};

/** How many connections were rewritten. A database migrated before connections existed has none. */
export async function reencryptConnectionSecrets(db: Database, cipher: ValueCipher): Promise<number> {
  const { rows: present } = await db.query<{ ok: boolean }>(`SELECT to_regclass('connections') IS NOT NULL AS ok`);
  if (!present[0]?.ok) return 0;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; secrets: string[] }>('SELECT id, secrets FROM connections ORDER BY id FOR UPDATE');
    let unreadable = 0;
    let rewritten = 0;
    for (const row of rows) {
      if (row.secrets.some((part) => !decryptable(cipher, part))) {
        unreadable += 1;
        continue;
      }
      if (!row.secrets.some((part) => cipher.needsReencryption(part))) continue;
      const secrets = row.secrets.map((part) => (cipher.needsReencryption(part) ? cipher.encrypt(cipher.decrypt(part)) : part));
      await tx.query('UPDATE connections SET secrets = $2::text[] WHERE id = $1', [row.id, secrets]);
      rewritten += 1;
    }
    if (unreadable > 0) {
      throw new Error(
        `${unreadable} connection(s) hold secrets that decrypt with none of the configured keys; nothing was re-encrypted. ` +
          'Check VALUES_ENCRYPTION_KEY / VALUES_ENCRYPTION_KEY_PREVIOUS or DATA_DIR/secrets/values-key(.previous).',
      );
    }
    return rewritten;
  });
}
