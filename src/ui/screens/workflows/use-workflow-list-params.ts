/**
 * The list's page, search, status and folder filters and its sort live in the URL
 * (?page=2&name=mail&status=ENABLED&folder=<id>|none&sort=name&order=asc), so a
 * reload, the back button or a shared link shows the same list. Typing is instant; the URL (and the
 * query) follows 300 ms after the last key, and any new filter goes back to page 1.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FLOW_STATUSES, type FlowStatus } from '../../../domain/index.ts';
import { parsePageParam } from '../../components/data/pagination-math.ts';
import { useDebouncedValue } from '../../components/data/use-debounced-value.ts';
import {
  DEFAULT_SORT_ORDER,
  DEFAULT_WORKFLOW_SORT,
  SORT_ORDERS,
  WORKFLOW_SORTS,
  type SortOrder,
  type WorkflowSort,
} from '../../../domain/contract/workflow-list.ts';

export type StatusFilter = FlowStatus | 'ALL';
/** 'ALL', 'NONE' (workflows in no folder) or a folder's id. */
export type FolderFilter = string;
export const ALL_FOLDERS = 'ALL';
export const NO_FOLDER = 'NONE';
/** How the folder filter reads in the URL: ?folder=none for "Uncategorized". */
const folderFromUrl = (value: string | null): FolderFilter => (!value ? ALL_FOLDERS : value === 'none' ? NO_FOLDER : value);

export const STATUS_FILTER_OPTIONS: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: 'ALL', label: 'All statuses' },
  { value: 'ENABLED', label: 'Enabled' },
  { value: 'DISABLED', label: 'Disabled' },
];

const parseSort = (value: string | null): WorkflowSort => ((WORKFLOW_SORTS as readonly string[]).includes(value ?? '') ? (value as WorkflowSort) : DEFAULT_WORKFLOW_SORT);
const parseOrder = (value: string | null): SortOrder => ((SORT_ORDERS as readonly string[]).includes(value ?? '') ? (value as SortOrder) : DEFAULT_SORT_ORDER);
/** The first click on a column sorts names A→Z, and dates and statuses newest or enabled first. */
export const firstOrderOf = (sort: WorkflowSort): SortOrder => (sort === 'name' ? 'asc' : 'desc');

function parseStatus(value: string | null): StatusFilter {
  return (FLOW_STATUSES as readonly string[]).includes(value ?? '') ? (value as FlowStatus) : 'ALL';
}

/** The toolbar's sort choice (every sort, both ways): the keyboard and phone path to what the headers do. */
export const SORT_OPTIONS: ReadonlyArray<{ value: `${WorkflowSort}:${SortOrder}`; label: string }> = [
  { value: 'updated:desc', label: 'Recently updated' },
  { value: 'updated:asc', label: 'Least recently updated' },
  { value: 'name:asc', label: 'Name (A–Z)' },
  { value: 'name:desc', label: 'Name (Z–A)' },
  { value: 'lastRun:desc', label: 'Last run (newest)' },
  { value: 'lastRun:asc', label: 'Last run (oldest)' },
  { value: 'status:desc', label: 'Enabled first' },
  { value: 'status:asc', label: 'Disabled first' },
];

export function useWorkflowListParams() {
  const [params, setParams] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const name = params.get('name') ?? '';
  const status = parseStatus(params.get('status'));
  const folder = folderFromUrl(params.get('folder'));
  const sort = parseSort(params.get('sort'));
  const order = parseOrder(params.get('order'));

  const [search, setSearch] = useState(name);
  const settledSearch = useDebouncedValue(search.trim(), 300);

  const update = (changes: Record<string, string | null>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };

  useEffect(() => {
    if (settledSearch !== name) update({ name: settledSearch, page: null });
    // `name` follows the URL; only a settled change of the typed text should write it.
  }, [settledSearch]);

  // The URL changed from outside (back button, a link): show its search in the box.
  useEffect(() => {
    if (name !== settledSearch) setSearch(name);
  }, [name]);

  return {
    page,
    name,
    status,
    folder,
    sort,
    order,
    search,
    setSearch,
    filtered: name !== '' || status !== 'ALL' || folder !== ALL_FOLDERS,
    /** Name or status narrows the list (beyond the folder chosen). */
    searched: name !== '' || status !== 'ALL',
    /** Paging adds a history entry (Back returns to the previous page), unless `replace`. */
    setPage: (next: number, options: { replace?: boolean } = {}) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      }, options),
    /** Sorting by the current column flips its direction; another column starts at its first order. Back to page 1. */
    setSort: (next: WorkflowSort, nextOrder: SortOrder = next === sort ? (order === 'asc' ? 'desc' : 'asc') : firstOrderOf(next)) => {
      const isDefault = next === DEFAULT_WORKFLOW_SORT && nextOrder === DEFAULT_SORT_ORDER;
      update({ sort: isDefault ? null : next, order: isDefault ? null : nextOrder, page: null });
    },
    setStatus: (next: StatusFilter) => update({ status: next === 'ALL' ? null : next, page: null }),
    setFolder: (next: FolderFilter, options: { replace?: boolean } = {}) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        copy.delete('page');
        if (next === ALL_FOLDERS) copy.delete('folder');
        else copy.set('folder', next === NO_FOLDER ? 'none' : next);
        return copy;
      }, options),
    /** Name and status only: the folder chosen in the sidebar stays. */
    clearFilters: () => {
      setSearch('');
      update({ name: null, status: null, page: null });
    },
  };
}
