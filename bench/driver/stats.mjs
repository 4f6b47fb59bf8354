// Statistics and formatting for the browser benchmarks.

/** Total, median, p95, p99, the mean per 10 % slice and last/first slice ratio of `values`. */
export function summarize(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const quantile = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const total = values.reduce((sum, value) => sum + value, 0);
  const slices = [];
  for (let s = 0; s < 10; s++) {
    const from = Math.floor((s * values.length) / 10);
    const to = Math.floor(((s + 1) * values.length) / 10);
    const part = values.slice(from, to);
    slices.push(part.reduce((sum, value) => sum + value, 0) / Math.max(1, part.length));
  }
  return {
    total,
    median: quantile(0.5),
    p95: quantile(0.95),
    p99: quantile(0.99),
    max: sorted[sorted.length - 1] ?? 0,
    slices,
    lastFirst: slices[9] / slices[0],
  };
}

/** Milliseconds for humans: seconds above 1,000 ms. */
export function ms(value) {
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  return `${value.toFixed(3)} ms`;
}

export function ratio(value) {
  return `${value.toFixed(2)}×`;
}

/** A Markdown table from a header row and rows of cells. */
export function markdownTable(header, rows, align = header.map((_, i) => (i === 0 ? 'l' : 'r'))) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [
    line(header),
    line(align.map((a) => (a === 'l' ? '---' : '---:'))),
    ...rows.map(line),
  ].join('\n');
}
