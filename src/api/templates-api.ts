/**
 * The template endpoints: save a workflow as a template, read one (public templates without signing in),
 * and make a new workflow from one. Fetchers, query options, mutation hooks and the reply schemas, as in
 * workflows-api.ts. The template's flow comes nested (Activepieces' form) and is flattened with the
 * domain's `fromNestedFlow`, which walks it with a loop, so a long chain cannot overflow the stack.
 */
import * as z from 'zod/mini';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fromNestedFlow, type FlatVersion } from '../domain/index.ts';
import { createdWorkflowSchema, type CreatedWorkflow } from '../domain/contract/workflows.ts';
// Types only: the create body's schema is the server's to run (requests.ts is not loaded in the browser).
import type { CreateTemplateBody } from '../domain/contract/requests.ts';
import {
  MAX_TEMPLATE_CATEGORY_LENGTH,
  MAX_TEMPLATE_DESCRIPTION_LENGTH,
  MAX_TEMPLATE_TAG_LENGTH,
  MAX_TEMPLATE_TAGS,
  MAX_TEMPLATE_TITLE_LENGTH,
  TEMPLATE_PAGE_SIZE,
  TEMPLATE_VISIBILITIES,
  templateFieldsSchema,
  templateListSchema,
  templateSchema,
  templateSummarySchema,
  TOO_MANY_TAGS_MESSAGE,
  type Template,
  type TemplatePage,
  type TemplateScope,
  type TemplateSummary,
  type TemplateVisibility,
} from '../domain/contract/templates.ts';
import { checkedBody } from './checked-body.ts';
import { authenticatedClient, publicClient } from './clients.ts';
import type { HttpClient } from './http-client.ts';
import { isClientError, workflowKeys } from './workflows-api.ts';

export {
  MAX_TEMPLATE_DESCRIPTION_LENGTH,
  MAX_TEMPLATE_TAG_LENGTH,
  MAX_TEMPLATE_TAGS,
  MAX_TEMPLATE_TITLE_LENGTH,
  TEMPLATE_PAGE_SIZE,
  TEMPLATE_VISIBILITIES,
  templateSchema,
};
export type { Template, TemplatePage, TemplateScope, TemplateSummary, TemplateVisibility };

// ---- the create form and its request ----


/** What the "Save as template" dialog checks before sending (SPEC §5: at most 10 tags). */
export const templateFormFields = {
  title: z.string().check(
    z.trim(),
    z.minLength(1, { error: 'Title is required', abort: true }),
    z.maxLength(MAX_TEMPLATE_TITLE_LENGTH, `Must be at most ${MAX_TEMPLATE_TITLE_LENGTH} characters`),
  ),
  description: z.string().check(z.maxLength(MAX_TEMPLATE_DESCRIPTION_LENGTH, `Must be at most ${MAX_TEMPLATE_DESCRIPTION_LENGTH} characters`)),
  category: z.string().check(z.maxLength(MAX_TEMPLATE_CATEGORY_LENGTH, `Must be at most ${MAX_TEMPLATE_CATEGORY_LENGTH} characters`)),
  tags: z.array(z.string().check(z.maxLength(MAX_TEMPLATE_TAG_LENGTH, `Tags must be at most ${MAX_TEMPLATE_TAG_LENGTH} characters`))).check(
    z.maxLength(MAX_TEMPLATE_TAGS, TOO_MANY_TAGS_MESSAGE),
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

/** What the "Save as template" dialog sends: its fields, and the workflow. */
export type CreateTemplateRequest = CreateTemplateBody;
/** A template with its flow flattened for display. */
export interface TemplateDetail extends Omit<Template, 'flow'> {
  version: FlatVersion;
}

// ---- fetchers ----

export async function createTemplate(request: CreateTemplateRequest, http: HttpClient = authenticatedClient): Promise<Template> {
  return templateSchema.parse(await http.request('/templates', { method: 'POST', body: checkedBody(templateFieldsSchema, request) }));
}

/** What the gallery asks for: a page, words to search, tags (all of them), a category, whose. */
export interface TemplateListParams {
  page: number;
  search: string;
  tags: readonly string[];
  category: string;
  scope: TemplateScope;
}

export function templateListPath({ page, search, tags, category, scope }: TemplateListParams): string {
  const query = new URLSearchParams({ page: String(page), limit: String(TEMPLATE_PAGE_SIZE) });
  if (search.trim()) query.set('search', search.trim());
  for (const tag of tags) query.append('tag', tag);
  if (category) query.set('category', category);
  if (scope !== 'all') query.set('scope', scope);
  return `/templates?${query}`;
}

export async function listTemplates(params: TemplateListParams, signal?: AbortSignal, http: HttpClient = authenticatedClient): Promise<TemplatePage> {
  return templateListSchema.parse(await http.request(templateListPath(params), { signal }));
}

/** What the gallery's edit dialog sends (the owner's own template; the server answers 404 otherwise). */
export interface UpdateTemplateRequest {
  title: string;
  description: string;
  category: string | null;
  tags: string[];
  visibility: TemplateVisibility;
}

export async function updateTemplate(id: string, request: UpdateTemplateRequest, http: HttpClient = authenticatedClient): Promise<TemplateSummary> {
  return templateSummarySchema.parse(await http.request(`/templates/${encodeURIComponent(id)}`, { method: 'PATCH', body: request }));
}

export async function deleteTemplate(id: string, http: HttpClient = authenticatedClient): Promise<void> {
  await http.request(`/templates/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * Public templates are readable by anyone, so the preview asks without a token. A signed-in screen asks
 * with one (`http` = the bearer client), so its owner also sees a private template.
 */
export async function getTemplate(id: string, signal?: AbortSignal, http: HttpClient = publicClient): Promise<TemplateDetail> {
  const { flow, ...template } = templateSchema.parse(await http.request(`/templates/${encodeURIComponent(id)}`, { signal }));
  return { ...template, version: fromNestedFlow(flow) };
}

export async function instantiateTemplate(id: string, http: HttpClient = authenticatedClient): Promise<CreatedWorkflow> {
  return createdWorkflowSchema.parse(await http.request(`/templates/${encodeURIComponent(id)}/use`, { method: 'POST', body: {} }));
}

// ---- queries and mutations ----

export const templateKeys = {
  all: ['templates'] as const,
  list: (params: TemplateListParams) => [...templateKeys.all, 'list', params] as const,
  detail: (id: string, audience: TemplateAudience) => [...templateKeys.all, 'detail', id, audience] as const,
};

/** 'guest': read as anyone (the public preview); 'user': read with the bearer token. */
export type TemplateAudience = 'guest' | 'user';

export const templateQueryOptions = (id: string, audience: TemplateAudience) =>
  queryOptions({
    queryKey: templateKeys.detail(id, audience),
    queryFn: ({ signal }) => getTemplate(id, signal, audience === 'user' ? authenticatedClient : publicClient),
    retry: (failureCount, error) => !isClientError(error) && failureCount < 3,
  });

export const useTemplateDetail = (id: string, audience: TemplateAudience) => useQuery(templateQueryOptions(id, audience));

/** One page of the gallery; the previous page stays on screen while the next loads (no flash of empty). */
export const templateListQueryOptions = (params: TemplateListParams) =>
  queryOptions({
    queryKey: templateKeys.list(params),
    queryFn: ({ signal }) => listTemplates(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUpdateTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: UpdateTemplateRequest }) => updateTemplate(id, request),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => deleteTemplate(id), onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }) });
}

export function useCreateTemplate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (request: CreateTemplateRequest) => createTemplate(request), onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }) });
}

/** "Use template": a new workflow made from the template, which the caller opens. */
export function useInstantiateTemplate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => instantiateTemplate(id), onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.lists() }) });
}
