import type { Migration } from '../migrate.ts';

/**
 * How each run started (issue 17): `started_by` on the queue and on the run — 'manual' (the Run button or
 * POST /workflow/run), 'schedule' (a schedule tick), 'webhook' (a call to the workflow's webhook URL) or
 * 'retry' (a retry or replay of another run, issue 15). Set by each entry point through the one
 * statement that queues the run (`flowsmith_queue_run`, which takes it as its last parameter) and copied
 * to `flow_runs` by the claim that opens the run's record: no statement is added to a run's path.
 *
 * Runs stored before this migration: a retry is known by its `retry_of`, a scheduled run by its
 * `schedule_fires` row; the rest cannot be told apart and read 'manual'. Neither UPDATE fires the
 * analytics triggers (they watch status and times only). No index: the list's filter walks the user's
 * runs by start time (flow_runs_user_start_idx) as the status filter does, and an index would be one
 * more to maintain on every run's insert.
 */
export const runSourcesMigration: Migration = {
  version: 21,
  name: 'run sources',
  sql: /* sql */ `
    ALTER TABLE run_queue ADD COLUMN started_by text NOT NULL DEFAULT 'manual'
      CHECK (started_by IN ('manual', 'schedule', 'webhook', 'retry'));
    ALTER TABLE flow_runs ADD COLUMN started_by text NOT NULL DEFAULT 'manual'
      CHECK (started_by IN ('manual', 'schedule', 'webhook', 'retry'));
    UPDATE run_queue SET started_by = 'retry' WHERE retry_of IS NOT NULL;
    UPDATE flow_runs SET started_by = 'retry' WHERE retry_of IS NOT NULL;
    UPDATE run_queue SET started_by = 'schedule' WHERE run_id IN (SELECT run_id FROM schedule_fires WHERE run_id IS NOT NULL);
    UPDATE flow_runs SET started_by = 'schedule' WHERE id IN (SELECT run_id FROM schedule_fires WHERE run_id IS NOT NULL);

    DROP FUNCTION flowsmith_queue_run(uuid, uuid, uuid, jsonb, uuid, text, integer);
    CREATE FUNCTION flowsmith_queue_run(
      p_user uuid, p_flow uuid, p_version uuid, p_payload jsonb, p_retry_of uuid, p_retry_mode text, p_quota integer,
      p_started_by text,
      OUT queued_id uuid, OUT queued_at timestamptz
    ) LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended('runs:' || p_user::text, 0));
      IF p_quota > 0 AND flowsmith_runs_today(p_user) >= p_quota THEN
        RETURN;
      END IF;
      INSERT INTO run_queue AS q (flow_id, version_id, user_id, payload, retry_of, retry_mode, started_by)
        VALUES (p_flow, p_version, p_user, p_payload, p_retry_of, p_retry_mode, p_started_by)
        RETURNING q.run_id, date_trunc('milliseconds', q.enqueued_at) INTO queued_id, queued_at;
    END;
    $$;
  `,
};
