/**
 * Deleting runs (issue 17): one run, or up to 100 at once, of the caller's only. A run still going — waiting
 * in the queue, or RUNNING in flow_runs (a worker holds it, or it was put back to resume) — is kept: its
 * worker would record its end into a row that is gone. Another user's ids are treated exactly as missing ones.
 *
 * Analytics: the delete trigger of migration 008 subtracts the runs from the rollups (per user and hour,
 * per workflow and day, durations, failures) in the same statement, so the dashboards count the runs the
 * user keeps, as when a workflow is deleted. Retention's deletes are the one exception (migration 016).
 * Rows that refer to a run by id (a retry's `retry_of`, the day's quota refusal) are set to NULL by their
 * foreign keys; activity entries and notifications keep their text and lead to 'Execution not found'.
 */
import type { Database } from '../db/database.ts';
import type { DeleteRunsReply } from '../../src/domain/contract/runs.ts';

/** Deletes the finished runs among `ids` that are the user's, in one statement; says what became of each id. */
export async function deleteRuns(db: Database, userId: string, ids: readonly string[]): Promise<DeleteRunsReply> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const { rows } = await db.query<{ id: string; outcome: 'deleted' | 'running' }>(
    `WITH wanted AS (SELECT unnest($2::uuid[]) AS id),
     waiting AS (SELECT q.run_id AS id FROM run_queue q JOIN wanted w ON w.id = q.run_id WHERE q.user_id = $1),
     gone AS (
       DELETE FROM flow_runs r USING wanted w
       WHERE r.id = w.id AND r.user_id = $1 AND r.status <> 'RUNNING' AND r.id NOT IN (SELECT id FROM waiting)
       RETURNING r.id
     ),
     going AS (
       SELECT r.id FROM flow_runs r JOIN wanted w ON w.id = r.id WHERE r.user_id = $1 AND r.status = 'RUNNING'
       UNION SELECT id FROM waiting
     )
     SELECT id, 'deleted' AS outcome FROM gone
     UNION ALL SELECT id, 'running' FROM going WHERE id NOT IN (SELECT id FROM gone)`,
    [userId, unique],
  );
  const deleted = rows.filter((row) => row.outcome === 'deleted').map((row) => row.id);
  const running = rows.filter((row) => row.outcome === 'running').map((row) => row.id);
  const known = new Set([...deleted, ...running]);
  return { deleted, running, notFound: unique.filter((id) => !known.has(id)) };
}
