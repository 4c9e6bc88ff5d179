// The chart of a schema summary: every rate with its 95 % interval (bars and error bars), data inlined.
import type { VlSpec } from './render.js';
import { isRate, type SchemaSummary } from '../sim/schema-summary.js';

export function ratesChart(s: SchemaSummary, title: string): VlSpec {
  const values = Object.entries(s.figures).filter(([, f]) => isRate(f)).map(([name, f]) => {
    const r = f as { label: string; rate: number; ci95: [number, number] };
    return { field: name, label: r.label, rate: r.rate, low: r.ci95[0], high: r.ci95[1] };
  });
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: title, subtitle: `${s.games.toLocaleString('en-US')} games; bars: share of games, lines: 95 % interval` },
    width: 520,
    data: { values },
    encoding: { y: { field: 'label', type: 'nominal', sort: null, title: null } },
    layer: [
      { mark: 'bar', encoding: { x: { field: 'rate', type: 'quantitative', title: 'share of games', axis: { format: '%' }, scale: { domain: [0, 1] } } } },
      { mark: { type: 'rule', color: 'black' }, encoding: { x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' } } },
    ],
  };
}
