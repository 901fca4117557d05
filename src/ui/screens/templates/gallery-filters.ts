/**
 * The gallery's filters live in the address (?q=, ?tag=…, ?category=, ?show=, ?page=), so a search can be
 * shared, reloaded and walked back with the browser's history. Pure: read and written here, tested alone.
 */
import { MAX_TEMPLATE_TAGS, type TemplateListParams, type TemplateScope } from '../../../api/templates-api.ts';

const SCOPES: readonly TemplateScope[] = ['all', 'mine', 'public'];

export const SCOPE_LABELS: Record<TemplateScope, string> = { all: 'All', mine: 'Mine', public: 'Public' };

export function filtersFromSearch(search: URLSearchParams): TemplateListParams {
  const scope = search.get('show') as TemplateScope | null;
  const page = Number(search.get('page'));
  return {
    search: search.get('q') ?? '',
    tags: [...new Set(search.getAll('tag').filter(Boolean))].slice(0, MAX_TEMPLATE_TAGS),
    category: search.get('category') ?? '',
    scope: scope && SCOPES.includes(scope) ? scope : 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function searchFromFilters(filters: TemplateListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.search) search.set('q', filters.search);
  for (const tag of filters.tags) search.append('tag', tag);
  if (filters.category) search.set('category', filters.category);
  if (filters.scope !== 'all') search.set('show', filters.scope);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

export const hasFilters = (filters: TemplateListParams): boolean =>
  filters.search.trim() !== '' || filters.tags.length > 0 || filters.category !== '' || filters.scope !== 'all';
