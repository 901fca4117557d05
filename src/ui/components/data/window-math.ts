/**
 * Simple windowing for long lists: every row has the same height, so the rows in view follow from the
 * scroll offset by arithmetic — no measuring. Only those (plus a few either side, so a fast scroll does
 * not show blank space) are rendered; a spacer as tall as all rows keeps the scrollbar honest.
 */

export interface WindowInput {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  /** Extra rows rendered above and below the visible ones. */
  overscan?: number;
}

/** Indexes of the rows to render: `start` inclusive, `end` exclusive. */
export function visibleRange({ scrollTop, viewportHeight, rowHeight, count, overscan = 8 }: WindowInput): { start: number; end: number } {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const top = Math.max(0, scrollTop);
  const first = Math.min(count - 1, Math.floor(top / rowHeight));
  const lastVisible = Math.min(count - 1, Math.floor((top + Math.max(0, viewportHeight) - 1) / rowHeight));
  return { start: Math.max(0, first - overscan), end: Math.min(count, Math.max(first, lastVisible) + 1 + overscan) };
}
