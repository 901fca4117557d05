/**
 * Page arithmetic for every paged table, kept apart from the component so it is tested without a DOM.
 * Pages are 1-based, as the API's `page` parameter is (SPEC §7).
 */

/** How many pages `total` rows fill; an empty list still has one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0 || total <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** `page` kept inside 1..pageCount — e.g. after deleting the last row of the last page. */
export function clampPage(page: number, total: number, pageSize: number): number {
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), pageCount(total, pageSize));
}

/** 1-based positions of the first and last row on `page`; both 0 when there are no rows. */
export function pageBounds(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const current = clampPage(page, total, pageSize);
  const from = (current - 1) * pageSize + 1;
  return { from, to: Math.min(current * pageSize, total) };
}

/** '1–10 of 37' (an en dash, as a range is written). */
export function rangeLabel(page: number, pageSize: number, total: number): string {
  const { from, to } = pageBounds(page, pageSize, total);
  return `${from}–${to} of ${total}`;
}

/** 'Page 2 of 4'. */
export function pageLabel(page: number, pageSize: number, total: number): string {
  return `Page ${clampPage(page, total, pageSize)} of ${pageCount(total, pageSize)}`;
}

/** Reads a `?page=` value: anything that is not a positive integer is page 1. */
export function parsePageParam(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
