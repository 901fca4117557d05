/**
 * The real transport: POST /api/workflow/version/autosave and POST /api/workflow/publish (SPEC §7) with
 * fetch, a bearer token and the 30 s request timeout of SPEC §9.
 *
 * The worker cannot read localStorage, and token refresh is serialised across tabs on the UI thread
 * (src/api/token-refresh.ts), so both are injected: `getAccessToken` and, for a 401, `refreshAccessToken`
 * (typically comlink proxies to the UI's functions). A 401 refreshes once and retries once; anything else
 * that fails becomes a TransportError for the autosave queue to retry.
 *
 * Replies are a trust boundary: their shape is checked here, and the version and workflow are handed to
 * injected parsers (the domain's schemas) so the core never works on a malformed version.
 */
import { storedContentJson } from './version-records.ts';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '../domain/index.ts';
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

/**
 * The request body as JSON; an autosave's `configuration` comes from the per-step text cache
 * (version-records.ts), so a 10,000-step save after one edit does not stringify 10,000 steps again.
 */
export function bodyJson(body: unknown): string {
  const configuration = (body as { configuration?: unknown } | null)?.configuration;
  const cached = storedContentJson(configuration);
  if (cached === undefined) return JSON.stringify(body);
  // Stringified with a placeholder, then the cached text put in its place. Quotes inside string values
  // are escaped by JSON.stringify, so the only unescaped `"configuration":0` is the key itself.
  const text = JSON.stringify({ ...(body as object), configuration: 0 });
  return text.replace('"configuration":0', () => `"configuration":${cached}`);
}

export const PUBLISH_PATH = '/workflow/publish';
export const TRANSPORT_TIMEOUT_MS = 30_000;

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
}

const autosaveReplySchema = z.object({ newVersionCreated: z.boolean(), version: z.unknown() });
const publishReplySchema = z.object({ workflow: z.unknown(), version: z.unknown() });

function defaultTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

function requireObject(value: unknown): object {
  if (typeof value !== 'object' || value === null) throw new Error('expected an object');
  return value;
}

export class HttpTransport<TConfiguration = unknown, TVersion = unknown, TWorkflow = unknown>
  implements EditorTransport<TConfiguration, TVersion, TWorkflow>
{
  private readonly baseUrl: string;

  constructor(private readonly options: HttpTransportOptions<TVersion, TWorkflow>) {
    this.baseUrl = options.baseUrl ?? DEFAULT_API_BASE_URL;
  }

  async autosave(request: AutosaveRequest<TConfiguration>, call: CallOptions = {}): Promise<AutosaveResponse<TVersion>> {
    const body = await this.post(AUTOSAVE_PATH, request, call);
    const reply = autosaveReplySchema.safeParse(body);
    if (!reply.success) throw invalidReply(AUTOSAVE_PATH, reply.error);
    const version = this.options.parseSavedVersion ? this.options.parseSavedVersion(reply.data.version) : this.parse('version', reply.data.version);
    return { newVersionCreated: reply.data.newVersionCreated, version };
  }

  async publish(request: PublishRequest, call: CallOptions = {}): Promise<PublishResponse<TWorkflow, TVersion>> {
    const body = await this.post(PUBLISH_PATH, request, call);
    const reply = publishReplySchema.safeParse(body);
    if (!reply.success) throw invalidReply(PUBLISH_PATH, reply.error);
    return { workflow: this.parse('workflow', reply.data.workflow), version: this.parse('version', reply.data.version) };
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

  private async post(path: string, body: unknown, call: CallOptions): Promise<unknown> {
    const token = await this.options.getAccessToken();
    try {
      return await this.send(path, body, token, call);
    } catch (error) {
      if (!(error instanceof TransportError) || error.status !== 401 || !this.options.refreshAccessToken) throw error;
      try {
        await this.options.refreshAccessToken();
      } catch {
        throw error; // the session is over; the UI thread already handles that (redirect to login)
      }
      return this.send(path, body, await this.options.getAccessToken(), call);
    }
  }

  private async send(path: string, body: unknown, token: string | null, call: CallOptions): Promise<unknown> {
    if (call.signal?.aborted) throw new TransportError({ kind: 'aborted', message: 'Request cancelled' });
    const doFetch = this.options.fetch ?? globalThis.fetch.bind(globalThis);
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? TRANSPORT_TIMEOUT_MS);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const timezone = (this.options.timezone ?? defaultTimezone)();
    if (timezone) headers['X-Timezone'] = timezone;

    let response: Response;
    try {
      // A Blob, not the string: handing a 4 MB string to fetch held the worker for a quarter of a second
      // (measured at 10,000 steps), during which edits waited.
      const payload = new Blob([bodyJson(body)], { type: 'application/json' });
      response = await doFetch(`${this.baseUrl}${path}`, { method: 'POST', headers, body: payload, signal });
    } catch {
      if (call.signal?.aborted) throw new TransportError({ kind: 'aborted', message: 'Request cancelled' });
      if (timeout.aborted) throw new TransportError({ kind: 'timeout', message: 'Request timed out' });
      throw new TransportError({ kind: 'network', message: 'Network error' });
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (!response.ok) {
      const known = apiErrorBodySchema.safeParse(parsed);
      throw new TransportError({
        kind: 'http',
        status: response.status,
        message: known.success ? known.data.message : `Request failed with status ${response.status}`,
        ...(known.success ? { code: known.data.code } : {}),
      });
    }
    return parsed;
  }
}

function invalidReply(what: string, cause: unknown): TransportError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new TransportError({ kind: 'invalid-response', message: `Unexpected reply from ${what}: ${detail}` });
}
