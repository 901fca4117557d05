import type { Folder } from '../../src/domain/contract/folders.ts';
import { iso } from '../db/stored-values.ts';
import type { FolderRow } from './repository.ts';

export function toFolderDto(row: FolderRow): Folder {
  return { id: row.id, displayName: row.display_name, numberOfFlows: row.number_of_flows, created: iso(row.created), updated: iso(row.updated) };
}
