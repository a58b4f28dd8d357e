export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

/**
 * Nearest-rank percentile of ascending `sorted` values: the smallest value that at least p %
 * of the samples do not exceed. It is always an observed value, never an interpolation.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be in (0, 100], got ${p}`);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}
