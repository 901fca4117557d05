/**
 * The real transport: POST /api/workflow/version/autosave, POST /api/workflow/publish and GET
 * /api/workflow/{id} (SPEC §7) over the app's one HTTP client core (src/api/http-core.ts: the 30 s timeout
 * of SPEC §9, the bearer token, a single-flight refresh on a 401 and one retry), its ApiErrors turned into
 * the TransportErrors the autosave queue tells apart.
 *
 * The worker cannot read localStorage, and token refresh is serialised across tabs on the UI thread
 * (src/api/token-refresh.ts), so both are injected: `getAccessToken` and, for a 401, `refreshAccessToken`
 * (typically comlink proxies to the UI's functions). A failed refresh ends nothing here: the UI thread
 * already handles that (redirect to login).
 *
 * Replies are a trust boundary: their envelope is checked with the contract's schemas, and the version and
 * workflow are handed to injected parsers (the domain's schemas) so the core never works on a malformed version.
 */
import * as z from 'zod/mini';
import { ApiError } from '../api/api-error.ts';
import { createBearerSender, type CoreRequest } from '../api/http-core.ts';
import { autosaveReplySchema, publishReplySchema } from '../domain/contract/workflows.ts';
import { bodyBlob } from './autosave-body.ts';
import {
  TransportError,
  type AutosaveRequest,
  type AutosaveResponse,
  type CallOptions,
  type EditorTransport,
  type PublishRequest,
  type PublishResponse,
} from './transport.ts';

export const DEFAULT_API_BASE_URL = '/api';
export const AUTOSAVE_PATH = '/workflow/version/autosave';

export const PUBLISH_PATH = '/workflow/publish';

export interface HttpTransportOptions<TVersion, TWorkflow> {
  /** '/api' in the app; an absolute URL in Node (a worker resolves relative URLs against its own). */
  baseUrl?: string;
  getAccessToken: () => string | null | Promise<string | null>;
  /** Called once on a 401 before the single retry; should store a fresh token for `getAccessToken`. */
  refreshAccessToken?: () => Promise<void>;
  parseVersion?: (value: unknown) => TVersion;
  /**
   * Reads the version an autosave answers with; default `parseVersion`. The editor only needs its id and
   * `updated` stamp there, and a full parse of a 10,000-step version on every save blocked edits.
   */
  parseSavedVersion?: (value: unknown) => TVersion;
  parseWorkflow?: (value: unknown) => TWorkflow;
  fetch?: typeof fetch;
  timeoutMs?: number;
  timezone?: () => string | undefined;
  /**
   * Lets queued messages run while a large body is encoded (autosave-body.ts); the worker passes a
   * macrotask, so an edit is not held behind a save.
   */
  yieldToEvents?: () => Promise<void>;
}

/** The publish reply's envelope: its workflow is read by the injected `parseWorkflow`, as its version is. */
const publishEnvelopeSchema = z.extend(publishReplySchema, { workflow: z.unknown() });
/** GET /workflow/{id}'s envelope; what is inside is checked by `EditorCore.open`. */
const workflowEnvelopeSchema = z.object({ flow: z.looseObject({}), version: z.unknown() });

function requireObject(value: unknown): object {
  if (typeof value !== 'object' || value === null) throw new Error('expected an object');
  return value;
}

export class HttpTransport<TConfiguration = unknown, TVersion = unknown, TWorkflow = unknown>
  implements EditorTransport<TConfiguration, TVersion, TWorkflow>
{
  private readonly send: (request: CoreRequest) => Promise<unknown>;

  constructor(private readonly options: HttpTransportOptions<TVersion, TWorkflow>) {
    this.send = createBearerSender({
      baseUrl: options.baseUrl ?? DEFAULT_API_BASE_URL,
      getAccessToken: options.getAccessToken,
      ...(options.refreshAccessToken ? { refreshTokens: options.refreshAccessToken } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.timezone ? { timezone: options.timezone } : {}),
    });
  }

  async autosave(request: AutosaveRequest<TConfiguration>, call: CallOptions = {}): Promise<AutosaveResponse<TVersion>> {
    // A saver that reads only the saved version's id and stamp asks for just its head (?reply=head).
    const query = this.options.parseSavedVersion ? { reply: 'head' } : undefined;
    const body = await this.post(AUTOSAVE_PATH, request, call, query);
    const reply = autosaveReplySchema.safeParse(body);
    if (!reply.success) throw invalidReply(AUTOSAVE_PATH, reply.error);
    const version = this.options.parseSavedVersion ? this.options.parseSavedVersion(reply.data.version) : this.parse('version', reply.data.version);
    return { newVersionCreated: reply.data.newVersionCreated, version };
  }

  async publish(request: PublishRequest, call: CallOptions = {}): Promise<PublishResponse<TWorkflow, TVersion>> {
    const body = await this.post(PUBLISH_PATH, request, call);
    const reply = publishEnvelopeSchema.safeParse(body);
    if (!reply.success) throw invalidReply(PUBLISH_PATH, reply.error);
    return { workflow: this.parse('workflow', reply.data.workflow), version: this.parse('version', reply.data.version) };
  }

  async readWorkflow(flowId: string, call: CallOptions = {}): Promise<{ flow: unknown; version: unknown }> {
    const path = `/workflow/${encodeURIComponent(flowId)}`;
    const body = await this.request(() => this.send({ method: 'GET', path, ...(call.signal ? { signal: call.signal } : {}) }), call);
    const reply = workflowEnvelopeSchema.safeParse(body);
    if (!reply.success) throw invalidReply(path, reply.error);
    return { flow: reply.data.flow, version: reply.data.version };
  }

  private parse(kind: 'version', value: unknown): TVersion;
  private parse(kind: 'workflow', value: unknown): TWorkflow;
  private parse(kind: 'version' | 'workflow', value: unknown): TVersion | TWorkflow {
    const parser = kind === 'version' ? this.options.parseVersion : this.options.parseWorkflow;
    try {
      // Without a parser the caller asked for `unknown`-typed data; still refuse a non-object.
      return parser ? parser(value) : (requireObject(value) as TVersion | TWorkflow);
    } catch (error) {
      throw invalidReply(`${kind} in reply`, error);
    }
  }

  private async post(path: string, body: object, call: CallOptions, query?: Record<string, string>): Promise<unknown> {
    // A Blob, not the string: handing a 4 MB string to fetch held the worker for a quarter of a second
    // (measured at 10,000 steps), during which edits waited.
    const rawBody = await bodyBlob(body, this.options.yieldToEvents ? { yieldToEvents: this.options.yieldToEvents } : {});
    const request = { method: 'POST' as const, path, ...(query ? { query } : {}), ...(call.signal ? { signal: call.signal } : {}) };
    return this.request(() => this.send({ ...request, rawBody }), call);
  }

  /** One call, its failures turned into the TransportErrors the autosave queue tells apart. */
  private async request(sending: () => Promise<unknown>, call: CallOptions): Promise<unknown> {
    if (call.signal?.aborted) throw cancelled();
    try {
      return await sending();
    } catch (error) {
      if (call.signal?.aborted) throw cancelled();
      if (!(error instanceof ApiError)) throw new TransportError({ kind: 'network', message: 'Network error' });
      throw new TransportError({ kind: error.kind, status: error.status, message: error.message, ...(error.code ? { code: error.code } : {}) });
    }
  }
}

const cancelled = () => new TransportError({ kind: 'aborted', message: 'Request cancelled' });

function invalidReply(what: string, cause: unknown): TransportError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new TransportError({ kind: 'invalid-response', message: `Unexpected reply from ${what}: ${detail}` });
}
