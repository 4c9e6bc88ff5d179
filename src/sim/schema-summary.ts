// The summary of a run accumulated by SchemaAccumulator: every rate with its Wilson interval, every
// count's mean with a normal interval (its standard error from the sum of squares), least and largest.
import { wilson } from '../stats/intervals.js';
import type { SchemaAccumulator } from './schema-accumulator.js';
import type { RunIdentity } from './spec.js';

export interface RateFigure {
  label: string;
  count: number;
  rate: number;
  ci95: [number, number];
}

export interface MeanFigure {
  label: string;
  mean: number;
  sd: number;
  ci95: [number, number];
  min: number | null;
  max: number | null;
}

export interface SchemaSummary {
  format: string;
  config: RunIdentity & { fingerprint: string; range: [number, number] };
  games: number;
  /** Per outcome field, in the schema's order (summary.json lists them at its top level). */
  figures: Record<string, RateFigure | MeanFigure>;
}

const RESERVED = new Set(['format', 'config', 'games', 'perf']);

const Z95 = 1.959963984540054;

export function summariseSchema(format: string, acc: SchemaAccumulator, id: RunIdentity, fingerprint: string, range: [number, number]): SchemaSummary {
  const n = acc.games;
  const figures: Record<string, RateFigure | MeanFigure> = {};
  acc.fields.forEach((f, k) => {
    if (RESERVED.has(f.name)) throw new Error(`outcome field "${f.name}" collides with a summary key`);
    const sum = acc.sum[k]!;
    if (f.kind === 'rate') {
      figures[f.name] = { label: f.label, count: sum, rate: n ? sum / n : 0, ci95: n ? wilson(sum, n, Z95) : [0, 1] };
    } else {
      const mean = n ? sum / n : 0;
      const variance = n > 1 ? Math.max(0, (acc.sumSq[k]! - sum * mean) / (n - 1)) : 0;
      const sd = Math.sqrt(variance);
      const half = n ? (Z95 * sd) / Math.sqrt(n) : 0;
      figures[f.name] = { label: f.label, mean, sd, ci95: [mean - half, mean + half], min: acc.min[k]!, max: acc.max[k]! };
    }
  });
  return { format, config: { ...id, fingerprint, range }, games: n, figures };
}

export const isRate = (f: RateFigure | MeanFigure): f is RateFigure => 'rate' in f;

/** summary.json's text: format, config and games, every outcome field by name, then the run's performance record. */
export function schemaSummaryText(s: SchemaSummary, perf: unknown): string {
  return JSON.stringify({ format: s.format, config: s.config, games: s.games, ...s.figures, perf }, null, 2) + '\n';
}

/** summary.csv: one row per outcome field. */
export function schemaSummaryCsv(s: SchemaSummary): string {
  const rows = ['field,label,kind,value,low,high'];
  for (const [name, f] of Object.entries(s.figures)) {
    const v = isRate(f) ? f.rate : f.mean;
    rows.push([name, `"${f.label.replace(/"/g, '""')}"`, isRate(f) ? 'rate' : 'mean', v, f.ci95[0], f.ci95[1]].join(','));
  }
  return rows.join('\n') + '\n';
}
