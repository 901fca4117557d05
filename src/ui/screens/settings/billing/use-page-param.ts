import { useSearchParams } from 'react-router';
import { parsePageParam } from '../../../components/data/pagination-math.ts';

/** The `?page=` of a paged billing list: kept in the address, so a reload or a shared link keeps it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next <= 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      },
      { replace: false },
    );
  return [page, setPage];
}
