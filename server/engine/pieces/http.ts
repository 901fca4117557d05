/**
 * The HTTP piece's send_request. `node:http` rather than fetch because only it lets us hand the socket a
 * `lookup`: the address is checked at the moment of connecting, so a name that resolves to a public
 * address when checked and to 127.0.0.1 when connected (DNS rebinding) is still refused. Redirects are
 * followed by hand for the same reason: each hop is checked like the first.
 */
import { promises as dns, type LookupAddress } from 'node:dns';
import http, { validateHeaderName, validateHeaderValue, type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isBlankValue, numberOf } from '../../../src/domain/pieces/index.ts';
import type { PieceAction } from '../execute-flow.ts';
import { objectInput } from './object-input.ts';
import { isPrivateAddress, PrivateAddressError } from './private-address.ts';

export interface HttpLimits {
  defaultTimeoutMs: number;
  maxTimeoutMs: number;
  allowPrivateNetworks: boolean;
  maxResponseBytes: number;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Node writes these from the body it sends; a stale one typed by the user would corrupt the request. */
const COMPUTED_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection']);
/** Credentials meant for one origin must not follow a redirect to another. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const HEADERS_MESSAGE = 'Headers must be a JSON object of names and values, like {"Authorization": "Bearer …"}';

interface Prepared {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
  /** Headers meant for the first origin only: the usual credential headers and every header of the step's connection. */
  originBound: ReadonlySet<string>;
}

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function readUrl(value: unknown): URL {
  if (typeof value !== 'string' || value.trim() === '') throw new Error('Enter the URL to send the request to');
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`"${value.trim().slice(0, 200)}" is not a valid URL; write the full address, like https://example.com/path`);
  }
  checkProtocol(url);
  return url;
}

function checkProtocol(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Only http and https addresses can be requested, not ${url.protocol}`);
}

function readHeaders(value: unknown): Record<string, string> {
  if (isBlankValue(value)) return {};
  const parsed = objectInput(value, HEADERS_MESSAGE);
  const headers: Record<string, string> = {};
  for (const [name, raw] of Object.entries(parsed)) {
    if (raw === undefined || raw === null) continue;
    if (typeof raw === 'object') throw new Error(`The value of header "${name}" must be text`);
    const text = String(raw);
    try {
      validateHeaderName(name);
      validateHeaderValue(name, text);
    } catch {
      throw new Error(`Header "${name.slice(0, 100)}" has a name or value that cannot be sent`);
    }
    if (!COMPUTED_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = text;
  }
  return headers;
}

/** Text as it is; any other value as JSON. Text that is a JSON object or list is labelled as JSON too. */
function readBody(value: unknown, headers: Record<string, string>): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (!headers['content-type'] && (typeof value !== 'string' || looksLikeJson(value))) headers['content-type'] = 'application/json';
  return text;
}

function looksLikeJson(text: string): boolean {
  if (!/^\s*[[{]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function readTimeout(value: unknown, limits: HttpLimits): number {
  if (isBlankValue(value)) return Math.min(limits.defaultTimeoutMs, limits.maxTimeoutMs);
  const seconds = numberOf(value);
  if (seconds === undefined || seconds < 1) throw new Error('The timeout must be a number of seconds, at least 1');
  return Math.min(seconds * 1000, limits.maxTimeoutMs);
}

const secondsText = (ms: number) => `${ms / 1000} second${ms === 1000 ? '' : 's'}`;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

const CONNECT_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was closed',
  ENOTFOUND: 'the host name could not be found',
  EAI_AGAIN: 'the host name could not be looked up',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
};

function connectFailure(url: URL, error: Error): Error {
  if (error instanceof PrivateAddressError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  return new Error(`The request to ${url.host} failed: ${(code && CONNECT_ERRORS[code]) || error.message}`);
}

/**
 * Every address of a host name, as the system resolver gives them (`family` 0 for both, `hints` as Node's
 * connect passes them). A test passes its own to fake a DNS answer.
 */
export type ResolveHost = (hostname: string, options: { family: number; hints: number }) => Promise<LookupAddress[]>;

const resolveWithSystem: ResolveHost = (hostname, options) => dns.lookup(hostname, { ...options, all: true });

/** A `lookup` that resolves every address of the name and refuses the lot if any one is blocked. */
function checkedLookup(isBlocked: (address: string) => boolean, resolve: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0) || 0;
    resolve(hostname, { family, hints: options.hints ?? 0 }).then(
      (addresses) => {
        const refused = addresses.find((entry) => isBlocked(entry.address));
        const first = addresses[0];
        if (refused) return callback(new PrivateAddressError(refused.address), '');
        if (!first) return callback(Object.assign(new Error('No address found'), { code: 'ENOTFOUND' }), '');
        // Node asks for all addresses when it races IPv4 against IPv6 (autoSelectFamily), else for one.
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

function sendOnce(request: Prepared, signal: AbortSignal, guard: Required<AddressGuard>, maxBytes: number): Promise<RawResponse> {
  const { isBlocked } = guard;
  const { url } = request;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  // A literal IP never reaches `lookup`, so it is checked here.
  if (isIP(host) && isBlocked(host)) return Promise.reject(new PrivateAddressError(host));
  if (signal.aborted) return Promise.reject(signal.reason as Error);

  const client = url.protocol === 'https:' ? https : http;
  return new Promise<RawResponse>((resolve, reject) => {
    let settled = false;
    let response: http.IncomingMessage | undefined;
    const settle = (error: Error | undefined, result?: RawResponse) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (error) {
        req.destroy();
        response?.destroy();
        reject(error);
      } else resolve(result!);
    };
    const onAbort = () => settle(signal.reason as Error);
    const tooLarge = () => new Error(`The response is larger than ${formatBytes(maxBytes)}, the most a step can read`);

    const req = client.request({
      protocol: url.protocol,
      hostname: host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers: request.headers,
      ...(url.username ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` } : {}),
      lookup: checkedLookup(isBlocked, guard.resolve),
      // A fresh connection each time: a pooled socket would skip the address check of this hop.
      agent: false,
    });
    signal.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => settle(connectFailure(url, error)));
    req.on('response', (res) => {
      response = res;
      if (Number(res.headers['content-length']) > maxBytes) return settle(tooLarge());
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) settle(tooLarge());
        else chunks.push(chunk);
      });
      res.on('end', () => settle(undefined, { status: res.statusCode ?? 0, headers: { ...res.headers }, body: Buffer.concat(chunks) }));
      res.on('error', (error) => settle(connectFailure(url, error)));
      res.on('close', () => {
        if (!res.complete) settle(new Error(`The connection to ${url.host} closed before the response was complete`));
      });
    });
    req.end(request.body);
  });
}

/**
 * The next hop of a redirect, as browsers do it: 303 (and 301/302 after a POST) turn into a GET. Headers
 * bound to the origin are dropped once the origin changes, and stay dropped on every later hop (the GET a
 * 303 makes included), even one that comes back.
 */
function redirected(previous: Prepared, status: number, location: string): Prepared {
  let url: URL;
  try {
    url = new URL(location, previous.url);
  } catch {
    throw new Error('The server redirected to an address that is not a valid URL');
  }
  checkProtocol(url);
  const headers = { ...previous.headers };
  if (url.origin !== previous.url.origin) for (const name of previous.originBound) delete headers[name];
  const toGet = (status === 303 && previous.method !== 'HEAD') || ((status === 301 || status === 302) && previous.method === 'POST');
  if (!toGet) return { ...previous, url, headers };
  delete headers['content-type'];
  return { method: 'GET', url, headers, body: undefined, originBound: previous.originBound };
}

function parseBody(response: RawResponse): unknown {
  const text = response.body.toString('utf8');
  if (!/[/+]json\b/i.test(response.headers['content-type'] ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What decides where the piece may connect; tests replace either part. */
export interface AddressGuard {
  /** Which connected addresses are refused (by default the private and reserved ones and the host's own). */
  isBlocked?: (address: string) => boolean;
  /** How a host name becomes addresses (by default the system resolver). */
  resolve?: ResolveHost;
}

/**
 * send_request. allowPrivateNetworks turns the address check off, for self-hosters whose workflows call
 * their LAN.
 */
export function createHttpAction(limits: HttpLimits, guard: AddressGuard = {}): PieceAction {
  const checks: Required<AddressGuard> = {
    isBlocked: limits.allowPrivateNetworks ? () => false : (guard.isBlocked ?? isPrivateAddress),
    resolve: guard.resolve ?? resolveWithSystem,
  };
  return async (input, context) => {
    const method = isBlankValue(input.method) ? 'GET' : typeof input.method === 'string' ? input.method.trim().toUpperCase() : '';
    if (!METHODS.includes(method)) throw new Error(`Choose a method: ${METHODS.join(', ')}`);
    const url = readUrl(input.url);
    // A connection's headers (connection-credentials.ts) win over the step's own of the same name.
    const connectionHeaders = context.credentials?.headers ?? {};
    const headers = { 'user-agent': 'Flowsmith', ...readHeaders(input.headers), ...connectionHeaders };
    const originBound = new Set([...CREDENTIAL_HEADERS, ...Object.keys(connectionHeaders)]);
    const body = readBody(input.body, headers);
    const timeoutMs = readTimeout(input.timeout, limits);

    // One deadline for the whole exchange, redirects included.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new Error(`The request timed out after ${secondsText(timeoutMs)}`)), timeoutMs);
    const onStop = () => deadline.abort(new Error('The request was stopped'));
    if (context.signal?.aborted) onStop();
    context.signal?.addEventListener('abort', onStop, { once: true });
    try {
      let request: Prepared = { method, url, headers, body, originBound };
      for (let redirects = 0; ; redirects++) {
        const response = await sendOnce(request, deadline.signal, checks, limits.maxResponseBytes);
        const location = response.headers.location;
        if (REDIRECT_STATUSES.has(response.status) && location) {
          if (redirects === MAX_REDIRECTS) throw new Error(`Too many redirects (more than ${MAX_REDIRECTS})`);
          request = redirected(request, response.status, location);
          continue;
        }
        if (response.status >= 400) {
          const excerpt = response.body.toString('utf8').replace(/\s+/g, ' ').trim().slice(0, 200);
          throw Object.assign(new Error(`Request failed with status ${response.status}${excerpt ? `: ${excerpt}` : ''}`), { status: response.status });
        }
        return { status: response.status, headers: response.headers, body: parseBody(response) };
      }
    } finally {
      clearTimeout(timer);
      context.signal?.removeEventListener('abort', onStop);
    }
  };
}
