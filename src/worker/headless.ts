/**
 * `flowsmith/core`: the editor core for scripts, tests and benchmarks, without a browser. It is the same
 * `EditorCore` the browser's worker runs (nothing re-implemented), opened over an in-memory server or the
 * real API, with the flow file readers and the two forms (nested, flat) beside it. README → "The editor
 * core from your own code" shows it in use; tests/worker/headless-readme.test.ts runs that example.
 */
import {
  toNestedFlow,
  toNestedFlowJson,
  toStoredContent,
  toStoredVersion,
  type FlatVersion,
  type Flow,
  type FlowOperationInput,
  type NestedFlowVersion,
  type StoredFlowContent,
  type StoredFlowVersion,
} from '../domain/flow/index.ts';
import { apiTransport } from './api-transport.ts';
import { EditorCore } from './editor-core.ts';
import { EditorError, type ApplyOptions, type EditorTransportForCore, type EditResult } from './editor-types.ts';
import { readFlowFile } from './flow-file.ts';
import type { AutosaveRequest, AutosaveResponse, PublishRequest, PublishResponse } from './transport.ts';

export { FlowFileError, readFlowFile } from './flow-file.ts';
export { EditorError, type EditResult, type ApplyOptions } from './editor-types.ts';
export { EditorCore } from './editor-core.ts';
export type { FlatStep, FlatVersion, FlowOperationInput, NestedFlowVersion, StoredFlowVersion } from '../domain/flow/index.ts';
export { toNestedFlow, toNestedFlowJson, fromNestedFlow, toStoredVersion } from '../domain/flow/index.ts';

/**
 * A server that keeps each saved version in memory: what the API's autosave and publish would keep, so a
 * script can read back what was saved. No network, no database.
 */
export class MemoryServer implements EditorTransportForCore {
  saves = 0;
  lastSaved: StoredFlowContent | null = null;
  private stamp = 0;

  async autosave(request: AutosaveRequest<StoredFlowContent>): Promise<AutosaveResponse<FlatVersion>> {
    this.saves++;
    this.lastSaved = request.configuration;
    this.stamp++;
    return { newVersionCreated: false, version: { id: request.version_id, updated: new Date(this.stamp).toISOString() } as FlatVersion };
  }

  async publish(request: PublishRequest): Promise<PublishResponse<Flow, FlatVersion>> {
    throw new EditorError('VALIDATION', `Publishing needs the real API (version ${request.version_id})`);
  }
}

export interface OpenOptions {
  /** Where saves go; an in-memory server by default. */
  server?: EditorTransportForCore;
  /** Milliseconds between an edit and its save (the browser waits 3 s between typing bursts). */
  autosaveDelayMs?: number;
}

/** One open flow: apply SPEC §4 operations, undo and redo, and read the version in either form. */
export class HeadlessEditor {
  constructor(
    readonly core: EditorCore,
    readonly server: EditorTransportForCore,
  ) {}

  /** The version as edited so far (the flat form; treat it as read-only). */
  get version(): FlatVersion {
    const version = this.core.currentVersion();
    if (!version) throw new EditorError('NOT_OPEN', 'The editor is closed');
    return version;
  }

  /** SPEC §4: the flow is valid only if all its steps are valid. */
  get valid(): boolean {
    return this.version.valid;
  }

  get stepCount(): number {
    return this.version.steps.reduce((count, step) => (step ? count + 1 : count), 0);
  }

  /** Undo and redo entries by description, oldest first. */
  get history(): { undo: string[]; redo: string[] } {
    return this.core.historyDescriptions();
  }

  apply(operation: FlowOperationInput, options?: ApplyOptions): EditResult {
    return this.core.apply(operation, options);
  }

  /** Several operations as one undo entry. */
  applyBatch(operations: readonly FlowOperationInput[], description?: string): EditResult {
    return this.core.applyBatch(operations, {}, description);
  }

  undo(): EditResult | null {
    return this.core.undo();
  }

  redo(): EditResult | null {
    return this.core.redo();
  }

  /** SPEC §3's nested form (Activepieces' shape). */
  toNested(): NestedFlowVersion {
    return toNestedFlow(this.version);
  }

  /** The nested form as JSON text, written without recursion (any length of chain). */
  toNestedJson(): string {
    return toNestedFlowJson(this.version);
  }

  /** The stored flat form the API keeps (`trigger` + `steps`). */
  toFlat(): StoredFlowVersion {
    return toStoredVersion(this.version);
  }

  toStoredContent(): StoredFlowContent {
    return toStoredContent(this.version);
  }

  /** Sends every pending save now. */
  save(): Promise<void> {
    return this.core.flush();
  }

  /** Saves what is pending, then ends the session. */
  async close(): Promise<void> {
    try {
      await this.core.flush();
    } finally {
      await this.core.dispose();
    }
  }
}

async function openVersion(flow: Flow, version: StoredFlowVersion, options: OpenOptions): Promise<HeadlessEditor> {
  const server = options.server ?? new MemoryServer();
  const core = newCore(server, options);
  await core.open({ flow: { ...flow }, version });
  return new HeadlessEditor(core, server);
}

function newCore(server: EditorTransportForCore, options: { autosaveDelayMs?: number }): EditorCore {
  return new EditorCore({ transport: server, indexedDB: null, autosaveDelayMs: options.autosaveDelayMs ?? 3000, log: () => undefined });
}

/** Opens a flow file's text (Activepieces' nested export, ours, or the stored flat form). */
export function openFlowFile(text: string, options: OpenOptions = {}): Promise<HeadlessEditor> {
  return openFlow(readFlowFile(text), options);
}

/** Opens a version already in the flat form (a generated flow, or one read with `readFlowFile`). */
export function openFlow(version: FlatVersion, options: OpenOptions = {}): Promise<HeadlessEditor> {
  const flow: Flow = { id: version.flowId, status: 'DISABLED', folderId: null, publishedVersionId: null } as Flow;
  return openVersion(flow, { ...toStoredVersion(version), state: 'DRAFT' }, options);
}

export interface ApiOptions {
  /** The API's root, e.g. http://127.0.0.1:3000/api */
  apiUrl: string;
  /** An API key (Settings → API keys) or an access token. */
  token: string;
  workflowId: string;
  autosaveDelayMs?: number;
}

/** Opens a workflow's current version from a running server; edits are saved there as the browser would. */
export async function openWorkflow(options: ApiOptions): Promise<HeadlessEditor> {
  const server = apiTransport({ baseUrl: options.apiUrl, getAccessToken: () => options.token });
  const core = newCore(server, options);
  // The browser's worker opens it the same way: read through the transport, checked by the core.
  await core.openWorkflow(options.workflowId);
  return new HeadlessEditor(core, server);
}
