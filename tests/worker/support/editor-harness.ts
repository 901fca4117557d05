/**
 * Drives a real EditorCore the way the app does: exposed with comlink on one end of a Node
 * MessageChannel and used through `Comlink.wrap` on the other, against a FakeServerTransport and
 * fake-indexeddb. `reload()` simulates a page reload: the core is disposed and a new one is created over
 * the same IndexedDB and the same server.
 */
import * as Comlink from 'comlink';
import { IDBFactory } from 'fake-indexeddb';
import { MessageChannel } from 'node:worker_threads';
import {
  applyOperation,
  applyVersionPatches,
  createAction,
  createEmptyVersion,
  flowOperationSchema,
  fromStoredVersion,
  toStoredVersion,
  type FlatVersion,
  type Flow,
  type FlowOperationInput,
  type StoredFlowContent,
  type StoredFlowVersion,
} from '../../../src/domain/flow/index.ts';
import { EditorCore } from '../../../src/worker/editor-core.ts';
import type { EditorEvent, OpenInput, OpenResult } from '../../../src/worker/editor-types.ts';
import { exposeEditorCore, type EditorWorkerApi } from '../../../src/worker/expose.ts';
import { FakeServerTransport, type FakeVersionRecord } from './fake-server-transport.ts';
import { ManualTimers, settle, waitUntil } from './manual-timers.ts';

export type FakeServer = FakeServerTransport<StoredFlowContent, FlatVersion, Flow>;

/** A draft with a valid trigger, a valid code step (step_1) and an unconfigured piece step (step_2). */
export function sampleVersion(fields: { id?: string; flowId?: string; state?: 'DRAFT' | 'LOCKED' } = {}): FlatVersion {
  let version = createEmptyVersion({ id: fields.id ?? 'v1', flowId: fields.flowId ?? 'f1', displayName: 'Orders' });
  const ops: FlowOperationInput[] = [
    {
      type: 'UPDATE_TRIGGER',
      request: {
        name: 'trigger',
        displayName: 'Every hour',
        type: 'PIECE_TRIGGER',
        valid: true,
        settings: { pieceName: '@activepieces/piece-schedule', pieceVersion: '~0.1.0', triggerName: 'every_hour', input: {} },
      },
    },
    { type: 'ADD_ACTION', request: { parentStep: 'trigger', stepLocationRelativeToParent: 'AFTER', action: createAction('CODE', 'step_1') } },
    { type: 'ADD_ACTION', request: { parentStep: 'step_1', stepLocationRelativeToParent: 'AFTER', action: createAction('PIECE', 'step_2') } },
  ];
  for (const op of ops) version = applyOperation(version, flowOperationSchema.parse(op));
  return fields.state === 'LOCKED' ? { ...version, state: 'LOCKED' } : version;
}

/** UPDATE_ACTION of the code step's input: what typing into its "url" field sends. */
export function typeUrl(url: string): FlowOperationInput {
  const action = createAction('CODE', 'step_1');
  if (action.type !== 'CODE') throw new Error('unreachable');
  return { type: 'UPDATE_ACTION', request: { ...action, settings: { ...action.settings, input: { url } } } };
}

export function addCodeStep(name: string, after: string): FlowOperationInput {
  return { type: 'ADD_ACTION', request: { parentStep: after, stepLocationRelativeToParent: 'AFTER', action: createAction('CODE', name) } };
}

export function createServer(version: FlatVersion, flow: Partial<Flow> = {}): FakeServer {
  const server: FakeServer = new FakeServerTransport<StoredFlowContent, FlatVersion, Flow>({
    toVersion: (record) => fromStoredVersion(storedOf(record)),
    toWorkflow: (record) => ({ id: record.id, status: record.status, folderId: null, publishedVersionId: record.publishedVersionId }),
  });
  const stored = toStoredVersion(version);
  server.seed(
    { id: version.flowId, status: flow.status ?? 'DISABLED', publishedVersionId: flow.publishedVersionId ?? null },
    [{ id: version.id, flowId: version.flowId, displayName: version.displayName, state: version.state, configuration: { displayName: stored.displayName, trigger: stored.trigger, steps: stored.steps } }],
  );
  return server;
}

/** The server's record as the stored version GET /workflow/{id} would return; `updated` counts saves. */
export function storedOf(record: FakeVersionRecord<StoredFlowContent>): StoredFlowVersion {
  const content = record.configuration!;
  return {
    id: record.id,
    flowId: record.flowId,
    displayName: record.displayName,
    state: record.state,
    valid: false,
    schemaVersion: null,
    updated: `rev-${record.saves}`,
    trigger: content.trigger,
    steps: content.steps,
  };
}

export function openInputFrom(server: FakeServer, versionId = 'v1'): OpenInput {
  const record = server.versions.get(versionId)!;
  const workflow = server.workflows.get(record.flowId)!;
  return {
    flow: { id: workflow.id, status: workflow.status, folderId: null, publishedVersionId: workflow.publishedVersionId },
    version: storedOf(record),
  };
}

export interface EditorHarness {
  remote: Comlink.Remote<EditorWorkerApi>;
  core: EditorCore;
  events: EditorEvent[];
  /** The UI's read-only copy, kept by applying the patches the worker answers with. */
  mirror: FlatVersion | null;
  open(input: OpenInput): Promise<OpenResult>;
  applyPatches(patches: Parameters<typeof applyVersionPatches>[1]): void;
  /** Events reach the UI asynchronously (a comlink call each): wait for the one a test expects. */
  waitForEvent(predicate: (event: EditorEvent, index: number, events: EditorEvent[]) => boolean, what?: string): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  server: FakeServer;
  indexedDB?: IDBFactory | null;
  timers?: ManualTimers;
  now?: () => number;
}

export async function startEditor(options: HarnessOptions): Promise<EditorHarness> {
  const core = new EditorCore({
    transport: options.server,
    indexedDB: options.indexedDB === undefined ? new IDBFactory() : options.indexedDB,
    ...(options.timers ? { timers: options.timers } : {}),
    ...(options.now ? { now: options.now } : {}),
    log: () => undefined,
  });
  const { port1, port2 } = new MessageChannel();
  exposeEditorCore(core, port1 as unknown as Comlink.Endpoint);
  const remote = Comlink.wrap<EditorWorkerApi>(port2 as unknown as Comlink.Endpoint);
  const events: EditorEvent[] = [];
  const unsubscribe = await remote.subscribe(Comlink.proxy((event: EditorEvent) => void events.push(event)));
  const harness: EditorHarness = {
    remote,
    core,
    events,
    mirror: null,
    async open(input) {
      const result = await remote.open(input);
      harness.mirror = result.version;
      return result;
    },
    applyPatches(patches) {
      harness.mirror = applyVersionPatches(harness.mirror!, patches);
    },
    waitForEvent: (predicate, what = 'an editor event') => waitUntil(() => events.some(predicate), what),
    async close() {
      await unsubscribe();
      unsubscribe[Comlink.releaseProxy]();
      await remote.dispose();
      remote[Comlink.releaseProxy]();
      port1.close();
      port2.close();
      // comlink releases proxies with a message round trip on their own ports; let those finish.
      await new Promise((resolve) => setTimeout(resolve, 10));
      await settle();
    },
  };
  return harness;
}

export { ManualTimers, settle };
