/**
 * The template endpoints: save a workflow as a template, read one (public templates without signing in),
 * and make a new workflow from one. Fetchers, query options, mutation hooks and the reply schemas, as in
 * workflows-api.ts. The template's flow comes nested (Activepieces' form) and is flattened with the
 * domain's `fromNestedFlow`, which walks it with a loop, so a long chain cannot overflow the stack.
 */
import * as z from 'zod/mini';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fromNestedFlow, type FlatVersion } from '../domain/index.ts';
import { authenticatedClient, publicClient } from './clients.ts';
import type { HttpClient } from './http-client.ts';
import { createdFlowSchema, isClientError, workflowKeys, type CreatedFlow } from './workflows-api.ts';

// ---- the create form and its request ----

export const MAX_TEMPLATE_TAGS = 10;
export const MAX_TEMPLATE_TITLE_LENGTH = 255;
export const MAX_TEMPLATE_DESCRIPTION_LENGTH = 2000;
export const MAX_TEMPLATE_TAG_LENGTH = 32;
export const TEMPLATE_VISIBILITIES = ['PRIVATE', 'PUBLIC'] as const;
export type TemplateVisibility = (typeof TEMPLATE_VISIBILITIES)[number];

/** What the "Save as template" dialog checks before sending (SPEC §5: at most 10 tags). */
export const templateFormFields = {
  title: z.string().check(
    z.trim(),
    z.minLength(1, { error: 'Title is required', abort: true }),
    z.maxLength(MAX_TEMPLATE_TITLE_LENGTH, `Must be at most ${MAX_TEMPLATE_TITLE_LENGTH} characters`),
  ),
  description: z.string().check(z.maxLength(MAX_TEMPLATE_DESCRIPTION_LENGTH, `Must be at most ${MAX_TEMPLATE_DESCRIPTION_LENGTH} characters`)),
  category: z.string().check(z.maxLength(100, 'Must be at most 100 characters')),
  tags: z.array(z.string().check(z.maxLength(MAX_TEMPLATE_TAG_LENGTH, `Tags must be at most ${MAX_TEMPLATE_TAG_LENGTH} characters`))).check(
    z.maxLength(MAX_TEMPLATE_TAGS, 'At most 10 tags'),
  ),
  visibility: z.enum(TEMPLATE_VISIBILITIES),
};

/** Splits typed tags ('crm, sales  ,CRM') into distinct, trimmed, non-empty tags: ['crm', 'sales']. */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(',')) {
    const tag = raw.trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags;
}

export interface CreateTemplateRequest {
  workflow_id: string;
  title: string;
  description?: string;
  category?: string;
  tags?: string[];
  visibility: TemplateVisibility;
}

// ---- reply schemas ----

export const templateSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z._default(z.nullable(z.string()), null),
  category: z._default(z.nullable(z.string()), null),
  tags: z._default(z.array(z.string()), []),
  visibility: z.enum(TEMPLATE_VISIBILITIES),
  created: z.string(),
  authorName: z._default(z.nullable(z.string()), null),
  stepCount: z._default(z.number(), 0),
  // Checked by fromNestedFlow, node by node, where it is needed (a recursive schema would recurse per step).
  flow: z.unknown(),
});
export type Template = z.output<typeof templateSchema>;

/** A template with its flow flattened for display. */
export interface TemplateDetail extends Omit<Template, 'flow'> {
  version: FlatVersion;
}

// ---- fetchers ----

export async function createTemplate(request: CreateTemplateRequest, http: HttpClient = authenticatedClient): Promise<Template> {
  return templateSchema.parse(await http.request('/templates', { method: 'POST', body: request }));
}

export async function listTemplates(signal?: AbortSignal, http: HttpClient = authenticatedClient): Promise<Template[]> {
  return z.object({ data: z.array(templateSchema) }).parse(await http.request('/templates', { signal })).data;
}

/**
 * Public templates are readable by anyone, so the preview asks without a token. A signed-in screen asks
 * with one (`http` = the bearer client), so its owner also sees a private template.
 */
export async function getTemplate(id: string, signal?: AbortSignal, http: HttpClient = publicClient): Promise<TemplateDetail> {
  const { flow, ...template } = templateSchema.parse(await http.request(`/templates/${encodeURIComponent(id)}`, { signal }));
  return { ...template, version: fromNestedFlow(flow) };
}

export async function instantiateTemplate(id: string, http: HttpClient = authenticatedClient): Promise<CreatedFlow> {
  return createdFlowSchema.parse(await http.request(`/templates/${encodeURIComponent(id)}/use`, { method: 'POST', body: {} }));
}

// ---- queries and mutations ----

export const templateKeys = {
  all: ['templates'] as const,
  list: () => [...templateKeys.all, 'list'] as const,
  detail: (id: string, audience: TemplateAudience) => [...templateKeys.all, 'detail', id, audience] as const,
};

/** 'guest': read as anyone (the public preview); 'user': read with the bearer token. */
export type TemplateAudience = 'guest' | 'user';

export const templateListQueryOptions = () => queryOptions({ queryKey: templateKeys.list(), queryFn: ({ signal }) => listTemplates(signal) });

export const templateQueryOptions = (id: string, audience: TemplateAudience) =>
  queryOptions({
    queryKey: templateKeys.detail(id, audience),
    queryFn: ({ signal }) => getTemplate(id, signal, audience === 'user' ? authenticatedClient : publicClient),
    retry: (failureCount, error) => !isClientError(error) && failureCount < 3,
  });

export const useTemplateDetail = (id: string, audience: TemplateAudience) => useQuery(templateQueryOptions(id, audience));

export function useCreateTemplate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (request: CreateTemplateRequest) => createTemplate(request), onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }) });
}

/** "Use template": a new workflow made from the template, which the caller opens. */
export function useInstantiateTemplate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => instantiateTemplate(id), onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.lists() }) });
}
