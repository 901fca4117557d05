import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';

const SETTING_KEY = 'jwt_signing_secret';

/**
 * The configured JWT_SECRET, else the one generated at first start and kept in app_settings, so tokens
 * survive restarts and every process on one database signs alike. `ON CONFLICT DO NOTHING` then reading
 * back makes two processes starting together agree on whichever secret was written first.
 */
export async function loadSigningSecret(db: Database, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db.query('INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    SETTING_KEY,
    randomBytes(48).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [SETTING_KEY]);
  const secret = rows[0]?.value;
  if (!secret) throw new Error('The JWT signing secret could not be stored');
  return new TextEncoder().encode(secret);
}
