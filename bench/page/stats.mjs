// Percentiles and medians for the page benchmark (linear interpolation between ranks).
export function quantile(values, q) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

export const median = (values) => quantile(values, 0.5);

// {n, p50, p95, p99, max} of a list of milliseconds.
export function summary(values) {
  const finite = values.filter(Number.isFinite);
  return {
    n: finite.length, p50: quantile(finite, 0.5), p95: quantile(finite, 0.95), p99: quantile(finite, 0.99),
    max: finite.length ? Math.max(...finite) : null,
  };
}

// Difference between the largest and the smallest value (a noise estimate of repeated readings).
export const spread = (values) => (values.length ? Math.max(...values) - Math.min(...values) : 0);
