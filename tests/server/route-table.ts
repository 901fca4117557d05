/**
 * What the route fuzz suite and the isolation sweep share: the routes as the server itself registers them
 * (Fastify's `fastify.initialization` diagnostics channel hands us the instance before any route exists,
 * and an `onRoute` hook then sees every route, its methods and its body limit), a table saying how to
 * build valid path params, queries and bodies for each route, a user's "one of everything", fingerprints
 * of stored rows, and the checks every reply must pass.
 *
 * A route the server serves but the table does not know is still fuzzed with generic input, and both
 * suites fail with the list of such routes (`missingRoutes`), so a new route gets an entry.
 */
import { randomBytes } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { tmpdir } from 'node:os';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import {
  forgotPasswordRequestSchema,
  googleLoginRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  toNestedFlowJson,
} from '../../src/domain/index.ts';
import {
  bucketsQuerySchema,
  optionsBodySchema,
  periodQuerySchema,
  recentActivityQuerySchema,
  runBodySchema,
  sampleBodySchema,
  topPerformingQuerySchema,
} from '../../src/domain/contract/requests.ts';
import { billingPageQuerySchema } from '../../src/domain/contract/requests.ts';
import { createFolderBodySchema, updateFolderBodySchema } from '../../src/domain/contract/requests.ts';
import { invoiceAddressBodySchema } from '../../src/domain/contract/billing.ts';
import { createApiKeyBodySchema } from '../../src/domain/contract/requests.ts';
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  confirmEmailBodySchema,
  deleteAccountBodySchema,
  updateNameBodySchema,
} from '../../src/domain/contract/account.ts';
import { createConnectionBodySchema, deleteConnectionQuerySchema, testConnectionBodySchema } from '../../src/domain/contract/requests.ts';
import { updateConnectionBodySchema } from '../../src/domain/contract/connections.ts';
import { retryRunBodySchema } from '../../src/domain/contract/runs.ts';
import { deleteRunsBodySchema } from '../../src/domain/contract/runs.ts';
import { insertRun } from '../../server/runs/runs-repository.ts';
import { storeNotification } from '../../server/notifications/store.ts';
import { markNotificationBodySchema } from '../../src/domain/contract/notifications.ts';
import { autosaveQuerySchema, versionFormQuerySchema } from '../../src/domain/contract/version-form.ts';
import { workflowBulkBodySchema } from '../../src/domain/contract/workflow-list-requests.ts';
import { BODY_LIMIT, type ServerOptions } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { createBodySchema as templateBodySchema } from '../../server/templates/schemas.ts';
import { listQuerySchema as templateListQuerySchema, updateBodySchema as templateUpdateSchema } from '../../server/templates/schemas.ts';
import {
  createBodySchema as variableCreateSchema,
  listQuerySchema as variableListQuerySchema,
  updateBodySchema as variableUpdateSchema,
} from '../../server/variables/schemas.ts';
import {
  autosaveBodySchema,
  createBodySchema as workflowCreateSchema,
  createVersionBodySchema,
  executionsQuerySchema,
  paginateQuerySchema,
  publishBodySchema,
  renameVersionBodySchema,
  statusBodySchema,
  updateBodySchema as workflowUpdateSchema,
} from '../../server/workflows/schemas.ts';
import { flatOf, UNKNOWN_ID } from './flows.ts';
import { get, PASSWORD, post, put, registerUser, signIn, startTestServer, type TestServer, uniqueEmail } from './helpers.ts';
import { code, finishedRun, flowOf, manualTrigger, piece, webhookTrigger } from './run-flows.ts';

// ---- the routes, from the server ----

export interface ServedRoute {
  method: string;
  /** As registered, with the prefix: `/api/workflow/:id`. */
  url: string;
  /** The body limit of this route (the server's default when the route sets none). */
  bodyLimit: number;
  /** `POST /api/workflow/:id/duplicate`: the route table's key. */
  key: string;
}

/** The SPA and the WebSocket are not API routes: spa.test.ts and websocket.test.ts cover them. */
const NOT_API = (url: string) => !url.startsWith('/api/') && url !== '/api';

/**
 * Starts a test server and records every route it registers. Fastify publishes each new instance on the
 * `fastify.initialization` channel before `createServer` adds anything, so the hook sees all routes.
 */
export async function startServerWithRoutes(overrides: Partial<ServerOptions> = {}): Promise<{ t: TestServer; routes: ServedRoute[] }> {
  const seen = new Map<string, ServedRoute>();
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (NOT_API(route.url)) continue;
        const key = `${method} ${route.url}`;
        seen.set(key, { method, url: route.url, bodyLimit: route.bodyLimit ?? BODY_LIMIT, key });
      }
    });
  };
  subscribe('fastify.initialization', onInit);
  let t: TestServer;
  try {
    t = await startTestServer(overrides);
  } finally {
    unsubscribe('fastify.initialization', onInit);
  }
  const routes = [...seen.values()].sort((x, y) => x.key.localeCompare(y.key));
  // The hook saw what the router serves: each recorded route is one the server answers.
  for (const route of routes) {
    if (!t.app.hasRoute({ method: route.method as 'GET', url: route.url })) throw new Error(`recorded a route the server does not have: ${route.key}`);
  }
  return { t, routes };
}

export const pathParamsOf = (url: string): string[] => [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);

export function fillPath(url: string, params: Record<string, string>): string {
  return url.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

// ---- one user's "one of everything" ----

export interface World {
  user: { id: string; name: string; email: string; password: string; token: string; refreshToken: string };
  /** A manual-trigger flow: published (trigger → code → store put), with a draft on top, run once. */
  flow: string;
  published: string;
  draft: string;
  /** A webhook-trigger flow, published and enabled. */
  webhookFlow: string;
  webhookPublished: string;
  webhookSecret: string;
  run: string;
  variable: string;
  sensitiveVariable: string;
  template: string;
  /** A read-write API key's id (its secret is among the markers). */
  apiKey: string;
  storeKey: string;
  /** An invoice address (billing), its company tagged. */
  invoiceAddress: string;
  /** A bearer-token connection no step uses (its token is one of the markers). */
  connection: string;
  /** A folder (issue 16), its name tagged; the manual-trigger flow is filed in it. */
  folder: string;
  /** Every id of this user's things (uuids). */
  ids: string[];
  /** Names and values that belong to this user and appear nowhere else. */
  markers: string[];
  /**
   * A throwaway thing for routes that delete or spend it: the same one until `spend` says a request
   * used it up (so a refused request costs nothing to set up).
   */
  spare(kind: SpareKind): Promise<string>;
  /** The flow's draft as it is now (publishing locks one; a new one is made when there is none). */
  draftNow(): Promise<string>;
  spend(kind: SpareKind): void;
  /** Signs in again, after a request that ended the user's session (every later request uses the new token). */
  renewSession(): Promise<void>;
}

export type SpareKind = 'flow' | 'variable' | 'template' | 'refreshToken' | 'apiKey' | 'invoiceAddress' | 'connection' | 'folder' | SpareKind17;
/** Issue 17 (runs): a finished run to delete. */
type SpareKind17 = 'run' | 'notification';

function expectStatus(response: LightMyRequestResponse, status: number, what: string): void {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body.slice(0, 500)}`);
}

/** Everything a user can own, made through the API (the run through the engine, waited for). */
export async function buildWorld(t: TestServer, label: string, userName?: string): Promise<World> {
  const tag = `${label}${randomBytes(4).toString('hex')}`;
  const name = userName ?? `Name-${tag}`;
  const registered = await registerUser(t.app, { name, email: uniqueEmail(tag.toLowerCase()) });
  const session = await signIn(t.app, registered.email, registered.password);
  const token = session.access_token;
  // A getter: routes that end the session (logout, logout-all) make `renewSession` sign in again.
  let currentToken = token;
  const auth = {
    get token() {
      return currentToken;
    },
  };
  const created = async (response: Promise<LightMyRequestResponse>, what: string) => {
    const reply = await response;
    expectStatus(reply, 201, what);
    return reply.json<{ id: string; flow?: { id: string }; version?: { id: string; updated: string } }>();
  };

  const storeKey = `key-${tag}`;
  const stepOutput = `output-${tag}`;
  const content = flowOf(`Flow-${tag}`, manualTrigger(), [
    code(1, `return ${JSON.stringify(stepOutput)};`, {}, 2),
    piece(2, '@activepieces/piece-store', 'put', { key: storeKey, value: `stored-${tag}` }),
  ]);
  const flow = await created(post(t.app, '/api/workflow', { displayName: content.displayName }, auth), 'create flow');
  const flowId = flow.flow!.id;
  const firstVersion = flow.version!;
  const saved = await post(t.app, '/api/workflow/version/autosave', { version_id: firstVersion.id, configuration: content, display_name: content.displayName, updated: firstVersion.updated }, auth);
  expectStatus(saved, 200, 'autosave');
  expectStatus(await post(t.app, '/api/workflow/publish', { workflow_id: flowId, version_id: firstVersion.id }, auth), 200, 'publish');
  const draftContent = { ...content, displayName: `Draft-${tag}` };
  const draftSave = await post(t.app, '/api/workflow/version/autosave', { version_id: firstVersion.id, configuration: draftContent, display_name: draftContent.displayName }, auth);
  expectStatus(draftSave, 200, 'draft autosave');
  const draft = draftSave.json<{ version: { id: string } }>().version.id;

  const started = await post(t.app, `/api/workflow/run/${flowId}`, undefined, auth);
  expectStatus(started, 202, 'run');
  const run = await finishedRun(t, token, started.json<{ id: string }>().id);
  if (run.status !== 'SUCCEEDED') throw new Error(`run ended ${run.status}: ${JSON.stringify(run)}`);
  const sample = await post(t.app, '/api/workflow/sample', { workflow_id: flowId, version_id: firstVersion.id, step_name: 'trigger', input: { sampled: `sample-${tag}` } }, auth);
  expectStatus(sample, 200, 'sample');

  const hook = await created(post(t.app, '/api/workflow', { displayName: `Hook-${tag}` }, auth), 'create webhook flow');
  const hookContent = flowOf(`Hook-${tag}`, webhookTrigger(), [piece(1, '@activepieces/piece-data-mapper', 'advanced_mapping', { mapping: { body: '{{trigger.body}}' } })]);
  expectStatus(await post(t.app, '/api/workflow/version/autosave', { version_id: hook.version!.id, configuration: hookContent, display_name: hookContent.displayName }, auth), 200, 'hook autosave');
  expectStatus(await post(t.app, '/api/workflow/publish', { workflow_id: hook.flow!.id, version_id: hook.version!.id }, auth), 200, 'hook publish');
  expectStatus(await put(t.app, '/api/workflow/status', { id: hook.flow!.id, status: 'ENABLED' }, auth), 200, 'enable');
  const webhook = await get(t.app, `/api/workflow/${hook.flow!.id}/webhook`, auth);
  expectStatus(webhook, 200, 'webhook url');
  const webhookSecret = webhook.json<{ url: string }>().url.split('/').pop()!;

  const variable = await created(post(t.app, '/api/variables', { name: `VAR_${tag}`, type: 'STRING', value: `value-${tag}` }, auth), 'variable');
  const sensitive = await created(
    post(t.app, '/api/variables', { name: `SECRET_${tag}`, type: 'STRING', value: `secret-${tag}`, sensitive: true, workflow_id: flowId, description: `about-${tag}` }, auth),
    'sensitive variable',
  );
  const template = await created(post(t.app, '/api/templates', { workflow_id: flowId, title: `Template-${tag}`, description: `describes-${tag}`, visibility: 'PRIVATE' }, auth), 'template');
  const newApiKey = async (name: string) => {
    const reply = await post(t.app, '/api/api-keys', { name, scope: 'READ_WRITE', password: registered.password }, auth);
    expectStatus(reply, 201, 'api key');
    return reply.json<{ apiKey: { id: string }; secret: string }>();
  };
  const apiKey = await newApiKey(`Key-${tag}`);

  const invoiceAddress = await created(
    post(t.app, '/api/billing/invoice-addresses', { name: `Payer-${tag}`, company: `Company-${tag}`, line1: 'Main Street 1', city: 'Berlin', country: 'DE', vatId: 'DE123456789' }, auth),
    'invoice address',
  );
  const connectionSecret = `conn-secret-${tag}`;
  const connection = await created(post(t.app, '/api/connections', { name: `Conn-${tag}`, type: 'BEARER_TOKEN', token: connectionSecret }, auth), 'connection');

  const folder = await created(post(t.app, '/api/folders', { displayName: `Folder-${tag}` }, auth), 'folder');
  expectStatus(await put(t.app, '/api/workflow', { id: flowId, folderId: folder.id }, auth), 200, 'file the flow in the folder');

  let spareCount = 0;
  const makeSpare: Record<SpareKind, () => Promise<string>> = {
    flow: async () => (await created(post(t.app, '/api/workflow', { displayName: `Spare-${tag}` }, auth), 'spare flow')).flow!.id,
    variable: async () => (await created(post(t.app, '/api/variables', { name: `SPARE_${tag}_${++spareCount}`, type: 'NUMBER', value: 1 }, auth), 'spare variable')).id,
    template: async () => (await created(post(t.app, '/api/templates', { workflow_id: flowId, title: `Spare-${tag}`, visibility: 'PRIVATE' }, auth), 'spare template')).id,
    refreshToken: async () => (await signIn(t.app, registered.email, registered.password)).refresh_token,
    invoiceAddress: async () => {
      // A user keeps at most 10 addresses and the fuzzed POSTs add theirs: room is made by dropping them.
      await t.db.query(`DELETE FROM invoice_addresses WHERE user_id = $1 AND id <> $2`, [registered.id, invoiceAddress.id]);
      return (await created(post(t.app, '/api/billing/invoice-addresses', { name: `Spare-${tag}`, line1: 'Spare 1', city: 'Paris', country: 'FR' }, auth), 'spare address')).id;
    },
    apiKey: async () => (await newApiKey(`Spare-${tag}`)).apiKey.id,
    connection: async () =>
      (await created(post(t.app, '/api/connections', { name: `Spare-${tag}-${++spareCount}`, type: 'BEARER_TOKEN', token: `spare-${tag}` }, auth), 'spare connection')).id,
    folder: async () => (await created(post(t.app, '/api/folders', { displayName: `Spare-${tag}-${++spareCount}` }, auth), 'spare folder')).id,
    // issue 17: a finished run of the world's flow, stored as a worker would have left it
    run: () => insertRun(t.db, registered.id, { flowId, versionId: firstVersion.id, status: 'SUCCEEDED', startTime: new Date(), finishTime: new Date(), steps: [] }),
    notification: async () => (await storeNotification(t.db, { userId: registered.id, type: 'notification', message: `Note-${tag}`, level: 'info' }))!.id,
  };
  const spares = new Map<SpareKind, Promise<string>>();
  const world: World = {
    user: { ...registered, token, refreshToken: session.refresh_token },
    async renewSession() {
      const renewed = await signIn(t.app, registered.email, registered.password);
      world.user.token = currentToken = renewed.access_token;
      world.user.refreshToken = renewed.refresh_token;
    },
    flow: flowId,
    published: firstVersion.id,
    draft,
    webhookFlow: hook.flow!.id,
    webhookPublished: hook.version!.id,
    webhookSecret,
    run: run.id,
    variable: variable.id,
    sensitiveVariable: sensitive.id,
    template: template.id,
    apiKey: apiKey.apiKey.id,
    storeKey,
    invoiceAddress: invoiceAddress.id,
    connection: connection.id,
    folder: folder.id,
    ids: [],
    markers: [tag, registered.email, webhookSecret, session.refresh_token, apiKey.secret, connectionSecret],
    spare(kind) {
      let spare = spares.get(kind);
      if (!spare) {
        spare = makeSpare[kind]();
        spares.set(kind, spare);
      }
      return spare;
    },
    spend(kind) {
      spares.delete(kind);
    },
    async draftNow() {
      const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM flow_versions WHERE flow_id = $1 AND state = 'DRAFT'`, [flowId]);
      if (rows[0]) return rows[0].id;
      const made = await post(t.app, '/api/workflow/version', { workflow_id: flowId }, auth);
      expectStatus(made, 201, 'new draft');
      return made.json<{ version: { id: string } }>().version.id;
    },
  };
  world.ids = [registered.id, flowId, firstVersion.id, draft, hook.flow!.id, hook.version!.id, run.id, variable.id, sensitive.id, template.id, apiKey.apiKey.id, invoiceAddress.id, connection.id, folder.id];
  return world;
}

// ---- the route table ----

type Bodies = (w: World) => unknown[] | Promise<unknown[]>;

export interface RouteSpec {
  /** Who may call it: a signed-in user, anyone, or anyone with more for a signed-in user. */
  auth: 'user' | 'none' | 'optional';
  /** Valid path params (the user's own things). */
  params?: (w: World) => Record<string, string> | Promise<Record<string, string>>;
  /** The schema of the query and valid queries. */
  query?: { schema?: unknown; valid: (w: World) => Array<Record<string, string | undefined>> };
  /** The schema of the body and valid bodies, best first (`undefined`: no body). */
  body?: { schema?: unknown; valid: Bodies; contentTypes?: string[] };
  /** A 2xx queues a run: the suites wait for the engine to finish it before comparing rows. */
  startsRun?: boolean;
  /** A refused sign-in still counts against the rate limit (a write to rate_limits on a 4xx, by design). */
  countsAttempts?: boolean;
  /** What a successful request used up (a deleted thing, a rotated or revoked refresh token). */
  spends?: SpareKind;
  /** A 2xx ends the caller's session (logout ends its own, logout-all every one): sign in again after. */
  endsSession?: true;
  /** The answer to the first valid request when it is not a success (a feature this setup has off). */
  firstValidStatus?: number;
}

const manualContent = (name: string) => flowOf(name, manualTrigger(), [code(1, 'return 2;')]);

export const ROUTES: Record<string, RouteSpec> = {
  'GET /api/health': { auth: 'none' },
  'GET /api/openapi.json': { auth: 'none' },

  'POST /api/auth/register': {
    auth: 'none',
    body: { schema: registerRequestSchema, valid: () => [{ name: 'Fuzz Person', email: uniqueEmail('fuzz'), password: PASSWORD }] },
  },
  'POST /api/auth/login': {
    auth: 'none',
    countsAttempts: true,
    body: { schema: loginRequestSchema, valid: (w) => [{ email: w.user.email, password: w.user.password, remember: false }, { email: w.user.email, password: 'wrong password!' }] },
  },
  'POST /api/auth/google': { auth: 'none', firstValidStatus: 400, body: { schema: googleLoginRequestSchema, valid: () => [{ credentials: 'a.b.c' }] } },
  // Refresh attempts are rate-limited per address (RATE_LIMIT_REFRESH_*), refused ones included.
  'POST /api/auth/refresh': { auth: 'none', countsAttempts: true, spends: 'refreshToken', body: { schema: refreshRequestSchema, valid: async (w) => [{ refresh_token: await w.spare('refreshToken') }] } },
  'POST /api/auth/forgot-password': { auth: 'none', countsAttempts: true, body: { schema: forgotPasswordRequestSchema, valid: (w) => [{ email: w.user.email }] } },
  // A well-formed token that was never issued: the valid request the suite can build is refused.
  'POST /api/auth/reset-password': { auth: 'none', firstValidStatus: 400, body: { schema: resetPasswordRequestSchema, valid: () => [{ token: randomBytes(32).toString('base64url'), password: PASSWORD }] } },
  'POST /api/auth/logout': { auth: 'user', spends: 'refreshToken', endsSession: true, body: { schema: logoutRequestSchema, valid: async (w) => [{}, undefined, { refresh_token: await w.spare('refreshToken') }] } },
  // Revokes the refresh tokens only; the access token the suites use stays valid.
  'POST /api/auth/logout-all': { auth: 'user', spends: 'refreshToken', endsSession: true, body: { valid: () => [undefined, {}] } },
  'GET /api/profile': { auth: 'user' },

  'GET /api/workflow/paginate': {
    auth: 'user',
    query: { schema: paginateQuerySchema, valid: (w) => [{}, { page: '1', limit: '100', name: w.user.name.slice(0, 5), status: 'ENABLED' }, { folderId: w.folder }, { folderId: 'NULL' }] },
  },
  'POST /api/workflow': { auth: 'user', body: { schema: workflowCreateSchema, valid: (w) => [{ displayName: 'Fuzzed', folderId: w.folder }, undefined, {}] } },
  'PUT /api/workflow': { auth: 'user', body: { schema: workflowUpdateSchema, valid: (w) => [{ id: w.flow, displayName: 'Renamed', folderId: w.folder }, { id: w.flow, folderId: null }] } },
  'POST /api/workflow/import': { auth: 'user', body: { valid: () => [JSON.parse(toNestedFlowJson(flatOf(manualContent('Imported'))))] } },
  'POST /api/workflow/:id/duplicate': { auth: 'user', params: (w) => ({ id: w.flow }) },
  'GET /api/workflow/:id': { auth: 'user', params: (w) => ({ id: w.flow }), query: { schema: versionFormQuerySchema, valid: () => [{}, { form: 'nested' }, { form: 'flat' }] } },
  'DELETE /api/workflow/:id': { auth: 'user', spends: 'flow', params: async (w) => ({ id: await w.spare('flow') }) },
  'GET /api/workflow/:id/versions': { auth: 'user', params: (w) => ({ id: w.flow }) },
  'GET /api/workflow/:id/versions/:versionId': {
    auth: 'user',
    params: (w) => ({ id: w.flow, versionId: w.published }),
    query: { schema: versionFormQuerySchema, valid: () => [{}, { form: 'nested' }] },
  },
  'POST /api/workflow/version': {
    auth: 'user',
    body: { schema: createVersionBodySchema, valid: (w) => [{ workflow_id: w.flow, from_version_id: w.published }, { workflow_id: w.flow }] },
  },
  'PUT /api/workflow/version': { auth: 'user', body: { schema: renameVersionBodySchema, valid: async (w) => [{ version_id: await w.draftNow(), display_name: 'Renamed draft' }] } },
  'PUT /api/workflow/status': { auth: 'user', body: { schema: statusBodySchema, valid: (w) => [{ id: w.webhookFlow, status: 'ENABLED' }, { id: w.flow, status: 'DISABLED' }] } },
  // Issue 17: bulk actions of the list, on a spare flow only: any action of a fuzzed body may be DELETE.
  'POST /api/workflow/bulk': {
    auth: 'user',
    spends: 'flow',
    body: {
      schema: workflowBulkBodySchema,
      valid: async (w) => {
        const flow = await w.spare('flow');
        return [
          { action: 'DISABLE', ids: [flow] },
          { action: 'MOVE', ids: [flow], folderId: w.folder },
          { action: 'ENABLE', ids: [flow, UNKNOWN_ID] },
          { action: 'DELETE', ids: [flow] },
        ];
      },
    },
  },
  'POST /api/workflow/version/autosave': {
    auth: 'user',
    query: { schema: autosaveQuerySchema, valid: () => [{}, { form: 'nested' }, { reply: 'head' }] },
    body: {
      schema: autosaveBodySchema,
      valid: async (w) => [
        { version_id: await w.draftNow(), configuration: manualContent('Saved'), display_name: 'Saved', overwrite: true },
        // SPEC §7's nested form (issue 16).
        { version_id: await w.draftNow(), configuration: { trigger: JSON.parse(toNestedFlowJson(flatOf(manualContent('Saved')))).trigger }, display_name: 'Saved', overwrite: true },
      ],
    },
  },
  'POST /api/workflow/publish': { auth: 'user', body: { schema: publishBodySchema, valid: async (w) => [{ workflow_id: w.flow, version_id: await w.draftNow() }] } },
  'GET /api/workflow/executions': {
    auth: 'user',
    query: {
      schema: executionsQuerySchema,
      valid: (w) => [{}, { workflow_id: w.flow, status: 'SUCCEEDED', from: '2020-01-01T00:00:00Z', to: '2100-01-01T00:00:00+02:00', page: '2', limit: '5' }, { started_by: 'webhook' }],
    },
  },
  'GET /api/workflow/execution/:id': { auth: 'user', params: (w) => ({ id: w.run }) },
  // Issue 15: the world's run SUCCEEDED, so only a run again on the latest version applies to it.
  'POST /api/workflow/execution/:id/retry': {
    auth: 'user',
    startsRun: true,
    params: (w) => ({ id: w.run }),
    body: { schema: retryRunBodySchema, valid: () => [{ strategy: 'ON_LATEST_VERSION' }] },
  },
  'GET /api/workflow/schedules': { auth: 'user' },
  // issue 17: deleting runs
  'DELETE /api/workflow/execution/:id': { auth: 'user', spends: 'run', params: async (w) => ({ id: await w.spare('run') }) },
  // issue 17: notifications kept on the server
  'GET /api/notifications': { auth: 'user' },
  'PUT /api/notifications/:id': {
    auth: 'user',
    params: async (w) => ({ id: await w.spare('notification') }),
    body: { schema: markNotificationBodySchema, valid: () => [{ read: true }, { read: false }] },
  },
  'POST /api/notifications/read-all': { auth: 'user' },
  'POST /api/workflow/executions/delete': {
    auth: 'user',
    spends: 'run',
    body: { schema: deleteRunsBodySchema, valid: async (w) => [{ ids: [await w.spare('run')] }] },
  },
  'GET /api/analytics/activity/recent': {
    auth: 'user',
    query: { schema: recentActivityQuerySchema, valid: () => [{}, { limit: '5', activity_types: 'workflow_created, run_failed,run_succeeded' }] },
  },
  'POST /api/workflow/run/:id': {
    auth: 'user',
    startsRun: true,
    params: (w) => ({ id: w.flow }),
    body: { schema: runBodySchema, valid: (w) => [undefined, { payload: { hello: 'world' }, version_id: w.published }] },
  },
  'POST /api/workflow/sample': {
    auth: 'user',
    body: {
      schema: sampleBodySchema,
      valid: (w) => [
        { workflow_id: w.flow, version_id: w.published, step_name: 'trigger', input: { a: 1 } },
        { workflow_id: w.flow, version_id: w.published, step_name: 'step_1' },
      ],
    },
  },
  'GET /api/workflow/:id/samples': { auth: 'user', params: (w) => ({ id: w.flow }) },
  'POST /api/workflow/options': {
    auth: 'user',
    body: { schema: optionsBodySchema, valid: () => [{ piece_name: '@activepieces/piece-store', action_name: 'get', property_name: 'key', search: 'key' }] },
  },
  'GET /api/workflow/:id/webhook': { auth: 'user', params: (w) => ({ id: w.flow }) },

  'GET /api/variables': { auth: 'user', query: { schema: variableListQuerySchema, valid: (w) => [{}, { workflow_id: w.flow }] } },
  'POST /api/variables': {
    auth: 'user',
    body: {
      schema: variableCreateSchema,
      valid: (w) => [
        { name: `V${randomBytes(6).toString('hex')}`, type: 'JSON', value: '{"a":[1]}', workflow_id: w.flow, sensitive: true, description: 'd', status: 'INACTIVE' },
        { name: `V${randomBytes(6).toString('hex')}`, type: 'NUMBER', value: 42 },
      ],
    },
  },
  'GET /api/variables/:id': { auth: 'user', params: (w) => ({ id: w.variable }) },
  'PUT /api/variables/:id': {
    auth: 'user',
    params: (w) => ({ id: w.variable }),
    body: { schema: variableUpdateSchema, valid: () => [{ value: 'changed', description: 'changed', status: 'ACTIVE' }, {}] },
  },
  'DELETE /api/variables/:id': { auth: 'user', spends: 'variable', params: async (w) => ({ id: await w.spare('variable') }) },

  'GET /api/folders': { auth: 'user' },
  'POST /api/folders': { auth: 'user', body: { schema: createFolderBodySchema, valid: () => [{ displayName: `F ${randomBytes(6).toString('hex')}` }] } },
  'PUT /api/folders/:id': { auth: 'user', params: (w) => ({ id: w.folder }), body: { schema: updateFolderBodySchema, valid: () => [{ displayName: `R ${randomBytes(6).toString('hex')}` }] } },
  'DELETE /api/folders/:id': { auth: 'user', spends: 'folder', params: async (w) => ({ id: await w.spare('folder') }) },

  'GET /api/templates': {
    auth: 'user',
    query: {
      schema: templateListQuerySchema,
      valid: () => [{}, { search: 'Template', tag: 'a', scope: 'mine', page: '1', limit: '12' }, { tag: 'b', category: 'Sales', scope: 'public' }],
    },
  },
  'PATCH /api/templates/:id': {
    auth: 'user',
    params: (w) => ({ id: w.template }),
    body: { schema: templateUpdateSchema, valid: () => [{ title: 'Renamed', tags: ['x', 'y', 'x'], category: null, visibility: 'PRIVATE' }, {}] },
  },
  'POST /api/templates': {
    auth: 'user',
    body: { schema: templateBodySchema, valid: (w) => [{ workflow_id: w.flow, title: 'T', description: 'D', category: null, tags: ['a', 'b', 'a'], visibility: 'PRIVATE' }] },
  },
  'GET /api/templates/:id': { auth: 'optional', params: (w) => ({ id: w.template }) },
  'POST /api/templates/:id/use': { auth: 'user', params: (w) => ({ id: w.template }) },
  'DELETE /api/templates/:id': { auth: 'user', spends: 'template', params: async (w) => ({ id: await w.spare('template') }) },

  'GET /api/api-keys': { auth: 'user' },
  // A wrong password counts against the per-user password limit (a write to rate_limits on a 4xx, by design).
  'POST /api/api-keys': {
    auth: 'user',
    countsAttempts: true,
    body: {
      schema: createApiKeyBodySchema,
      valid: (w) => [
        { name: 'Fuzz key', scope: 'READ_ONLY', password: w.user.password, expires_at: new Date(Date.now() + 86_400_000).toISOString() },
        { name: 'Fuzz key 2', scope: 'READ_WRITE', password: w.user.password, expires_at: null },
      ],
    },
  },
  'DELETE /api/api-keys/:id': { auth: 'user', spends: 'apiKey', params: async (w) => ({ id: await w.spare('apiKey') }) },
  'GET /api/connections': { auth: 'user' },
  'POST /api/connections': {
    auth: 'user',
    body: {
      schema: createConnectionBodySchema,
      valid: () => [
        { name: `C ${randomBytes(6).toString('hex')}`, type: 'API_KEY', header_name: 'X-Fuzz-Key', api_key: 'fuzz-key-value' },
        { name: `C ${randomBytes(6).toString('hex')}`, type: 'CUSTOM_HEADERS', headers: [{ name: 'X-Fuzz', value: 'fuzz-value' }] },
      ],
    },
  },
  'GET /api/connections/:id': { auth: 'user', params: (w) => ({ id: w.connection }) },
  'PUT /api/connections/:id': {
    auth: 'user',
    params: (w) => ({ id: w.connection }),
    body: { schema: updateConnectionBodySchema, valid: () => [{ token: 'changed-token-value' }, {}, { type: 'API_KEY', header_name: 'X-Key', api_key: 'fuzz-key-value' }] },
  },
  'DELETE /api/connections/:id': {
    auth: 'user',
    spends: 'connection',
    params: async (w) => ({ id: await w.spare('connection') }),
    query: { schema: deleteConnectionQuerySchema, valid: () => [{}, { force: 'true' }] },
  },
  'GET /api/connections/:id/usage': { auth: 'user', params: (w) => ({ id: w.connection }) },
  // A loopback address: the guard refuses it at once (the suites' servers keep private networks closed), the
  // call still counts against the per-user test limit.
  'POST /api/connections/:id/test': {
    auth: 'user',
    countsAttempts: true,
    params: (w) => ({ id: w.connection }),
    body: { schema: testConnectionBodySchema, valid: () => [{ url: 'http://127.0.0.1:9/' }] },
  },

  'GET /api/analytics/dashboard/overview': { auth: 'user', query: { schema: periodQuerySchema('30d'), valid: () => [{}, { period: '24h' }, { period: '1y' }] } },
  'GET /api/analytics/workflows/overview': { auth: 'user', query: { schema: periodQuerySchema('30d'), valid: () => [{}, { period: '7d' }] } },
  'GET /api/analytics/workflows/creation-trends': {
    auth: 'user',
    query: { schema: bucketsQuerySchema('30d', 'day'), valid: () => [{}, { period: '90d', granularity: 'week' }, { period: '24h', granularity: 'hour' }] },
  },
  'GET /api/analytics/workflows/top-performing': {
    auth: 'user',
    query: { schema: topPerformingQuerySchema, valid: () => [{}, { limit: '100', period: '1y', sort_by: 'avg_execution_time' }] },
  },
  'GET /api/analytics/workflows/piece-usage': { auth: 'user', query: { schema: periodQuerySchema('30d'), valid: () => [{}, { period: '90d' }] } },
  'GET /api/analytics/executions/overview': { auth: 'user', query: { schema: periodQuerySchema('30d'), valid: () => [{}, { period: '24h' }] } },
  'GET /api/analytics/executions/timeline': {
    auth: 'user',
    query: { schema: bucketsQuerySchema('7d', 'hour'), valid: () => [{}, { period: '1y', granularity: 'month' }, { period: '30d', granularity: 'day' }] },
  },
  'GET /api/analytics/executions/performance': { auth: 'user', query: { schema: periodQuerySchema('7d'), valid: () => [{}, { period: '1y' }] } },
  'GET /api/analytics/executions/error-analysis': { auth: 'user', query: { schema: periodQuerySchema('30d'), valid: () => [{}, { period: '7d' }] } },

  // ---- system and billing (issue 14) ----
  'GET /api/system': { auth: 'user' },
  'GET /api/billing': { auth: 'user' },
  'GET /api/billing/invoices': { auth: 'user', query: { schema: billingPageQuerySchema, valid: () => [{}, { page: '2', limit: '100' }] } },
  'GET /api/billing/balance-transactions': { auth: 'user', query: { schema: billingPageQuerySchema, valid: () => [{}, { page: '1', limit: '5' }] } },
  'GET /api/billing/invoice-addresses': { auth: 'user' },
  'POST /api/billing/invoice-addresses': {
    auth: 'user',
    body: {
      schema: invoiceAddressBodySchema,
      valid: () => [
        { name: 'Fuzz Payer', company: 'Fuzz GmbH', line1: 'Street 1', line2: 'Floor 2', city: 'Wien', postalCode: '1010', country: 'AT', vatId: 'ATU12345678', isDefault: true },
        { name: 'Other Payer', line1: 'Road 2', city: 'Austin', country: 'US' },
      ],
    },
  },
  'GET /api/billing/invoice-addresses/:id': { auth: 'user', params: (w) => ({ id: w.invoiceAddress }) },
  'PUT /api/billing/invoice-addresses/:id': {
    auth: 'user',
    params: (w) => ({ id: w.invoiceAddress }),
    body: {
      schema: invoiceAddressBodySchema,
      valid: () => [{ name: 'Renamed Payer', line1: 'Street 3', city: 'Rome', postalCode: '00100', country: 'IT', vatId: 'IT 123 456 789 01', isDefault: true }],
    },
  },
  'DELETE /api/billing/invoice-addresses/:id': { auth: 'user', spends: 'invoiceAddress', params: async (w) => ({ id: await w.spare('invoiceAddress') }) },
  // The account (tests/server/account.test.ts covers the successes these leave out). A wrong password is
  // counted against the per-user limit (a rate_limits write on a refusal, by design). The password change
  // and the deletion are sent with a wrong password: a mutation of a right one's other field could change
  // the suites' user's password or delete the user, which every later request is built on.
  'GET /api/account': { auth: 'user' },
  'PUT /api/account/name': { auth: 'user', body: { schema: updateNameBodySchema, valid: (w) => [{ name: w.user.name }] } },
  'POST /api/account/email': {
    auth: 'user',
    countsAttempts: true,
    body: { schema: changeEmailBodySchema, valid: (w) => [{ email: uniqueEmail('new-address'), password: w.user.password }] },
  },
  // A well-formed token that was never issued.
  'POST /api/account/email/confirm': { auth: 'user', firstValidStatus: 400, body: { schema: confirmEmailBodySchema, valid: () => [{ token: randomBytes(32).toString('base64url') }] } },
  'PUT /api/account/password': {
    auth: 'user',
    countsAttempts: true,
    firstValidStatus: 400,
    body: { schema: changePasswordBodySchema, valid: () => [{ current_password: 'not the password', new_password: PASSWORD }] },
  },
  'POST /api/account/delete': {
    auth: 'user',
    countsAttempts: true,
    firstValidStatus: 400,
    body: { schema: deleteAccountBodySchema, valid: () => [{ confirmation: 'DELETE', password: 'not the password' }] },
  },
};

/** Every method of the webhook URL takes any content type; the secret is the credential. */
const webhookSpec = (): RouteSpec => ({
  auth: 'none',
  startsRun: true,
  // Calls per URL are limited: each counts, refused or not.
  countsAttempts: true,
  params: (w) => ({ secret: w.webhookSecret }),
  body: { valid: () => [{ hello: 'world' }, 'a=1&b=2', undefined], contentTypes: ['application/json', 'application/x-www-form-urlencoded', 'text/plain'] },
});
for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) ROUTES[`${method} /api/webhooks/:secret`] = webhookSpec();

/** HEAD is GET without the body (Fastify adds it to every GET route). */
export function specOf(route: ServedRoute): RouteSpec | undefined {
  return ROUTES[route.key] ?? (route.method === 'HEAD' ? ROUTES[`GET ${route.url}`] : undefined);
}

/** Served routes without an entry, and entries without a served route: both mean the table is out of date. */
export function tableProblems(routes: readonly ServedRoute[]): { missing: string[]; stale: string[] } {
  const served = new Set(routes.map((r) => r.key));
  return {
    missing: routes.filter((r) => specOf(r) === undefined).map((r) => r.key),
    stale: Object.keys(ROUTES).filter((key) => !served.has(key)),
  };
}

/** What a route without an entry gets: its path params filled with the user's ids, generic bodies. */
export const GENERIC_SPEC: RouteSpec = { auth: 'user', body: { valid: () => [undefined, {}] } };

export { UNKNOWN_ID } from './flows.ts';

// ---- stored rows ----

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
}

async function columns(db: Database): Promise<Column[]> {
  const { rows } = await db.query<Column>(
    `SELECT table_name::text, column_name::text, data_type::text FROM information_schema.columns
     WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  return rows;
}

/** Tables that belong to nobody: settings written at start, the migrations' own table, rate-limit counters. */
const UNOWNED_TABLES = new Set(['app_settings', 'rate_limits', 'schema_migrations', 'worker_heartbeats']);

/** Tables written by timers whatever the requests do (each worker process's heartbeat): never fingerprinted. */
const BACKGROUND_TABLES = new Set(['worker_heartbeats']);

/**
 * A cheap fingerprint of every table the migrations made: its row count and the latest of each of its
 * timestamps. A new table is included without anyone listing it. `skip` leaves tables out.
 */
export async function fingerprintQuery(db: Database, skip: ReadonlySet<string> = new Set()): Promise<string> {
  const byTable = new Map<string, Column[]>();
  for (const column of await columns(db)) byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), column]);
  const parts = [...byTable].filter(([table]) => !skip.has(table) && !BACKGROUND_TABLES.has(table)).map(([table, cols]) => {
    const stamps = cols.filter((c) => c.data_type.startsWith('timestamp')).map((c) => `coalesce(max(${c.column_name})::text, '-')`);
    return `'${table}', (SELECT concat_ws('|', count(*)::text${stamps.map((s) => `, ${s}`).join('')}) FROM ${table})`;
  });
  return `SELECT json_build_object(${parts.join(', ')}) AS fp`;
}

/**
 * Everything one user owns, in full: rows with their user_id, rows of their flows (flow_id), their user
 * row. Built from the schema, so a new table with either column is covered; a table with neither that
 * is not known to be unowned fails the suite, so it gets classified.
 */
export async function ownedRowsQuery(db: Database): Promise<string> {
  const byTable = new Map<string, string[]>();
  for (const column of await columns(db)) byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), column.column_name]);
  const parts: string[] = [];
  const unclassified: string[] = [];
  for (const [table, cols] of byTable) {
    if (UNOWNED_TABLES.has(table)) continue;
    const order = cols.includes('id') ? 'x.id' : 'x::text';
    if (table === 'users') parts.push(`'users', (SELECT json_agg(x) FROM users x WHERE x.id = $1)`);
    else if (cols.includes('user_id')) parts.push(`'${table}', (SELECT json_agg(x ORDER BY ${order}) FROM ${table} x WHERE x.user_id = $1)`);
    else if (cols.includes('flow_id')) parts.push(`'${table}', (SELECT json_agg(x ORDER BY ${order}) FROM ${table} x JOIN flows f ON f.id = x.flow_id WHERE f.user_id = $1)`);
    else unclassified.push(table);
  }
  if (unclassified.length > 0) throw new Error(`tables of no known owner (add them to UNOWNED_TABLES in tests/server/route-table.ts or give them a user_id): ${unclassified.join(', ')}`);
  return `SELECT json_build_object(${parts.join(', ')})::text AS rows`;
}

/** Waits until no run is queued or running (a 2xx that started one has been carried out). */
export async function engineIdle(db: Database): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const { rows } = await db.query<{ busy: number }>(
      `SELECT (SELECT count(*)::int FROM run_queue) + (SELECT count(*)::int FROM flow_runs WHERE status = 'RUNNING') AS busy`,
    );
    if (rows[0]!.busy === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('runs still queued or running after 15 s');
}

// ---- replies ----

const SERVER_DIRS = [process.cwd(), tmpdir()].filter((dir) => dir.length > 4);

/** What a reply must never show: the server's insides. A pattern the request itself holds is not a leak. */
const LEAKS: Array<[string, RegExp]> = [
  ['a stack frame', /\n\s+at .+[(:]\d+/],
  ['a stack frame', /\bat (?:async )?[\w$.<>]+ \((?:file:|node:|\/)/],
  ['a source location', /\.(?:ts|js|mjs|cjs):\d+/],
  ['SQL', /\b(?:SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/],
  ['a PostgreSQL error', /relation "|syntax error at or near|violates (?:unique|foreign key|check|not-null) constraint|invalid input syntax for type/i],
  ['a module path', /node_modules/],
  ['an error class', /\b(?:TypeError|RangeError|ReferenceError|SyntaxError): /],
];

/** Why a reply body leaks the server's insides, or undefined. */
export function leakIn(body: string, requestText: string): string | undefined {
  for (const [what, pattern] of LEAKS) {
    if (pattern.test(body) && !pattern.test(requestText)) return `${what} (${pattern.exec(body)![0]})`;
  }
  for (const dir of SERVER_DIRS) if (body.includes(dir) && !requestText.includes(dir)) return `a server path (${dir})`;
  return undefined;
}

/** A request as short text for a failure message: long strings cut, so a 20 MB body stays readable. */
export function summarize(value: unknown, max = 600): string {
  const text = typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : (JSON.stringify(value) ?? String(value));
  return text.length <= max ? text : `${text.slice(0, max / 2)}…(${text.length} chars)…${text.slice(-max / 4)}`;
}
