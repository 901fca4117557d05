/**
 * The analytics rollups (see README.md): what they hold, the triggers on flow_runs that keep them right
 * whoever writes a run, and `rebuildAnalytics`, which recomputes them all from flow_runs in bulk (the
 * migration, and the seeding tool after inserting with triggers off).
 *
 * Every rollup is keyed by the run's start (UTC hour or UTC day), never by its finish, so a run's row
 * never moves when it finishes: a finish is one upsert per table with the deltas (old status out, new in).
 */
import type { Queryable } from '../db/database.ts';

/** Columns of analytics_user_hours counting runs by status, in RUN_STATUSES' words (lower case). */
export const STATUS_COLUMNS = [
  'running',
  'paused',
  'succeeded',
  'stopped',
  'failed',
  'timeout',
  'memory_limit_exceeded',
  'internal_error',
  'quota_exceeded',
] as const;

/** Duration histogram: bucket 0 holds < 1 ms, bucket b ≥ 1 holds [1.1^(b−1), 1.1^b) ms. */
export const HISTOGRAM_RATIO = 1.1;

const statusDelta = (column: string) =>
  `(n_status IS NOT DISTINCT FROM '${column.toUpperCase()}')::int - (o_status IS NOT DISTINCT FROM '${column.toUpperCase()}')::int`;
const statusCount = (column: string) => `count(*) FILTER (WHERE status = '${column.toUpperCase()}')::int`;

/** The schema part of migration 008 (tables, functions, triggers). */
export const ANALYTICS_SQL = /* sql */ `
  -- Per user and UTC hour of start: runs by status, durations of finished runs (seconds).
  CREATE TABLE analytics_user_hours (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    hour timestamptz NOT NULL,
    ${STATUS_COLUMNS.map((column) => `${column} integer NOT NULL DEFAULT 0`).join(',\n    ')},
    dur_n integer NOT NULL DEFAULT 0,
    dur_sum double precision NOT NULL DEFAULT 0,
    dur_max double precision,
    PRIMARY KEY (user_id, hour)
  );

  -- Per workflow and UTC day of start.
  CREATE TABLE analytics_flow_days (
    flow_id uuid NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
    day date NOT NULL,
    user_id uuid NOT NULL,
    executions integer NOT NULL DEFAULT 0,
    succeeded integer NOT NULL DEFAULT 0,
    failed integer NOT NULL DEFAULT 0,
    running integer NOT NULL DEFAULT 0,
    dur_n integer NOT NULL DEFAULT 0,
    dur_sum double precision NOT NULL DEFAULT 0,
    PRIMARY KEY (flow_id, day)
  );
  CREATE INDEX analytics_flow_days_user_idx ON analytics_flow_days (user_id, day);

  -- Per user and UTC day of start: how many finished runs took a duration in each log-scale bucket.
  CREATE TABLE analytics_duration_days (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day date NOT NULL,
    bucket smallint NOT NULL,
    n integer NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, day, bucket)
  );

  -- Per workflow, UTC day of start and failing step: failed runs that name a failed step (the counts by
  -- end status are analytics_user_hours' status columns).
  CREATE TABLE analytics_failure_days (
    flow_id uuid NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
    day date NOT NULL,
    step_name text NOT NULL,
    user_id uuid NOT NULL,
    step_display_name text NOT NULL,
    n integer NOT NULL DEFAULT 0,
    PRIMARY KEY (flow_id, day, step_name)
  );
  CREATE INDEX analytics_failure_days_user_idx ON analytics_failure_days (user_id, day);

  -- A finished run's duration in seconds; NULL while it runs, when it has no finish time, and for a run
  -- refused for the quota (it never ran: its 0 s would pull averages and percentiles down).
  CREATE FUNCTION analytics_duration(status text, start_time timestamptz, finish_time timestamptz) RETURNS double precision
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN status NOT IN ('RUNNING', 'PAUSED', 'QUOTA_EXCEEDED') AND finish_time IS NOT NULL
                THEN greatest(0, extract(epoch FROM finish_time - start_time))::double precision END
  $$;

  CREATE FUNCTION analytics_is_failure(status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT status NOT IN ('RUNNING', 'PAUSED', 'SUCCEEDED', 'STOPPED')
  $$;

  CREATE FUNCTION analytics_bucket(seconds double precision) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN seconds < 0.001 THEN 0 ELSE least(32000, 1 + floor(ln(seconds * 1000) / ln(${HISTOGRAM_RATIO})))::smallint END
  $$;

  -- The step that failed a run: {name, display name}, {'', ''} when no step failed. The first FAILED step
  -- in order, looking inside a failed loop's iterations; a loop or router that failed gives way to a
  -- failed step inside or after it (its inner step's failure is what failed it).
  CREATE FUNCTION analytics_failed_step(steps jsonb) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
  DECLARE
    el jsonb;
    iteration jsonb;
    found text[];
    fallback text[];
  BEGIN
    IF jsonb_typeof(steps) IS DISTINCT FROM 'array' THEN RETURN ARRAY['', '']; END IF;
    FOR el IN SELECT value FROM jsonb_array_elements(steps) LOOP
      CONTINUE WHEN jsonb_typeof(el) <> 'object' OR el ->> 'status' IS DISTINCT FROM 'FAILED';
      IF jsonb_typeof(el -> 'iterations') = 'array' THEN
        FOR iteration IN SELECT value FROM jsonb_array_elements(el -> 'iterations') LOOP
          found := analytics_failed_step(iteration);
          IF found[1] <> '' THEN RETURN found; END IF;
        END LOOP;
      END IF;
      found := ARRAY[
        coalesce(el ->> 'stepName', el ->> 'step_name', ''),
        coalesce(el ->> 'displayName', el ->> 'display_name', el ->> 'stepName', el ->> 'step_name', '')];
      IF el ->> 'type' IN ('LOOP_ON_ITEMS', 'ROUTER') THEN
        fallback := coalesce(fallback, found);
        CONTINUE;
      END IF;
      RETURN found;
    END LOOP;
    RETURN coalesce(fallback, ARRAY['', '']);
  END $$;

  -- Adds (new − old) of one run to every rollup; n_status / o_status NULL: no new / no old run.
  CREATE FUNCTION analytics_apply(
    u uuid, f uuid, st timestamptz,
    n_status text, n_finish timestamptz, n_steps jsonb,
    o_status text, o_finish timestamptz, o_steps jsonb
  ) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    v_hour timestamptz := date_trunc('hour', st, 'UTC');
    v_day date := (st AT TIME ZONE 'UTC')::date;
    nd double precision := CASE WHEN n_status IS NOT NULL THEN analytics_duration(n_status, st, n_finish) END;
    od double precision := CASE WHEN o_status IS NOT NULL THEN analytics_duration(o_status, st, o_finish) END;
    n_fail boolean := n_status IS NOT NULL AND analytics_is_failure(n_status);
    o_fail boolean := o_status IS NOT NULL AND analytics_is_failure(o_status);
    cur_max double precision;
    step text[];
    d_exec integer; d_succ integer; d_fail integer; d_run integer; d_n integer; d_sum double precision;
  BEGIN
    IF n_status IS NOT DISTINCT FROM o_status AND nd IS NOT DISTINCT FROM od THEN RETURN; END IF;

    -- A run already counted (a finish) has its rows: a plain UPDATE, cheaper than an upsert; else (a new
    -- run, or rows a seeder left out) the upsert.
    IF o_status IS NOT NULL THEN
      UPDATE analytics_user_hours t SET
        ${STATUS_COLUMNS.map((column) => `${column} = t.${column} + (${statusDelta(column)})`).join(',\n        ')},
        dur_n = t.dur_n + ((nd IS NOT NULL)::int - (od IS NOT NULL)::int), dur_sum = t.dur_sum + (coalesce(nd, 0) - coalesce(od, 0)),
        dur_max = greatest(t.dur_max, nd)
      WHERE t.user_id = u AND t.hour = v_hour
      RETURNING t.dur_max INTO cur_max;
    END IF;
    IF o_status IS NULL OR NOT FOUND THEN
      INSERT INTO analytics_user_hours AS t (user_id, hour, ${STATUS_COLUMNS.join(', ')}, dur_n, dur_sum, dur_max)
      VALUES (u, v_hour, ${STATUS_COLUMNS.map(statusDelta).join(',\n        ')},
        (nd IS NOT NULL)::int - (od IS NOT NULL)::int, coalesce(nd, 0) - coalesce(od, 0), nd)
      ON CONFLICT (user_id, hour) DO UPDATE SET
        ${STATUS_COLUMNS.map((column) => `${column} = t.${column} + EXCLUDED.${column}`).join(',\n        ')},
        dur_n = t.dur_n + EXCLUDED.dur_n, dur_sum = t.dur_sum + EXCLUDED.dur_sum, dur_max = greatest(t.dur_max, EXCLUDED.dur_max)
      RETURNING t.dur_max INTO cur_max;
    END IF;
    -- A maximum cannot be subtracted: when the run that held it changed, the hour's is read again (rare).
    IF od IS NOT NULL AND od >= coalesce(cur_max, 0) AND od IS DISTINCT FROM nd THEN
      UPDATE analytics_user_hours SET dur_max = (
        SELECT max(analytics_duration(r.status, r.start_time, r.finish_time)) FROM flow_runs r
        WHERE r.user_id = u AND r.start_time >= v_hour AND r.start_time < v_hour + interval '1 hour')
      WHERE user_id = u AND hour = v_hour;
    END IF;

    d_exec := (n_status IS NOT NULL)::int - (o_status IS NOT NULL)::int;
    d_succ := (coalesce(n_status IN ('SUCCEEDED', 'STOPPED'), false))::int - (coalesce(o_status IN ('SUCCEEDED', 'STOPPED'), false))::int;
    d_fail := n_fail::int - o_fail::int;
    d_run := (coalesce(n_status IN ('RUNNING', 'PAUSED'), false))::int - (coalesce(o_status IN ('RUNNING', 'PAUSED'), false))::int;
    d_n := (nd IS NOT NULL)::int - (od IS NOT NULL)::int;
    d_sum := coalesce(nd, 0) - coalesce(od, 0);
    IF o_status IS NOT NULL THEN
      UPDATE analytics_flow_days t SET executions = t.executions + d_exec, succeeded = t.succeeded + d_succ, failed = t.failed + d_fail,
        running = t.running + d_run, dur_n = t.dur_n + d_n, dur_sum = t.dur_sum + d_sum
      WHERE t.flow_id = f AND t.day = v_day;
    END IF;
    IF o_status IS NULL OR NOT FOUND THEN
      INSERT INTO analytics_flow_days AS t (flow_id, day, user_id, executions, succeeded, failed, running, dur_n, dur_sum)
      VALUES (f, v_day, u, d_exec, d_succ, d_fail, d_run, d_n, d_sum)
      ON CONFLICT (flow_id, day) DO UPDATE SET
        executions = t.executions + EXCLUDED.executions, succeeded = t.succeeded + EXCLUDED.succeeded,
        failed = t.failed + EXCLUDED.failed, running = t.running + EXCLUDED.running,
        dur_n = t.dur_n + EXCLUDED.dur_n, dur_sum = t.dur_sum + EXCLUDED.dur_sum;
    END IF;

    IF od IS NOT NULL AND analytics_bucket(od) IS DISTINCT FROM analytics_bucket(nd) THEN
      UPDATE analytics_duration_days SET n = n - 1 WHERE user_id = u AND day = v_day AND bucket = analytics_bucket(od);
    END IF;
    IF nd IS NOT NULL AND analytics_bucket(od) IS DISTINCT FROM analytics_bucket(nd) THEN
      INSERT INTO analytics_duration_days AS t (user_id, day, bucket, n) VALUES (u, v_day, analytics_bucket(nd), 1)
      ON CONFLICT (user_id, day, bucket) DO UPDATE SET n = t.n + 1;
    END IF;

    IF o_fail THEN
      step := analytics_failed_step(o_steps);
      IF step[1] <> '' THEN
        UPDATE analytics_failure_days SET n = n - 1 WHERE flow_id = f AND day = v_day AND step_name = step[1];
      END IF;
    END IF;
    IF n_fail THEN
      step := analytics_failed_step(n_steps);
      IF step[1] <> '' THEN
        INSERT INTO analytics_failure_days AS t (flow_id, day, step_name, user_id, step_display_name, n)
        VALUES (f, v_day, step[1], u, step[2], 1)
        ON CONFLICT (flow_id, day, step_name) DO UPDATE SET n = t.n + 1, step_display_name = EXCLUDED.step_display_name;
      END IF;
    END IF;
  END $$;

  CREATE FUNCTION analytics_run_written() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM analytics_apply(NEW.user_id, NEW.flow_id, NEW.start_time, NEW.status, NEW.finish_time, NEW.steps, NULL, NULL, NULL);
    ELSIF OLD.user_id = NEW.user_id AND OLD.flow_id = NEW.flow_id AND OLD.start_time = NEW.start_time THEN
      PERFORM analytics_apply(NEW.user_id, NEW.flow_id, NEW.start_time, NEW.status, NEW.finish_time, NEW.steps,
                              OLD.status, OLD.finish_time, OLD.steps);
    ELSE
      PERFORM analytics_apply(OLD.user_id, OLD.flow_id, OLD.start_time, NULL, NULL, NULL, OLD.status, OLD.finish_time, OLD.steps);
      PERFORM analytics_apply(NEW.user_id, NEW.flow_id, NEW.start_time, NEW.status, NEW.finish_time, NEW.steps, NULL, NULL, NULL);
    END IF;
    RETURN NULL;
  END $$;

  -- Deletes (a workflow's or a user's runs going with it) are taken per statement, grouped: deleting a
  -- workflow with 100,000 runs is a few grouped updates, not 100,000 trigger calls. Rollups of a deleted
  -- workflow go by their own foreign key; only the per-user ones are brought down.
  CREATE FUNCTION analytics_runs_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE analytics_user_hours t SET
      ${STATUS_COLUMNS.map((column) => `${column} = t.${column} - d.${column}`).join(',\n      ')},
      dur_n = t.dur_n - d.dur_n, dur_sum = t.dur_sum - d.dur_sum
    FROM (
      SELECT user_id, date_trunc('hour', start_time, 'UTC') AS hour, ${STATUS_COLUMNS.map((column) => `${statusCount(column)} AS ${column}`).join(', ')},
             count(dur)::int AS dur_n, coalesce(sum(dur), 0) AS dur_sum
      FROM (SELECT user_id, start_time, status, analytics_duration(status, start_time, finish_time) AS dur FROM gone) g
      GROUP BY 1, 2
    ) d
    WHERE t.user_id = d.user_id AND t.hour = d.hour;

    UPDATE analytics_user_hours t SET dur_max = (
      SELECT max(analytics_duration(r.status, r.start_time, r.finish_time)) FROM flow_runs r
      WHERE r.user_id = t.user_id AND r.start_time >= t.hour AND r.start_time < t.hour + interval '1 hour')
    FROM (
      SELECT user_id, date_trunc('hour', start_time, 'UTC') AS hour, max(analytics_duration(status, start_time, finish_time)) AS dur_max
      FROM gone GROUP BY 1, 2
    ) d
    WHERE t.user_id = d.user_id AND t.hour = d.hour AND d.dur_max >= t.dur_max;

    UPDATE analytics_duration_days t SET n = t.n - d.n
    FROM (
      SELECT user_id, (start_time AT TIME ZONE 'UTC')::date AS day, analytics_bucket(dur) AS bucket, count(*)::int AS n
      FROM (SELECT user_id, start_time, analytics_duration(status, start_time, finish_time) AS dur FROM gone) g
      WHERE dur IS NOT NULL GROUP BY 1, 2, 3
    ) d
    WHERE t.user_id = d.user_id AND t.day = d.day AND t.bucket = d.bucket;

    UPDATE analytics_flow_days t SET
      executions = t.executions - d.executions, succeeded = t.succeeded - d.succeeded, failed = t.failed - d.failed,
      running = t.running - d.running, dur_n = t.dur_n - d.dur_n, dur_sum = t.dur_sum - d.dur_sum
    FROM (
      SELECT flow_id, (start_time AT TIME ZONE 'UTC')::date AS day, count(*)::int AS executions,
             count(*) FILTER (WHERE status IN ('SUCCEEDED', 'STOPPED'))::int AS succeeded,
             count(*) FILTER (WHERE analytics_is_failure(status))::int AS failed,
             count(*) FILTER (WHERE status IN ('RUNNING', 'PAUSED'))::int AS running,
             count(dur)::int AS dur_n, coalesce(sum(dur), 0) AS dur_sum
      FROM (SELECT flow_id, start_time, status, analytics_duration(status, start_time, finish_time) AS dur FROM gone
            WHERE EXISTS (SELECT 1 FROM flows WHERE flows.id = gone.flow_id)) g
      GROUP BY 1, 2
    ) d
    WHERE t.flow_id = d.flow_id AND t.day = d.day;

    UPDATE analytics_failure_days t SET n = t.n - d.n
    FROM (
      SELECT flow_id, day, step[1] AS step_name, count(*)::int AS n
      FROM (SELECT flow_id, (start_time AT TIME ZONE 'UTC')::date AS day, analytics_failed_step(steps) AS step FROM gone
            WHERE analytics_is_failure(status) AND EXISTS (SELECT 1 FROM flows WHERE flows.id = gone.flow_id)) g
      GROUP BY 1, 2, 3
    ) d
    WHERE t.flow_id = d.flow_id AND t.day = d.day AND t.step_name = d.step_name;
    RETURN NULL;
  END $$;

  CREATE TRIGGER flow_runs_analytics_written AFTER INSERT OR UPDATE OF status, finish_time, start_time ON flow_runs
    FOR EACH ROW EXECUTE FUNCTION analytics_run_written();
  CREATE TRIGGER flow_runs_analytics_deleted AFTER DELETE ON flow_runs
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION analytics_runs_deleted();
`;

/**
 * Recomputes every rollup from flow_runs in bulk (all users). For the migration and for tools that wrote
 * runs with triggers off (`SET session_replication_role = replica`); run it inside a transaction when
 * others may be writing runs meanwhile.
 */
export async function rebuildAnalytics(db: Queryable): Promise<void> {
  await db.query('DELETE FROM analytics_user_hours');
  await db.query('DELETE FROM analytics_flow_days');
  await db.query('DELETE FROM analytics_duration_days');
  await db.query('DELETE FROM analytics_failure_days');
  await db.query(`
    INSERT INTO analytics_user_hours (user_id, hour, ${STATUS_COLUMNS.join(', ')}, dur_n, dur_sum, dur_max)
    SELECT user_id, date_trunc('hour', start_time, 'UTC'), ${STATUS_COLUMNS.map(statusCount).join(', ')},
           count(dur)::int, coalesce(sum(dur), 0), max(dur)
    FROM (SELECT user_id, start_time, status, analytics_duration(status, start_time, finish_time) AS dur FROM flow_runs) r
    GROUP BY 1, 2`);
  await db.query(`
    INSERT INTO analytics_flow_days (flow_id, day, user_id, executions, succeeded, failed, running, dur_n, dur_sum)
    SELECT flow_id, (start_time AT TIME ZONE 'UTC')::date, min(user_id::text)::uuid, count(*)::int,
           count(*) FILTER (WHERE status IN ('SUCCEEDED', 'STOPPED'))::int,
           count(*) FILTER (WHERE analytics_is_failure(status))::int,
           count(*) FILTER (WHERE status IN ('RUNNING', 'PAUSED'))::int,
           count(dur)::int, coalesce(sum(dur), 0)
    FROM (SELECT flow_id, user_id, start_time, status, analytics_duration(status, start_time, finish_time) AS dur FROM flow_runs) r
    GROUP BY 1, 2`);
  await db.query(`
    INSERT INTO analytics_duration_days (user_id, day, bucket, n)
    SELECT user_id, (start_time AT TIME ZONE 'UTC')::date, analytics_bucket(dur), count(*)::int
    FROM (SELECT user_id, start_time, analytics_duration(status, start_time, finish_time) AS dur FROM flow_runs) r
    WHERE dur IS NOT NULL
    GROUP BY 1, 2, 3`);
  await db.query(`
    INSERT INTO analytics_failure_days (flow_id, day, step_name, user_id, step_display_name, n)
    SELECT flow_id, day, step[1], min(user_id::text)::uuid, max(step[2]), count(*)::int
    FROM (SELECT flow_id, user_id, (start_time AT TIME ZONE 'UTC')::date AS day, analytics_failed_step(steps) AS step
          FROM flow_runs WHERE analytics_is_failure(status)) r
    WHERE step[1] <> ''
    GROUP BY flow_id, day, step[1]`);
}
