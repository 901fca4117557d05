/**
 * What opening a version takes and finds, apart from the session it starts (editor-core.ts): the open
 * request checked, and what the browser kept for the version (unsaved changes, the undo history) read
 * back as untrusted (version-records.ts).
 */
import { fromStoredVersion, type FlatVersion, type Flow } from '../domain/flow/index.ts';
import { asEditorError } from './edit-rules.ts';
import { EditorError, formatIssue, openInputSchema, type OpenInput, type ReadOnlyReason } from './editor-types.ts';
import type { HistoryOptions, UndoHistory } from './history.ts';
import type { EditorStorage } from './persistence.ts';
import { readUnsavedPieces } from './unsaved-record.ts';
import { readHistoryRecord, readUnsavedRecord } from './version-records.ts';
import type { FlowOperation } from '../domain/flow/index.ts';

/** An open's input once checked. */
export type CheckedOpen = { flow: Flow; version: FlatVersion } & Pick<OpenInput, 'publishedVersionId' | 'run'>;

export function checkOpenInput(input: OpenInput): CheckedOpen {
  const parsed = openInputSchema.safeParse(input);
  if (!parsed.success) throw new EditorError('VALIDATION', `Invalid open request: ${formatIssue(parsed.error)}`);
  let version: FlatVersion;
  try {
    version = fromStoredVersion(parsed.data.version);
  } catch (error) {
    throw asEditorError(error);
  }
  const { version: _stored, flow, ...extra } = parsed.data;
  return { ...extra, flow: flow as Flow, version };
}

export interface KeptState {
  readOnlyReason: ReadOnlyReason | null;
  /** The unsaved changes recovered, or null. */
  recovered: FlatVersion | null;
  /** What the editor opens: the recovered changes, else the server's version. */
  version: FlatVersion;
  history: UndoHistory<FlowOperation>;
  historyRestored: boolean;
}

export async function readKeptState(storage: EditorStorage, input: CheckedOpen, historyOptions: HistoryOptions): Promise<KeptState> {
  const { flow, version: serverVersion } = input;
  const publishedId = input.publishedVersionId !== undefined ? input.publishedVersionId : flow.publishedVersionId;
  const readOnlyReason = serverVersion.id === publishedId ? 'published' : serverVersion.state === 'LOCKED' ? 'locked' : null;
  // A read-only version cannot take recovered changes; they stay stored rather than being thrown away.
  const recovered = readOnlyReason ? null : readUnsavedRecord(await readUnsavedPieces(storage, serverVersion.id), serverVersion.id);
  const version = recovered ?? serverVersion;
  const stored = await storage.get('history', serverVersion.id);
  const { history, restored } = readHistoryRecord(stored, version, recovered !== null, historyOptions);
  return { readOnlyReason, recovered, version, history, historyRestored: restored };
}
