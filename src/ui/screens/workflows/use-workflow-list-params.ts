/**
 * The list's page, search, status and folder filters live in the URL
 * (?page=2&name=mail&status=ENABLED&folder=<id>|none), so a
 * reload, the back button or a shared link shows the same list. Typing is instant; the URL (and the
 * query) follows 300 ms after the last key, and any new filter goes back to page 1.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FLOW_STATUSES, type FlowStatus } from '../../../domain/index.ts';
import { parsePageParam } from '../../components/data/pagination-math.ts';
import { useDebouncedValue } from '../../components/data/use-debounced-value.ts';

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

function parseStatus(value: string | null): StatusFilter {
  return (FLOW_STATUSES as readonly string[]).includes(value ?? '') ? (value as FlowStatus) : 'ALL';
}

export function useWorkflowListParams() {
  const [params, setParams] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const name = params.get('name') ?? '';
  const status = parseStatus(params.get('status'));
  const folder = folderFromUrl(params.get('folder'));

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
