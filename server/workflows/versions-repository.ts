/**
 * flow_versions: one row per version, its content the domain's stored form ({trigger, steps}, flat).
 * Callers have already checked that the flow belongs to the user (flows-repository.ts) or join on it.
 *
 * `updated` only moves forward, by at least a millisecond per write, so two saves in one millisecond
 * still differ: it is the stamp an autosave echoes back to prove it builds on the latest write.
 */
import type { StoredFlowContent, VersionState } from '../../src/domain/index.ts';
import type { JsonText, Queryable } from '../db/database.ts';

/** What the version's `content` column holds. */
export type VersionContent = Pick<StoredFlowContent, 'trigger' | 'steps'>;

export interface VersionSummaryRow {
  id: string;
  flow_id: string;
  display_name: string;
  state: VersionState;
  valid: boolean;
  schema_version: string | null;
  created: Date;
  updated: Date;
}

export interface VersionRow extends VersionSummaryRow {
  content: VersionContent;
}

/** A version's row with its content as JSON text, for replies that send it on as it is. */
export interface VersionTextRow extends VersionSummaryRow {
  /** Null when it is the text the caller already holds (`findLatestVersionText`'s `held`). */
  content_json: string | null;
}

const SUMMARY_COLUMNS = 'v.id, v.flow_id, v.display_name, v.state, v.valid, v.schema_version, v.created, v.updated';
const COLUMNS = `${SUMMARY_COLUMNS}, v.content`;
// Written rows come back without their content: the caller has it (VersionWrite.content), and reading a
// 10,000-step jsonb back doubled what an autosave cost.
const RETURNING = 'id, flow_id, display_name, state, valid, schema_version, created, updated';
const RETURNING_ALL = `${RETURNING}, content`;

/** The next stamp: now, or a millisecond past the previous one when the clock has not moved on. */
export const NEXT_STAMP = `date_trunc('milliseconds', greatest(now(), updated + interval '1 millisecond'))`;
export const NOW_STAMP = `date_trunc('milliseconds', now())`;

/**
 * The version shown for a flow: its draft if it has one, else the published one, else the newest.
 * `flowAlias` names the flows row in the surrounding query.
 */
export function latestVersionOrder(flowAlias: string): string {
  return `(v.state = 'DRAFT') DESC, coalesce(v.id = ${flowAlias}.published_version_id, false) DESC, v.created DESC, v.id DESC`;
}

/** A version of one of the user's flows, or undefined; `lock` locks the version and its flow. */
export async function findUserVersion(
  db: Queryable,
  userId: string,
  versionId: string,
  lock = false,
): Promise<VersionRow | undefined> {
  return findUserVersionColumns<VersionRow>(db, userId, versionId, lock, COLUMNS);
}

/** The version's row without its content (autosave only checks its state and stamp). */
export function findUserVersionHead(db: Queryable, userId: string, versionId: string, lock = false): Promise<VersionSummaryRow | undefined> {
  return findUserVersionColumns<VersionSummaryRow>(db, userId, versionId, lock, SUMMARY_COLUMNS);
}

async function findUserVersionColumns<Row>(db: Queryable, userId: string, versionId: string, lock: boolean, columns: string): Promise<Row | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT ${columns} FROM flow_versions v JOIN flows f ON f.id = v.flow_id
     WHERE v.id = $1 AND f.user_id = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [versionId, userId],
  );
  return rows[0];
}

/** A version of a given flow (already known to be the user's). */
export async function findFlowVersion(db: Queryable, flowId: string, versionId: string): Promise<VersionRow | undefined> {
  const { rows } = await db.query<VersionRow>(`SELECT ${COLUMNS} FROM flow_versions v WHERE v.id = $1 AND v.flow_id = $2`, [
    versionId,
    flowId,
  ]);
  return rows[0];
}

export async function findLatestVersion(db: Queryable, flowId: string): Promise<VersionRow | undefined> {
  const { rows } = await db.query<VersionRow>(
    `SELECT ${COLUMNS} FROM flow_versions v JOIN flows f ON f.id = v.flow_id
     WHERE v.flow_id = $1 ORDER BY ${latestVersionOrder('f')} LIMIT 1`,
    [flowId],
  );
  return rows[0];
}

/**
 * The version a flow shows, its content as text: the editor's GET sends it on without turning 20 MB of
 * jsonb (50,000 steps) into objects on the database's thread and back into text on the server's. `held`:
 * the version and stamp of a text the caller already has (version-texts.ts); when the shown version is
 * that one, unchanged, the text is not read (content_json is null).
 */
export async function findLatestVersionText(
  db: Queryable,
  flowId: string,
  held?: { versionId: string; updated: string },
): Promise<VersionTextRow | undefined> {
  const { rows } = await db.query<VersionTextRow>(
    `SELECT ${SUMMARY_COLUMNS},
            CASE WHEN v.id::text = $2 AND v.updated = $3::timestamptz THEN NULL ELSE v.content::text END AS content_json
     FROM flow_versions v JOIN flows f ON f.id = v.flow_id
     WHERE v.flow_id = $1 ORDER BY ${latestVersionOrder('f')} LIMIT 1`,
    [flowId, held?.versionId ?? null, held?.updated ?? null],
  );
  return rows[0];
}

export async function findDraft(db: Queryable, flowId: string): Promise<VersionRow | undefined> {
  const { rows } = await db.query<VersionRow>(
    `SELECT ${COLUMNS} FROM flow_versions v WHERE v.flow_id = $1 AND v.state = 'DRAFT' FOR UPDATE`,
    [flowId],
  );
  return rows[0];
}

export async function listVersions(db: Queryable, flowId: string): Promise<VersionSummaryRow[]> {
  const { rows } = await db.query<VersionSummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM flow_versions v WHERE v.flow_id = $1 ORDER BY v.created DESC, v.id DESC`,
    [flowId],
  );
  return rows;
}

export interface VersionWrite {
  displayName: string;
  valid: boolean;
  schemaVersion: string | null;
  /** JSON text of a VersionContent, checked by `storableJson` (as bytes when it came off a worker thread). */
  contentJson: string | JsonText;
  /**
   * The same content as an object: written rows are answered with it instead of reading it back. It may
   * be a lazy getter over `contentJson` (large bodies read off the event loop, see flow-bodies/): it is
   * carried over as it is, so nothing parses a large flow on this thread unless someone reads it.
   */
  content: VersionContent;
}

/** The write with another schema version (property by property, so a lazy content stays lazy). */
export function withSchemaVersion(write: VersionWrite, schemaVersion: string | null): VersionWrite {
  return Object.defineProperties({}, {
    ...Object.getOwnPropertyDescriptors(write),
    schemaVersion: { value: schemaVersion, enumerable: true, writable: true, configurable: true },
  }) as VersionWrite;
}

/** A written row with the write's content (the property itself, so a lazy getter stays lazy). */
function withContent(row: VersionSummaryRow, write: VersionWrite): VersionRow {
  return Object.defineProperty({ ...row }, 'content', Object.getOwnPropertyDescriptor(write, 'content')!) as VersionRow;
}

export async function insertDraft(db: Queryable, flowId: string, write: VersionWrite): Promise<VersionRow> {
  const { rows } = await db.query<VersionSummaryRow>(
    `INSERT INTO flow_versions (flow_id, display_name, state, valid, schema_version, content)
     VALUES ($1, $2, 'DRAFT', $3, $4, $5::jsonb)
     RETURNING ${RETURNING}`,
    [flowId, write.displayName, write.valid, write.schemaVersion, write.contentJson],
  );
  return withContent(rows[0]!, write);
}

/**
 * Writes new content into a draft. `renewed` marks the draft as a new one (autosave onto a locked
 * version, use-as-draft replacing the draft): it also takes a fresh `created`, so it lists as newest.
 */
export async function writeDraft(db: Queryable, versionId: string, write: VersionWrite, renewed = false): Promise<VersionRow> {
  const { rows } = await db.query<VersionSummaryRow>(
    `UPDATE flow_versions
     SET display_name = $2, valid = $3, schema_version = $4, content = $5::jsonb, updated = ${NEXT_STAMP}
         ${renewed ? `, created = ${NOW_STAMP}` : ''}
     WHERE id = $1 AND state = 'DRAFT'
     RETURNING ${RETURNING}`,
    [versionId, write.displayName, write.valid, write.schemaVersion, write.contentJson],
  );
  const row = rows[0];
  if (!row) throw new Error(`Draft ${versionId} vanished while being written`);
  return withContent(row, write);
}

export async function renameDraft(db: Queryable, versionId: string, displayName: string): Promise<VersionRow> {
  const { rows } = await db.query<VersionRow>(
    `UPDATE flow_versions SET display_name = $2, updated = ${NEXT_STAMP}
     WHERE id = $1 AND state = 'DRAFT' RETURNING ${RETURNING_ALL}`,
    [versionId, displayName],
  );
  const row = rows[0];
  if (!row) throw new Error(`Draft ${versionId} vanished while being renamed`);
  return row;
}

export async function lockVersion(db: Queryable, versionId: string): Promise<VersionRow> {
  const { rows } = await db.query<VersionRow>(
    `UPDATE flow_versions SET state = 'LOCKED', updated = ${NEXT_STAMP} WHERE id = $1 RETURNING ${RETURNING_ALL}`,
    [versionId],
  );
  return rows[0]!;
}
