import type { Migration } from '../migrate.ts';

/**
 * The claim's plan no longer depends on the queue's statistics (issue 15, throughput on PostgreSQL).
 *
 * The queue swings between empty and thousands of waiting runs within seconds, far faster than
 * autovacuum's analyses (at most one a minute). Caught by auto_explain in `npm run bench -- --only
 * engine` on PostgreSQL, 95 % of the claims ran a plan made from statistics taken while the queue held
 * only claimed runs: it expected 2 waiting rows, so it read every waiting run through a bitmap and sorted
 * them (1,200 rows per claim), and found the running ones by reading the whole table. The claim is the
 * most frequent statement of a busy server, and every worker makes one per run.
 *
 * `flowsmith_next_run(per_user)` picks and locks the oldest waiting run with room (concurrency.ts states
 * the rules; this is their copy for the claim) under planner settings that leave one plan: the waiting
 * runs in the order of `run_queue_waiting_idx`, stopping at the first with room, and the running runs
 * through `run_queue_leases_idx` (only claimed rows). PL/pgSQL keeps the plan for the connection's life.
 * A workflow's own maximum is looked up for the workflows running now only, not by reading every
 * workflow that has one. `ROWS 1` tells the calling statement how many rows to expect: with the default
 * of 1,000 it joined the queue by a hash instead of its key.
 */
export const claimPlanMigration: Migration = {
  version: 20,
  name: 'claim plan',
  sql: /* sql */ `
    CREATE FUNCTION flowsmith_next_run(p_per_user bigint)
    RETURNS TABLE (run_id uuid, flow_id uuid, version_id uuid, user_id uuid, limited boolean)
    LANGUAGE plpgsql VOLATILE ROWS 1
    SET enable_seqscan = off SET enable_bitmapscan = off SET enable_sort = off
    AS $$
    BEGIN
      RETURN QUERY
      SELECT q.run_id, q.flow_id, q.version_id, q.user_id,
             EXISTS (SELECT 1 FROM flows f WHERE f.id = q.flow_id AND f.max_concurrent_runs IS NOT NULL)
      FROM run_queue q
      WHERE q.claimed_by IS NULL
        AND q.user_id NOT IN (
          SELECT busy.user_id FROM run_queue busy WHERE busy.claimed_by IS NOT NULL
          GROUP BY busy.user_id HAVING count(*) >= p_per_user
        )
        AND q.flow_id NOT IN (
          SELECT busy.flow_id FROM run_queue busy WHERE busy.claimed_by IS NOT NULL
          GROUP BY busy.flow_id HAVING count(*) >= (SELECT f.max_concurrent_runs FROM flows f WHERE f.id = busy.flow_id)
        )
      ORDER BY q.enqueued_at, q.run_id
      LIMIT 1
      FOR UPDATE OF q SKIP LOCKED;
    END;
    $$;
  `,
};
