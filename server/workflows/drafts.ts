/**
 * Writing versions: autosave, use-as-draft, renames, publish and status. Each runs in one transaction
 * that first locks the flow's row (and the version's), so two writers on one flow take turns.
 *
 * Conflicts (two tabs or devices on one version): an autosave carries the `updated` stamp of the version
 * it builds on. If the stored stamp moved since (another save, a rename, a publish), the save is refused
 * with 409 and nothing is written; the editor asks the user, and sends `overwrite: true` to keep theirs.
 * Saving onto a LOCKED version (published meanwhile) makes the flow's draft from the configuration; when
 * the flow already has a draft, made elsewhere since, that draft would be lost: 409 too, unless `overwrite`.
 */
import { holdFolder } from '../folders/repository.ts';
import { folderNotFound } from '../folders/errors.ts';
import { firstInvalidStep, type FlowStatus } from '../../src/domain/index.ts';
import type { Activity } from '../../src/domain/contract/analytics.ts';
import { describe, recordActivity, workflowName } from '../activity/recording.ts';
import type { Database, Queryable } from '../db/database.ts';
import { deleteFlow, findFlow, updateFlow, type FlowRow } from './flows-repository.ts';
import { flowNotFound, invalidFlowOperation, staleVersion, triggerEnable, versionNotFound } from './errors.ts';
import { copyWrite, flatFromRow, loadWorkflow } from './service.ts';
import {
  findDraft,
  findFlowVersion,
  findLatestVersion,
  findUserVersion,
  findUserVersionHead,
  insertDraft,
  lockVersion,
  renameDraft,
  writeDraft,
  withSchemaVersion,
  type VersionRow,
  type VersionWrite,
} from './versions-repository.ts';

export interface AutosaveInput {
  version_id: string;
  configuration: Record<string, unknown>;
  display_name: string;
  updated?: string | undefined;
  overwrite?: true | undefined;
}

export interface AutosaveResult {
  newVersionCreated: boolean;
  version: VersionRow;
  /** workflow_renamed, when the save changed the name the workflow shows. */
  activity: Activity | null;
}

/**
 * The activity of a change of the name a workflow shows (its latest version's), if it changed: a rename
 * is a rename whichever call made it (PUT /workflow, PUT /workflow/version, an autosave).
 */
function recordRename(tx: Queryable, userId: string, flowId: string, from: string, to: string): Promise<Activity | null> {
  if (from === to) return Promise.resolve(null);
  return recordActivity(tx, { userId, type: 'workflow_renamed', workflowId: flowId, description: describe.renamed(from, to) });
}

const sameInstant = (sent: string, stored: Date): boolean => new Date(sent).getTime() === new Date(stored).getTime();

/**
 * Writes an autosave whose configuration was already read into `write` (flow-bodies/: validated before
 * the transaction, off the event loop when large, so the domain's work never holds the row locks).
 */
export async function autosave(db: Database, userId: string, input: Omit<AutosaveInput, 'configuration'>, write: VersionWrite): Promise<AutosaveResult> {
  const checkStamp = input.updated !== undefined && !input.overwrite;
  return db.transaction(async (tx) => {
    const target = await findUserVersionHead(tx, userId, input.version_id, true);
    if (!target) throw versionNotFound();
    if (checkStamp && !sameInstant(input.updated!, target.updated)) throw staleVersion();
    const schemaWrite = withSchemaVersion(write, target.schema_version);
    if (target.state === 'DRAFT') {
      // The draft is the version the workflow shows: its name is the workflow's.
      const version = await writeDraft(tx, target.id, schemaWrite);
      await updateFlow(tx, target.flow_id);
      const activity = await recordRename(tx, userId, target.flow_id, target.display_name, version.display_name);
      return { newVersionCreated: false, version, activity };
    }
    const draft = await findDraft(tx, target.flow_id);
    if (draft && checkStamp) throw staleVersion();
    const shown = draft ? draft.display_name : await workflowName(tx, target.flow_id);
    const version = draft ? await writeDraft(tx, draft.id, schemaWrite, true) : await insertDraft(tx, target.flow_id, schemaWrite);
    await updateFlow(tx, target.flow_id);
    const activity = await recordRename(tx, userId, target.flow_id, shown, version.display_name);
    return { newVersionCreated: true, version, activity };
  });
}

/**
 * "Use as draft": the flow's draft becomes a copy of `fromVersionId` (default: the version it shows). An
 * older version under another name renames the workflow (the draft is the version it shows).
 */
export async function useAsDraft(
  db: Database,
  userId: string,
  flowId: string,
  fromVersionId?: string,
): Promise<{ version: VersionRow; activity: Activity | null }> {
  return db.transaction(async (tx) => {
    const flow = await findFlow(tx, userId, flowId, true);
    if (!flow) throw flowNotFound();
    const source = fromVersionId ? await findFlowVersion(tx, flow.id, fromVersionId) : await findLatestVersion(tx, flow.id);
    if (!source) throw versionNotFound();
    const draft = await findDraft(tx, flow.id);
    if (draft && draft.id === source.id) return { version: draft, activity: null };
    const shown = draft ? draft.display_name : await workflowName(tx, flow.id);
    const write = copyWrite(source, source.display_name);
    const version = draft ? await writeDraft(tx, draft.id, write, true) : await insertDraft(tx, flow.id, write);
    await updateFlow(tx, flow.id);
    return { version, activity: await recordRename(tx, userId, flow.id, shown, version.display_name) };
  });
}

/**
 * Renames the workflow, i.e. the version it shows, and/or moves it to a folder. A locked version is not
 * edited: the rename goes into a draft copied from it, as an autosave would.
 */
export async function updateWorkflow(
  db: Database,
  userId: string,
  input: {
    id: string;
    displayName?: string | undefined;
    folderId?: string | null | undefined;
    timeSavedPerRun?: number | undefined;
    maxConcurrentRuns?: number | null | undefined;
  },
): Promise<{ flow: FlowRow; version: VersionRow; activity: Activity | null }> {
  return db.transaction(async (tx) => {
    const { flow, version: latest } = await loadWorkflow(tx, userId, input.id, true);
    // A folder that is not the user's answers like a missing one; held so it cannot go before the move lands.
    if (input.folderId && input.folderId !== flow.folder_id && !(await holdFolder(tx, userId, input.folderId))) throw folderNotFound();
    let version = latest;
    let activity: Activity | null = null;
    if (input.displayName !== undefined && input.displayName !== latest.display_name) {
      version =
        latest.state === 'DRAFT' ? await renameDraft(tx, latest.id, input.displayName) : await insertDraft(tx, flow.id, copyWrite(latest, input.displayName));
      activity = await recordRename(tx, userId, flow.id, latest.display_name, version.display_name);
    }
    const updated = await updateFlow(tx, flow.id, {
      ...(input.folderId === undefined ? {} : { folderId: input.folderId }),
      ...(input.timeSavedPerRun === undefined ? {} : { timeSavedPerRun: input.timeSavedPerRun }),
      ...(input.maxConcurrentRuns === undefined ? {} : { maxConcurrentRuns: input.maxConcurrentRuns }),
    });
    return { flow: updated, version, activity };
  });
}

/** Renames the flow's draft, which is the version the workflow shows: a rename of the workflow too. */
export async function renameVersion(
  db: Database,
  userId: string,
  versionId: string,
  displayName: string,
): Promise<{ version: VersionRow; activity: Activity | null }> {
  return db.transaction(async (tx) => {
    const version = await findUserVersion(tx, userId, versionId, true);
    if (!version) throw versionNotFound();
    if (version.state !== 'DRAFT') throw invalidFlowOperation('A locked version cannot be renamed; use it as a draft first');
    const renamed = await renameDraft(tx, version.id, displayName);
    await updateFlow(tx, version.flow_id);
    const activity = await recordRename(tx, userId, version.flow_id, version.display_name, renamed.display_name);
    return { version: renamed, activity };
  });
}

/** Deletes the workflow (its versions and runs go too) and records it under the name it showed. */
export async function deleteWorkflow(db: Database, userId: string, flowId: string): Promise<Activity | null> {
  return db.transaction(async (tx) => {
    // The name before its versions go (read whoever owns it: it is used only once the delete, which
    // checks the owner, went through).
    const name = await workflowName(tx, flowId);
    if (!(await deleteFlow(tx, userId, flowId))) throw flowNotFound();
    return recordActivity(tx, { userId, type: 'workflow_deleted', workflowId: flowId, description: describe.deleted(name) });
  });
}

/** Whether a stored trigger can start runs: a piece trigger the domain judged valid when it was written. */
function triggerCanRun(version: VersionRow): boolean {
  const trigger = version.content.trigger;
  return trigger.type !== 'EMPTY' && trigger.valid === true;
}

/** Locks the flow's valid draft and makes it the published version. */
export async function publish(
  db: Database,
  userId: string,
  input: { workflow_id: string; version_id: string },
): Promise<{ flow: FlowRow; version: VersionRow; activities: Array<Activity | null> }> {
  return db.transaction(async (tx) => {
    const flow = await findFlow(tx, userId, input.workflow_id, true);
    if (!flow) throw flowNotFound();
    const version = await findFlowVersion(tx, flow.id, input.version_id);
    if (!version) throw versionNotFound();
    if (version.state !== 'DRAFT') throw invalidFlowOperation('Only a draft can be published; this version is already locked');
    if (!version.valid) {
      const first = firstInvalidStep(flatFromRow(version));
      throw invalidFlowOperation(`Every step must be valid before publishing${first ? ` ('${first}' is not)` : ''}`);
    }
    const locked = await lockVersion(tx, version.id);
    // An enabled flow stays enabled only if the new version can still be triggered.
    const status: FlowStatus | undefined = flow.status === 'ENABLED' && !triggerCanRun(locked) ? 'DISABLED' : undefined;
    const updated = await updateFlow(tx, flow.id, { publishedVersionId: locked.id, ...(status ? { status } : {}) });
    // The published draft was the version the workflow showed, and still is: no rename here.
    const name = locked.display_name;
    const activities = [await recordActivity(tx, { userId, type: 'workflow_published', workflowId: flow.id, description: describe.published(name) })];
    if (status) {
      activities.push(await recordActivity(tx, { userId, type: 'workflow_disabled', workflowId: flow.id, description: describe.disabledByPublish(name) }));
    }
    return { flow: updated, version: locked, activities };
  });
}

/** ENABLED needs a published version whose trigger is a valid piece trigger; DISABLED always works. */
export async function setStatus(
  db: Database,
  userId: string,
  input: { id: string; status: FlowStatus },
): Promise<{ flow: FlowRow; displayName: string; activity: Activity | null }> {
  return db.transaction(async (tx) => {
    const { flow, version } = await loadWorkflow(tx, userId, input.id, true);
    if (input.status === 'ENABLED') {
      const published = flow.published_version_id ? await findFlowVersion(tx, flow.id, flow.published_version_id) : undefined;
      if (!published || !triggerCanRun(published)) throw triggerEnable();
    }
    if (flow.status === input.status) return { flow, displayName: version.display_name, activity: null };
    const updated = await updateFlow(tx, flow.id, { status: input.status });
    const enabled = input.status === 'ENABLED';
    const activity = await recordActivity(tx, {
      userId,
      type: enabled ? 'workflow_enabled' : 'workflow_disabled',
      workflowId: flow.id,
      description: enabled ? describe.enabled(version.display_name) : describe.disabled(version.display_name),
    });
    return { flow: updated, displayName: version.display_name, activity };
  });
}
