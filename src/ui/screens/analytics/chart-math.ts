/** Small pure helpers the hand-written charts share (tested in tests/ui/analytics-charts.test.tsx). */

/** The smallest 1, 2 or 5 × 10ⁿ at or above `max` (at least 1), so the axis reads in round numbers. */
export function niceMax(max: number): number {
  if (!Number.isFinite(max) || max <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= max) return step * magnitude;
  return 10 * magnitude;
}

/** At most `count` evenly spread indexes of a list of `length` (always the first and the last). */
export function tickIndexes(length: number, count: number): number[] {
  if (length <= 0) return [];
  if (length <= count) return Array.from({ length }, (_, i) => i);
  const step = (length - 1) / (count - 1);
  return [...new Set(Array.from({ length: count }, (_, i) => Math.round(i * step)))];
}

/** A line through the points with a value, broken where a value is missing: one SVG path in a 0–100 box. */
export function linePath(values: readonly (number | null)[], yMax: number): string {
  const n = values.length;
  let path = '';
  let drawing = false;
  values.forEach((value, i) => {
    if (value === null) {
      drawing = false;
      return;
    }
    const x = n === 1 ? 50 : ((i + 0.5) / n) * 100;
    const y = 100 - (Math.min(value, yMax) / yMax) * 100;
    path += `${drawing ? 'L' : 'M'}${x.toFixed(2)} ${y.toFixed(2)} `;
    drawing = true;
  });
  return path.trim();
}
