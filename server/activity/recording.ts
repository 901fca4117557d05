/**
 * Recording the activity feed (SPEC §3) as things happen: each place that changes a workflow or ends a
 * run writes its entry here, in its own transaction where it has one, so an entry exists exactly when
 * the change does. Nothing is inferred afterwards from other tables.
 *
 * - Workflow events (created, renamed, published, enabled, disabled, deleted, imported) get one entry
 *   each: `recordActivity`.
 * - Run outcomes (run_succeeded, run_failed, schedule_failed) are rolled up per workflow and type: while
 *   the newest entry of that workflow and type was opened less than an hour ago, an occurrence adds 1 to
 *   its `count`, moves its `timestamp` and `run_id` to this one and rewrites its description ("… ran
 *   successfully 42 times within an hour"); otherwise a new entry is opened. A schedule firing every
 *   minute thus writes one entry an hour, and a run's finish stays one statement (`runOutcomeCtes` is
 *   folded into the statement that records the run).
 * - quota_reached: the first refusal of a workflow on a UTC day (the one that is kept as a run), so
 *   once per workflow per day whatever the number of refusals.
 *
 * Names: `user_name` is the user's name at the time, descriptions name the workflow by the display name
 * it had at the time (the version it shows), in “quotes”.
 */
import type { Activity, ActivitySeverity, ActivityType } from '../../src/domain/contract/analytics.ts';
import type { Queryable } from '../db/database.ts';
import { iso } from '../db/stored-values.ts';
import type { LiveMessage } from '../live/live-hub.ts';

/** How long run outcomes of one workflow are counted into one entry, from its first occurrence. */
export const ROLLUP_WINDOW = '1 hour';

export const SEVERITY_OF: Record<ActivityType, ActivitySeverity> = {
  workflow_created: 'info',
  workflow_renamed: 'info',
  workflow_published: 'info',
  workflow_enabled: 'info',
  workflow_disabled: 'info',
  workflow_deleted: 'info',
  workflow_imported: 'info',
  run_failed: 'error',
  run_succeeded: 'success',
  schedule_failed: 'error',
  quota_reached: 'warning',
};

const quoted = (name: string) => `“${name || 'Untitled'}”`;

/** The descriptions of single events, in plain English. */
export const describe = {
  created: (name: string) => `Created ${quoted(name)}`,
  duplicated: (name: string, from: string) => `Created ${quoted(name)} as a copy of ${quoted(from)}`,
  fromTemplate: (name: string, template: string) => `Created ${quoted(name)} from the template ${quoted(template)}`,
  imported: (name: string) => `Imported ${quoted(name)} from a file`,
  renamed: (from: string, to: string) => `Renamed ${quoted(from)} to ${quoted(to)}`,
  published: (name: string) => `Published a new version of ${quoted(name)}`,
  enabled: (name: string) => `Enabled ${quoted(name)}`,
  disabled: (name: string) => `Disabled ${quoted(name)}`,
  disabledByPublish: (name: string) => `${quoted(name)} was disabled: its new version has no trigger that can start it`,
  deleted: (name: string) => `Deleted ${quoted(name)}`,
  quotaReached: (name: string) => `${quoted(name)} could not run: the daily run quota is used up (later runs today are refused too)`,
  scheduleNotStarted: (name: string) => `The schedule of ${quoted(name)} could not start a run`,
};

/** Run outcomes, one occurrence and many (`%2$s` the count), as format() templates; `%1$s` the quoted name. */
const RUN_TEXTS: Record<'run_succeeded' | 'run_failed' | 'schedule_failed', { one: string; many: string }> = {
  run_succeeded: { one: '%1$s ran successfully', many: '%1$s ran successfully %2$s times within an hour' },
  run_failed: { one: 'A run of %1$s failed', many: '%2$s runs of %1$s failed within an hour' },
  schedule_failed: { one: 'A scheduled run of %1$s failed', many: 'The schedule of %1$s failed %2$s times within an hour' },
};

export interface ActivityRow {
  id: string;
  type: ActivityType;
  severity: ActivitySeverity;
  user_name: string;
  description: string;
  workflow_id: string | null;
  run_id: string | null;
  count: number;
  timestamp: Date | string;
}

export const ACTIVITY_COLUMNS = 'id, type, severity, user_name, description, workflow_id, run_id, count, timestamp';

export function toActivityDto(row: ActivityRow): Activity {
  return {
    id: row.id,
    type: row.type,
    severity: row.severity,
    user_name: row.user_name,
    description: row.description,
    timestamp: iso(row.timestamp),
    workflow_id: row.workflow_id,
    run_id: row.run_id,
    count: Number(row.count),
  };
}

/** SQL: the display name a flow shows now (its draft, else its published version, else the newest). */
export const flowNameSql = (flowId: string) =>
  `(SELECT v.display_name FROM flow_versions v JOIN flows f ON f.id = v.flow_id WHERE v.flow_id = ${flowId}
    ORDER BY (v.state = 'DRAFT') DESC, coalesce(v.id = f.published_version_id, false) DESC, v.created DESC, v.id DESC LIMIT 1)`;

/** The display name a flow shows now ('' when it is gone). */
export async function workflowName(db: Queryable, flowId: string): Promise<string> {
  const { rows } = await db.query<{ name: string | null }>(`SELECT ${flowNameSql('$1::uuid')} AS name`, [flowId]);
  return rows[0]?.name ?? '';
}

export interface ActivityEvent {
  userId: string;
  type: ActivityType;
  workflowId: string | null;
  runId?: string | null;
  description: string;
}

/** Writes one entry (user_name: the user's name now); null when the user is gone. */
export async function recordActivity(db: Queryable, event: ActivityEvent): Promise<Activity | null> {
  const { rows } = await db.query<ActivityRow>(
    `INSERT INTO activities (user_id, type, severity, user_name, description, workflow_id, run_id)
     SELECT u.id, $2, $3, u.name, $4, $5, $6 FROM users u WHERE u.id = $1
     RETURNING ${ACTIVITY_COLUMNS}`,
    [event.userId, event.type, SEVERITY_OF[event.type], event.description, event.workflowId, event.runId ?? null],
  );
  return rows[0] ? toActivityDto(rows[0]) : null;
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const textCase = (field: 'one' | 'many') =>
  `CASE o.type ${Object.entries(RUN_TEXTS)
    .map(([type, texts]) => `WHEN ${literal(type)} THEN ${literal(texts[field])}`)
    .join(' ')} END`;
const severityCase = `CASE o.type ${(['run_succeeded', 'run_failed', 'schedule_failed'] as const)
  .map((type) => `WHEN ${literal(type)} THEN ${literal(SEVERITY_OF[type])}`)
  .join(' ')} END`;
const quotedSql = (name: string) => `'“' || coalesce(nullif(${name}, ''), 'Untitled') || '”'`;

/**
 * Common table expressions that roll one occurrence into the feed, to follow a CTE `occurrence` with
 * columns (user_id, flow_id, run_id, type, single): `single` is the description of a first occurrence,
 * or null for the type's own. They end with a CTE `recorded` holding the entry written (none when the
 * CTE had no row). Every value is a column or a constant: no parameters of their own.
 */
export const ROLLUP_CTES = /* sql */ `
  o AS (
    SELECT occurrence.*, ${flowNameSql('occurrence.flow_id')} AS workflow_name, (SELECT name FROM users WHERE id = occurrence.user_id) AS user_name
    FROM occurrence
  ),
  open_entry AS (
    SELECT a.id, o.* FROM o JOIN LATERAL (
      SELECT id FROM activities
      WHERE user_id = o.user_id AND type = o.type AND workflow_id = o.flow_id
        AND timestamp > clock_timestamp() - interval '${ROLLUP_WINDOW}' AND created > clock_timestamp() - interval '${ROLLUP_WINDOW}'
      ORDER BY timestamp DESC, seq DESC LIMIT 1
    ) a ON true
  ),
  bumped AS (
    UPDATE activities t SET
      count = t.count + 1,
      timestamp = greatest(t.timestamp, date_trunc('milliseconds', clock_timestamp())),
      run_id = o.run_id,
      user_name = coalesce(o.user_name, t.user_name),
      description = format(${textCase('many')}, ${quotedSql('o.workflow_name')}, t.count + 1)
    FROM open_entry o WHERE t.id = o.id
    RETURNING t.${ACTIVITY_COLUMNS.split(', ').join(', t.')}
  ),
  inserted AS (
    INSERT INTO activities (user_id, type, severity, user_name, description, workflow_id, run_id)
    SELECT o.user_id, o.type, ${severityCase}, o.user_name,
      coalesce(replace(o.single, '%1$s', ${quotedSql('o.workflow_name')}), format(${textCase('one')}, ${quotedSql('o.workflow_name')})),
      o.flow_id, o.run_id
    FROM o WHERE o.user_name IS NOT NULL AND NOT EXISTS (SELECT 1 FROM open_entry)
    RETURNING ${ACTIVITY_COLUMNS}
  ),
  recorded AS (SELECT * FROM bumped UNION ALL SELECT * FROM inserted)`;

/**
 * An `occurrence` CTE for the runs in CTE `ended` (id, flow_id, user_id, status): succeeded when SUCCEEDED
 * or STOPPED (SPEC §4), otherwise failed; a failed run a schedule tick started is schedule_failed.
 * Runs still going and quota refusals are no outcome.
 */
export const RUN_OCCURRENCE_CTE = /* sql */ `
  occurrence AS (
    SELECT e.user_id, e.flow_id, e.id AS run_id,
      CASE WHEN e.status IN ('SUCCEEDED', 'STOPPED') THEN 'run_succeeded'
           WHEN EXISTS (SELECT 1 FROM schedule_fires s WHERE s.run_id = e.id) THEN 'schedule_failed'
           ELSE 'run_failed' END AS type,
      NULL::text AS single
    FROM ended e WHERE e.status NOT IN ('RUNNING', 'PAUSED', 'QUOTA_EXCEEDED')
  )`;

/** A schedule tick that could not start a run, rolled up with the schedule's failed runs. */
export async function recordScheduleNotStarted(db: Queryable, userId: string, flowId: string): Promise<Activity | null> {
  const { rows } = await db.query<ActivityRow>(
    `WITH occurrence AS (SELECT $1::uuid AS user_id, $2::uuid AS flow_id, NULL::uuid AS run_id, 'schedule_failed'::text AS type, $3::text AS single),
     ${ROLLUP_CTES}
     SELECT * FROM recorded`,
    [userId, flowId, describe.scheduleNotStarted('%1$s').replace('“%1$s”', '%1$s')],
  );
  return rows[0] ? toActivityDto(rows[0]) : null;
}

export const ACTIVITY_MESSAGE = 'activity';

/**
 * The live message of a new or updated entry: `data` is the entry as the feed serves it (a rolled-up
 * entry comes again under the same id, with its new count) plus an empty `message`: not for the bell.
 */
export function activityMessage(activity: Activity): LiveMessage {
  return { type: ACTIVITY_MESSAGE, data: { message: '', ...activity } };
}

/** Who tells a user's open dashboards of a recorded entry (the live hub); never rejects. */
export type AnnounceActivity = (userId: string, activity: Activity) => void;
