/**
 * A connection as stored: its type, what may be shown (`config`) and its secret parts, in the order the
 * type gives them (the API key; the password; the token; one value per custom header, as `config.headerNames`
 * names them). This module turns a create or an update into those parts (plain, before encryption), an
 * update keeping every part it leaves out. Which fields a type needs is the contract's rule
 * (`connectionFieldProblems`), so the form and the server refuse alike.
 */
import {
  connectionFieldProblems,
  type ConnectionFieldValues,
  type ConnectionType,
  type CustomHeaderInput,
  type UpdateConnectionBody,
} from '../../src/domain/contract/connections.ts';
import { validationError } from '../shared/api-error.ts';

/** What may be shown of a connection (never a secret). */
export interface ConnectionConfig {
  headerName?: string;
  username?: string;
  headerNames?: string[];
}

export interface ConnectionParts {
  type: ConnectionType;
  config: ConnectionConfig;
  /** Plain; encrypted one by one before they are stored. */
  secrets: string[];
}

function checked(type: ConnectionType, fields: ConnectionFieldValues, kept?: { headerNames: readonly string[] }): void {
  const problems = connectionFieldProblems(type, fields, kept);
  if (Object.keys(problems).length > 0) throw validationError(problems);
}

/** The parts of a new connection; every field of its type is present (the create schema checked it). */
export function partsOfNew(type: ConnectionType, fields: ConnectionFieldValues): ConnectionParts {
  checked(type, fields);
  return build(type, fields, undefined);
}

/**
 * The parts after an update of `current`. A change of type needs every field of the new type; otherwise a
 * field left out keeps its stored value, and a custom header sent without a value keeps the stored value of
 * the header with that name (in any case).
 */
export function partsOfUpdate(current: ConnectionParts, body: UpdateConnectionBody): ConnectionParts {
  const type = body.type ?? current.type;
  const fields: ConnectionFieldValues = {
    header_name: body.header_name,
    api_key: body.api_key,
    username: body.username,
    password: body.password,
    token: body.token,
    headers: body.headers as CustomHeaderInput[] | undefined,
  };
  const sameType = type === current.type;
  checked(type, fields, sameType ? { headerNames: current.config.headerNames ?? [] } : undefined);
  return build(type, fields, sameType ? current : undefined);
}

function build(type: ConnectionType, fields: ConnectionFieldValues, kept: ConnectionParts | undefined): ConnectionParts {
  const keptSecret = kept?.secrets[0] ?? '';
  switch (type) {
    case 'API_KEY':
      return {
        type,
        config: { headerName: (fields.header_name ?? kept?.config.headerName ?? '').trim() },
        secrets: [fields.api_key ?? keptSecret],
      };
    case 'BASIC_AUTH':
      return { type, config: { username: fields.username ?? kept?.config.username ?? '' }, secrets: [fields.password ?? keptSecret] };
    case 'BEARER_TOKEN':
      return { type, config: {}, secrets: [fields.token ?? keptSecret] };
    case 'CUSTOM_HEADERS': {
      if (!fields.headers) return { type, config: { headerNames: [...(kept?.config.headerNames ?? [])] }, secrets: [...(kept?.secrets ?? [])] };
      const storedNames = (kept?.config.headerNames ?? []).map((name) => name.toLowerCase());
      const storedValue = (name: string) => kept?.secrets[storedNames.indexOf(name.toLowerCase())] ?? '';
      return {
        type,
        config: { headerNames: fields.headers.map((header) => header.name.trim()) },
        secrets: fields.headers.map((header) => header.value ?? storedValue(header.name.trim())),
      };
    }
  }
}
