/**
 * /templates: the gallery — the user's own templates and every public one, newest first, a page of cards
 * at a time. Search (debounced) and the tag, category and whose-filters are in the address
 * (gallery-filters.ts) and run on the server (GET /templates). A card opens the template's page (its
 * steps and 'Use template'); one's own can be edited and deleted here.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { LayoutTemplate, SearchX, X } from 'lucide-react';
import { toast } from 'sonner';
import { TEMPLATE_PAGE_SIZE, templateListQueryOptions, useDeleteTemplate, type TemplateListParams, type TemplateSummary } from '../../../api/templates-api.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SearchInput } from '../../components/data/search-input.tsx';
import { Pagination } from '../../components/data/pagination.tsx';
import { TableError } from '../../components/data/table-error.tsx';
import { ConfirmDialog } from '../../components/data/confirm-dialog.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { useDebouncedValue } from '../../components/data/use-debounced-value.ts';
import { filtersFromSearch, hasFilters, SCOPE_LABELS, searchFromFilters } from './gallery-filters.ts';
import { TemplateCard } from './template-card.tsx';
import { EditTemplateDialog } from './edit-template-dialog.tsx';
import './gallery.css';

export function TemplatesScreen() {
  usePageTitle('Templates');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const [typed, setTyped] = useState(filters.search);
  const search = useDebouncedValue(typed);
  const [editing, setEditing] = useState<TemplateSummary | null>(null);
  const [deleting, setDeleting] = useState<TemplateSummary | null>(null);

  const change = (next: Partial<TemplateListParams>) =>
    setSearchParams(searchFromFilters({ ...filters, page: 1, ...next }), { replace: next.search !== undefined });

  // The box's words reach the address (and the query) once typing pauses.
  useEffect(() => {
    if (search !== filters.search) change({ search });
  }, [search]);

  const list = useQuery(templateListQueryOptions(filters));
  const remove = useDeleteTemplate();
  const removeOne = (template: TemplateSummary) =>
    remove.mutate(template.id, {
      onSuccess: () => {
        toast.success(`Template "${template.title}" deleted`);
        setDeleting(null);
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not delete the template')),
    });

  const addTag = (tag: string) => (filters.tags.includes(tag) ? undefined : change({ tags: [...filters.tags, tag] }));
  const clearAll = () => {
    setTyped('');
    setSearchParams(new URLSearchParams());
  };

  let body;
  if (list.isPending) {
    body = (
      <ul className="gallery-grid" aria-label="Loading templates" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="card gallery-card gallery-card-skeleton" aria-hidden="true" />
        ))}
      </ul>
    );
  } else if (list.isError) {
    body = (
      <div className="card">
        <TableError title="Could not load templates" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      </div>
    );
  } else if (list.data.data.length === 0) {
    body = (
      <div className="card">
        {hasFilters(filters) ? (
          <EmptyState icon={SearchX} title="No templates match">
            <button type="button" className="btn btn-secondary btn-sm gallery-empty-action" onClick={clearAll}>
              Clear filters
            </button>
          </EmptyState>
        ) : (
          <EmptyState icon={LayoutTemplate} title="No templates yet">
            Save a workflow as a template from its menu in <Link to="/workflows">the workflow list</Link>.
          </EmptyState>
        )}
      </div>
    );
  } else {
    body = (
      <>
        <ul className="gallery-grid" aria-label="Templates" aria-busy={list.isPlaceholderData || undefined}>
          {list.data.data.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              onTag={addTag}
              onCategory={(category) => change({ category })}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          ))}
        </ul>
        {list.data.total > TEMPLATE_PAGE_SIZE || filters.page > 1 ? (
          <Pagination page={filters.page} pageSize={TEMPLATE_PAGE_SIZE} total={list.data.total} onPageChange={(page) => change({ page })} label="Template pages" />
        ) : null}
      </>
    );
  }

  return (
    <div className="page">
      <PageHeader title="Templates" description="Start a workflow from one of your templates or a public one" />
      <div className="gallery-toolbar">
        <SearchInput value={typed} onValueChange={setTyped} label="Search templates" placeholder="Search by title or description" className="gallery-search" />
        <div className="segmented" role="group" aria-label="Show">
          {(['all', 'mine', 'public'] as const).map((scope) => (
            <button key={scope} type="button" className="segmented-item" aria-pressed={filters.scope === scope} onClick={() => change({ scope })}>
              {SCOPE_LABELS[scope]}
            </button>
          ))}
        </div>
      </div>
      {filters.tags.length > 0 || filters.category ? (
        <ul className="gallery-active" aria-label="Active filters">
          {filters.category ? (
            <li className="tag tag-chip">
              <span className="tag-chip-text">Category: {filters.category}</span>
              <button type="button" className="tag-chip-remove" aria-label={`Remove filter category ${filters.category}`} onClick={() => change({ category: '' })}>
                <X width={12} height={12} aria-hidden="true" />
              </button>
            </li>
          ) : null}
          {filters.tags.map((tag) => (
            <li key={tag} className="tag tag-chip">
              <span className="tag-chip-text">Tag: {tag}</span>
              <button type="button" className="tag-chip-remove" aria-label={`Remove filter tag ${tag}`} onClick={() => change({ tags: filters.tags.filter((t) => t !== tag) })}>
                <X width={12} height={12} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {body}
      {editing ? <EditTemplateDialog template={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this template?"
        description={
          deleting ? (
            <>
              <strong>{deleting.title}</strong> will be deleted. Workflows already made from it stay as they are.
            </>
          ) : null
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && removeOne(deleting)}
      />
    </div>
  );
}

export default TemplatesScreen;
