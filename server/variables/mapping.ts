import { iso } from '../db/stored-values.ts';
import type { VariableRow } from './repository.ts';
import type { VariableStatus, VariableType } from './schemas.ts';

export interface VariableDto {
  id: string;
  name: string;
  type: VariableType;
  /** Absent when the variable is sensitive: its value is write-only. */
  value?: string;
  scope: 'GLOBAL' | 'WORKFLOW';
  workflowId: string | null;
  status: VariableStatus;
  sensitive: boolean;
  description: string;
  created: string;
  updated: string;
}

export function toVariableDto(row: VariableRow): VariableDto {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    ...(row.sensitive || row.value === null ? {} : { value: row.value }),
    scope: row.flow_id === null ? 'GLOBAL' : 'WORKFLOW',
    workflowId: row.flow_id,
    status: row.status,
    sensitive: row.sensitive,
    description: row.description,
    created: iso(row.created),
    updated: iso(row.updated),
  };
}
