/** Templates (SPEC §3): title, description, category, tags (at most 10, SPEC §5), visibility. */
import * as z from 'zod/mini';
import { pageOf, textSchema } from './text.ts';

export const TEMPLATE_VISIBILITIES = ['PRIVATE', 'PUBLIC'] as const;
export type TemplateVisibility = (typeof TEMPLATE_VISIBILITIES)[number];

// ---- limits ----

export const MAX_TEMPLATE_TAGS = 10;
export const MAX_TEMPLATE_TITLE_LENGTH = 255;
export const MAX_TEMPLATE_DESCRIPTION_LENGTH = 2000;
export const MAX_TEMPLATE_CATEGORY_LENGTH = 100;
export const MAX_TEMPLATE_TAG_LENGTH = 32;
export const TOO_MANY_TAGS_MESSAGE = `At most ${MAX_TEMPLATE_TAGS} tags`;
/** The gallery's search box (GET /templates?search=). */
export const MAX_TEMPLATE_SEARCH_LENGTH = 100;
/** The gallery's page size, and its most (GET /templates?limit=). */
export const TEMPLATE_PAGE_SIZE = 12;
export const MAX_TEMPLATE_PAGE_SIZE = 48;
/** Whose templates the gallery lists: the reader's and every public one, only the reader's, or only public ones. */
export const TEMPLATE_SCOPES = ['all', 'mine', 'public'] as const;
export type TemplateScope = (typeof TEMPLATE_SCOPES)[number];

export const templateVisibilitySchema = z.enum(TEMPLATE_VISIBILITIES);

// ---- fields ----

export const templateTagSchema = textSchema(MAX_TEMPLATE_TAG_LENGTH, 1, 'A tag cannot be empty');
/** Tags as sent: at most 10 (SPEC §5), each kept once, in its first order. */
export const templateTagListSchema = z.pipe(
  z.array(templateTagSchema).check(z.maxLength(MAX_TEMPLATE_TAGS, TOO_MANY_TAGS_MESSAGE)),
  z.transform((tags: string[]) => [...new Set(tags)]),
);

/** What the "Save as template" form sends, besides the workflow: tags are kept once each, in their first order. */
export const templateFields = {
  title: textSchema(MAX_TEMPLATE_TITLE_LENGTH, 1, 'Enter a title'),
  description: z.optional(textSchema(MAX_TEMPLATE_DESCRIPTION_LENGTH)),
  category: z.optional(z.nullable(textSchema(MAX_TEMPLATE_CATEGORY_LENGTH))),
  tags: z.pipe(
    z.optional(templateTagListSchema),
    z.transform((tags) => tags ?? []),
  ),
  visibility: templateVisibilitySchema,
};
export const templateFieldsSchema = z.object(templateFields);

// ---- replies ----

/** A template without its flow, as GET /templates lists them. */
export const templateSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z._default(z.nullable(z.string()), null),
  category: z._default(z.nullable(z.string()), null),
  tags: z._default(z.array(z.string()), []),
  visibility: templateVisibilitySchema,
  created: z.string(),
  authorName: z._default(z.nullable(z.string()), null),
  stepCount: z._default(z.number(), 0),
  /** Whether the reader made it (and so may delete it). */
  isOwner: z._default(z.boolean(), false),
});
export type TemplateSummary = z.output<typeof templateSummarySchema>;

/** One template in full (GET /templates/:id, POST /templates). */
export const templateSchema = z.extend(templateSummarySchema, {
  // The nested flow (Activepieces' form), checked node by node by the domain's fromNestedFlow where it
  // is needed (a recursive schema would recurse per step).
  flow: z.unknown(),
});
export type Template = z.output<typeof templateSchema>;

/** GET /templates: one page of the gallery. */
export const templateListSchema = pageOf(templateSummarySchema);
export type TemplatePage = z.output<typeof templateListSchema>;
