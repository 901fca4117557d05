import { ChevronLeft, ChevronRight } from 'lucide-react';
import { clampPage, pageCount, pageLabel, rangeLabel } from './pagination-math.ts';

interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark when a screen has more than one paged list. */
  label?: string;
}

/** 'Previous' / 'Next' with 'Page X of Y' and '1–10 of 37' beside them. */
export function Pagination({ page, pageSize, total, onPageChange, label = 'Pagination' }: PaginationProps) {
  const current = clampPage(page, total, pageSize);
  const last = pageCount(total, pageSize);
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination-range" aria-live="polite">
        {rangeLabel(current, pageSize, total)}
      </p>
      <div className="pagination-controls">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={current <= 1}
          onClick={() => onPageChange(current - 1)}
        >
          <ChevronLeft width={14} height={14} aria-hidden="true" />
          Previous
        </button>
        <span className="pagination-page">{pageLabel(current, pageSize, total)}</span>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={current >= last}
          onClick={() => onPageChange(current + 1)}
        >
          Next
          <ChevronRight width={14} height={14} aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}
