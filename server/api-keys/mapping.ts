import type { ApiKey } from '../../src/domain/contract/api-keys.ts';
import type { ApiKeyRow } from './repository.ts';

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

export function toApiKeyDto(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    created: new Date(row.created_at).toISOString(),
    lastUsed: iso(row.last_used_at),
    expires: iso(row.expires_at),
    status: row.expired ? 'EXPIRED' : 'ACTIVE',
  };
}
