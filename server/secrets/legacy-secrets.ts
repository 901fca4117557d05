/**
 * Before migration 005 the JWT signing secret and the values key were generated into the app_settings
 * table, where any local user could read them from the database files (the WAL above all). Migration 005
 * deletes those rows; this module reads them first, so the values key can move to the key file (or, when
 * a key is configured, serve as the previous key until every value is re-encrypted).
 */
import type { Queryable } from '../db/database.ts';

export const LEGACY_JWT_SETTING = 'jwt_signing_secret';
export const LEGACY_VALUES_KEY_SETTING = 'variables_encryption_key';

export interface LegacySecrets {
  jwtSecret?: string;
  valuesKey?: string;
}

export async function readLegacySecrets(db: Queryable): Promise<LegacySecrets> {
  // A fresh database has no app_settings yet (migrations run after this).
  const { rows: present } = await db.query<{ ok: boolean }>(`SELECT to_regclass('app_settings') IS NOT NULL AS ok`);
  if (!present[0]?.ok) return {};
  const { rows } = await db.query<{ key: string; value: string }>('SELECT key, value FROM app_settings WHERE key = ANY($1)', [
    [LEGACY_JWT_SETTING, LEGACY_VALUES_KEY_SETTING],
  ]);
  const found: LegacySecrets = {};
  for (const row of rows) {
    if (row.key === LEGACY_JWT_SETTING) found.jwtSecret = row.value;
    if (row.key === LEGACY_VALUES_KEY_SETTING) found.valuesKey = row.value;
  }
  return found;
}

/**
 * Best effort after migration 005 deleted the rows: rewrite the table's files so the deleted rows are not
 * left in its pages, and checkpoint so the WAL that still holds them can be recycled.
 */
export async function scrubLegacySecrets(db: Queryable): Promise<void> {
  await db.query('VACUUM FULL app_settings');
  await db.query('CHECKPOINT').catch(() => undefined); // needs superuser on a shared PostgreSQL: fine without
}
