/**
 * The two server secrets — the key that signs access tokens and the key that encrypts sensitive
 * variable values — live outside the database: in the environment (JWT_SECRET, VALUES_ENCRYPTION_KEY)
 * or, by default, in owner-only key files generated at first start:
 *
 *   DATA_DIR/secrets/jwt-secret        the signing secret as text
 *   DATA_DIR/secrets/values-key        32 bytes, base64url
 *   DATA_DIR/secrets/values-key.previous   (only during a rotation, removed once values are re-encrypted)
 *
 * With DATABASE_URL several processes share one database, and a key file on one machine is not shared
 * with another: two processes generating their own keys would refuse each other's tokens and, worse,
 * write values the other cannot decrypt. So with DATABASE_URL both secrets must come from the
 * environment, the same in every process; a start without them stops with a clear error.
 *
 * Upgrading from an install that kept them in app_settings (see legacy-secrets.ts): the values key moves
 * to the key file (or, when one is configured, serves as the previous key until every value is
 * re-encrypted); the old signing secret is dropped and a new one generated, since anyone who could read
 * the database files may hold it — clients renew their access token once with their refresh token.
 */
import { readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/database.ts';
import { createPrivateFileExclusive } from '../files/private-files.ts';
import { createValueCipher, reencryptValues, type ValueCipher } from '../variables/encryption.ts';
import { reencryptConnectionSecrets } from '../connections/rotation.ts';
import { newJwtSecret, newValuesKey, parseJwtSecret, parseValuesKey } from './keys.ts';
import { readLegacySecrets } from './legacy-secrets.ts';

export const JWT_SECRET_FILE = 'jwt-secret';
export const VALUES_KEY_FILE = 'values-key';
export const PREVIOUS_VALUES_KEY_FILE = 'values-key.previous';

export function secretsDir(dataDir: string): string {
  return join(dataDir, 'secrets');
}

export interface SecretSources {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** JWT_SECRET */
  jwtSecret?: string | undefined;
  /** VALUES_ENCRYPTION_KEY */
  valuesKey?: string | undefined;
  /** VALUES_ENCRYPTION_KEY_PREVIOUS */
  previousValuesKey?: string | undefined;
}

export interface SecretsLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface ServerSecrets {
  jwtSecret: Uint8Array;
  valuesCipher: ValueCipher;
  /** The old app_settings rows were there (migration 005 deletes them; the caller scrubs the table). */
  legacyFound: boolean;
}

export const SHARED_DATABASE_NEEDS_SECRETS =
  'DATABASE_URL is set, so JWT_SECRET and VALUES_ENCRYPTION_KEY must be set too, to the same values in every ' +
  'server process (generate them with: openssl rand -base64 48, and: openssl rand -base64 32).';

async function readKeyFile(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The file's secret, else `initial()` written to it (if another process wrote first, that one). */
async function fileSecret<T>(path: string, parse: (text: string) => T | undefined, initial: () => string): Promise<T> {
  let text = await readKeyFile(path);
  if (text === undefined) {
    const fresh = initial();
    text = (await createPrivateFileExclusive(path, `${fresh}\n`)) ? fresh : await readKeyFile(path);
  }
  const parsed = text === undefined ? undefined : parse(text);
  // The path names the file; its content never appears in an error or a log line.
  if (parsed === undefined) throw new Error(`${path} does not hold a valid key; fix or remove it`);
  return parsed;
}

function configured<T>(name: string, text: string | undefined, parse: (text: string) => T | undefined): T | undefined {
  if (text === undefined) return undefined;
  const parsed = parse(text);
  if (parsed === undefined) throw new Error(`${name} is not a valid key`);
  return parsed;
}

export async function loadServerSecrets(db: Database, sources: SecretSources, log: SecretsLog): Promise<ServerSecrets> {
  if (sources.databaseUrl && (!sources.jwtSecret || !sources.valuesKey)) throw new Error(SHARED_DATABASE_NEEDS_SECRETS);
  const dir = secretsDir(sources.dataDir);
  const legacy = await readLegacySecrets(db);
  const legacyFound = legacy.jwtSecret !== undefined || legacy.valuesKey !== undefined;

  const jwtSecret =
    configured('JWT_SECRET', sources.jwtSecret, parseJwtSecret) ??
    (await fileSecret(join(dir, JWT_SECRET_FILE), parseJwtSecret, newJwtSecret));
  if (legacy.jwtSecret !== undefined) {
    log.info({}, 'The JWT signing secret left the database; a new one signs from now on (clients renew their tokens once)');
  }

  const legacyValuesKey = legacy.valuesKey === undefined ? undefined : parseValuesKey(legacy.valuesKey);
  const valuesKey =
    configured('VALUES_ENCRYPTION_KEY', sources.valuesKey, parseValuesKey) ??
    (await fileSecret(join(dir, VALUES_KEY_FILE), parseValuesKey, () => legacy.valuesKey ?? newValuesKey()));

  const previousPath = join(dir, PREVIOUS_VALUES_KEY_FILE);
  const previousFileText = sources.databaseUrl ? undefined : await readKeyFile(previousPath);
  const previousKeys = [
    configured('VALUES_ENCRYPTION_KEY_PREVIOUS', sources.previousValuesKey, parseValuesKey),
    configured(previousPath, previousFileText, parseValuesKey),
    legacyValuesKey,
  ].filter((key): key is Uint8Array => key !== undefined && !Buffer.from(key).equals(valuesKey));

  const valuesCipher = createValueCipher(valuesKey, previousKeys);
  if (previousKeys.length > 0) {
    // Throws (and the start fails) if some value decrypts with no key, before any key is dropped.
    const reencrypted = await reencryptValues(db, valuesCipher);
    log.info({ reencrypted }, 'Sensitive variable values re-encrypted under the current key');
    // Connections' secret parts too; throws like the values do, before any key is dropped.
    const connections = await reencryptConnectionSecrets(db, valuesCipher);
    log.info({ connections }, 'Connection secrets re-encrypted under the current key');
    if (previousFileText !== undefined) await unlink(previousPath).catch(() => undefined);
    if (sources.previousValuesKey) log.warn({}, 'VALUES_ENCRYPTION_KEY_PREVIOUS is no longer needed and can be removed');
  }
  return { jwtSecret, valuesCipher, legacyFound };
}
