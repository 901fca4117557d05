/**
 * The OpenAPI 3.1 document of the API, generated from `contractRoutes` with zod's own JSON Schema
 * conversion, so it says exactly what the server parses (requests, zod's 'input' side: before defaults
 * and transforms) and what it answers (replies, the 'output' side). The server builds it once at start
 * and serves it at GET /api/openapi.json (server/openapi); /settings/api-reference renders it.
 *
 * Schemas that several replies share are named components (`REPLY_COMPONENTS`); the rest are inlined
 * where they are used (openapi-schemas.ts converts them).
 */
import * as z from 'zod/mini';
import { apiErrorBodySchema, loginResponseSchema, tokenPairSchema, userSchema } from '../auth.ts';
import { ERROR_CODES } from '../errors.ts';
import { activitySchema } from './analytics.ts';
import { SchemaConverter, type Json } from './openapi-schemas.ts';
import { contractRoutes, type ContractRoute, type HttpMethod, type RouteAccess } from './routes.ts';
import { runDetailSchema, runSummarySchema, stepRunRecordSchema } from './runs.ts';
import { scheduleSchema } from './schedules.ts';
import { stepSampleSchema, stepTestResultSchema } from './steps.ts';
import { templateSchema, templateSummarySchema } from './templates.ts';
import { successReplySchema, variableSchema } from './variables.ts';
import { storedFlowVersionSchema } from '../flow/schemas.ts';
import { nestedFlowVersionDocSchema, nestedStepDocSchema } from './version-form.ts';
import { storedVersionReplySchema, versionSummarySchema, workflowSchema, workflowSummarySchema, workflowWithVersionSchema } from './workflows.ts';

export interface OpenApiOptions {
  /** The server's version (package.json). */
  version: string;
}

/** A version as the workflow service answers it: the stored flat form and its stamps. */
const flowVersionSchema = z.extend(storedFlowVersionSchema, { created: z.string() });

/** Reply schemas that appear in several replies, by component name. */
const REPLY_COMPONENTS: ReadonlyArray<[z.core.$ZodType, string]> = [
  [workflowSchema, 'Workflow'],
  [workflowWithVersionSchema, 'WorkflowWithVersion'],
  [workflowSummarySchema, 'WorkflowSummary'],
  [versionSummarySchema, 'VersionSummary'],
  [runSummarySchema, 'RunSummary'],
  [runDetailSchema, 'RunDetail'],
  [stepRunRecordSchema, 'StepRunRecord'],
  [stepSampleSchema, 'StepSample'],
  [stepTestResultSchema, 'StepTestResult'],
  [scheduleSchema, 'Schedule'],
  [variableSchema, 'Variable'],
  [templateSummarySchema, 'TemplateSummary'],
  [templateSchema, 'Template'],
  [activitySchema, 'Activity'],
  [userSchema, 'User'],
  [tokenPairSchema, 'TokenPair'],
  [loginResponseSchema, 'LoginReply'],
  [successReplySchema, 'Success'],
  [flowVersionSchema, 'FlowVersion'],
  [nestedFlowVersionDocSchema, 'NestedFlowVersion'],
  [nestedStepDocSchema, 'NestedStep'],
];

/**
 * Replies the client reads unparsed (the domain checks them where they are used), described in the
 * document by the schema that checks them.
 */
const DESCRIBED_AS: ReadonlyArray<[z.core.$ZodType, z.core.$ZodType]> = [
  // The flat form, or the nested one a client asks for with ?form=nested (version-form.ts).
  [storedVersionReplySchema, z.union([flowVersionSchema, nestedFlowVersionDocSchema])],
];

/** The document's groups, in the reference page's order. A route's tag not listed here comes last. */
const TAGS: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'Auth', description: 'Accounts, sign-in and tokens. An API key is never accepted here.' },
  { name: 'Workflows', description: 'Workflows: create, import, list, change, delete.' },
  { name: 'Versions', description: "A workflow's versions: the draft, autosave, publish." },
  { name: 'Runs', description: 'Start runs and read them; schedules.' },
  { name: 'Steps', description: "The editor's calls to the engine: step tests, samples, dynamic options." },
  { name: 'Webhooks', description: 'Webhook triggers: a secret URL per workflow that starts a run.' },
  { name: 'Variables', description: 'Global and workflow variables; sensitive values are never returned.' },
  { name: 'Templates', description: 'Templates made from workflows, and workflows made from templates.' },
  { name: 'Analytics', description: 'Figures of the dashboard and /analytics, and the activity feed.' },
  { name: 'Service', description: 'The health check and this document.' },
];

/** A route without a tag is grouped by its path's first segment: /api-keys → "API keys". */
const defaultTag = (path: string): string => {
  const words = (path.split('/')[1] ?? '').replace(/[-_.]/g, ' ').replace(/\bapi\b/g, 'API');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** `POST /workflow/:id/duplicate` → `postWorkflowByIdDuplicate`: unique, as method and path are. */
function operationIdOf(method: HttpMethod, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[-_.]/)));
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/** Fastify's `/workflow/:id` → OpenAPI's `/workflow/{id}`. */
const openApiPath = (path: string): string => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/**
 * An object schema's properties as OpenAPI parameters (path or query). A query's defaults are filled in by
 * transforms, which JSON Schema cannot tell, so they are read from what the schema makes of no query.
 */
function parametersOf(converter: SchemaConverter, schema: z.core.$ZodType, where: 'path' | 'query'): Json[] {
  const json = converter.convert(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  const empty = where === 'query' ? z.safeParse(schema, {}) : undefined;
  const defaults = empty?.success && typeof empty.data === 'object' && empty.data !== null ? (empty.data as Record<string, unknown>) : {};
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    const fallback = defaults[name];
    const primitive = typeof fallback === 'string' || typeof fallback === 'number' || typeof fallback === 'boolean';
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: primitive && rest.default === undefined ? { ...rest, default: fallback } : rest,
    };
  });
}

// ---- the document ----

const SECURITY_SCHEMES = {
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'An access token from POST /auth/login (15 minutes; POST /auth/refresh renews it). Send `Authorization: Bearer <access_token>`.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'fsk_…',
    description:
      'An API key made under Settings → API Keys (`fsk_…`, shown once). Send `Authorization: Bearer fsk_…`. A read-only key may only read (GET). Keys never work on /auth/* or on the account and its keys.',
  },
};

const securityOf = (access: RouteAccess | undefined): Json[] => {
  switch (access) {
    case 'public':
      return [];
    case 'optional':
      return [{}, { accessToken: [] }, { apiKey: [] }];
    case 'session':
      return [{ accessToken: [] }];
    default:
      return [{ accessToken: [] }, { apiKey: [] }];
  }
};

const errorRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted: the run is queued' };

function operationOf(route: ContractRoute, converter: SchemaConverter): Json {
  const parameters: Json[] = [
    ...(route.params ? parametersOf(converter, route.params, 'path') : []),
    ...(route.query ? parametersOf(converter, route.query, 'query') : []),
    ...(route.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
  ];
  const status = route.status ?? 200;
  const responses: Json = {
    [status]: {
      description: STATUS_TEXT[status] ?? 'OK',
      ...(route.idempotent ? { headers: { 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } } } : {}),
      content: { 'application/json': { schema: converter.convert(route.reply, 'output') } },
    },
  };
  if (route.params || route.query || route.body || route.idempotent) responses['400'] = errorRef('Validation');
  if (route.access !== 'public' && route.access !== 'optional') responses['401'] = errorRef('Unauthorized');
  responses.default = errorRef('Error');

  const operation: Json = {
    operationId: operationIdOf(route.method, route.path),
    summary: route.summary ?? `${route.method} ${openApiPath(route.path)}`,
    tags: [route.tag ?? defaultTag(route.path)],
  };
  if (route.access !== undefined) operation.security = securityOf(route.access);
  if (parameters.length > 0) operation.parameters = parameters;
  if (route.body) {
    const schema = converter.convert(route.body, 'input');
    const types = route.bodyTypes ?? ['application/json'];
    operation.requestBody = {
      // A body the schema takes as absent (undefined) may be left out.
      required: !z.safeParse(route.body, undefined).success,
      content: Object.fromEntries(types.map((type) => [type, { schema: type === 'application/json' ? schema : {} }])),
    };
  }
  operation.responses = responses;
  return operation;
}

export function openApiDocument(options: OpenApiOptions, routes: readonly ContractRoute[] = contractRoutes): Json {
  const converter = new SchemaConverter(REPLY_COMPONENTS, new Map(DESCRIBED_AS));
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    const item = (paths[path] ??= {});
    const method = route.method.toLowerCase();
    if (item[method]) throw new Error(`${route.method} ${route.path} is listed twice`);
    item[method] = operationOf(route, converter);
  }
  const used = new Set(routes.map((route) => route.tag ?? defaultTag(route.path)));
  const tags = [
    ...TAGS.filter((tag) => used.has(tag.name)),
    ...[...used].filter((name) => !TAGS.some((tag) => tag.name === name)).map((name) => ({ name })),
  ];
  const errorSchema = converter.convert(apiErrorBodySchema, 'output') as Json & { properties: Record<string, Json> };
  errorSchema.properties.code = {
    type: 'string',
    enum: [...ERROR_CODES, 'INTERNAL'],
    description: 'A code of the error catalogue; INTERNAL only for a 500.',
  };
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Flowsmith API',
      version: options.version,
      description:
        'Build, run and watch workflow automations from your own code. Every call but the public ones needs `Authorization: Bearer <token>`: an access token from POST /auth/login or an API key (`fsk_…`) from Settings → API Keys. Errors answer `{code, message, errors?}`; a 400 VALIDATION names each refused field in `errors`.',
    },
    servers: [{ url: '/api' }],
    security: securityOf(undefined),
    tags,
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { Error: errorSchema, ...converter.components },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Any unique text (a UUID): a retry with the same key and body answers the first result instead of creating again (kept 24 hours). The same key with another body answers 422; one still being processed answers 409.',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
        },
      },
      headers: {
        IdempotentReplayed: { description: '`true` when this answer is the replay of an earlier request with the same Idempotency-Key.', schema: { type: 'string', enum: ['true'] } },
      },
      responses: {
        Validation: { description: 'VALIDATION: the request is malformed; `errors` names each refused field.', content: errorContent },
        Unauthorized: { description: 'No valid bearer token (INVALID_BEARER_TOKEN, SESSION_EXPIRED, INVALID_API_KEY).', content: errorContent },
        Error: { description: 'Any other refusal: 403, 404, 409, 413, 429 (with Retry-After), 500.', content: errorContent },
      },
    },
  };
}
