/**
 * What the worker tells the editor store unasked (save status, read-only, history, a new draft, a stale
 * layout), applied to the store's observable fields. Runs inside the store's `onEvent` action.
 */
import type { FlatVersion } from '../../../../domain/flow/index.ts';
import type { AutosaveStatusEvent, EditorEvent, OpenResult } from '../../../../worker/index.ts';
import type { RightPanel } from './editor-view.ts';

/** The store's fields an event may change. */
export interface EditorEventTarget extends Pick<OpenResult, 'readOnly' | 'readOnlyReason' | 'publishing' | 'canUndo' | 'canRedo' | 'storageMode'> {
  save: AutosaveStatusEvent;
  rightPanel: RightPanel;
  readonly primary: string | null;
  version: FlatVersion | null;
  reloadRequested: number;
  requestLayout(): void;
}

export function applyEditorEvent(
  store: EditorEventTarget,
  event: EditorEvent,
  notify?: (kind: 'warning', message: string) => void,
): void {
  switch (event.type) {
    case 'save-status':
      store.save = event.status;
      break;
    case 'read-only':
      store.readOnly = event.readOnly;
      store.readOnlyReason = event.reason;
      if (event.readOnly && store.rightPanel === 'piece-settings' && store.primary === null) store.rightPanel = 'none';
      break;
    case 'publishing':
      store.publishing = event.publishing;
      break;
    case 'history':
      store.canUndo = event.canUndo;
      store.canRedo = event.canRedo;
      break;
    case 'storage-degraded':
      store.storageMode = event.detail.mode;
      notify?.('warning', 'Unsaved changes can not be kept on this device: browser storage is unavailable');
      break;
    case 'version-created':
      if (store.version) store.version = { ...store.version, id: event.versionId, state: 'DRAFT' };
      break;
    case 'reload-required':
      store.reloadRequested++;
      break;
    case 'layout-stale':
      store.requestLayout();
      break;
  }
}
