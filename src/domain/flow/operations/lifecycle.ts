/**
 * The version's life: its name, locking (LOCK_FLOW; the version part of LOCK_AND_PUBLISH) and USE_AS_DRAFT,
 * which makes the draft a copy of another version (its name, trigger and steps). The flow part of
 * publishing lives in flow-operations.ts.
 */
import type { VersionEdit } from '../edit.ts';
import type { ChangeNameRequest, UseAsDraftRequest } from '../operation-schemas.ts';
import { buildFromStoredContent } from '../stored-form.ts';

export function changeName(edit: VersionEdit, request: ChangeNameRequest): void {
  edit.root.displayName = request.displayName;
}

export function lock(edit: VersionEdit): void {
  edit.root.state = 'LOCKED';
}

export function useAsDraft(edit: VersionEdit, request: UseAsDraftRequest): void {
  edit.replaceAll(buildFromStoredContent(request.version));
  edit.root.displayName = request.version.displayName;
}
