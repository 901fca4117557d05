/**
 * POST /workflow/bulk (issue 17): enable, disable, delete or move up to BULK_MAX_IDS workflows in one
 * call. Each workflow goes through the same service call its own route makes (setStatus,
 * deleteWorkflow, updateWorkflow), in its own transaction, so the rules, the activity entries and the
 * refusals are those of one workflow sent alone: one that cannot be enabled is reported and the rest
 * still change. An id that is not the caller's is reported exactly as an unknown one (FLOW_NOT_FOUND)
 * and nothing of it is read or touched. A folder to move to that is not the caller's refuses the whole
 * call (404 Folder not found) before any workflow moves.
 */
import type { Activity } from '../../src/domain/contract/analytics.ts';
import type { WorkflowBulkBody, WorkflowBulkReply } from '../../src/domain/contract/index.ts';
import type { Database } from '../db/database.ts';
import { folderNotFound } from '../folders/errors.ts';
import { findFolder } from '../folders/repository.ts';
import { ApiError } from '../shared/api-error.ts';
import { deleteWorkflow, setStatus, updateWorkflow } from './drafts.ts';

export interface BulkOutcome extends WorkflowBulkReply {
  activities: Array<Activity | null>;
}

export async function bulkWorkflows(db: Database, userId: string, body: WorkflowBulkBody): Promise<BulkOutcome> {
  const ids = [...new Set(body.ids)];
  if (body.action === 'MOVE' && body.folderId && !(await findFolder(db, userId, body.folderId))) throw folderNotFound();
  const outcome: BulkOutcome = { succeeded: [], failed: [], activities: [] };
  for (const id of ids) {
    try {
      outcome.activities.push(await applyOne(db, userId, body, id));
      outcome.succeeded.push(id);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      outcome.failed.push({ id, code: error.code, message: error.message });
    }
  }
  return outcome;
}

async function applyOne(db: Database, userId: string, body: WorkflowBulkBody, id: string): Promise<Activity | null> {
  switch (body.action) {
    case 'ENABLE':
    case 'DISABLE':
      return (await setStatus(db, userId, { id, status: body.action === 'ENABLE' ? 'ENABLED' : 'DISABLED' })).activity;
    case 'DELETE':
      return deleteWorkflow(db, userId, id);
    case 'MOVE':
      return (await updateWorkflow(db, userId, { id, folderId: body.folderId ?? null })).activity;
  }
}
