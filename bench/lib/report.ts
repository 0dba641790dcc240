import { ratio, round } from './stats.js';

export interface ReportRow {
  benchmark: string;
  figure: string;
  ours: number | string;
  baseline: number | string;
  /** Computed from ours and baseline when both are numbers, unless given. */
  ratio?: string;
}

/** Numbers below 10 (CPU times per request, small latencies) keep two decimals, larger ones one. */
const cell = (value: number | string) =>
  typeof value === 'number' ? (Number.isFinite(value) ? String(round(value, Math.abs(value) < 10 ? 2 : 1)) : 'n/a') : value;

export function markdownTable(rows: readonly ReportRow[]): string {
  const lines = ['| benchmark | figure | ours | baseline | ours / baseline |', '|---|---|---:|---:|---:|'];
  for (const row of rows) {
    const computed = row.ratio ?? (typeof row.ours === 'number' && typeof row.baseline === 'number' ? ratio(row.ours, row.baseline) : 'n/a');
    lines.push(`| ${row.benchmark} | ${row.figure} | ${cell(row.ours)} | ${cell(row.baseline)} | ${computed} |`);
  }
  return lines.join('\n');
}
