import { iso } from '../db/stored-values.ts';
import type { TemplateRow } from './repository.ts';
import type { TemplateVisibility } from './schemas.ts';

/** A template without its flow (lists); the full reply adds `flow`, the nested (Activepieces) form. */
export interface TemplateSummaryDto {
  id: string;
  title: string;
  description: string;
  category: string | null;
  tags: string[];
  visibility: TemplateVisibility;
  created: string;
  authorName: string;
  stepCount: number;
  /** Whether the reader made it (and so may delete it). */
  isOwner: boolean;
}

export function toTemplateSummaryDto(row: TemplateRow, readerId: string | null): TemplateSummaryDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    tags: row.tags,
    visibility: row.visibility,
    created: iso(row.created),
    authorName: row.author_name,
    stepCount: row.step_count,
    isOwner: readerId !== null && row.user_id === readerId,
  };
}
