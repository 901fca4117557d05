/** Rows → the API's shapes (ids as text, timestamps as ISO strings). */
import type { StoredFlowVersion } from '../../src/domain/index.ts';
import { JsonText } from '../db/database.ts';
import { iso } from '../db/stored-values.ts';
import type { FlowListRow, FlowRow } from './flows-repository.ts';
import type { VersionRow, VersionSummaryRow } from './versions-repository.ts';

export interface FlowDto {
  id: string;
  displayName: string;
  status: FlowRow['status'];
  folderId: string | null;
  publishedVersionId: string | null;
  created: string;
  updated: string;
  /** Minutes saved per run (analytics' time saved). */
  timeSavedPerRun: number;
  /** Runs executing at once; null: no limit of its own (issue 15). */
  maxConcurrentRuns: number | null;
}

/** The domain's stored version (`toStoredVersion`) plus `created`; `updated` is always present. */
export type VersionDto = StoredFlowVersion & { created: string; updated: string };

export interface VersionSummaryDto {
  id: string;
  flowId: string;
  displayName: string;
  state: VersionSummaryRow['state'];
  valid: boolean;
  created: string;
  updated: string;
}

export interface WorkflowSummaryDto extends FlowDto {
  version: { id: string; state: VersionSummaryRow['state']; valid: boolean; updated: string };
  trigger: FlowListRow['trigger'];
  lastRun: { id: string; status: NonNullable<FlowListRow['last_run_status']>; startTime: string } | null;
}

export function toFlowDto(flow: FlowRow, displayName: string): FlowDto {
  return {
    id: flow.id,
    displayName,
    status: flow.status,
    folderId: flow.folder_id,
    publishedVersionId: flow.published_version_id,
    created: iso(flow.created),
    updated: iso(flow.updated),
    timeSavedPerRun: Number(flow.time_saved_per_run ?? 0),
    maxConcurrentRuns: flow.max_concurrent_runs ?? null,
  };
}

/**
 * The stored content was produced by the domain (`toStoredContent`) when it was written, so it is sent
 * as it is, without re-validating a possibly large flow on every read.
 */
export function toVersionDto(row: VersionRow): VersionDto {
  return { ...versionHead(row), trigger: row.content.trigger, steps: row.content.steps };
}

/** Every field of a version's DTO but its content. */
export function versionHead(row: Omit<VersionRow, 'content'>): Omit<VersionDto, 'trigger' | 'steps'> {
  return {
    id: row.id,
    flowId: row.flow_id,
    displayName: row.display_name,
    state: row.state,
    valid: row.valid,
    schemaVersion: row.schema_version,
    created: iso(row.created),
    updated: iso(row.updated),
  };
}

/**
 * A version's DTO as JSON from its stored content's JSON (text, or UTF-8 bytes from a worker thread), for
 * large writes answered without turning their content into objects and back (the fields of
 * toVersionDto; content last): the parts to write one after the other.
 */
export function versionDtoParts(row: Omit<VersionRow, 'content'>, contentJson: string | JsonText | Uint8Array): Array<string | Uint8Array> {
  const head = versionHead(row);
  // The content's text opens with '{' (one byte): what follows it continues the head's object.
  const bytes = contentJson instanceof JsonText ? contentJson.bytes : contentJson;
  const rest = typeof bytes === 'string' ? bytes.slice(1) : bytes.subarray(1);
  return [`${JSON.stringify(head).slice(0, -1)},`, rest];
}

export function toVersionSummaryDto(row: VersionSummaryRow): VersionSummaryDto {
  return {
    id: row.id,
    flowId: row.flow_id,
    displayName: row.display_name,
    state: row.state,
    valid: row.valid,
    created: iso(row.created),
    updated: iso(row.updated),
  };
}

export function toWorkflowSummaryDto(row: FlowListRow): WorkflowSummaryDto {
  return {
    ...toFlowDto(row, row.display_name),
    version: { id: row.version_id, state: row.version_state, valid: row.version_valid, updated: iso(row.version_updated) },
    trigger: row.trigger ? { type: row.trigger.type, pieceName: row.trigger.pieceName ?? null, triggerName: row.trigger.triggerName ?? null } : null,
    lastRun: row.last_run_id && row.last_run_status && row.last_run_start ? { id: row.last_run_id, status: row.last_run_status, startTime: iso(row.last_run_start) } : null,
  };
}

/** `{flow, version}`: what GET /workflow/{id} and every creating call answer. */
export function toWorkflowDto(flow: FlowRow, version: VersionRow): { flow: FlowDto; version: VersionDto } {
  return { flow: toFlowDto(flow, version.display_name), version: toVersionDto(version) };
}
