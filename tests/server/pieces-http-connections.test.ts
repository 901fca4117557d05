/**
 * The HTTP step with a connection, through the real engine, against a local server: each type's headers
 * arrive; a missing connection fails the step with INVALID_APP_CONNECTION; the secret never lands anywhere
 * (the stored run, the samples, the API's replies, the server's log lines) in any of the spellings a server
 * echoes it in — plain, URL-encoded, base64 (whole or inside longer data), JSON with escaped slashes; and
 * the connection's headers are dropped when a redirect leaves the origin, also after a 303 made the
 * request a GET.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { StoredStep } from '../../src/domain/index.ts';
import { loadConfig } from '../../server/config.ts';
import { get, post, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { autosave, createFlow } from './flows.ts';
import { code, finishedRun, flowOf, manualTrigger, piece, type RunView } from './run-flows.ts';

/** Slashes, a plus and an equals sign: URL-encoding and escaped slashes both change it. */
const SECRET = 'sEcr3t/Val+ue=42/xyz~Q';
const KEY = 'api-key/4f3e+2d1c=0b';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let t: TestServer;
let token: string;
let site: Server;
let port: number;
let base: string;
const seen: Array<{ path: string; method: string; headers: IncomingHttpHeaders }> = [];

/** Every spelling of `secret` the checks below look for. */
function spellings(secret: string): string[] {
  const b64 = Buffer.from(secret).toString('base64');
  return [secret, encodeURIComponent(secret), b64, b64.replace(/=+$/, ''), Buffer.from(secret).toString('base64url'), secret.replace(/\//g, '\\/')];
}

beforeAll(async () => {
  site = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://local');
    seen.push({ path: url.pathname, method: request.method ?? '', headers: request.headers });
    const auth = String(request.headers.authorization ?? request.headers['x-api-key'] ?? '');
    const raw = auth.replace(/^Bearer /, '');
    switch (url.pathname) {
      case '/leak-json':
        // Every way a careless server echoes what it was sent, in a JSON body and a header.
        response.writeHead(200, { 'content-type': 'application/json', 'x-echo': raw, 'x-echo-encoded': encodeURIComponent(raw) });
        return response.end(
          JSON.stringify({
            plain: raw,
            header: auth,
            encoded: encodeURIComponent(raw),
            base64: Buffer.from(raw).toString('base64'),
            base64url: Buffer.from(raw).toString('base64url'),
            inside: Buffer.from(`{"received":"${raw}","at":1}`).toString('base64'),
            [raw]: 'as a key',
            nested: { deeper: [{ again: `token=${encodeURIComponent(raw)}&x=1` }] },
          }),
        );
      case '/leak-text':
        // JSON written by a PHP-style encoder (escaped slashes), read as text.
        response.writeHead(200, { 'content-type': 'text/plain' });
        return response.end(`{"token":"${raw.replace(/\//g, '\\/')}","plain":"${raw}"}`);
      case '/leak-error':
        response.writeHead(500, { 'content-type': 'text/plain' });
        return response.end(`bad credentials ${raw} (${encodeURIComponent(raw)})`);
      case '/redirect':
        response.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to') ?? '/echo' });
        return response.end();
      default:
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ ok: true }));
    }
  });
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  port = (site.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  t = await startTestServer({ logLevel: 'trace', logStream, engine: { ...loadConfig({}).engine, httpAllowPrivateNetworks: true } });
  ({ token } = await signedInUser(t.app));
  for (const body of [
    { name: 'Bearer', type: 'BEARER_TOKEN', token: SECRET },
    { name: 'Key', type: 'API_KEY', header_name: 'X-Api-Key', api_key: KEY },
    { name: 'Basic', type: 'BASIC_AUTH', username: 'ada', password: SECRET },
    { name: 'Custom', type: 'CUSTOM_HEADERS', headers: [{ name: 'X-Tenant', value: 'tenant-7781' }, { name: 'X-Signature', value: 'sig-99aa88bb' }] },
  ]) {
    const response = await post(t.app, '/api/connections', body, { token });
    if (response.statusCode !== 201) throw new Error(response.body);
  }
});

afterAll(async () => {
  await t?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

const http = (n: number, input: Record<string, unknown>, next: number | null = null): StoredStep =>
  piece(n, '@activepieces/piece-http', 'send_request', { method: 'GET', ...input }, next);

/** Saves `steps` as a draft, runs it and waits; also answers the ids for 'Test step'. */
async function run(steps: StoredStep[]): Promise<{ run: RunView; flowId: string; versionId: string }> {
  const { flow, version } = await createFlow(t, token, 'Connection flow');
  const saved = await autosave(t, token, version, flowOf('Connection flow', manualTrigger(), steps));
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const started = await post(t.app, `/api/workflow/run/${flow.id}`, { version_id: version.id }, { token });
  if (started.statusCode !== 202) throw new Error(started.body);
  return { run: await finishedRun(t, token, started.json<{ id: string }>().id), flowId: flow.id, versionId: version.id };
}

/** The step, set to continue on failure. */
function continuing(step: StoredStep): StoredStep {
  if (step.type !== 'PIECE') return step;
  return { ...step, settings: { ...step.settings, errorHandlingOptions: { continueOnFailure: { value: true } } } };
}

const lastRequest = (path: string) => [...seen].reverse().find((request) => request.path === path)!;

describe('a step that uses a connection', () => {
  it('sends each type’s headers, and its input keeps only the name', async () => {
    const { run: result } = await run([
      http(1, { url: `${base}/a`, connection: 'Bearer' }, 2),
      http(2, { url: `${base}/b`, connection: 'Key', headers: { 'x-api-key': 'the step own', 'x-other': 'kept' } }, 3),
      http(3, { url: `${base}/c`, connection: 'Basic' }, 4),
      http(4, { url: `${base}/d`, connection: 'Custom' }),
    ]);
    expect(result.status).toBe('SUCCEEDED');
    expect(lastRequest('/a').headers.authorization).toBe(`Bearer ${SECRET}`);
    // The connection's header wins over the step's own of that name; the step's others go along.
    expect(lastRequest('/b').headers).toMatchObject({ 'x-api-key': KEY, 'x-other': 'kept' });
    expect(lastRequest('/c').headers.authorization).toBe(`Basic ${Buffer.from(`ada:${SECRET}`).toString('base64')}`);
    expect(lastRequest('/d').headers).toMatchObject({ 'x-tenant': 'tenant-7781', 'x-signature': 'sig-99aa88bb' });
    expect(result.steps.find((step) => step.stepName === 'step_1')!.input).toEqual({ method: 'GET', url: `${base}/a`, connection: 'Bearer' });
  });

  it('fails with INVALID_APP_CONNECTION when the connection does not exist, in a run and in a test', async () => {
    const { run: result, flowId, versionId } = await run([http(1, { url: `${base}/a`, connection: 'Nowhere' })]);
    expect(result.status).toBe('FAILED');
    expect(result.steps.find((step) => step.stepName === 'step_1')!.error).toBe(
      'INVALID_APP_CONNECTION: The connection "Nowhere" does not exist. Choose another connection in the step, or create it under Settings → Connections.',
    );
    const tested = await post(t.app, '/api/workflow/sample', { workflow_id: flowId, version_id: versionId, step_name: 'step_1' }, { token });
    expect(tested.json()).toMatchObject({ status: 'FAILED', code: 'INVALID_APP_CONNECTION', error: expect.stringContaining('"Nowhere" does not exist') });
  });

  it('uses only the run’s own user’s connections', async () => {
    const { token: other } = await signedInUser(t.app, 'Someone Else');
    const { flow, version } = await createFlow(t, other, 'Theirs');
    await autosave(t, other, version, flowOf('Theirs', manualTrigger(), [http(1, { url: `${base}/theirs`, connection: 'Bearer' })]));
    const started = await post(t.app, `/api/workflow/run/${flow.id}`, { version_id: version.id }, { token: other });
    const result = await finishedRun(t, other, started.json<{ id: string }>().id);
    expect(result.status).toBe('FAILED');
    expect(result.steps[1]!.error).toContain('INVALID_APP_CONNECTION');
    expect(seen.some((request) => request.path === '/theirs')).toBe(false);
  });
});

describe('the secret never lands anywhere', () => {
  it('is not in the stored run, the samples, the replies or the logs, in any spelling', async () => {
    const replies: string[] = [];
    const { run: result, flowId, versionId } = await run([
      http(1, { url: `${base}/leak-json`, connection: 'Bearer' }, 2),
      http(2, { url: `${base}/leak-text`, connection: 'Key' }, 3),
      code(3, 'console.log(JSON.stringify(inputs)); return inputs;', { json: '{{step_1.body}}', headers: '{{step_1.headers}}', text: '{{step_2.body}}' }, 4),
      continuing(http(4, { url: `${base}/leak-error`, connection: 'Basic' })),
    ]);
    expect(result.status).toBe('SUCCEEDED');
    const step = (name: string) => result.steps.find((s) => s.stepName === name)!;
    // The server did echo it, and the run shows where it was blanked.
    expect(step('step_1').output).toMatchObject({ body: { plain: '[redacted]', header: 'Bearer [redacted]', encoded: '[redacted]', base64: '[redacted]' }, headers: { 'x-echo': '[redacted]' } });
    expect((step('step_1').output as { body: Record<string, unknown> }).body['[redacted]']).toBe('as a key');
    expect(step('step_2').output).toMatchObject({ body: '{"token":"[redacted]","plain":"[redacted]"}' });
    expect(step('step_4').error).toBe('Request failed with status 500: bad credentials Basic [redacted] (Basic%20[redacted])');

    for (const name of ['step_1', 'step_2', 'step_4']) {
      const tested = await post(t.app, '/api/workflow/sample', { workflow_id: flowId, version_id: versionId, step_name: name }, { token });
      expect(tested.statusCode).toBe(200);
      replies.push(tested.body);
    }
    replies.push((await get(t.app, `/api/workflow/execution/${result.id}`, { token })).body);
    replies.push((await get(t.app, `/api/workflow/${flowId}/samples`, { token })).body);
    const { rows: runs } = await t.db.query<{ text: string }>('SELECT steps::text AS text FROM flow_runs WHERE flow_id = $1', [flowId]);
    const { rows: samples } = await t.db.query<{ text: string }>('SELECT output::text || coalesce(error, \'\') AS text FROM step_samples WHERE flow_id = $1', [flowId]);
    expect(samples.length).toBe(3);
    const places: Array<[string, string[]]> = [
      ['the stored run', runs.map((row) => row.text)],
      ['the samples', samples.map((row) => row.text)],
      ['the replies', replies],
      ['the logs', logLines],
    ];
    const basicHeader = Buffer.from(`ada:${SECRET}`).toString('base64');
    for (const secret of [SECRET, KEY]) {
      for (const [where, texts] of places) {
        for (const spelling of [...spellings(secret), basicHeader]) {
          expect(texts.filter((text) => text.includes(spelling)), `${where} holds ${spelling}`).toEqual([]);
        }
      }
    }
    // The base64 of a longer text holding the secret was blanked where the secret sits.
    const inside = (step('step_1').output as { body: { inside: string } }).body.inside;
    expect(inside).toContain('[redacted]');
    expect(Buffer.from(inside.replace(/\[redacted\]/g, ''), 'base64').toString('latin1')).not.toContain(SECRET);
  });
});

describe('redirects', () => {
  const credentialsAt = (path: string) => {
    const { headers } = lastRequest(path);
    return { authorization: headers.authorization, key: headers['x-api-key'], tenant: headers['x-tenant'] };
  };
  const none = { authorization: undefined, key: undefined, tenant: undefined };
  const via = (to: string, status = 302) => `${base}/redirect?status=${status}&to=${encodeURIComponent(to)}`;
  const elsewhere = (path: string) => `http://localhost:${port}${path}`;

  it('keep the connection’s headers on the same origin and drop them on another', async () => {
    const { run: result } = await run([
      http(1, { url: via('/same'), connection: 'Bearer' }, 2),
      http(2, { url: via(elsewhere('/other-bearer')), connection: 'Bearer' }, 3),
      http(3, { url: via(elsewhere('/other-key')), connection: 'Key' }, 4),
      http(4, { url: via(elsewhere('/other-custom')), connection: 'Custom' }),
    ]);
    expect(result.status).toBe('SUCCEEDED');
    expect(credentialsAt('/same').authorization).toBe(`Bearer ${SECRET}`);
    expect(credentialsAt('/other-bearer')).toEqual(none);
    expect(credentialsAt('/other-key')).toEqual(none);
    expect(credentialsAt('/other-custom')).toEqual(none);
  });

  it('drop them after a 303 made the request a GET, and never bring them back', async () => {
    const { run: result } = await run([
      // A POST answered 303 on the same origin (now a GET, still with them), then sent elsewhere.
      http(1, { method: 'POST', body: '{"a":1}', url: via(via(elsewhere('/after-303'), 302), 303), connection: 'Key' }, 2),
      // Sent elsewhere by a 303, then back home: they stay dropped.
      http(2, { method: 'POST', url: via(`http://localhost:${port}/redirect?to=${encodeURIComponent(`${base}/home-again`)}`, 303), connection: 'Custom' }),
    ]);
    expect(result.status).toBe('SUCCEEDED');
    const hops = seen.filter((request) => request.path === '/redirect').slice(-4);
    expect(hops.map((hop) => `${hop.method} ${hop.headers.host}`)).toEqual([
      `POST 127.0.0.1:${port}`,
      `GET 127.0.0.1:${port}`,
      `POST 127.0.0.1:${port}`,
      `GET localhost:${port}`,
    ]);
    // The GET a same-origin 303 made still carries them…
    expect(hops[1]!.headers['x-api-key']).toBe(KEY);
    // …until the origin changes.
    expect(lastRequest('/after-303').method).toBe('GET');
    expect(credentialsAt('/after-303')).toEqual(none);
    expect(lastRequest('/home-again').headers.host).toBe(`127.0.0.1:${port}`);
    expect(credentialsAt('/home-again')).toEqual(none);
  });
});
