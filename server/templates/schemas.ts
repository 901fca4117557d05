/** Templates (SPEC §3): title, description, category, tags (at most 10, SPEC §5), visibility. */
import { z } from 'zod';
import { idSchema, textSchema } from '../http/input.ts';

export const TEMPLATE_VISIBILITIES = ['PRIVATE', 'PUBLIC'] as const;
export type TemplateVisibility = (typeof TEMPLATE_VISIBILITIES)[number];
export const MAX_TAGS = 10;

export const createBodySchema = z.object({
  workflow_id: idSchema,
  title: textSchema(255, 1, 'Enter a title'),
  description: textSchema(2000).optional(),
  category: textSchema(100).nullable().optional(),
  tags: z
    .array(textSchema(32, 1, 'A tag cannot be empty'))
    .max(MAX_TAGS, `At most ${MAX_TAGS} tags`)
    .optional()
    .transform((tags) => [...new Set(tags ?? [])]),
  visibility: z.enum(TEMPLATE_VISIBILITIES),
});
