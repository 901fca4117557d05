/**
 * The isolation sweep (issue 11): user A owns one of everything (a published workflow with a draft, a
 * run carried out by the engine, a step sample, a Store entry, a webhook workflow, a plain and a
 * sensitive variable, a private and a public template); user B sends every route the server registers
 * (enumerated from the server, so a new route is swept at once) with each of A's ids in every path
 * param, every id field of the body and every id in the query, and B's refresh-token fields carrying A's
 * token.
 *
 * For each such request: B gets what an unknown id gets (the same status; for a refusal the same body),
 * so another user's id is indistinguishable from a missing one (404 where the thing is looked up); no
 * reply to B holds anything of A (ids other than the one B sent, names, values, the sensitive value, the
 * webhook secret, the Store key, the sample, the run's output); and none of A's rows changes.
 *
 * By design and so not swept: A's PUBLIC template is readable and usable by B, and a webhook URL's
 * secret is its credential (anyone holding it starts a run), as is a refresh token at /auth/refresh.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { post } from './helpers.ts';
import type { TestServer } from './helpers.ts';
import { chain } from './flows.ts';
import {
  buildWorld,
  engineIdle,
  fillPath,
  GENERIC_SPEC,
  ownedRowsQuery,
  pathParamsOf,
  type RouteSpec,
  type ServedRoute,
  specOf,
  startServerWithRoutes,
  summarize,
  tableProblems,
  UNKNOWN_ID,
  type World,
} from './route-table.ts';

let t: TestServer;
let routes: ServedRoute[];
let a: World;
let b: World;
let aPublicTemplate: string;
let ownedRows: string;
let sent = 0;
const started = Date.now();

/** The user name is shown on public templates (by design), so A's is plain; everything else of A carries a tag. */
const A_NAME = 'Plain Author';

beforeAll(async () => {
  ({ t, routes } = await startServerWithRoutes());
  a = await buildWorld(t, 'Alpha', A_NAME);
  b = await buildWorld(t, 'Bravo');
  // A public template from a flow that holds nothing of A's tagged data: what B may read by design.
  const shared = await post(t.app, '/api/workflow', { displayName: 'Shared flow' }, { token: a.user.token });
  const sharedVersion = shared.json<{ flow: { id: string }; version: { id: string } }>();
  await post(t.app, '/api/workflow/version/autosave', { version_id: sharedVersion.version.id, configuration: chain(1), display_name: 'Shared flow' }, { token: a.user.token });
  const template = await post(t.app, '/api/templates', { workflow_id: sharedVersion.flow.id, title: 'Shared template', visibility: 'PUBLIC' }, { token: a.user.token });
  if (template.statusCode !== 201) throw new Error(`public template: ${template.body}`);
  aPublicTemplate = template.json<{ id: string }>().id;
  ownedRows = await ownedRowsQuery(t.db);
}, 120_000);

afterAll(async () => {
  console.log(`isolation sweep: ${sent} requests over ${routes?.length ?? 0} routes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await t?.close();
});

async function rowsOfA(): Promise<string> {
  const { rows } = await t.db.query<{ rows: string }>(ownedRows, [a.user.id]);
  return rows[0]!.rows;
}

interface Attempt {
  route: ServedRoute;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  body: unknown;
}

async function send(attempt: Attempt, token: string): Promise<LightMyRequestResponse> {
  const { route, params, query, body } = attempt;
  const search = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  const contentType = typeof body === 'string' ? 'text/plain' : 'application/json';
  const request: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: fillPath(route.url, params) + (search ? `?${search}` : ''),
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': contentType }) },
    ...(body === undefined || route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  };
  sent += 1;
  return t.app.inject(request);
}

const ID_FIELD = /^(?:id|.*_id|.*Id)$/;
const TOKEN_FIELD = /token/i;

/** What of A a reply to B must not show: anything tagged with A's label, A's email, secrets, A's ids. */
function leaksOfA(body: string, allowedIds: readonly string[]): string[] {
  const found = a.markers.filter((marker) => body.includes(marker));
  for (const id of [...a.ids, aPublicTemplate]) if (!allowedIds.includes(id) && body.includes(id)) found.push(`id ${id}`);
  return found;
}

/** A's PUBLIC template is B's to read and use (by design): those answers need not look like a missing id. */
const PUBLIC_BY_DESIGN = new Set(['GET /api/templates/:id', 'HEAD /api/templates/:id', 'POST /api/templates/:id/use']);

const problems: string[] = [];

/**
 * B sends `theirs` (with one of A's values in it) and `missing` (an unknown value in the same place):
 * the same status, the same refusal, nothing of A shown, nothing of A changed.
 */
async function expectAsMissing(spec: RouteSpec, theirs: Attempt, missing: Attempt, value: string, where: string): Promise<void> {
  const before = await rowsOfA();
  const reply = await send(theirs, b.user.token);
  if (spec.startsRun) await engineIdle(t.db);
  const after = await rowsOfA();
  // Logging out (even with A's refresh token) ends B's own session: the comparison needs a live one.
  if (reply.statusCode < 300 && spec.endsSession) await b.renewSession();
  const unknown = await send(missing, b.user.token);
  if (spec.startsRun) await engineIdle(t.db);
  const label = `${where} with A's ${summarize(value, 80)}: ${reply.statusCode} ${summarize(reply.body, 300)}`;
  const publicRead = value === aPublicTemplate && PUBLIC_BY_DESIGN.has(theirs.route.key);
  if (reply.statusCode >= 500) problems.push(`server error: ${label}`);
  if (after !== before) problems.push(`changed A's rows: ${label}`);
  const leaks = leaksOfA(reply.body, publicRead ? [value, aPublicTemplate] : [value]);
  if (leaks.length > 0) problems.push(`showed B ${leaks.join(', ')}: ${label}`);
  if (publicRead) return;
  if (reply.statusCode !== unknown.statusCode) problems.push(`answered unlike an unknown id (${unknown.statusCode} ${summarize(unknown.body, 200)}): ${label}`);
  else if (reply.statusCode >= 400 && reply.body.replaceAll(value, '<id>') !== unknown.body.replaceAll(missingValue(value), '<id>')) {
    problems.push(`refused unlike an unknown id (${summarize(unknown.body, 200)}): ${label}`);
  }
  if (reply.statusCode < 300 && spec.spends) b.spend(spec.spends);
  if (unknown.statusCode < 300 && spec.spends) b.spend(spec.spends);
  if (unknown.statusCode < 300 && spec.endsSession) await b.renewSession();
}

const missingValue = (value: string) => (value === a.user.refreshToken ? 'unknown-refresh-token' : UNKNOWN_ID);

/** Every id field at the top of a body or query, and refresh tokens in bodies of signed-in routes. */
function fieldsToSwap(record: unknown, spec: RouteSpec): Array<{ key: string; values: string[] }> {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return [];
  const fields: Array<{ key: string; values: string[] }> = [];
  for (const key of Object.keys(record)) {
    if (ID_FIELD.test(key)) fields.push({ key, values: [...a.ids, aPublicTemplate] });
    else if (TOKEN_FIELD.test(key) && spec.auth === 'user') fields.push({ key, values: [a.user.refreshToken] });
  }
  return fields;
}

describe('another user’s ids, on every route the server serves', () => {
  it('the route table knows every route (else it is swept with generic input)', () => {
    expect(tableProblems(routes).missing, 'Add these routes to ROUTES in tests/server/route-table.ts').toEqual([]);
  });

  it('A owns one of everything, carried out by the engine', async () => {
    const owned = JSON.parse(await rowsOfA()) as Record<string, unknown[] | null>;
    const count = (table: string) => owned[table]?.length ?? 0;
    expect({
      flows: count('flows') >= 3,
      versions: count('flow_versions') >= 4,
      runs: count('flow_runs'),
      variables: count('variables'),
      templates: count('templates'),
      store: count('store_entries'),
      samples: count('step_samples') >= 1,
    }).toEqual({ flows: true, versions: true, runs: 1, variables: 2, templates: 2, store: 1, samples: true });
    expect(JSON.stringify(owned.flow_runs)).toContain('SUCCEEDED');
    // The sensitive value is stored encrypted: the sweep's marker would not find it in the database.
    expect(JSON.stringify(owned.variables)).not.toContain(`secret-${a.markers[0]}`);
  });

  it('B never sees or changes anything of A’s, and A’s ids answer like unknown ones', async () => {
    for (const route of routes) {
      const spec = specOf(route) ?? GENERIC_SPEC;
      const params = pathParamsOf(route.url).length > 0 && spec.params ? await spec.params(b) : Object.fromEntries(pathParamsOf(route.url).map((p) => [p, b.flow]));
      const bodies = spec.body ? await spec.body.valid(b) : [undefined];
      const queries = spec.query?.valid(b) ?? [{}];

      // B's own requests: nothing of A in any list, search or option.
      for (const body of bodies) {
        for (const query of queries) {
          const before = await rowsOfA();
          const reply = await send({ route, params, query, body }, b.user.token);
          if (spec.startsRun) await engineIdle(t.db);
          if (reply.statusCode < 300 && spec.spends) b.spend(spec.spends);
          if (reply.statusCode < 300 && spec.endsSession) await b.renewSession();
          const leaks = leaksOfA(reply.body, [aPublicTemplate]);
          const label = `${route.key} (B's own request ${summarize({ query, body }, 200)}): ${reply.statusCode} ${summarize(reply.body, 300)}`;
          if (leaks.length > 0) problems.push(`showed B ${leaks.join(', ')}: ${label}`);
          if (reply.statusCode >= 500) problems.push(`server error: ${label}`);
          if ((await rowsOfA()) !== before) problems.push(`changed A's rows: ${label}`);
        }
      }

      // A's ids in each path param.
      for (const param of pathParamsOf(route.url)) {
        for (const id of [...a.ids, aPublicTemplate]) {
          const fresh = spec.params ? await spec.params(b) : params;
          const base = { route, query: queries[0] ?? {}, body: bodies[0] };
          await expectAsMissing(spec, { ...base, params: { ...fresh, [param]: id } }, { ...base, params: { ...fresh, [param]: UNKNOWN_ID } }, id, `${route.key} :${param}`);
        }
      }

      // A's ids in each id field of each body, and A's refresh token in token fields.
      for (const body of bodies) {
        for (const { key, values } of fieldsToSwap(body, spec)) {
          for (const value of values) {
            const fresh = spec.params ? await spec.params(b) : params;
            const base = { route, params: fresh, query: queries[0] ?? {} };
            const freshBody = spec.body ? (await spec.body.valid(b))[bodies.indexOf(body)] : body;
            await expectAsMissing(
              spec,
              { ...base, body: { ...(freshBody as object), [key]: value } },
              { ...base, body: { ...(freshBody as object), [key]: missingValue(value) } },
              value,
              `${route.key} body.${key}`,
            );
          }
        }
      }

      // A's ids in each id of each query.
      for (const query of queries) {
        for (const { key, values } of fieldsToSwap(query, spec)) {
          for (const value of values) {
            const base = { route, params, body: bodies[0] };
            await expectAsMissing(spec, { ...base, query: { ...query, [key]: value } }, { ...base, query: { ...query, [key]: UNKNOWN_ID } }, value, `${route.key} ?${key}`);
          }
        }
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * 2);
  }, 180_000);

  it('a malformed id in a path answers like a missing one (issue 16), on every route with a path param', async () => {
    problems.length = 0;
    let swept = 0;
    for (const route of routes) {
      const spec = specOf(route) ?? GENERIC_SPEC;
      if (pathParamsOf(route.url).length === 0) continue;
      const bodies = spec.body ? await spec.body.valid(b) : [undefined];
      const query = spec.query?.valid(b)[0] ?? {};
      for (const param of pathParamsOf(route.url)) {
        for (const malformed of MALFORMED_IDS) {
          const fresh = spec.params ? await spec.params(b) : Object.fromEntries(pathParamsOf(route.url).map((p) => [p, b.flow]));
          const base = { route, query, body: bodies[0] };
          await expectAsMissing(spec, { ...base, params: { ...fresh, [param]: malformed } }, { ...base, params: { ...fresh, [param]: UNKNOWN_ID } }, malformed, `${route.key} :${param}`);
          swept += 1;
        }
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(swept).toBeGreaterThan(30);
  }, 120_000);
});

/** Ids no row can have: not a uuid, an injection attempt, a uuid with a character too many. */
const MALFORMED_IDS = ['not-an-id', "1' OR '1'='1", '0190b3c4-7a1e-4c3b-9d2f-5e6a7b8c9d0e0'];
