/**
 * The Store piece: put / get / remove_value on store_entries (migration 004), one namespace per user.
 * Every statement is keyed by the run's user id, so no input can reach another user's keys.
 */
import { isStorableText, storableJson, UNSTORABLE_TEXT } from '../../db/stored-values.ts';
import type { Database } from '../../db/database.ts';
import type { PieceAction } from '../execute-flow.ts';

export const MAX_KEY_LENGTH = 512;
/** A stored value is read back whole on every get; this keeps one key from holding a database's worth. */
export const MAX_VALUE_BYTES = 1024 * 1024;
const MAX_KEY_OPTIONS = 100;

function readKey(value: unknown): string {
  // A lone reference to an id may resolve to a number; as a key it means its digits.
  const key = typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
  if (key === undefined && value !== undefined && value !== null) throw new Error('The key must be text');
  if (!key) throw new Error('Enter a key');
  if (key.length > MAX_KEY_LENGTH) throw new Error(`A key can be at most ${MAX_KEY_LENGTH} characters`);
  if (!isStorableText(key)) throw new Error(`The key ${UNSTORABLE_TEXT.toLowerCase()}`);
  return key;
}

function valueJson(value: unknown): string {
  if (value === undefined) throw new Error('Enter a value to store');
  const json = storableJson(value, 'The value');
  if (Buffer.byteLength(json) > MAX_VALUE_BYTES) throw new Error(`A stored value can be at most ${MAX_VALUE_BYTES / 1024 / 1024} MB of JSON`);
  return json;
}

export function createStoreActions(db: Database): { put: PieceAction; get: PieceAction; remove_value: PieceAction } {
  return {
    async put(input, context) {
      const key = readKey(input.key);
      const json = valueJson(input.value);
      await db.query(
        `INSERT INTO store_entries (user_id, key, value) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (user_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = clock_timestamp()`,
        [context.userId, key, json],
      );
      return JSON.parse(json) as unknown;
    },
    async get(input, context) {
      const key = readKey(input.key);
      const { rows } = await db.query<{ value: unknown }>('SELECT value FROM store_entries WHERE user_id = $1 AND key = $2', [context.userId, key]);
      return rows[0] ? rows[0].value : null;
    },
    async remove_value(input, context) {
      const key = readKey(input.key);
      const { rows } = await db.query('DELETE FROM store_entries WHERE user_id = $1 AND key = $2 RETURNING key', [context.userId, key]);
      return { removed: rows.length > 0 };
    },
  };
}

/** The user's keys for the key input's dropdown: most recently written first, filtered by `search`. */
export async function storeKeyOptions(db: Database, userId: string, search: string | undefined): Promise<{ label: string; value: string }[]> {
  const term = search?.trim() ? search.trim() : null;
  // position() rather than ILIKE: a search for "50%" or "a_b" means those characters, not wildcards.
  const { rows } = await db.query<{ key: string }>(
    `SELECT key FROM store_entries
     WHERE user_id = $1 AND ($2::text IS NULL OR position(lower($2::text) IN lower(key)) > 0)
     ORDER BY updated_at DESC, key
     LIMIT ${MAX_KEY_OPTIONS}`,
    [userId, term],
  );
  return rows.map(({ key }) => ({ label: key, value: key }));
}
