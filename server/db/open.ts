import { join } from 'node:path';
import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export interface DatabaseLocation {
  dataDir: string;
  databaseUrl?: string | undefined;
  databaseSchema?: string | undefined;
  onIdleError?: (error: Error) => void;
}

/** A real PostgreSQL when a URL is configured, else the embedded one in DATA_DIR/pglite. */
export function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.databaseUrl) {
    return Promise.resolve(
      openPostgres({
        url: location.databaseUrl,
        schema: location.databaseSchema,
        ...(location.onIdleError ? { onIdleError: location.onIdleError } : {}),
      }),
    );
  }
  return openPglite(join(location.dataDir, 'pglite'));
}
