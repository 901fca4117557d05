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
import { firstInvalidStep, type FlowStatus } from '../../src/domain/index.ts';
import type { Database } from '../db/database.ts';
import { findFlow, updateFlow, type FlowRow } from './flows-repository.ts';
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
      const version = await writeDraft(tx, target.id, schemaWrite);
      await updateFlow(tx, target.flow_id);
      return { newVersionCreated: false, version };
    }
    const draft = await findDraft(tx, target.flow_id);
    if (draft && checkStamp) throw staleVersion();
    const version = draft ? await writeDraft(tx, draft.id, schemaWrite, true) : await insertDraft(tx, target.flow_id, schemaWrite);
    await updateFlow(tx, target.flow_id);
    return { newVersionCreated: true, version };
  });
}

/** "Use as draft": the flow's draft becomes a copy of `fromVersionId` (default: the version it shows). */
export async function useAsDraft(db: Database, userId: string, flowId: string, fromVersionId?: string): Promise<VersionRow> {
  return db.transaction(async (tx) => {
    const flow = await findFlow(tx, userId, flowId, true);
    if (!flow) throw flowNotFound();
    const source = fromVersionId ? await findFlowVersion(tx, flow.id, fromVersionId) : await findLatestVersion(tx, flow.id);
    if (!source) throw versionNotFound();
    const draft = await findDraft(tx, flow.id);
    if (draft && draft.id === source.id) return draft;
    const write = copyWrite(source, source.display_name);
    const version = draft ? await writeDraft(tx, draft.id, write, true) : await insertDraft(tx, flow.id, write);
    await updateFlow(tx, flow.id);
    return version;
  });
}

/**
 * Renames the workflow, i.e. the version it shows, and/or moves it to a folder. A locked version is not
 * edited: the rename goes into a draft copied from it, as an autosave would.
 */
export async function updateWorkflow(
  db: Database,
  userId: string,
  input: { id: string; displayName?: string | undefined; folderId?: string | null | undefined },
): Promise<{ flow: FlowRow; version: VersionRow }> {
  return db.transaction(async (tx) => {
    const { flow, version: latest } = await loadWorkflow(tx, userId, input.id, true);
    let version = latest;
    if (input.displayName !== undefined && input.displayName !== latest.display_name) {
      version =
        latest.state === 'DRAFT' ? await renameDraft(tx, latest.id, input.displayName) : await insertDraft(tx, flow.id, copyWrite(latest, input.displayName));
    }
    const updated = await updateFlow(tx, flow.id, input.folderId === undefined ? {} : { folderId: input.folderId });
    return { flow: updated, version };
  });
}

export async function renameVersion(db: Database, userId: string, versionId: string, displayName: string): Promise<VersionRow> {
  return db.transaction(async (tx) => {
    const version = await findUserVersion(tx, userId, versionId, true);
    if (!version) throw versionNotFound();
    if (version.state !== 'DRAFT') throw invalidFlowOperation('A locked version cannot be renamed; use it as a draft first');
    const renamed = await renameDraft(tx, version.id, displayName);
    await updateFlow(tx, version.flow_id);
    return renamed;
  });
}

/** Whether a stored trigger can start runs: a piece trigger marked valid. */
function triggerCanRun(version: VersionRow): boolean {
  const trigger = version.content.trigger;
  return trigger.type !== 'EMPTY' && trigger.valid === true;
}

/** Locks the flow's valid draft and makes it the published version. */
export async function publish(
  db: Database,
  userId: string,
  input: { workflow_id: string; version_id: string },
): Promise<{ flow: FlowRow; version: VersionRow }> {
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
    return { flow: updated, version: locked };
  });
}

/** ENABLED needs a published version whose trigger is a valid piece trigger; DISABLED always works. */
export async function setStatus(
  db: Database,
  userId: string,
  input: { id: string; status: FlowStatus },
): Promise<{ flow: FlowRow; displayName: string }> {
  return db.transaction(async (tx) => {
    const { flow, version } = await loadWorkflow(tx, userId, input.id, true);
    if (input.status === 'ENABLED') {
      const published = flow.published_version_id ? await findFlowVersion(tx, flow.id, flow.published_version_id) : undefined;
      if (!published || !triggerCanRun(published)) throw triggerEnable();
    }
    const updated = flow.status === input.status ? flow : await updateFlow(tx, flow.id, { status: input.status });
    return { flow: updated, displayName: version.display_name };
  });
}
