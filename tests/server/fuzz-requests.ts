/**
 * Requests for the route fuzz suite, as recipes fast-check generates and shrinks (small, printable
 * values) and turns into an HTTP request only when it is sent, against the signed-in user's current
 * things. A recipe is one of: a valid request; a body generated from the route's schema; a valid body
 * with one mutation somewhere inside (a field dropped, an extra field, a value replaced by a wrong type,
 * a nasty string, an edge number, deep or huge JSON); a whole body replaced (scalars, broken JSON,
 * 5,000 levels of nesting, sizes around the body limit); another content type; a mutated path param or
 * query; a missing, broken or foreign credential.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { fillPath, pathParamsOf, type RouteSpec, type ServedRoute, UNKNOWN_ID, type World } from './route-table.ts';
import { arbitraryFor, nastyNumber, nastyString } from './zod-arbitrary.ts';

/** JSON text spliced into a body as it is (nesting too deep to build as an object, sizes near a limit). */
export interface Raw {
  raw: string;
  /** 'deep': 5,000 levels; the suite skips this class where the lead's depth rewrite is pending. */
  class: 'deep' | 'size' | 'shape';
  label: string;
}
/**
 * In a recipe a Raw is named, not held: fast-check prints failing recipes, and a 20 MB string would
 * drown the report. `{rawRef}` is looked up (per body limit) when the request is built.
 */
interface RawRef {
  rawRef: string;
}
const isRawRef = (value: unknown): value is RawRef => typeof value === 'object' && value !== null && typeof (value as RawRef).rawRef === 'string';
const rawCache = new Map<number, Map<string, Raw>>();
function rawsFor(limit: number): Map<string, Raw> {
  let raws = rawCache.get(limit);
  if (!raws) {
    raws = new Map([...RAW_VALUES(limit), ...RAW_BODIES(limit)].map((raw) => [raw.label, raw]));
    rawCache.set(limit, raws);
  }
  return raws;
}

export const DEEP_LEVELS = 5000;
const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + 'null' + '}'.repeat(n);
const deepMixed = (n: number) => '[{"a":'.repeat(n) + '1' + '}]'.repeat(n);

const RAW_VALUES = (limit: number): Raw[] => [
  { raw: deepArray(DEEP_LEVELS), class: 'deep', label: `${DEEP_LEVELS} nested arrays` },
  { raw: deepObject(DEEP_LEVELS), class: 'deep', label: `${DEEP_LEVELS} nested objects` },
  { raw: deepMixed(DEEP_LEVELS), class: 'deep', label: `${DEEP_LEVELS} nested arrays and objects` },
  { raw: deepObject(200), class: 'shape', label: '200 nested objects' },
  { raw: JSON.stringify('x'.repeat(Math.max(0, limit - 2048))), class: 'size', label: 'a string 2 KB under the body limit' },
  { raw: JSON.stringify('x'.repeat(limit + 1024)), class: 'size', label: 'a string 1 KB over the body limit' },
  { raw: `[${'0,'.repeat(Math.floor((limit - 2048) / 2))}0]`, class: 'size', label: 'an array of numbers just under the body limit' },
  { raw: JSON.stringify(Array.from({ length: 10_000 }, (_, i) => ({ i }))), class: 'shape', label: '10,000 small objects' },
];

/** Whole bodies that are not the object a route expects, as text. */
const RAW_BODIES = (limit: number): Raw[] => [
  ...['null', '[]', '42', '"text"', 'true', '1e308', '-0', '{}', '[{}]'].map((raw): Raw => ({ raw, class: 'shape', label: raw })),
  ...[
    '{',
    '{"a":',
    "{'a':1}",
    '{"a":1,}',
    'NaN',
    'undefined',
    '{"a":1}{"b":2}',
    '\uFEFF{}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"a":1,"a":2}',
    '{"a":1e999}',
    '{"a":-1e999}',
    '[' + '1,'.repeat(1000) + '1]',
  ].map((raw): Raw => ({ raw, class: 'shape', label: raw.slice(0, 40) })),
  { raw: deepArray(DEEP_LEVELS), class: 'deep', label: `${DEEP_LEVELS} nested arrays` },
  { raw: deepObject(DEEP_LEVELS), class: 'deep', label: `${DEEP_LEVELS} nested objects` },
  { raw: deepMixed(DEEP_LEVELS), class: 'deep', label: `${DEEP_LEVELS} nested arrays and objects` },
  { raw: 'x'.repeat(limit + 1), class: 'size', label: 'one byte over the body limit' },
  { raw: `[${'0,'.repeat(Math.floor((limit - 4) / 2))}0]`, class: 'size', label: 'an array filling the body limit' },
];

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/json; charset=latin1',
  '',
];

/** Bytes no UTF-8 decoder should take: a lone continuation, an overlong slash, a surrogate half. */
const BAD_BYTES = [Buffer.from([0xff, 0xfe, 0x7b, 0x7d]), Buffer.from('{"a":"\xc0\xaf"}', 'latin1'), Buffer.from('{"a":"\xed\xa0\x80"}', 'latin1')];

/** Stands for 10,000 characters (expanded when the request is built, so reports stay short). */
const LONG_PARAM = '<10,000 x>';
const PARAM_VALUES = [
  UNKNOWN_ID,
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-an-id',
  '1',
  '-1',
  '1e308',
  LONG_PARAM,
  '..',
  '../..',
  'null',
  '🙂',
  '\u202E',
  ' ',
];
/** Path and query text as it is, not encoded again: NUL, an encoded surrogate half, broken escapes. */
const RAW_PATH_VALUES = ['%00', '%ED%A0%80', '%C0%AF', '%', '%ZZ', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', 'a%20b', '%F0%9F%99%82'];
const LONG_QUERY = '<name of 20,000 x>';
const RAW_QUERIES = ['%', 'page=%ZZ', 'page=1e308', 'limit=-0', 'page=0x10', 'page[]=1', '__proto__[x]=1', 'status=%00', 'name=%ED%A0%80', LONG_QUERY, 'page=1&page=2'];

export type Credential = 'user' | 'none' | 'bad';
const BAD_AUTHORIZATIONS = (token: string) => [
  'Bearer',
  'Bearer ',
  'Bearer x',
  `Bearer ${token}x`,
  `bearer ${token.slice(0, -2)}`,
  'Basic YWxhZGRpbjpvcGVuc2VzYW1l',
  `Bearer ${'a'.repeat(10_000)}`,
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
  `Bearer ${token} ${token}`,
];

export type Recipe =
  | { kind: 'valid'; sample: number }
  | { kind: 'schema'; body: unknown }
  | { kind: 'mutate'; sample: number; path: number[]; op: 'drop' | 'extra' | 'replace'; key: string; value: unknown }
  | { kind: 'body'; body: RawRef | { bytes: number } }
  | { kind: 'content-type'; sample: number; contentType: string }
  | { kind: 'param'; param: string; value: string; raw: boolean }
  | { kind: 'query'; query: Record<string, unknown> }
  | { kind: 'raw-query'; query: string };

export interface Fuzzed {
  recipe: Recipe;
  credential: Credential;
  /** Which bad credential, when `credential` is 'bad'. */
  badAuth: number;
}

export interface BuiltRequest {
  inject: InjectOptions;
  /** The request as text, for leak checks (a value the request holds is no leak) and messages. */
  text: string;
  /** Holds JSON nested thousands of levels deep. */
  deep: boolean;
}

export function recipeArbitrary(route: ServedRoute, spec: RouteSpec, world: World, credentials: Credential[]): fc.Arbitrary<Fuzzed> {
  const sample = fc.nat({ max: 3 });
  // A route that deletes what it names gets its spare, never the user's standing things (which the
  // other routes' requests are built on): in its path, in a mutated body or in a body from its schema
  // (a bulk delete's `ids` drawn from the user's ids deleted the workflow every later request used).
  const ownIds = spec.spends ? [] : world.ids;
  const rawValues = RAW_VALUES(route.bodyLimit).map((raw): RawRef => ({ rawRef: raw.label }));
  const rawBodies = RAW_BODIES(route.bodyLimit).map((raw): RawRef => ({ rawRef: raw.label }));
  const value: fc.Arbitrary<unknown> = fc.oneof(
    { weight: 3, arbitrary: nastyString() },
    { weight: 2, arbitrary: nastyNumber() },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': null }) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    ...(ownIds.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...ownIds) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...rawValues) },
  );
  const kinds: Array<fc.WeightedArbitrary<Recipe>> = [{ weight: 1, arbitrary: sample.map((s): Recipe => ({ kind: 'valid', sample: s })) }];
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  if (hasBody) {
    kinds.push(
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('mutate' as const),
          sample,
          path: fc.array(fc.nat({ max: 50 }), { maxLength: 7 }),
          op: fc.constantFrom('drop' as const, 'extra' as const, 'replace' as const, 'replace' as const),
          key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'id', 'user_id', 'userId', 'admin', 'extra'), fc.string({ maxLength: 8 })),
          value,
        }),
      },
      { weight: 3, arbitrary: fc.constantFrom(...rawBodies, { bytes: 0 }, { bytes: 1 }, { bytes: 2 }).map((body): Recipe => ({ kind: 'body', body })) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('content-type' as const), sample, contentType: fc.constantFrom(...CONTENT_TYPES) }) },
    );
    if (spec.body?.schema) kinds.push({ weight: 4, arbitrary: arbitraryFor(spec.body.schema, { ids: ownIds }).map((body): Recipe => ({ kind: 'schema', body })) });
  }
  const params = pathParamsOf(route.url);
  if (params.length > 0) {
    kinds.push({
      weight: hasBody ? 2 : 5,
      arbitrary: fc.oneof(
        fc.record({ kind: fc.constant('param' as const), param: fc.constantFrom(...params), value: fc.oneof(fc.constantFrom(...PARAM_VALUES, ...ownIds), nastyString()), raw: fc.constant(false) }),
        fc.record({ kind: fc.constant('param' as const), param: fc.constantFrom(...params), value: fc.constantFrom(...RAW_PATH_VALUES), raw: fc.constant(true) }),
      ),
    });
  }
  if (spec.query) {
    const queryValue = fc.oneof(nastyString(), nastyNumber().map(String), fc.array(fc.string({ maxLength: 5 }), { minLength: 2, maxLength: 3 }), fc.constantFrom(...world.ids));
    const fromSchema = spec.query.schema ? arbitraryFor(spec.query.schema, { ids: world.ids }) : fc.constant({});
    kinds.push(
      { weight: 4, arbitrary: fc.tuple(fromSchema, fc.dictionary(fc.constantFrom('page', 'limit', 'status', 'name', 'workflow_id', 'from', 'to', 'x'), queryValue, { maxKeys: 2 })).map(([a, b]): Recipe => ({ kind: 'query', query: { ...(a as object), ...b } })) },
      { weight: 2, arbitrary: fc.constantFrom(...RAW_QUERIES).map((query): Recipe => ({ kind: 'raw-query', query })) },
    );
  }
  return fc.record({ recipe: fc.oneof(...kinds), credential: fc.constantFrom(...credentials), badAuth: fc.nat({ max: 20 }) });
}

// ---- building the request ----

const PLACEHOLDER = '\u0001RAW\u0001';

/** JSON text of a body that may hold Raw values (spliced in as they are). */
function serialize(body: unknown, limit: number): { text: string; deep: boolean } {
  const raws: Raw[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (isRawRef(value)) {
      raws.push(rawsFor(limit).get(value.rawRef)!);
      return `${PLACEHOLDER}${raws.length - 1}`;
    }
    return value;
  });
  if (text === undefined) return { text: '', deep: false };
  const spliced = text.replace(new RegExp(`"${PLACEHOLDER}(\\d+)"`, 'g'), (_, i: string) => raws[Number(i)]!.raw);
  return { text: spliced, deep: raws.some((r) => r.class === 'deep') };
}

/** The container and key at `path` inside `root` (indices pick keys modulo their count). */
function locate(root: unknown, path: number[]): { parent: Record<string, unknown> | unknown[]; key: string | number } | undefined {
  if (typeof root !== 'object' || root === null) return undefined;
  let parent = root as Record<string, unknown> | unknown[];
  const steps = path.length > 0 ? path : [0];
  for (let i = 0; i < steps.length; i++) {
    const keys: Array<string | number> = Array.isArray(parent) ? parent.map((_, n) => n) : Object.keys(parent);
    if (keys.length === 0) return { parent, key: Array.isArray(parent) ? 0 : 'field' };
    const key = keys[steps[i]! % keys.length]!;
    const child = (parent as Record<string | number, unknown>)[key];
    if (i === steps.length - 1 || typeof child !== 'object' || child === null || isRawRef(child)) return { parent, key };
    parent = child as Record<string, unknown> | unknown[];
  }
  return undefined;
}

function mutate(sample: unknown, recipe: Extract<Recipe, { kind: 'mutate' }>): unknown {
  const copy = sample === undefined ? {} : (structuredClone(sample) as unknown);
  const spot = locate(copy, recipe.path);
  if (!spot) return recipe.op === 'drop' ? undefined : recipe.value;
  const { parent, key } = spot;
  if (recipe.op === 'drop') {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else if (recipe.op === 'extra') {
    if (Array.isArray(parent)) parent.push(recipe.value);
    // defineProperty, so `__proto__` becomes a real key of the JSON and not the object's prototype.
    else Object.defineProperty(parent, recipe.key, { value: recipe.value, enumerable: true, configurable: true, writable: true });
  } else {
    (parent as Record<string | number, unknown>)[key] = recipe.value;
  }
  return copy;
}

function encodeParam(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) parts.push(`${encodeParam(key)}=${encodeParam(String(item))}`);
  }
  return parts.join('&');
}

export async function buildRequest(route: ServedRoute, spec: RouteSpec, world: World, fuzzed: Fuzzed): Promise<BuiltRequest> {
  const { recipe } = fuzzed;
  const validBodies = spec.body ? await spec.body.valid(world) : [undefined];
  const pick = (i: number) => validBodies[i % validBodies.length];
  const paramNames = pathParamsOf(route.url);
  const params = paramNames.length === 0 ? {} : spec.params ? await spec.params(world) : Object.fromEntries(paramNames.map((name) => [name, world.flow]));
  let url = fillPath(route.url, params);
  if (recipe.kind === 'param') {
    const value = recipe.value === LONG_PARAM ? 'x'.repeat(10_000) : recipe.value;
    const encoded = recipe.raw ? value : encodeParam(value);
    url = route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => (name === recipe.param ? encoded : encodeParam(params[name as keyof typeof params] ?? '')));
  }
  const validQueries = spec.query?.valid(world) ?? [{}];
  let query = queryString(validQueries[0] ?? {});
  if (recipe.kind === 'valid') query = queryString(validQueries[recipe.sample % validQueries.length] ?? {});
  if (recipe.kind === 'query') query = queryString(recipe.query);
  if (recipe.kind === 'raw-query') query = recipe.query === LONG_QUERY ? `name=${'x'.repeat(20_000)}` : recipe.query;
  if (query) url += `?${query}`;

  const headers: Record<string, string> = {};
  if (fuzzed.credential === 'user') headers.authorization = `Bearer ${world.user.token}`;
  if (fuzzed.credential === 'bad') {
    const bad = BAD_AUTHORIZATIONS(world.user.token);
    headers.authorization = bad[fuzzed.badAuth % bad.length]!;
  }

  const canHaveBody = route.method !== 'GET' && route.method !== 'HEAD';
  let payload: string | Buffer | undefined;
  let deep = false;
  let contentType = spec.body?.contentTypes?.[0] ?? 'application/json';
  const asJson = (body: unknown) => {
    if (body === undefined) return undefined;
    if (typeof body === 'string' && contentType !== 'application/json') return body;
    const out = serialize(body, route.bodyLimit);
    deep ||= out.deep;
    return out.text;
  };
  if (canHaveBody) {
    switch (recipe.kind) {
      case 'valid': {
        const body = pick(recipe.sample);
        if (typeof body === 'string' && spec.body?.contentTypes) contentType = spec.body.contentTypes.find((c) => c !== 'application/json') ?? contentType;
        payload = asJson(body);
        break;
      }
      case 'schema':
        payload = asJson(recipe.body);
        break;
      case 'mutate':
        payload = asJson(mutate(pick(recipe.sample), recipe));
        break;
      case 'body':
        if ('bytes' in recipe.body) payload = recipe.body.bytes === 0 ? '' : BAD_BYTES[(recipe.body.bytes - 1) % BAD_BYTES.length]!;
        else {
          const raw = rawsFor(route.bodyLimit).get(recipe.body.rawRef)!;
          payload = raw.raw;
          deep = raw.class === 'deep';
        }
        break;
      case 'content-type':
        payload = asJson(pick(recipe.sample) ?? {});
        contentType = recipe.contentType;
        break;
      default:
        payload = asJson(pick(0));
    }
  }
  if (payload !== undefined && contentType !== '') headers['content-type'] = contentType;
  const inject: InjectOptions = { method: route.method as InjectOptions['method'], url, headers, ...(payload === undefined ? {} : { payload }) };
  const text = `${route.method} ${url} ${JSON.stringify(headers)} ${payload === undefined ? '' : Buffer.isBuffer(payload) ? payload.toString('latin1') : payload}`;
  return { inject, text, deep };
}
