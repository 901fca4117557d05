/**
 * Flow-level operations (SPEC §4): CHANGE_STATUS, CHANGE_FOLDER and the flow part of LOCK_AND_PUBLISH
 * change the workflow, not its version. `applyFlowOperation` accepts every operation so a caller can pass
 * each one to both functions; those that do not concern the flow return it unchanged.
 *
 * LOCK_AND_PUBLISH makes `versionId` (the draft being published) the published version and enables the
 * flow unless the request asks for another status, as Activepieces' server does.
 */
import { invalidOperation } from './errors.ts';
import type { FlowOperation } from './operation-schemas.ts';
import type { Flow } from './types.ts';

export function applyFlowOperation<F extends Flow>(flow: F, operation: FlowOperation, options: { versionId?: string } = {}): F {
  switch (operation.type) {
    case 'CHANGE_STATUS':
      return flow.status === operation.request.status ? flow : { ...flow, status: operation.request.status };
    case 'CHANGE_FOLDER':
      return flow.folderId === operation.request.folderId ? flow : { ...flow, folderId: operation.request.folderId };
    case 'LOCK_AND_PUBLISH': {
      if (!options.versionId) throw invalidOperation('LOCK_AND_PUBLISH needs the id of the version being published');
      return { ...flow, publishedVersionId: options.versionId, status: operation.request.status ?? 'ENABLED' };
    }
    default:
      return flow;
  }
}

