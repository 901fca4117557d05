/**
 * Versioned migrations, applied in order inside one transaction at start. The transaction first takes a
 * transaction-scoped advisory lock, so when several processes start together on one PostgreSQL the
 * first migrates and the others wait, then find nothing left to do. The lock key includes the schema, so
 * separate schemas on one server (the test suites) do not wait for each other.
 */
import type { Database, Queryable } from './database.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** A step SQL cannot say (rows re-read with the domain's rules), run after `sql` in the same transaction. */
  run?: (tx: Queryable) => Promise<void>;
}

export async function migrate(db: Database, migrations: readonly Migration[]): Promise<number[]> {
  assertOrdered(migrations);
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('flowsmith.migrations:' || coalesce(current_schema(), '')))`);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const newlyApplied: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      if (migration.sql.trim() !== '') await tx.exec(migration.sql);
      if (migration.run) await migration.run(tx);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      newlyApplied.push(migration.version);
    }
    return newlyApplied;
  });
}

function assertOrdered(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    const previous = migrations[index - 1];
    if (previous && migration.version <= previous.version) {
      throw new Error(`Migrations out of order: ${previous.version} then ${migration.version}`);
    }
  });
}
