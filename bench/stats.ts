/** Percentiles of a sample, as every bench area reports them. */
export interface Summary {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  n: number;
}

export function summarise(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? 0, n: samples.length };
}
