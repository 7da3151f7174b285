// The benchmarks' one way to summarise timings: nearest-rank percentiles.

/** The p-th percentile of `xs` by nearest rank: the smallest value with at least p % of them at or below it. */
export function percentile(xs, p) {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

/** n, p50, p95, p99 and max of `xs`, rounded to `digits` decimals. */
export function stats(xs, digits = 1) {
  const round = (x) => +x.toFixed(digits)
  return {
    n: xs.length,
    p50: round(percentile(xs, 50)),
    p95: round(percentile(xs, 95)),
    p99: round(percentile(xs, 99)),
    max: round(Math.max(...xs)),
  }
}
