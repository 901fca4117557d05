import type { Migration } from '../migrate.ts';

/**
 * The queue's two hot statements made cheap (issue 15, throughput): the claim's order has an index, and
 * queueing a run is one statement.
 *
 * Queueing a run in one statement. Starting a run took a transaction of five
 * messages to the database (BEGIN, the user's advisory lock, today's count, the insert, COMMIT); on the
 * embedded database each is a hop to its thread and that thread is what runs wait for. These functions
 * do the same in one call, with the same guarantee: the count is read after the lock is held (each
 * statement of a VOLATILE PL/pgSQL function takes a fresh snapshot), so two processes starting runs at
 * once cannot both take the user's last run of the day.
 * - `flowsmith_runs_today(user)`: runs the user started since the last UTC midnight, queued ones
 *   included, refused ones not (a run put back after its worker died has its flow_runs row: counted once);
 * - `flowsmith_queue_run(...)`: under the user's lock, queues the run and answers its id and queueing
 *   time, or NULLs when `quota` (> 0) runs were started today; the caller then records the refusal
 *   (server/runs/start-run.ts) in a transaction of its own.
 */
export const queueRunFunctionMigration: Migration = {
  version: 17,
  name: 'queue run function',
  sql: /* sql */ `
    -- The claim takes the oldest waiting run by (enqueued_at, run_id): an index in exactly that order lets
    -- it stop at the first run with room, where the index on enqueued_at alone had it sort every waiting
    -- run on each claim (2,000 queued: a sort of 2,000 rows per claim).
    DROP INDEX run_queue_waiting_idx;
    CREATE INDEX run_queue_waiting_idx ON run_queue (enqueued_at, run_id) WHERE claimed_by IS NULL;

    CREATE FUNCTION flowsmith_runs_today(p_user uuid) RETURNS integer LANGUAGE sql VOLATILE AS $$
      SELECT (SELECT count(*) FROM flow_runs WHERE user_id = p_user AND status <> 'QUOTA_EXCEEDED'
                AND start_time >= (date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'))::int
           + (SELECT count(*) FROM run_queue WHERE user_id = p_user AND claimed_by IS NULL AND resumes = 0)::int
    $$;

    CREATE FUNCTION flowsmith_queue_run(
      p_user uuid, p_flow uuid, p_version uuid, p_payload jsonb, p_retry_of uuid, p_retry_mode text, p_quota integer,
      OUT queued_id uuid, OUT queued_at timestamptz
    ) LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended('runs:' || p_user::text, 0));
      IF p_quota > 0 AND flowsmith_runs_today(p_user) >= p_quota THEN
        RETURN;
      END IF;
      INSERT INTO run_queue AS q (flow_id, version_id, user_id, payload, retry_of, retry_mode)
        VALUES (p_flow, p_version, p_user, p_payload, p_retry_of, p_retry_mode)
        RETURNING q.run_id, date_trunc('milliseconds', q.enqueued_at) INTO queued_id, queued_at;
    END;
    $$;
  `,
};
