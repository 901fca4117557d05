/**
 * IMPORT_FLOW: replaces the version's name, trigger and every step with an Activepieces-shaped flow
 * (SPEC §4). The nested trigger is validated node by node while it is converted (nested-import.ts);
 * a bad node throws VALIDATION and nothing changes. Canvas notes are ignored (Flowsmith has none).
 */
import type { VersionEdit } from '../edit.ts';
import { buildFromNestedTrigger } from '../nested-import.ts';
import type { ImportFlowRequest } from '../operation-schemas.ts';

export function importFlow(edit: VersionEdit, request: ImportFlowRequest): void {
  edit.replaceAll(buildFromNestedTrigger(request.trigger));
  edit.root.displayName = request.displayName;
}
