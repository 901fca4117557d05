/**
 * The OpenAPI document (GET /api/openapi.json) against the server that serves it:
 * - it describes every route the server registers under /api, and nothing the server does not serve, so
 *   a route added without a `contractRoutes` entry fails here;
 * - every schema in it compiles with ajv (JSON Schema 2020-12) and every reference resolves;
 * - real requests and real replies of a live server fit it: every GET with the route table's valid
 *   params and queries, and a user's journey through login, workflows, autosave, publish, a run,
 *   variables and templates, refusals included;
 * - who may call a route is what it says: a route it secures answers 401 without a token;
 * - it is public, small, gzipped when asked, and cached with an ETag.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { get, post, put, send, type TestServer } from './helpers.ts';
import { buildWorld, fillPath, ROUTES, type ServedRoute, startServerWithRoutes, UNKNOWN_ID, type World } from './route-table.ts';
import { code, finishedRun, flowOf, manualTrigger } from './run-flows.ts';

type Json = Record<string, any>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

let t: TestServer;
let routes: ServedRoute[];
let world: World;
let doc: Json;
let docText: string;

beforeAll(async () => {
  ({ t, routes } = await startServerWithRoutes());
  const response = await get(t.app, '/api/openapi.json');
  expect(response.statusCode).toBe(200);
  docText = response.body;
  doc = response.json<Json>();
  world = await buildWorld(t, 'OpenApi');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** `/api/workflow/:id` for the document's `/workflow/{id}`. */
const servedPath = (docPath: string) => `/api${docPath.replace(/\{([^}]+)\}/g, ':$1')}`;

function documented(): string[] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${servedPath(path)}`),
  );
}

// ---- ajv over the document ----

const COMPONENTS_ID = 'https://flowsmith.invalid/components';

/** A document schema with its `#/components/schemas/X` references pointed at the components ajv holds. */
function standalone(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(standalone);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
        ? [key, `${COMPONENTS_ID}#/$defs/${value.slice('#/components/schemas/'.length)}`]
        : [key, standalone(value)],
    ),
  );
}

function makeAjv(coerceTypes: boolean) {
  // Strict, but for two things JSON Schema allows and zod writes: `type: [a, b]` and `required` keys given by
  // `propertyNames` (a record keyed by an enum).
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, strictRequired: false, allErrors: true, coerceTypes });
  addFormats.default(ajv);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: standalone(doc.components.schemas) as Json });
  return ajv;
}

let strictAjv: Ajv2020;
let coercingAjv: Ajv2020;
const compiled = new Map<unknown, ValidateFunction>();
function validator(schema: unknown, coerce = false): ValidateFunction {
  strictAjv ??= makeAjv(false);
  coercingAjv ??= makeAjv(true);
  const key = coerce ? JSON.stringify(['coerce', schema]) : schema;
  let validate = compiled.get(key);
  if (!validate) {
    validate = (coerce ? coercingAjv : strictAjv).compile(standalone(schema) as Json);
    compiled.set(key, validate);
  }
  return validate;
}

const resolve = (node: Json): Json => {
  if (typeof node.$ref !== 'string') return node;
  const target = (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce<Json | undefined>((at, part) => at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  if (!target) throw new Error(`unresolved ${node.$ref}`);
  return target;
};

function operationOf(method: string, path: string): Json {
  const operation = doc.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`not documented: ${method} ${path}`);
  return operation;
}

function problems(validate: ValidateFunction, value: unknown, what: string): string[] {
  return validate(value) ? [] : [`${what}: ${JSON.stringify(validate.errors?.slice(0, 3))} in ${JSON.stringify(value)?.slice(0, 400)}`];
}

interface Exchange {
  method: Method;
  /** The document's path: `/workflow/{id}`. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  body?: unknown;
  token?: string;
  /** A request the document refuses too (its params, query or body): only the reply is checked. */
  invalid?: true;
}

let exchanges = 0;

/**
 * Checks the request against the document, sends it, and checks the reply against the response the
 * document gives for its status (or `default`). Returns the reply; any mismatch fails the test.
 */
async function exchange(request: Exchange): Promise<LightMyRequestResponse> {
  const operation = operationOf(request.method, request.path);
  const found: string[] = [];
  const parameters = ((operation.parameters ?? []) as Json[]).map(resolve);
  for (const where of ['path', 'query'] as const) {
    const list = parameters.filter((parameter) => parameter.in === where);
    const values = { ...(where === 'path' ? request.params : request.query) };
    for (const key of Object.keys(values)) if (values[key] === undefined) delete values[key];
    const schema = {
      type: 'object',
      properties: Object.fromEntries(list.map((parameter) => [parameter.name, parameter.schema])),
      required: list.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      additionalProperties: false,
    };
    found.push(...problems(validator(schema, true), values, `${where} parameters`));
  }
  if (request.body !== undefined) {
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    if (!schema) found.push('a body the document does not take');
    else found.push(...problems(validator(schema), request.body, 'request body'));
  } else if (operation.requestBody?.required) found.push('no body, and the document requires one');

  if (request.invalid) {
    expect(found.length, `the document takes the bad request ${JSON.stringify(request)}`).toBeGreaterThan(0);
    found.length = 0;
  }

  const query = new URLSearchParams(Object.entries(request.query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const url = `${fillPath(servedPath(request.path), request.params ?? {})}${query.size > 0 ? `?${query}` : ''}`;
  const method = request.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
  const response = await send(t.app, method, url, request.body, request.token ? { token: request.token } : {});
  exchanges += 1;

  const described = operation.responses[String(response.statusCode)] ?? operation.responses.default;
  const reply = resolve(described);
  const schema = reply.content?.['application/json']?.schema;
  if (!schema) found.push(`no schema for ${response.statusCode}`);
  else found.push(...problems(validator(schema), response.json(), `${response.statusCode} reply`));
  expect({ [`${request.method.toUpperCase()} ${url}`]: found }).toEqual({ [`${request.method.toUpperCase()} ${url}`]: [] });
  return response;
}

// ---- the tests ----

describe('the OpenAPI document', () => {
  it('describes every route the server serves, and only those', () => {
    const served = new Set(routes.filter((route) => route.method !== 'HEAD').map((route) => route.key));
    const described = new Set(documented());
    expect([...served].filter((key) => !described.has(key)).sort()).toEqual([]);
    expect([...described].filter((key) => !served.has(key)).sort()).toEqual([]);
    // HEAD is Fastify's, beside each GET.
    for (const route of routes.filter((r) => r.method === 'HEAD')) expect(described.has(`GET ${route.url}`)).toBe(true);
    expect(served.size).toBeGreaterThan(50);
  });

  it('is OpenAPI 3.1 with unique operation ids, declared tags and path parameters, and resolvable references', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api' }]);
    const ids = new Set<string>();
    const tags = new Set((doc.tags as Json[]).map((tag) => tag.name));
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      expect(path).not.toContain(':');
      for (const [method, operation] of Object.entries(item as Record<string, Json>)) {
        expect(ids.has(operation.operationId), `${operation.operationId} twice`).toBe(false);
        ids.add(operation.operationId);
        expect(operation.summary).toBeTruthy();
        for (const tag of operation.tags) expect(tags.has(tag), `${method} ${path}: tag ${tag}`).toBe(true);
        const pathParameters = ((operation.parameters ?? []) as Json[]).map(resolve).filter((p) => p.in === 'path').map((p) => p.name);
        expect(pathParameters.sort()).toEqual([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort());
        expect(Object.keys(operation.responses)).toContain('default');
      }
    }
    // Every $ref anywhere points at something.
    const refs = [...docText.matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) expect(() => resolve({ $ref: ref }), ref).not.toThrow();
  });

  it('compiles every schema it holds with ajv (JSON Schema 2020-12)', () => {
    const schemas: unknown[] = [];
    const collect = (node: unknown, key?: string) => {
      if (Array.isArray(node)) return node.forEach((item) => collect(item));
      if (node === null || typeof node !== 'object') return;
      if (key === 'schema') return void schemas.push(node);
      for (const [childKey, child] of Object.entries(node)) collect(child, childKey);
    };
    collect(doc.paths);
    collect(doc.components.parameters);
    collect(doc.components.headers);
    collect(doc.components.responses);
    for (const schema of Object.values(doc.components.schemas as Json)) schemas.push(schema);
    expect(schemas.length).toBeGreaterThan(150);
    for (const schema of schemas) expect(() => validator(schema)).not.toThrow();
  });

  it('secures what it says: a signed-in route answers 401 without a token, a public one does not', async () => {
    const wrong: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, operation] of Object.entries(item as Record<string, Json>)) {
        const security = (operation.security ?? doc.security) as Json[];
        const anonymous = security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
        const url = path.replace(/\{[^}]+\}/g, UNKNOWN_ID);
        const body = method === 'get' || method === 'delete' ? undefined : {};
        const response = await send(t.app, method.toUpperCase() as 'GET', `/api${url}`, body);
        if (anonymous === (response.statusCode === 401)) wrong.push(`${method.toUpperCase()} ${path}: ${anonymous ? 'public' : 'secured'}, answered ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    // Keys are never taken by the auth service: the document offers only the access token there.
    expect(operationOf('post', '/auth/logout').security).toEqual([{ accessToken: [] }]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('tells the creating POSTs apart: 201, and the Idempotency-Key header', () => {
    const idempotent = (method: string, path: string) =>
      ((operationOf(method, path).parameters ?? []) as Json[]).some((p) => p.$ref === '#/components/parameters/IdempotencyKey');
    for (const [method, path] of [['post', '/workflow'], ['post', '/workflow/import'], ['post', '/variables'], ['post', '/templates/{id}/use'], ['post', '/workflow/run/{id}']]) {
      expect(idempotent(method!, path!), `${method} ${path}`).toBe(true);
    }
    expect(idempotent('put', '/workflow')).toBe(false);
    expect(idempotent('post', '/auth/register')).toBe(false);
    expect(Object.keys(operationOf('post', '/workflow').responses)).toContain('201');
    expect(Object.keys(operationOf('post', '/workflow/run/{id}').responses)).toContain('202');
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    expect(doc.components.schemas.Error.properties.code.enum).toContain('VALIDATION');
  });

  it("gives each query parameter the default SPEC §7 gives it", () => {
    const defaults = (path: string) =>
      Object.fromEntries((operationOf('get', path).parameters as Json[]).filter((p) => p.schema.default !== undefined).map((p) => [p.name, p.schema.default]));
    expect(defaults('/workflow/paginate')).toEqual({ page: 1, limit: 10 });
    expect(defaults('/analytics/dashboard/overview')).toEqual({ period: '30d' });
    expect(defaults('/analytics/executions/timeline')).toEqual({ period: '7d', granularity: 'hour' });
    expect(defaults('/analytics/workflows/top-performing')).toEqual({ limit: 10, period: '30d', sort_by: 'execution_count' });
    expect(defaults('/analytics/activity/recent')).toEqual({ limit: 50 });
  });

  it('is served public, small, gzipped when asked, and cached with an ETag', async () => {
    const plain = await get(t.app, '/api/openapi.json');
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.rawPayload.length).toBeLessThan(150_000);

    const zipped = await get(t.app, '/api/openapi.json', { headers: { 'accept-encoding': 'br, gzip;q=0.8' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(20_000);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    const refused = await get(t.app, '/api/openapi.json', { headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();

    const again = await get(t.app, '/api/openapi.json', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('real requests and replies fit the document', () => {
  it('every GET, with valid params and queries, and with an unknown id', async () => {
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const spec = ROUTES[route.key];
      if (!spec) throw new Error(`no route table entry for ${route.key}`);
      if (route.url === '/api/webhooks/:secret') continue; // starts runs: below
      const path = route.url.slice('/api'.length).replace(/:([A-Za-z_]+)/g, '{$1}');
      const params = spec.params ? await spec.params(world) : undefined;
      const queries = spec.query ? await spec.query.valid(world) : [{}];
      for (const query of queries) {
        const response = await exchange({ method: 'get', path, params, query, token: world.user.token });
        expect(response.statusCode, `${route.key} ${JSON.stringify(query)}`).toBe(200);
      }
      if (params) {
        const unknown = Object.fromEntries(Object.keys(params).map((name) => [name, UNKNOWN_ID]));
        expect((await exchange({ method: 'get', path, params: unknown, token: world.user.token })).statusCode).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('a user journey: login, workflows, autosave, publish, a run, variables, templates, refusals', async () => {
    const login = await exchange({ method: 'post', path: '/auth/login', body: { email: world.user.email, password: world.user.password } });
    expect(login.statusCode).toBe(200);
    const token = login.json<{ access_token: string }>().access_token;
    expect((await exchange({ method: 'post', path: '/auth/login', body: { email: world.user.email, password: 'not the password' } })).statusCode).toBe(401);
    expect((await exchange({ method: 'post', path: '/auth/login', body: { email: 'nobody' }, invalid: true })).statusCode).toBe(400);

    const created = await exchange({ method: 'post', path: '/workflow', body: { displayName: 'Described' }, token });
    expect(created.statusCode).toBe(201);
    const { flow, version } = created.json<{ flow: { id: string }; version: { id: string; updated: string } }>();
    expect((await exchange({ method: 'post', path: '/workflow', token })).statusCode).toBe(201);
    expect((await exchange({ method: 'get', path: '/workflow/paginate', query: { page: '1', limit: '5', name: 'Desc' }, token })).statusCode).toBe(200);
    expect((await exchange({ method: 'get', path: '/workflow/paginate', query: { limit: '1000' }, token, invalid: true })).statusCode).toBe(400);

    const content = flowOf('Described', manualTrigger(), [code(1, 'return { doubled: [1, 2].map((n) => n * 2) };')]);
    const saved = await exchange({
      method: 'post',
      path: '/workflow/version/autosave',
      body: { version_id: version.id, configuration: content, display_name: 'Described', updated: version.updated },
      token,
    });
    expect(saved.statusCode).toBe(200);
    expect((await exchange({ method: 'post', path: '/workflow/publish', body: { workflow_id: flow.id, version_id: version.id }, token })).statusCode).toBe(200);
    expect((await exchange({ method: 'put', path: '/workflow', body: { id: flow.id, displayName: 'Renamed', timeSavedPerRun: 5 }, token })).statusCode).toBe(200);

    const started = await exchange({ method: 'post', path: '/workflow/run/{id}', params: { id: flow.id }, body: { payload: { hello: 'world' } }, token });
    expect(started.statusCode).toBe(202);
    const run = await finishedRun(t, token, started.json<{ id: string }>().id);
    expect(run.status).toBe('SUCCEEDED');
    const detail = await exchange({ method: 'get', path: '/workflow/execution/{id}', params: { id: run.id }, token });
    expect(detail.json<{ steps: unknown[] }>().steps.length).toBeGreaterThan(0);
    const tested = await exchange({ method: 'post', path: '/workflow/sample', body: { workflow_id: flow.id, version_id: version.id, step_name: 'step_1' }, token });
    expect(tested.statusCode).toBe(200);

    const variable = await exchange({ method: 'post', path: '/variables', body: { name: 'REGION', type: 'STRING', value: 'eu', sensitive: true }, token });
    expect(variable.statusCode).toBe(201);
    const variableId = variable.json<{ id: string }>().id;
    expect((await exchange({ method: 'put', path: '/variables/{id}', params: { id: variableId }, body: { description: 'Where' }, token })).statusCode).toBe(200);
    expect((await exchange({ method: 'post', path: '/variables', body: { name: '1bad', type: 'NUMBER', value: 'x' }, token, invalid: true })).statusCode).toBe(400);
    expect((await exchange({ method: 'get', path: '/variables', query: { workflow_id: flow.id }, token })).statusCode).toBe(200);

    const template = await exchange({ method: 'post', path: '/templates', body: { workflow_id: flow.id, title: 'Doubler', tags: ['math'], visibility: 'PUBLIC' }, token });
    expect(template.statusCode).toBe(201);
    expect((await exchange({ method: 'post', path: '/templates/{id}/use', params: { id: template.json<{ id: string }>().id }, token })).statusCode).toBe(201);
    expect((await exchange({ method: 'get', path: '/analytics/dashboard/overview', query: { period: '7d' }, token })).statusCode).toBe(200);
    expect((await exchange({ method: 'get', path: '/analytics/dashboard/overview', query: { period: '2d' }, token, invalid: true })).statusCode).toBe(400);

    const hook = await exchange({ method: 'post', path: '/webhooks/{secret}', params: { secret: world.webhookSecret }, body: { order: 42 } });
    expect(hook.statusCode).toBe(202);
    expect((await exchange({ method: 'get', path: '/workflow/{id}', params: { id: flow.id } })).statusCode).toBe(401);
    expect((await exchange({ method: 'delete', path: '/workflow/{id}', params: { id: UNKNOWN_ID }, token })).statusCode).toBe(404);
    expect((await exchange({ method: 'post', path: '/auth/logout-all', token })).statusCode).toBe(200);
    await world.renewSession();
    expect(exchanges).toBeGreaterThan(60);
  });

  it('the document matches what ajv and the server think of a bad body alike', async () => {
    // A body the document refuses is one the server refuses (and the other way round) for a few shapes.
    const schema = operationOf('post', '/variables').requestBody.content['application/json'].schema;
    const validate = validator(schema);
    for (const body of [{}, { name: 'OK_NAME', type: 'STRING' }, { name: 'OK_NAME', type: 'BOGUS', value: 'x' }, { name: 'x'.repeat(65), type: 'STRING', value: 'x' }]) {
      expect(validate(body)).toBe(false);
      expect((await post(t.app, '/api/variables', body, { token: world.user.token })).statusCode).toBe(400);
    }
    const good = { name: 'GOOD_NAME', type: 'STRING', value: 'x' };
    expect(validate(good)).toBe(true);
    expect((await post(t.app, '/api/variables', good, { token: world.user.token })).statusCode).toBe(201);
    expect((await put(t.app, '/api/workflow/status', { id: world.flow, status: 'SOMETIMES' }, { token: world.user.token })).statusCode).toBe(400);
  });
});
