/**
 * An in-memory server for the editor's two calls, so the worker tests drive the real EditorCore in Node
 * without HTTP. It behaves like the API where the editor can tell (saves land in order, publish
 * locks the version and points the workflow at it) and can be told to misbehave: fail the next N calls,
 * answer 409, answer slowly, or hold every call until released. It records every call and the highest
 * number of calls in flight at once, so tests can check "one save at a time, in order".
 */
import {
  TransportError,
  type AutosaveRequest,
  type AutosaveResponse,
  type CallOptions,
  type EditorTransport,
  type PublishRequest,
  type PublishResponse,
} from '../../../src/worker/transport.ts';

export interface FakeVersionRecord<TConfiguration> {
  id: string;
  flowId: string;
  displayName: string;
  state: 'DRAFT' | 'LOCKED';
  configuration: TConfiguration | undefined;
  /** How many saves the server accepted for this version. */
  saves: number;
}

export interface FakeWorkflowRecord {
  id: string;
  publishedVersionId: string | null;
  status: 'ENABLED' | 'DISABLED';
}

export type FakeCall<TConfiguration> =
  | { type: 'autosave'; request: AutosaveRequest<TConfiguration>; outcome: 'ok' | 'failed' | 'conflict' }
  | { type: 'publish'; request: PublishRequest; outcome: 'ok' | 'failed' | 'conflict' };

export interface FakeServerOptions<TConfiguration, TVersion, TWorkflow> {
  /** Turns a stored record into the `version` of a reply (the domain's version type in the real app). */
  toVersion: (record: FakeVersionRecord<TConfiguration>) => TVersion;
  toWorkflow: (record: FakeWorkflowRecord) => TWorkflow;
  /** Wait this long before answering each call (real timers). */
  delayMs?: number;
}

type Trouble = { kind: 'fail'; status: number } | { kind: 'conflict' };

export class FakeServerTransport<TConfiguration = unknown, TVersion = unknown, TWorkflow = unknown>
  implements EditorTransport<TConfiguration, TVersion, TWorkflow>
{
  readonly versions = new Map<string, FakeVersionRecord<TConfiguration>>();
  readonly workflows = new Map<string, FakeWorkflowRecord>();
  readonly calls: FakeCall<TConfiguration>[] = [];
  delayMs: number;
  private troubles: Trouble[] = [];
  private inFlight = 0;
  private held: Array<() => void> | null = null;
  maxInFlight = 0;

  constructor(private readonly options: FakeServerOptions<TConfiguration, TVersion, TWorkflow>) {
    this.delayMs = options.delayMs ?? 0;
  }

  /** Registers what the server already holds (what GET /workflow/{id} would have returned). */
  seed(workflow: FakeWorkflowRecord, versions: Array<Omit<FakeVersionRecord<TConfiguration>, 'saves'>>): void {
    this.workflows.set(workflow.id, { ...workflow });
    for (const version of versions) this.versions.set(version.id, { ...version, saves: 0 });
  }

  /** The next `count` calls fail with this status (500 by default; 0 means a network error). */
  failNext(count: number, status = 500): void {
    for (let i = 0; i < count; i++) this.troubles.push({ kind: 'fail', status });
  }

  /** Forgets failures and conflicts still planned (the network is back). */
  recover(): void {
    this.troubles = [];
  }

  /** The next call answers 409 (the version changed elsewhere). */
  conflictNext(): void {
    this.troubles.push({ kind: 'conflict' });
  }

  /** Calls wait until `release()`; lets a test act while a save is in flight. */
  hold(): void {
    this.held ??= [];
  }

  release(): void {
    const waiting = this.held ?? [];
    this.held = null;
    for (const resume of waiting) resume();
  }

  /** Saves received for one version, in arrival order. */
  autosaves(versionId?: string): AutosaveRequest<TConfiguration>[] {
    return this.calls
      .filter((call): call is Extract<FakeCall<TConfiguration>, { type: 'autosave' }> => call.type === 'autosave')
      .filter((call) => versionId === undefined || call.request.version_id === versionId)
      .map((call) => call.request);
  }

  async autosave(request: AutosaveRequest<TConfiguration>, call: CallOptions = {}): Promise<AutosaveResponse<TVersion>> {
    // Copy as a real request would: later edits by the caller must not change what the server received.
    const received = structuredClone(request);
    return this.handle(call, (outcome) => this.calls.push({ type: 'autosave', request: received, outcome }), () => {
      const record = this.versions.get(received.version_id);
      if (!record) throw new TransportError({ kind: 'http', status: 404, code: 'ENTITY_NOT_FOUND', message: 'Version not found' });
      if (record.state === 'LOCKED') {
        // As the API does: saving onto a locked version starts a new draft from it.
        const draft: FakeVersionRecord<TConfiguration> = {
          ...record,
          id: `${record.id}-draft-${this.versions.size}`,
          state: 'DRAFT',
          displayName: received.display_name,
          configuration: received.configuration,
          saves: 1,
        };
        this.versions.set(draft.id, draft);
        return { newVersionCreated: true, version: this.options.toVersion(draft) };
      }
      record.configuration = received.configuration;
      record.displayName = received.display_name;
      record.saves++;
      return { newVersionCreated: false, version: this.options.toVersion(record) };
    });
  }

  async publish(request: PublishRequest, call: CallOptions = {}): Promise<PublishResponse<TWorkflow, TVersion>> {
    const received = { ...request };
    return this.handle(call, (outcome) => this.calls.push({ type: 'publish', request: received, outcome }), () => {
      const workflow = this.workflows.get(received.workflow_id);
      const version = this.versions.get(received.version_id);
      if (!workflow || !version || version.flowId !== workflow.id) {
        throw new TransportError({ kind: 'http', status: 404, code: 'FLOW_NOT_FOUND', message: 'Workflow not found' });
      }
      version.state = 'LOCKED';
      workflow.publishedVersionId = version.id;
      workflow.status = 'ENABLED';
      return { workflow: this.options.toWorkflow(workflow), version: this.options.toVersion(version) };
    });
  }

  private async handle<T>(call: CallOptions, record: (outcome: 'ok' | 'failed' | 'conflict') => void, answer: () => T): Promise<T> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.held) await new Promise<void>((resume) => this.held?.push(resume));
      if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      if (call.signal?.aborted) throw new TransportError({ kind: 'aborted', message: 'Request cancelled' });
      const trouble = this.troubles.shift();
      if (trouble?.kind === 'conflict') {
        record('conflict');
        throw new TransportError({ kind: 'http', status: 409, code: 'FLOW_OPERATION_INVALID', message: 'The version changed elsewhere' });
      }
      if (trouble?.kind === 'fail') {
        record('failed');
        if (trouble.status === 0) throw new TransportError({ kind: 'network', message: 'Network error' });
        throw new TransportError({ kind: 'http', status: trouble.status, message: `Request failed with status ${trouble.status}` });
      }
      try {
        const result = answer();
        record('ok');
        return result;
      } catch (error) {
        record('failed');
        throw error;
      }
    } finally {
      this.inFlight--;
    }
  }
}
