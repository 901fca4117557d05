/**
 * What happened to the user's changes: Saving… / Saved / Unsaved changes / Offline — kept on this device
 * (a save that could not reach the server: the changes wait in this browser and are sent when it can).
 * While a large version is drawn but not yet checked by the worker: Opening… (nothing can be edited yet).
 */
import { observer } from 'mobx-react-lite';
import { Check, CloudOff, Loader2, CircleDot, AlertTriangle } from 'lucide-react';
import type { EditorStore } from './store/editor-store.ts';

export type SaveLabel = 'Opening…' | 'Saving…' | 'Saved' | 'Unsaved changes' | 'Offline — kept on this device' | 'Changed elsewhere';

export function saveLabel(store: Pick<EditorStore, 'save' | 'storageMode' | 'confirming'>): SaveLabel {
  if (store.confirming) return 'Opening…';
  const { status, error } = store.save;
  if (status === 'saving') return 'Saving…';
  if (status === 'saved') return 'Saved';
  if (status === 'conflict') return 'Changed elsewhere';
  // A failure without an HTTP status (absent, or 0 as the transport reports "no response") never reached
  // the server: offline (or the server is down).
  if (status === 'error' && !error?.status && store.storageMode === 'indexeddb') return 'Offline — kept on this device';
  return 'Unsaved changes';
}

export const SaveIndicator = observer(function SaveIndicator({ store }: { store: EditorStore }) {
  const label = saveLabel(store);
  const size = { width: 14, height: 14, 'aria-hidden': true } as const;
  const icon =
    label === 'Saving…' || label === 'Opening…' ? (
      <Loader2 {...size} className="spin" />
    ) : label === 'Saved' ? (
      <Check {...size} />
    ) : label === 'Offline — kept on this device' ? (
      <CloudOff {...size} />
    ) : label === 'Changed elsewhere' ? (
      <AlertTriangle {...size} />
    ) : (
      <CircleDot {...size} />
    );
  const detail = store.save.status === 'error' && store.save.error ? store.save.error.message : undefined;
  return (
    <span className={`save-indicator save-${store.confirming ? 'opening' : store.save.status}`} role="status" aria-live="polite" title={detail} data-testid="save-indicator">
      {icon}
      {label}
    </span>
  );
});
