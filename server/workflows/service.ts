/**
 * Workflow operations shared by several routes (and by templates): building versions with the domain,
 * creating a workflow from a flat version, loading one with the version it shows.
 *
 * Everything that decides what a flow *is* comes from `src/domain`: a configuration from a client is
 * parsed with `parseStoredContent`, rebuilt with `fromStoredVersion` (links, reachability, one parent per
 * step) and stored as `toStoredContent` gives it back, so an invalid shape never reaches the database.
 */
import { holdFolder } from '../folders/repository.ts';
import { folderNotFound } from '../folders/errors.ts';
import {
  fromStoredVersion,
  fromParsedContent,
  parseStoredContent,
  toStoredContent,
  type FlatVersion,
  type VersionState,
} from '../../src/domain/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Activity, ActivityType } from '../../src/domain/contract/analytics.ts';
import { recordActivity } from '../activity/recording.ts';
import { ApiError } from '../shared/api-error.ts';
import { isStorableText, storableJson, UNSTORABLE_TEXT } from '../db/stored-values.ts';
import { flowNotFound, withDomain } from './errors.ts';
import { findFlow, insertFlow, type FlowRow } from './flows-repository.ts';
import { findLatestVersion, findLatestVersionText, insertDraft, type VersionContent, type VersionRow, type VersionSummaryRow, type VersionWrite } from './versions-repository.ts';
import type { VersionTexts } from './version-texts.ts';

export interface VersionIdentity {
  id?: string;
  flowId?: string;
  displayName: string;
  state?: VersionState;
  schemaVersion?: string | null;
}

/** A flat version from untrusted stored content (an autosave configuration); 400 VALIDATION if malformed. */
export function flatFromConfiguration(configuration: unknown, identity: VersionIdentity): FlatVersion {
  return withDomain(() => {
    const parsed = parseStoredContent(configuration);
    return fromParsedContent(parsed, {
      id: identity.id ?? '',
      flowId: identity.flowId ?? '',
      displayName: identity.displayName,
      state: identity.state ?? 'DRAFT',
      schemaVersion: identity.schemaVersion ?? null,
    });
  });
}

/** A flat version from a row's content (already checked when written; checked again, it is cheap). */
export function flatFromRow(row: Pick<VersionRow, 'id' | 'flow_id' | 'display_name' | 'state' | 'schema_version' | 'content'>): FlatVersion {
  return withDomain(() =>
    fromStoredVersion({
      id: row.id,
      flowId: row.flow_id,
      displayName: row.display_name,
      state: row.state,
      valid: false,
      schemaVersion: row.schema_version,
      trigger: row.content.trigger,
      steps: row.content.steps,
    }),
  );
}

/** What to write for a flat version: its stored content as JSON text the database accepts. */
export function versionWrite(version: FlatVersion, displayName = version.displayName): VersionWrite {
  if (!isStorableText(displayName)) throw new ApiError(400, 'VALIDATION', `The flow's name ${UNSTORABLE_TEXT.toLowerCase()}`);
  const { trigger, steps } = toStoredContent(version);
  const content: VersionContent = { trigger, steps };
  return { displayName, valid: version.valid, schemaVersion: version.schemaVersion, contentJson: storableJson(content, 'The flow'), content };
}

/** A copy of a stored version's content under another name, as a new draft's write (no re-validation). */
export function copyWrite(row: Pick<VersionRow, 'valid' | 'schema_version' | 'content'>, displayName: string): VersionWrite {
  return { displayName, valid: row.valid, schemaVersion: row.schema_version, contentJson: JSON.stringify(row.content), content: row.content };
}

/** How a new workflow came to be, for the activity feed: its type and its description given its name. */
export interface Creation {
  type: Extract<ActivityType, 'workflow_created' | 'workflow_imported'>;
  describe: (name: string) => string;
}

/**
 * A new DISABLED workflow of the user whose one version is a draft with the given content, and its
 * activity entry (`creation`; none for a provisional one), in one transaction.
 */
export async function createWorkflow(
  db: Database,
  userId: string,
  write: VersionWrite,
  creation: Creation,
  folderId: string | null = null,
  provisional = false,
): Promise<{ flow: FlowRow; version: VersionRow; activity: Activity | null }> {
  return db.transaction(async (tx) => {
    if (folderId !== null && !(await holdFolder(tx, userId, folderId))) throw folderNotFound();
    const flow = await insertFlow(tx, userId, folderId, provisional);
    const version = await insertDraft(tx, flow.id, write);
    // A provisional workflow (migration 024) is not in the list, nor in the feed until someone edits it.
    const activity = provisional
      ? null
      : await recordActivity(tx, { userId, type: creation.type, workflowId: flow.id, description: creation.describe(version.display_name) });
    return { flow, version, activity };
  });
}

/**
 * loadWorkflow with the version's content as JSON text (findLatestVersionText): the text `texts` keeps for
 * it when the version is that one, unchanged, else read and kept there.
 */
export async function loadWorkflowText(
  db: Queryable,
  userId: string,
  flowId: string,
  texts: VersionTexts,
): Promise<{ flow: FlowRow; version: VersionSummaryRow; contentJson: string | Uint8Array }> {
  const flow = await findFlow(db, userId, flowId);
  if (!flow) throw flowNotFound();
  const held = texts.candidate(flow.id);
  const row = await findLatestVersionText(db, flow.id, held);
  if (!row) throw new Error(`Workflow ${flow.id} has no version`);
  const { content_json: read, ...version } = row;
  if (read === null && held) return { flow, version, contentJson: held.text };
  if (read === null) throw new Error(`Workflow ${flow.id}: its version's text was not read`);
  texts.keep(flow.id, version.id, version.updated, read);
  return { flow, version, contentJson: read };
}

/** The user's workflow and the version it shows, or 404 FLOW_NOT_FOUND. */
export async function loadWorkflow(db: Queryable, userId: string, flowId: string, lock = false): Promise<{ flow: FlowRow; version: VersionRow }> {
  const flow = await findFlow(db, userId, flowId, lock);
  if (!flow) throw flowNotFound();
  const version = await findLatestVersion(db, flow.id);
  if (!version) throw new Error(`Workflow ${flow.id} has no version`);
  return { flow, version };
}
