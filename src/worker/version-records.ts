/**
 * The two records the editor keeps per version in the browser (persistence.ts), and how they are read
 * back. Both are read as untrusted: another build or a half-written session may have left them, and a
 * record that does not parse is ignored (an empty history, no recovered changes), never fatal.
 *
 * - 'unsaved': the newest version the server has not confirmed, in the domain's stored form (flat, so
 *   the structured clone never recurses down a long chain). Written before each save request, deleted
 *   when the server has it.
 * - 'history': the undo/redo stacks plus `anchor`, the server's `updated` stamp of the version they end
 *   at. If the version changed elsewhere since (another tab or device), the stored patches no longer fit
 *   it and the history is dropped instead of being applied to the wrong state.
 */
import * as z from 'zod/mini';
import {
  flowOperationSchema,
  fromStoredVersion,
  toStoredVersion,
  type FlatVersion,
  type FlowOperation,
  type StoredFlowContent,
  type StoredFlowVersion,
} from '../domain/flow/index.ts';
import { restoreHistory, type HistoryOptions, type SerializedHistory, type UndoHistory } from './history.ts';

export interface UnsavedRecord {
  formatVersion: 1;
  savedAt: number;
  version: StoredFlowVersion;
}

export interface HistoryRecord {
  formatVersion: 1;
  anchor: string | null;
  history: SerializedHistory<FlowOperation>;
}

const unsavedRecordSchema = z.object({ formatVersion: z.literal(1), savedAt: z.number(), version: z.unknown() });
const historyRecordSchema = z.object({ formatVersion: z.literal(1), anchor: z.nullable(z.string()), history: z.unknown() });

// Converting a 10,000-step version walks every step; a payload is stored, then sent, so convert it once.
const storedVersions = new WeakMap<FlatVersion, StoredFlowVersion>();
const storedContents = new WeakMap<FlatVersion, StoredFlowContent>();

export function storedVersionOf(version: FlatVersion): StoredFlowVersion {
  let stored = storedVersions.get(version);
  if (!stored) {
    stored = toStoredVersion(version);
    storedVersions.set(version, stored);
  }
  return stored;
}

/** The autosave `configuration`: the domain's compact stored content. */
export function storedContentOf(version: FlatVersion): StoredFlowContent {
  let content = storedContents.get(version);
  if (!content) {
    const { displayName, trigger, steps } = storedVersionOf(version);
    content = { displayName, trigger, steps };
    storedContents.set(version, content);
  }
  return content;
}

export function unsavedRecordOf(version: FlatVersion, now: number): UnsavedRecord {
  return { formatVersion: 1, savedAt: now, version: storedVersionOf(version) };
}

/** The recovered version, or null when there is none or it cannot be trusted. */
export function readUnsavedRecord(value: unknown, versionId: string): FlatVersion | null {
  const record = unsavedRecordSchema.safeParse(value);
  if (!record.success) return null;
  try {
    const version = fromStoredVersion(record.data.version);
    return version.id === versionId ? version : null;
  } catch {
    return null;
  }
}

export function historyRecordOf(history: UndoHistory<FlowOperation>, anchor: string | null): HistoryRecord {
  return { formatVersion: 1, anchor, history: history.toJSON() };
}

/**
 * The stored history if it still fits `version`: when the version came from the server (nothing was
 * recovered) its `updated` must match the stamp the history was saved with.
 */
export function readHistoryRecord(
  value: unknown,
  version: FlatVersion,
  fromRecoveredChanges: boolean,
  options: HistoryOptions,
): { history: UndoHistory<FlowOperation>; restored: boolean } {
  const record = historyRecordSchema.safeParse(value);
  const stale =
    record.success &&
    !fromRecoveredChanges &&
    record.data.anchor !== null &&
    version.updated !== undefined &&
    record.data.anchor !== version.updated;
  const history = restoreHistory(record.success && !stale ? record.data.history : undefined, flowOperationSchema, options);
  return { history, restored: history.canUndo || history.canRedo };
}
