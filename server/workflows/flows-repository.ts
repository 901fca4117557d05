/** flows: one row per workflow, always filtered by its owner. */
import type { FlowStatus, RunStatus, StoredTrigger, VersionState } from '../../src/domain/index.ts';
import type { SortOrder, WorkflowSort } from '../../src/domain/contract/workflow-list.ts';
import type { Queryable } from '../db/database.ts';
import { latestVersionOrder, NOW_STAMP } from './versions-repository.ts';

export interface FlowRow {
  id: string;
  user_id: string;
  status: FlowStatus;
  folder_id: string | null;
  published_version_id: string | null;
  created: Date;
  updated: Date;
  /** Minutes saved per run (numeric, read as a number). */
  time_saved_per_run: number;
  /** Runs executing at once (migration 016); null: no limit of its own. */
  max_concurrent_runs: number | null;
}

const COLUMNS = 'f.id, f.user_id, f.status, f.folder_id, f.published_version_id, f.created, f.updated, f.time_saved_per_run::float8 AS time_saved_per_run, f.max_concurrent_runs';
const RETURNING = 'id, user_id, status, folder_id, published_version_id, created, updated, time_saved_per_run::float8 AS time_saved_per_run, max_concurrent_runs';

/** The user's flow, or undefined (another user's flow is as missing as an unknown one). */
export async function findFlow(db: Queryable, userId: string, flowId: string, lock = false): Promise<FlowRow | undefined> {
  const { rows } = await db.query<FlowRow>(
    `SELECT ${COLUMNS} FROM flows f WHERE f.id = $1 AND f.user_id = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [flowId, userId],
  );
  return rows[0];
}

/** `provisional`: unlisted until its first write, pruned if none comes (migration 024). */
export async function insertFlow(db: Queryable, userId: string, folderId: string | null, provisional = false): Promise<FlowRow> {
  const { rows } = await db.query<FlowRow>(
    `INSERT INTO flows (user_id, folder_id, provisional) VALUES ($1, $2, $3) RETURNING ${RETURNING}`,
    [userId, folderId, provisional],
  );
  return rows[0]!;
}

export interface FlowChanges {
  status?: FlowStatus;
  folderId?: string | null;
  publishedVersionId?: string;
  timeSavedPerRun?: number;
  maxConcurrentRuns?: number | null;
}

/**
 * Applies the changes (if any) and stamps `updated`: every write to a flow or its versions calls this,
 * so it is also where a provisional workflow (migration 024) becomes an ordinary one.
 */
export async function updateFlow(db: Queryable, flowId: string, changes: FlowChanges = {}): Promise<FlowRow> {
  const sets = [`updated = ${NOW_STAMP}`, 'provisional = false'];
  const params: unknown[] = [flowId];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (changes.status !== undefined) set('status', changes.status);
  if (changes.folderId !== undefined) set('folder_id', changes.folderId);
  if (changes.publishedVersionId !== undefined) set('published_version_id', changes.publishedVersionId);
  if (changes.timeSavedPerRun !== undefined) set('time_saved_per_run', changes.timeSavedPerRun);
  if (changes.maxConcurrentRuns !== undefined) set('max_concurrent_runs', changes.maxConcurrentRuns);
  const { rows } = await db.query<FlowRow>(`UPDATE flows SET ${sets.join(', ')} WHERE id = $1 RETURNING ${RETURNING}`, params);
  return rows[0]!;
}

/** Deletes the flow; its versions, runs and variables go with it (ON DELETE CASCADE). */
export async function deleteFlow(db: Queryable, userId: string, flowId: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM flows WHERE id = $1 AND user_id = $2 RETURNING id', [flowId, userId]);
  return rows.length > 0;
}

export interface FlowListRow extends FlowRow {
  version_id: string;
  display_name: string;
  version_state: VersionState;
  version_valid: boolean;
  version_updated: Date;
  /** The shown version's trigger: {type, pieceName, triggerName}. */
  trigger: { type: string; pieceName: string | null; triggerName: string | null } | null;
  last_run_id: string | null;
  last_run_status: RunStatus | null;
  last_run_start: Date | null;
}

export interface FlowFilter {
  page: number;
  limit: number;
  name?: string | undefined;
  status?: FlowStatus | undefined;
  /** One folder's flows, or 'NULL' for those in none (UNCATEGORIZED_FOLDER in the contract). */
  folderId?: string | undefined;
  sort?: WorkflowSort | undefined;
  order?: SortOrder | undefined;
}

/** Each flow joined with the version it shows (the draft, else the published one). */
const WITH_LATEST = `
  FROM flows f
  JOIN LATERAL (
    SELECT v.id, v.display_name, v.state, v.valid, v.updated FROM flow_versions v
    WHERE v.flow_id = f.id ORDER BY ${latestVersionOrder('f')} LIMIT 1
  ) lv ON true`;

/** The flow's newest run: one probe of flow_runs_flow_start_idx (flow_id, start_time DESC) per flow. */
const WITH_LAST_RUN = `
  LEFT JOIN LATERAL (
    SELECT r.id, r.status, r.start_time FROM flow_runs r WHERE r.flow_id = f.id ORDER BY r.start_time DESC LIMIT 1
  ) lr ON true`;

/**
 * ORDER BY per sort column, from a fixed table (never text from the request). Every order ends on the
 * flow's id, so pages never overlap or skip a row between equal values; a flow that never ran sorts
 * after every run whichever the direction.
 */
const ORDERS: Record<WorkflowSort, Record<SortOrder, string>> = {
  updated: { desc: 'f.updated DESC, f.id DESC', asc: 'f.updated ASC, f.id ASC' },
  name: { asc: 'lower(lv.display_name) ASC, f.id ASC', desc: 'lower(lv.display_name) DESC, f.id DESC' },
  lastRun: { desc: 'lr.start_time DESC NULLS LAST, f.id DESC', asc: 'lr.start_time ASC NULLS LAST, f.id ASC' },
  status: { asc: 'f.status ASC, f.updated DESC, f.id DESC', desc: 'f.status DESC, f.updated DESC, f.id DESC' },
};

/**
 * One page of the user's listed flows (not provisional ones), sorted as asked (default: most recently
 * updated first); `name` is a case-insensitive substring. The page is one statement: the shown
 * version, the newest run (index-backed) and, for the page's rows only, the trigger read out of the
 * shown version's content (a large version's jsonb is read for the ten rows shown, not for every flow).
 */
export async function paginateFlows(db: Queryable, userId: string, filter: FlowFilter): Promise<{ rows: FlowListRow[]; total: number }> {
  // The filters are $1..$4; the page query adds its limit and offset after them.
  const where = `WHERE f.user_id = $1 AND NOT f.provisional AND ($2::text IS NULL OR f.status = $2)
    AND ($3::text IS NULL OR strpos(lower(lv.display_name), lower($3)) > 0)
    AND ($4::text IS NULL OR ($4 = 'NULL' AND f.folder_id IS NULL) OR f.folder_id::text = $4)`;
  const params = [userId, filter.status ?? null, filter.name ? filter.name : null, filter.folderId ?? null];
  const order = ORDERS[filter.sort ?? 'updated'][filter.order ?? (filter.sort === 'name' ? 'asc' : 'desc')];
  const [page, count] = await Promise.all([
    db.query<FlowListRow>(
      `WITH page AS MATERIALIZED (
         SELECT ${COLUMNS}, lv.id AS version_id, lv.display_name, lv.state AS version_state, lv.valid AS version_valid,
                lv.updated AS version_updated, lr.id AS last_run_id, lr.status AS last_run_status, lr.start_time AS last_run_start,
                row_number() OVER (ORDER BY ${order}) AS position
         ${WITH_LATEST} ${WITH_LAST_RUN} ${where}
         ORDER BY ${order} LIMIT $5 OFFSET $6
       )
       SELECT page.*, (
         SELECT jsonb_build_object('type', t.trigger ->> 'type', 'pieceName', t.trigger -> 'settings' ->> 'pieceName',
                                   'triggerName', t.trigger -> 'settings' ->> 'triggerName')
         FROM (SELECT v.content -> 'trigger' AS trigger FROM flow_versions v WHERE v.id = page.version_id) t
       ) AS trigger
       FROM page ORDER BY page.position`,
      [...params, filter.limit, (filter.page - 1) * filter.limit],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total ${WITH_LATEST} ${where}`, params),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

/** The display name each flow shows (its latest version's), for lists of runs and schedules. */
export const LATEST_NAME_SQL = (flowAlias: string): string =>
  `(SELECT v.display_name FROM flow_versions v WHERE v.flow_id = ${flowAlias}.id ORDER BY ${latestVersionOrder(flowAlias)} LIMIT 1)`;

export interface FlowToRunRow {
  id: string;
  published_version_id: string | null;
  /** The workflow's name as lists show it (its latest version's). */
  workflow_name: string | null;
  version_id: string | null;
  valid: boolean | null;
}

/**
 * The user's flow and the head of the version a run of it runs, as one SELECT: `version` when given (and
 * it is this flow's), else the published version, else the latest. No row when the flow is not the
 * user's; `version_id` null when no such version is the flow's. `user`, `flow` and `version` are SQL (the
 * run path starts the run in the same statement: server/runs/start-run.ts).
 */
export function flowToRunSql(user: string, flow: string, version: string): string {
  return `SELECT f.id, f.published_version_id, v.id AS version_id, v.valid, ${LATEST_NAME_SQL('f')} AS workflow_name
     FROM flows f
     LEFT JOIN LATERAL (
       SELECT v.id, v.valid FROM flow_versions v
       WHERE v.flow_id = f.id AND (coalesce(${version}::uuid, f.published_version_id) IS NULL OR v.id = coalesce(${version}::uuid, f.published_version_id))
       ORDER BY ${latestVersionOrder('f')} LIMIT 1
     ) v ON true
     WHERE f.id = ${flow} AND f.user_id = ${user}`;
}

/** `flowToRunSql` on its own: undefined when the flow is not the user's. */
export async function findFlowToRun(
  db: Queryable,
  userId: string,
  flowId: string,
  versionId: string | undefined,
): Promise<FlowToRunRow | undefined> {
  const { rows } = await db.query<FlowToRunRow>(flowToRunSql('$1', '$2', '$3'), [userId, flowId, versionId ?? null]);
  return rows[0];
}

export interface ScheduledFlowRow {
  id: string;
  status: FlowStatus;
  display_name: string;
  trigger: StoredTrigger;
}

/**
 * The user's published flows whose trigger belongs to `pieceName`, with that trigger: enabled ones first,
 * then the paused (disabled) ones, which /schedules keeps listed with Resume (issue 17).
 */
export async function publishedFlowsTriggeredBy(db: Queryable, userId: string, pieceName: string): Promise<ScheduledFlowRow[]> {
  const { rows } = await db.query<ScheduledFlowRow>(
    `SELECT f.id, f.status, ${LATEST_NAME_SQL('f')} AS display_name, pv.content -> 'trigger' AS trigger
     FROM flows f JOIN flow_versions pv ON pv.id = f.published_version_id
     WHERE f.user_id = $1 AND pv.content -> 'trigger' ->> 'type' = 'PIECE_TRIGGER'
       AND pv.content -> 'trigger' -> 'settings' ->> 'pieceName' = $2
     ORDER BY f.status = 'ENABLED' DESC, f.updated DESC, f.id DESC`,
    [userId, pieceName],
  );
  return rows;
}
