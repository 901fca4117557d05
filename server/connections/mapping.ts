import { iso } from '../db/stored-values.ts';
import type { Connection } from '../../src/domain/contract/connections.ts';
import type { ConnectionRow } from './repository.ts';

/** A row as replies show it: what may be shown of its type, never a secret part (the row holds none). */
export function toConnectionDto(row: ConnectionRow): Connection {
  const { headerName, username, headerNames } = row.config;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    ...(row.type === 'API_KEY' && headerName !== undefined ? { headerName } : {}),
    ...(row.type === 'BASIC_AUTH' && username !== undefined ? { username } : {}),
    ...(row.type === 'CUSTOM_HEADERS' ? { headerNames: headerNames ?? [] } : {}),
    created: iso(row.created),
    updated: iso(row.updated),
  };
}
