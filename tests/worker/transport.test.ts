import { describe, expect, it } from '@rstest/core';
import { FakeServerTransport, type FakeVersionRecord } from './support/fake-server-transport.ts';
import { apiTransport } from '../../src/worker/api-transport.ts';
import { HttpTransport } from '../../src/worker/http-transport.ts';
import { TransportError, isConflictError } from '../../src/worker/transport.ts';
import { settle } from './support/manual-timers.ts';

type Seen = { url: string; method: string; headers: Record<string, string>; body: unknown };

function jsonReply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function fetchStub(answer: (seen: Seen, index: number) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const entry: Seen = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      // The transport sends its JSON as a Blob (see http-transport.ts).
      body: init?.body === undefined ? undefined : JSON.parse(init.body instanceof Blob ? await init.body.text() : String(init.body)),
    };
    seen.push(entry);
    return answer(entry, seen.length - 1);
  };
  return { fetchImpl, seen };
}

describe('HttpTransport', () => {
  it('posts the autosave and publish bodies of SPEC §7 with the bearer token', async () => {
    const { fetchImpl, seen } = fetchStub((req) =>
      req.url.endsWith('/autosave')
        ? jsonReply(200, { newVersionCreated: false, version: { id: 'v1' } })
        : jsonReply(200, { workflow: { id: 'f1' }, version: { id: 'v1', state: 'LOCKED' } }),
    );
    const transport = new HttpTransport({ getAccessToken: () => 'tok', fetch: fetchImpl, timezone: () => 'UTC' });
    const saved = await transport.autosave({ version_id: 'v1', configuration: { trigger: 't' }, display_name: 'Flow' });
    expect(saved).toEqual({ newVersionCreated: false, version: { id: 'v1' } });
    const published = await transport.publish({ workflow_id: 'f1', version_id: 'v1' });
    expect(published.version).toEqual({ id: 'v1', state: 'LOCKED' });
    expect(seen.map((s) => [s.method, s.url])).toEqual([
      ['POST', '/api/workflow/version/autosave'],
      ['POST', '/api/workflow/publish'],
    ]);
    expect(seen[0]?.headers.Authorization).toBe('Bearer tok');
    expect(seen[0]?.headers['X-Timezone']).toBe('UTC');
    expect(seen[0]?.body).toEqual({ version_id: 'v1', configuration: { trigger: 't' }, display_name: 'Flow' });
    expect(seen[1]?.body).toEqual({ workflow_id: 'f1', version_id: 'v1' });
  });

  it('reads a workflow as it came for the core to check, keeping a refusal’s status', async () => {
    const stored = { id: 'v1', flowId: 'f1', steps: [] };
    const { fetchImpl, seen } = fetchStub((req) => {
      if (req.url.endsWith('/f1')) return jsonReply(200, { flow: { id: 'f1' }, version: stored });
      if (req.url.endsWith('/bad')) return jsonReply(200, { version: stored });
      return jsonReply(404, { code: 'FLOW_NOT_FOUND', message: 'Workflow not found' });
    });
    const parseVersion = () => {
      throw new Error('not here: open checks it');
    };
    const transport = new HttpTransport({ getAccessToken: () => 'tok', fetch: fetchImpl, parseVersion });
    expect(await transport.readWorkflow('f1')).toEqual({ flow: { id: 'f1' }, version: stored });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/workflow/f1' });
    expect(seen[0]?.headers.Authorization).toBe('Bearer tok');
    await expect(transport.readWorkflow('gone')).rejects.toMatchObject({ kind: 'http', status: 404, code: 'FLOW_NOT_FOUND' });
    await expect(transport.readWorkflow('bad')).rejects.toMatchObject({ kind: 'invalid-response' });
    expect(seen.map((s) => s.url)).toEqual(['/api/workflow/f1', '/api/workflow/gone', '/api/workflow/bad']);
  });

  it('asks for only the saved version’s head when it reads only its id and stamp (the editor’s transport)', async () => {
    const { fetchImpl, seen } = fetchStub(() => jsonReply(200, { newVersionCreated: false, version: { id: 'v1', updated: 'u2' } }));
    const transport = apiTransport({ getAccessToken: () => 'tok', fetch: fetchImpl });
    const saved = await transport.autosave({ version_id: 'v1', configuration: { displayName: 'F', trigger: {} as never, steps: [] }, display_name: 'F' });
    expect(saved.version).toMatchObject({ id: 'v1', updated: 'u2' });
    expect(seen[0]?.url).toBe('/api/workflow/version/autosave?reply=head');
  });

  it('turns a 409 into a conflict, other statuses and no answer into retryable errors', async () => {
    const answers = [
      jsonReply(409, { code: 'FLOW_OPERATION_INVALID', message: 'stale version' }),
      jsonReply(500, { nope: true }),
    ];
    const { fetchImpl } = fetchStub((_, i) => {
      const answer = answers[i];
      if (!answer) throw new TypeError('fetch failed');
      return answer;
    });
    const transport = new HttpTransport({ getAccessToken: () => null, fetch: fetchImpl });
    const request = { version_id: 'v', configuration: {}, display_name: 'x' };
    const conflict = await transport.autosave(request).catch((e: unknown) => e);
    expect(isConflictError(conflict)).toBe(true);
    expect(conflict).toMatchObject({ status: 409, code: 'FLOW_OPERATION_INVALID', message: 'stale version' });
    const serverError = await transport.autosave(request).catch((e: unknown) => e);
    expect(serverError).toMatchObject({ kind: 'http', status: 500, message: 'Request failed with status 500' });
    expect(isConflictError(serverError)).toBe(false);
    const network = await transport.autosave(request).catch((e: unknown) => e);
    expect(network).toMatchObject({ kind: 'network', status: 0 });
  });

  it('refreshes the token once on a 401 and retries with the new one', async () => {
    let token = 'old';
    const { fetchImpl, seen } = fetchStub((req) =>
      req.headers.Authorization === 'Bearer new' ? jsonReply(200, { newVersionCreated: false, version: {} }) : jsonReply(401, {}),
    );
    let refreshes = 0;
    const transport = new HttpTransport({
      getAccessToken: async () => token,
      refreshAccessToken: async () => {
        refreshes++;
        token = 'new';
      },
      fetch: fetchImpl,
    });
    await transport.autosave({ version_id: 'v', configuration: {}, display_name: 'x' });
    expect(refreshes).toBe(1);
    expect(seen.map((s) => s.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('refuses a malformed reply and runs the injected parsers', async () => {
    const { fetchImpl } = fetchStub((_, i) =>
      i === 0 ? jsonReply(200, { version: {} }) : jsonReply(200, { newVersionCreated: true, version: { id: 7 } }),
    );
    const transport = new HttpTransport({
      getAccessToken: () => null,
      fetch: fetchImpl,
      parseVersion: (value) => {
        const id = (value as { id?: unknown }).id;
        if (typeof id !== 'string') throw new Error('version id must be text');
        return { id };
      },
    });
    const request = { version_id: 'v', configuration: {}, display_name: 'x' };
    await expect(transport.autosave(request)).rejects.toMatchObject({ kind: 'invalid-response' });
    await expect(transport.autosave(request)).rejects.toThrow('version id must be text');
  });

  it('cancels with the caller signal', async () => {
    const fetchImpl: typeof fetch = (_input, init) =>
      new Promise((_, reject) => {
        const fail = () => reject(new DOMException('aborted', 'AbortError'));
        if (init?.signal?.aborted) fail();
        init?.signal?.addEventListener('abort', fail);
      });
    const transport = new HttpTransport({ getAccessToken: () => null, fetch: fetchImpl });
    const controller = new AbortController();
    const pending = transport.autosave({ version_id: 'v', configuration: {}, display_name: 'x' }, { signal: controller.signal });
    await settle(); // the request is on the wire
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
  });
});

describe('FakeServerTransport', () => {
  const make = () => {
    const server = new FakeServerTransport<{ n: number }, FakeVersionRecord<{ n: number }>, { id: string; publishedVersionId: string | null }>({
      toVersion: (record) => ({ ...record }),
      toWorkflow: (record) => ({ id: record.id, publishedVersionId: record.publishedVersionId }),
    });
    server.seed({ id: 'f1', publishedVersionId: null, status: 'DISABLED' }, [
      { id: 'v1', flowId: 'f1', displayName: 'Flow', state: 'DRAFT', configuration: { n: 0 } },
    ]);
    return server;
  };

  it('stores saves in order, fails or conflicts on demand, and publishes by locking', async () => {
    const server = make();
    await server.autosave({ version_id: 'v1', configuration: { n: 1 }, display_name: 'Flow' });
    server.failNext(1, 503);
    await expect(server.autosave({ version_id: 'v1', configuration: { n: 2 }, display_name: 'Flow' })).rejects.toBeInstanceOf(TransportError);
    server.conflictNext();
    const conflict = await server.autosave({ version_id: 'v1', configuration: { n: 3 }, display_name: 'Flow' }).catch((e: unknown) => e);
    expect(isConflictError(conflict)).toBe(true);
    expect(server.versions.get('v1')?.configuration).toEqual({ n: 1 });
    const published = await server.publish({ workflow_id: 'f1', version_id: 'v1' });
    expect(published.workflow.publishedVersionId).toBe('v1');
    expect(published.version.state).toBe('LOCKED');
    expect(server.calls.map((c) => `${c.type}:${c.outcome}`)).toEqual(['autosave:ok', 'autosave:failed', 'autosave:conflict', 'publish:ok']);
    // Saving onto a locked version starts a new draft, as the API does.
    const next = await server.autosave({ version_id: 'v1', configuration: { n: 4 }, display_name: 'Flow' });
    expect(next.newVersionCreated).toBe(true);
    expect(next.version.state).toBe('DRAFT');
  });

  it('holds calls until released and counts how many ran at once', async () => {
    const server = make();
    server.hold();
    let done = 0;
    void server.autosave({ version_id: 'v1', configuration: { n: 1 }, display_name: 'Flow' }).then(() => done++);
    void server.autosave({ version_id: 'v1', configuration: { n: 2 }, display_name: 'Flow' }).then(() => done++);
    await settle();
    expect(done).toBe(0);
    server.release();
    await settle();
    expect(done).toBe(2);
    expect(server.maxInFlight).toBe(2);
    expect(server.autosaves('v1').map((r) => r.configuration.n)).toEqual([1, 2]);
  });
});
