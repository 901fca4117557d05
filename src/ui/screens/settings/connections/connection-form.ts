/**
 * The connection dialog's rules, pure so they are tested without a DOM: what each field must be, and how
 * the form becomes a create or an update request.
 *
 * Secret parts never come back from the server, so editing starts with every secret field empty, and an
 * empty secret field means "keep the current one": the update leaves it out. A change of type has nothing
 * to keep, so every field of the new type is then required. Custom headers keep their names on screen;
 * a header whose value is left empty keeps the stored value of that name, and a new header needs one.
 *
 * The rules are the contract's (src/domain/contract/connections.ts), the server's own, so a refusal shows
 * before the request, in the server's words.
 */
import * as z from 'zod/mini';
import {
  CONNECTION_MESSAGES,
  CONNECTION_TYPE_LABELS,
  CONNECTION_TYPES,
  connectionNameSchema,
  headerNameSchema,
  headerSecretSchema,
  MAX_CUSTOM_HEADERS,
  passwordSecretSchema,
  usernameSchema,
  type Connection,
  type ConnectionType,
} from '../../../../domain/contract/connections.ts';
import type { CreateConnectionRequest, UpdateConnectionRequest } from '../../../../api/connections-api.ts';

export { MAX_CUSTOM_HEADERS };

export const KEEP_SECRET_HINT = CONNECTION_MESSAGES.keepSecret;
export const NEW_SECRET_HINT = 'Stored encrypted; it cannot be viewed after saving';

export const CONNECTION_TYPE_OPTIONS: ReadonlyArray<{ value: ConnectionType; label: string }> = CONNECTION_TYPES.map((type) => ({
  value: type,
  label: CONNECTION_TYPE_LABELS[type],
}));

/** What each type sends, for the type's hint under the select. */
export const TYPE_HINTS: Readonly<Record<ConnectionType, string>> = {
  API_KEY: 'Sends the key in a header of your choice, like X-API-Key',
  BASIC_AUTH: 'Sends Authorization: Basic with the username and password',
  BEARER_TOKEN: 'Sends Authorization: Bearer with the token',
  CUSTOM_HEADERS: 'Sends each header with its value; every value is kept secret',
};

export interface HeaderRow {
  name: string;
  value: string;
}

export interface ConnectionFormValues {
  name: string;
  type: ConnectionType;
  headerName: string;
  apiKey: string;
  username: string;
  password: string;
  token: string;
  headers: HeaderRow[];
}

/** The connection being edited, or undefined when creating. */
export type EditedConnection = Pick<Connection, 'type' | 'headerNames'> | undefined;

export function formDefaults(connection?: Connection): ConnectionFormValues {
  return {
    name: connection?.name ?? '',
    type: connection?.type ?? 'BEARER_TOKEN',
    headerName: connection?.headerName ?? '',
    apiKey: '',
    username: connection?.username ?? '',
    password: '',
    token: '',
    headers: connection?.headerNames?.map((name) => ({ name, value: '' })) ?? [{ name: '', value: '' }],
  };
}

/** Whether an empty secret field keeps the stored one: editing, without changing the type. */
export const keepsSecrets = (edited: EditedConnection, type: ConnectionType): boolean => edited !== undefined && edited.type === type;

const firstIssue = (schema: z.core.$ZodType, value: unknown): string | undefined => {
  const result = z.safeParse(schema, value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

export const nameError = (name: string): string | undefined => (name.trim() === '' ? 'Enter a name' : firstIssue(connectionNameSchema, name));
export const headerNameError = (name: string): string | undefined => firstIssue(headerNameSchema, name);
export const usernameError = (name: string): string | undefined => firstIssue(usernameSchema, name);

/** A secret field's message; empty is fine only when it keeps the stored value. */
export function secretError(kind: 'header' | 'password', value: string, keep: boolean, requiredMessage: string): string | undefined {
  if (value === '') return keep ? undefined : requiredMessage;
  return firstIssue(kind === 'header' ? headerSecretSchema : passwordSecretSchema, value);
}

/** A custom header value's message: a header the connection already has may keep its value. */
export function headerValueError(row: HeaderRow, edited: EditedConnection, type: ConnectionType): string | undefined {
  const stored = keepsSecrets(edited, type) && (edited?.headerNames ?? []).some((name) => name.toLowerCase() === row.name.trim().toLowerCase());
  return secretError('header', row.value, stored, 'Enter a value');
}

/** The whole header list's message: at least one, at most MAX_CUSTOM_HEADERS, no name twice. */
export function headersError(rows: readonly HeaderRow[]): string | undefined {
  if (rows.length === 0) return 'Add at least one header';
  if (rows.length > MAX_CUSTOM_HEADERS) return `At most ${MAX_CUSTOM_HEADERS} headers`;
  const seen = new Set<string>();
  for (const row of rows) {
    const key = row.name.trim().toLowerCase();
    if (key !== '' && seen.has(key)) return `"${row.name.trim()}" appears twice`;
    seen.add(key);
  }
  return undefined;
}

export function toCreateRequest(values: ConnectionFormValues): CreateConnectionRequest {
  const name = values.name.trim();
  switch (values.type) {
    case 'API_KEY':
      return { name, type: values.type, header_name: values.headerName.trim(), api_key: values.apiKey };
    case 'BASIC_AUTH':
      return { name, type: values.type, username: values.username, password: values.password };
    case 'BEARER_TOKEN':
      return { name, type: values.type, token: values.token };
    case 'CUSTOM_HEADERS':
      return { name, type: values.type, headers: values.headers.map((row) => ({ name: row.name.trim(), value: row.value })) };
  }
}

/** Only what the type has; a secret field left empty is left out (kept), unless the type changed. */
export function toUpdateRequest(values: ConnectionFormValues, edited: Connection): UpdateConnectionRequest {
  const name = values.name.trim();
  const typeChanged = values.type !== edited.type;
  const secret = (value: string) => (value === '' ? undefined : value);
  const base = { name, ...(typeChanged ? { type: values.type } : {}) };
  switch (values.type) {
    case 'API_KEY':
      return { ...base, header_name: values.headerName.trim(), ...(secret(values.apiKey) ? { api_key: values.apiKey } : {}) };
    case 'BASIC_AUTH':
      return { ...base, username: values.username, ...(secret(values.password) ? { password: values.password } : {}) };
    case 'BEARER_TOKEN':
      return { ...base, ...(secret(values.token) ? { token: values.token } : {}) };
    case 'CUSTOM_HEADERS':
      return { ...base, headers: values.headers.map((row) => ({ name: row.name.trim(), ...(secret(row.value) ? { value: row.value } : {}) })) };
  }
}

/** What the table shows of a connection besides its name and type (never a secret). */
export function connectionDetails(connection: Connection): string {
  switch (connection.type) {
    case 'API_KEY':
      return `Header ${connection.headerName ?? ''}`;
    case 'BASIC_AUTH':
      return `User ${connection.username ?? ''}`;
    case 'BEARER_TOKEN':
      return 'Authorization header';
    case 'CUSTOM_HEADERS':
      return (connection.headerNames ?? []).join(', ');
  }
}
