/**
 * Connections: credentials a step uses by name (the HTTP piece's 'Connection'), one secret of four kinds.
 * The secret parts (an API key, a password, a token, custom header values) are write-only: a create
 * carries them, an update may leave any out to keep it, and no reply ever holds one. What may be shown
 * (the header name, the username, the custom header names) comes back so the edit form can show it.
 *
 * The field rules and limits are the server's and the connection form's alike; the bodies the server
 * parses are composed in requests.ts from these fields.
 */
import * as z from 'zod/mini';
import type { FieldErrors } from './field-errors.ts';
import { isStorableText, textSchema, tooLongMessage } from './text.ts';

export const CONNECTION_TYPES = ['API_KEY', 'BASIC_AUTH', 'BEARER_TOKEN', 'CUSTOM_HEADERS'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

export const CONNECTION_TYPE_LABELS: Readonly<Record<ConnectionType, string>> = {
  API_KEY: 'API key header',
  BASIC_AUTH: 'Basic auth',
  BEARER_TOKEN: 'Bearer token',
  CUSTOM_HEADERS: 'Custom headers',
};

// ---- limits ----

export const CONNECTION_NAME_MAX = 100;
export const MAX_CONNECTIONS_PER_USER = 100;
export const HEADER_NAME_MAX = 128;
export const USERNAME_MAX = 256;
/** Shorter secrets are refused: each is redacted wherever it would appear, and a 1-character one would blank ordinary text. */
export const SECRET_MIN = 4;
export const SECRET_MAX = 4096;
export const MAX_CUSTOM_HEADERS = 20;
export const TEST_URL_MAX = 2048;
/** Test calls per user per minute (each is a request to an address the user gives). */
export const CONNECTION_TESTS_PER_MINUTE = 30;

// ---- messages (SPEC §8's connection errors where they apply) ----

export const CONNECTION_MESSAGES = {
  duplicateName: 'A connection with this name already exists',
  tooMany: `You can keep at most ${MAX_CONNECTIONS_PER_USER} connections; delete one first`,
  notFound: 'Connection not found',
  renameInUse: 'Steps use this connection by its name, so it cannot be renamed. Choose another connection in those steps first.',
  inUse: 'Steps use this connection. Check where it is used, then delete it anyway (force) to go on.',
  /** SPEC §8 'invalid connection': a step names a connection that does not exist (or cannot be read). */
  invalid: (name: string) =>
    `The connection "${name}" does not exist. Choose another connection in the step, or create it under Settings → Connections.`,
  /** SPEC §6, word for word: a caller without write permission (a read-only API key) creating one. */
  permissionDenied: "You don't have the permission to create a connection.",
  /** SPEC §8 'unexpected': the connection exists but its secret cannot be used (the values key changed). */
  unexpected: 'Unexpected error while using the connection, please retry. If it persists, save the connection’s secret again.',
  keepSecret: 'Leave empty to keep the current value',
  typeFields: 'Not used by this type of connection',
} as const;

// ---- fields ----

const NAME_PATTERN = /^[^\u0000-\u001f\u007f{}]*$/;
/** RFC 9110 token characters: what a header name may be made of. */
const HEADER_NAME_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Node writes these itself from the request it sends; a connection cannot replace them. */
export const RESERVED_HEADER_NAMES: readonly string[] = ['host', 'content-length', 'transfer-encoding', 'connection'];
/** Printable ASCII without spaces at either end: what every HTTP client carries in a header unchanged. */
const HEADER_SECRET_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

export const connectionTypeSchema = z.enum(CONNECTION_TYPES, { error: `Use one of ${CONNECTION_TYPES.join(', ')}` });

export const connectionNameSchema = textSchema(CONNECTION_NAME_MAX, 1, 'Enter a name').check(
  z.regex(NAME_PATTERN, 'A name cannot contain { } or control characters'),
);

export const headerNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Enter a header name'),
    z.maxLength(HEADER_NAME_MAX, tooLongMessage(HEADER_NAME_MAX)),
    z.regex(HEADER_NAME_PATTERN, 'Use letters, digits and - _ . (no spaces or :)'),
    z.refine((name) => !RESERVED_HEADER_NAMES.includes(name.toLowerCase()), 'Flowsmith sets this header itself'),
  );

export const usernameSchema = z
  .string()
  .check(
    z.minLength(1, 'Enter a username'),
    z.maxLength(USERNAME_MAX, tooLongMessage(USERNAME_MAX)),
    z.refine((name) => !name.includes(':'), 'A username cannot contain :'),
    z.refine((name) => !CONTROL.test(name) && isStorableText(name), 'Contains characters that cannot be used'),
  );

const secretLength = [
  z.minLength(SECRET_MIN, `Use at least ${SECRET_MIN} characters`),
  z.maxLength(SECRET_MAX, tooLongMessage(SECRET_MAX)),
] as const;

/** A secret sent in a header as it is (an API key, a token, a custom header's value). */
export const headerSecretSchema = z
  .string()
  .check(...secretLength, z.regex(HEADER_SECRET_PATTERN, 'Use printable ASCII characters, without spaces at either end'));

/** A basic-auth password: any text without control characters (it is sent base64-encoded). */
export const passwordSecretSchema = z
  .string()
  .check(...secretLength, z.refine((text) => !CONTROL.test(text) && isStorableText(text), 'Cannot contain line breaks or control characters'));

/** A custom header; an update may leave `value` out to keep the stored value of the header with that name. */
export const customHeaderSchema = z.object({ name: headerNameSchema, value: z.optional(headerSecretSchema) });
export type CustomHeaderInput = z.output<typeof customHeaderSchema>;

export const customHeadersSchema = z
  .array(customHeaderSchema)
  .check(z.minLength(1, 'Add at least one header'), z.maxLength(MAX_CUSTOM_HEADERS, `At most ${MAX_CUSTOM_HEADERS} headers`));

/** Every field a person may fill in; which ones a type needs is `connectionFieldProblems`'. */
export const connectionFields = {
  name: connectionNameSchema,
  type: connectionTypeSchema,
  header_name: z.optional(headerNameSchema),
  api_key: z.optional(headerSecretSchema),
  username: z.optional(usernameSchema),
  password: z.optional(passwordSecretSchema),
  token: z.optional(headerSecretSchema),
  headers: z.optional(customHeadersSchema),
};

type FieldName = 'header_name' | 'api_key' | 'username' | 'password' | 'token' | 'headers';

/** The fields of each type: the shown ones first, then the secret ones. */
export const TYPE_FIELDS: Readonly<Record<ConnectionType, readonly FieldName[]>> = {
  API_KEY: ['header_name', 'api_key'],
  BASIC_AUTH: ['username', 'password'],
  BEARER_TOKEN: ['token'],
  CUSTOM_HEADERS: ['headers'],
};
const ALL_FIELDS: readonly FieldName[] = ['header_name', 'api_key', 'username', 'password', 'token', 'headers'];
const REQUIRED_MESSAGES: Readonly<Record<FieldName, string>> = {
  header_name: 'Enter a header name',
  api_key: 'Enter the API key',
  username: 'Enter a username',
  password: 'Enter the password',
  token: 'Enter the token',
  headers: 'Add at least one header',
};

export type ConnectionFieldValues = Partial<Record<'header_name' | 'api_key' | 'username' | 'password' | 'token', string>> & {
  headers?: readonly CustomHeaderInput[] | undefined;
};

/**
 * What is wrong with these fields for `type`, by field (empty when nothing). `kept` is what an update keeps
 * when a field is left out: undefined for a create or a change of type (every field is then required);
 * for an update of the same type, `headerNames` are the stored custom headers, whose values may be kept
 * by sending a header of that name without a value.
 */
export function connectionFieldProblems(type: ConnectionType, fields: ConnectionFieldValues, kept?: { headerNames: readonly string[] }): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const field of ALL_FIELDS) {
    if (fields[field] !== undefined && !TYPE_FIELDS[type].includes(field)) add(field, CONNECTION_MESSAGES.typeFields);
  }
  if (!kept) for (const field of TYPE_FIELDS[type]) if (fields[field] === undefined) add(field, REQUIRED_MESSAGES[field]);
  if (type === 'CUSTOM_HEADERS' && fields.headers) {
    const storedNames = new Set((kept?.headerNames ?? []).map((name) => name.toLowerCase()));
    const seen = new Set<string>();
    fields.headers.forEach((header, index) => {
      const key = header.name.trim().toLowerCase();
      if (seen.has(key)) add('headers', `Header ${index + 1}: "${header.name.trim()}" appears twice`);
      seen.add(key);
      if (header.value === undefined && !storedNames.has(key)) add('headers', `Header ${index + 1}: enter a value`);
    });
  }
  return errors;
}

/** A create: the fields of its type, every one of them (issues under the field they are about). */
export const newConnectionFieldsSchema = z.object(connectionFields).check(
  z.superRefine((body, ctx) => {
    for (const [field, messages] of Object.entries(connectionFieldProblems(body.type, body))) {
      for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message, input: body });
    }
  }),
);

/** PUT /connections/:id: any field; a left-out field keeps its stored value (a secret's only way to be kept). */
export const updateConnectionBodySchema = z.object({
  name: z.optional(connectionNameSchema),
  type: z.optional(connectionTypeSchema),
  header_name: z.optional(headerNameSchema),
  api_key: z.optional(headerSecretSchema),
  username: z.optional(usernameSchema),
  password: z.optional(passwordSecretSchema),
  token: z.optional(headerSecretSchema),
  headers: z.optional(customHeadersSchema),
});
export type UpdateConnectionBody = z.input<typeof updateConnectionBodySchema>;

/** The address a test call GETs: http or https, at most TEST_URL_MAX characters. */
export const testUrlSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Enter the URL to call'),
    z.maxLength(TEST_URL_MAX, tooLongMessage(TEST_URL_MAX)),
    z.regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/, 'Enter a full http or https address, like https://api.example.com/me'),
  );

// ---- replies ----

/** A connection as every reply shows it: never a secret part. */
export const connectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: connectionTypeSchema,
  /** API_KEY: the header the key is sent in. */
  headerName: z.optional(z.string()),
  /** BASIC_AUTH */
  username: z.optional(z.string()),
  /** CUSTOM_HEADERS: the names, in order (their values are secret). */
  headerNames: z.optional(z.array(z.string())),
  created: z.string(),
  updated: z.string(),
});
export type Connection = z.output<typeof connectionSchema>;

/** GET /connections */
export const connectionListSchema = z.object({ data: z.array(connectionSchema) });

/** GET /connections/:id/usage: the workflows whose draft or published version has a step using it. */
export const connectionUsageSchema = z.object({
  workflows: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** Which of the workflow's versions use it. */
      draft: z.boolean(),
      published: z.boolean(),
      steps: z.array(z.object({ name: z.string(), displayName: z.string() })),
    }),
  ),
});
export type ConnectionUsage = z.output<typeof connectionUsageSchema>;

/** POST /connections/:id/test: whether the address answered below 400 with the connection's headers. */
export const connectionTestReplySchema = z.object({
  ok: z.boolean(),
  /** The HTTP status, when the server answered. */
  status: z.nullable(z.number()),
  message: z.string(),
  duration: z.number(),
});
export type ConnectionTestReply = z.output<typeof connectionTestReplySchema>;
