/**
 * What crosses the worker boundary: the inputs EditorCore parses, the results and events it sends, and
 * its one error type. Everything here is plain data (structured clone over comlink), and every input is
 * parsed with zod because the worker does not trust the messages it receives (STYLE: zod at every trust
 * boundary).
 */
import type { Patch } from 'immer';
import * as z from 'zod/mini';
import {
  flowSchema,
  runSchema,
  type FlatVersion,
  type Flow,
  type FlowErrorCode,
  type Run,
  type StoredFlowContent,
} from '../domain/flow/index.ts';
import type { AutosaveStatusEvent, ConflictChoice } from './autosave-queue.ts';
import type { StorageDegradedEvent, StorageMode } from './persistence.ts';
import type { EditorTransport } from './transport.ts';

export type { AutosaveStatusEvent, ConflictChoice, Flow, FlatVersion, Run, StorageDegradedEvent, StorageMode };

/** The transport as the core uses it: stored content out, flat versions and flows back (parsed). */
export type EditorTransportForCore = EditorTransport<StoredFlowContent, FlatVersion, Flow>;

/**
 * The workflow as the API sends it, as far as the editor uses it (the domain's `flowSchema`, which the
 * contract's `workflowSchema` extends); fields the editor does not use pass through untouched.
 */
export { flowSchema };

export const openInputSchema = z.object({
  flow: flowSchema,
  /** The version in the stored form the API sends (GET /workflow/{id}); checked by the domain. */
  version: z.unknown(),
  /** Overrides `flow.publishedVersionId` when the caller knows better (e.g. just fetched versions). */
  publishedVersionId: z.optional(z.nullable(z.string())),
  /** A run being inspected: its failed step is selected first (SPEC §4). */
  run: z.optional(runSchema),
});
export type OpenInput = z.input<typeof openInputSchema>;

/** What an open takes besides the workflow and its version. */
export const openExtraSchema = z.pick(openInputSchema, { publishedVersionId: true, run: true });

export const applyOptionsSchema = z.object({
  /**
   * Edits with the same key less than a second apart are one undo entry (typing in one field). The UI
   * knows the field: 'update:step_3:settings.input.url'. Absent: a default per operation (one step's
   * updates group together); null: never group this edit.
   */
  groupKey: z.optional(z.nullable(z.string())),
});
export type ApplyOptions = z.input<typeof applyOptionsSchema>;

export type ReadOnlyReason = 'published' | 'locked';

export interface EditorState {
  versionId: string;
  readOnly: boolean;
  readOnlyReason: ReadOnlyReason | null;
  valid: boolean;
  selected: string | null;
  save: AutosaveStatusEvent;
  publishing: boolean;
  canUndo: boolean;
  canRedo: boolean;
  /** 'memory' when the browser storage is unusable: unsaved changes would not survive a reload. */
  storageMode: StorageMode;
}

export interface OpenResult extends EditorState {
  /** The version the worker now holds: the UI mirrors exactly this and then applies patches to it. */
  version: FlatVersion;
  flow: Flow;
  /** Unsaved changes from an earlier session were restored and are being sent again. */
  recovered: boolean;
  /** Undo entries came back from storage. */
  historyRestored: boolean;
}

export interface EditResult {
  /** immer patches taking the UI's mirror from the previous version to the new one. */
  patches: Patch[];
  valid: boolean;
  selected: string | null;
  /** The save status right after the edit (usually 'saving', or 'unsaved' after undo/redo). */
  status: AutosaveStatusEvent['status'];
  canUndo: boolean;
  canRedo: boolean;
  /** What the next undo and redo will apply, when they move nothing on the canvas (replay-preview.ts). */
  next?: ReplayPreviews;
  /** The preview `entry` of the history entry this answer undid or redid. */
  replayed?: string;
}

/** The patches an undo or a redo will apply, named by entry (the same id and length means the same patches). */
export interface ReplayPreview {
  entry: string;
  patches: Patch[];
}

export interface ReplayPreviews {
  undo: ReplayPreview | null;
  redo: ReplayPreview | null;
}

export interface PublishResult {
  flow: Flow;
  version: FlatVersion;
}

export type EditorEvent =
  | { type: 'save-status'; versionId: string; status: AutosaveStatusEvent }
  | { type: 'read-only'; versionId: string; readOnly: boolean; reason: ReadOnlyReason | null }
  | { type: 'publishing'; versionId: string; publishing: boolean }
  | { type: 'history'; versionId: string; canUndo: boolean; canRedo: boolean }
  | { type: 'storage-degraded'; detail: StorageDegradedEvent }
  /**
   * The server made a new draft from our save (the version was published meanwhile); later saves go to
   * it. Its content is what the editor holds: only the id changed.
   */
  | { type: 'version-created'; previousVersionId: string; versionId: string }
  /** After a conflict the user chose 'reload': fetch the version again and `open` it. */
  | { type: 'reload-required'; versionId: string }
  /** The canvas layout sent was a quick one: ask for `layout()` again to get the refined one. */
  | { type: 'layout-stale' };

export type EditorListener = (event: EditorEvent) => void;

export type EditorErrorCode = FlowErrorCode | 'NOT_OPEN' | 'READ_ONLY' | 'BUSY';

/**
 * Every refusal of the core. `code` survives comlink (see expose.ts), so the UI can word it: READ_ONLY
 * (published or locked version), BUSY (saving or publishing), NOT_OPEN, or the domain's codes
 * (STEP_NOT_FOUND, FLOW_OPERATION_INVALID, VALIDATION).
 */
export class EditorError extends Error {
  readonly code: EditorErrorCode;

  constructor(code: EditorErrorCode, message: string) {
    super(message);
    this.name = 'EditorError';
    this.code = code;
  }
}

export function formatIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'malformed input';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
