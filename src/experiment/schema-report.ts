// The report of a schema experiment (schema-experiment.ts): index.html with the verdict first (one
// sentence per effect and a plot of every paired difference against its negligible band), then the
// tables, definitions and what was run; results.json, CSVs and the Vega-Lite specs beside it.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { writeAtomic } from '../sim/files.js';
import { gitCommit, toolVersion } from '../report/outputs.js';
import type { VlSpec } from '../report/render.js';
import { diffText, READINGS, type SchemaResults } from './schema-experiment.js';
import { pText } from './paired.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const table = (head: string[], rows: string[][]) =>
  `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
const csvCell = (v: unknown) => (typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v));
const csv = (rows: unknown[][]) => rows.map((r) => r.map(csvCell).join(',')).join('\n') + '\n';

/** One panel per metric: each comparison's difference with its interval; the grey band is the negligible size. */
export function differencesChart(r: SchemaResults): VlSpec {
  const kind = new Map(r.metrics.map((m) => [m.name, m]));
  const values = r.comparisons.map((c) => {
    const scale = kind.get(c.metric)!.kind === 'rate' ? 100 : 1;
    return { metric: `${kind.get(c.metric)!.label}${kind.get(c.metric)!.kind === 'rate' ? ' (points)' : ''}`, row: `${c.arm} vs ${c.baseline}`, diff: scale * c.diff.value, low: scale * c.diff.low, high: scale * c.diff.high, band: scale * c.negligible, effect: c.reading === 'effect' };
  });
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: `${r.name}: paired differences from the baseline`, subtitle: `${r.gamesPerArm.toLocaleString('en-US')} games per arm on the same seeds; 95 % intervals; grey: too small to matter` },
    data: { values },
    facet: { row: { field: 'metric', type: 'nominal', title: null, header: { labelAngle: 0, labelAlign: 'left' } } },
    resolve: { scale: { x: 'independent' } },
    spec: {
      width: 460,
      layer: [
        { mark: { type: 'rect', color: '#ddd' }, encoding: { y: { field: 'row', type: 'nominal', title: null }, x: { field: 'band', type: 'quantitative', aggregate: 'max' }, x2: { datum: 0 } } },
        { mark: { type: 'rule' }, encoding: { y: { field: 'row', type: 'nominal' }, x: { field: 'low', type: 'quantitative', title: 'arm minus baseline' }, x2: { field: 'high' } } },
        { mark: { type: 'point', size: 60 }, encoding: { y: { field: 'row', type: 'nominal' }, x: { field: 'diff', type: 'quantitative' }, color: { field: 'effect', type: 'nominal', title: 'effect that matters', scale: { domain: [true, false], range: ['#c0392b', '#555'] } } } },
        { mark: { type: 'rule', strokeDash: [3, 3] }, encoding: { x: { datum: 0 } } },
      ],
    },
  };
}

export async function writeSchemaReport(dir: string, r: SchemaResults, command: string): Promise<string[]> {
  mkdirSync(join(dir, 'charts'), { recursive: true });
  const files: string[] = [];
  const put = (name: string, data: string) => {
    writeAtomic(join(dir, name), data);
    files.push(name);
  };
  const kind = new Map(r.metrics.map((m) => [m.name, m]));
  const pct = (m: string, e: { value: number; low: number; high: number }) =>
    kind.get(m)!.kind === 'rate' ? `${(100 * e.value).toFixed(2)} % [${(100 * e.low).toFixed(2)}, ${(100 * e.high).toFixed(2)}]` : `${e.value.toFixed(3)} [${e.low.toFixed(3)}, ${e.high.toFixed(3)}]`;
  put('results.json', JSON.stringify(r, null, 2) + '\n');
  put('metrics.csv', csv([['arm', 'metric', 'value', 'low', 'high', 'games'], ...r.arms.flatMap((a) => r.metrics.map((m) => [a.name, m.name, a.metrics[m.name]!.value, a.metrics[m.name]!.low, a.metrics[m.name]!.high, r.gamesPerArm]))]));
  put('comparisons.csv', csv([['arm', 'baseline', 'metric', 'difference', 'low', 'high', 'p', 'p_holm', 'significant_holm', 'reading', 'negligible', 'variance_reduction'],
    ...r.comparisons.map((c) => [c.arm, c.baseline, c.metric, c.diff.value, c.diff.low, c.diff.high, c.p, c.pHolm ?? '', c.significantHolm ? 1 : 0, c.reading, c.negligible, c.varianceReduction ?? ''])]));
  put('design-note.txt', r.note.join('\n') + '\n');
  const spec = differencesChart(r);
  put('charts/differences.vl.json', JSON.stringify(spec, null, 2) + '\n');
  const { renderSvg } = await import('../report/render.js');
  const svg = r.comparisons.length ? await renderSvg(spec) : '';
  if (svg) put('charts/differences.svg', svg);
  const manifest = { tool: 'legions', version: toolVersion(), gitCommit: gitCommit(), command, game: r.game, experiment: r.name, seed: r.seed, gamesPerArm: r.gamesPerArm, arms: r.arms.map((a) => ({ name: a.name, baseline: a.baseline, policies: a.policies, identity: a.identity })), threads: r.perf.threads, throughput: { seconds: r.perf.seconds, gamesPerSecond: r.perf.gamesPerSecond } };
  put('manifest.json', JSON.stringify(manifest, null, 2) + '\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(r.game)} experiment: ${esc(r.name)}</title>
<style>body{font-family:"DejaVu Sans",Verdana,sans-serif;max-width:1100px;margin:1.5em auto;padding:0 1em;color:#222;line-height:1.4}
h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:2em}table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #bbb;padding:.25em .6em;text-align:right}th:first-child,td:first-child{text-align:left}
#verdict{background:#fafaf7;border:1px solid #ddd;border-radius:6px;padding:.2em 1.2em 1em}pre{background:#f4f4f4;padding:1em;overflow:auto}</style></head>
<body>
<h1>${esc(r.game)} experiment: ${esc(r.name)}</h1>
<section id="verdict"><h2>Verdict</h2>
<p>${esc(r.description ?? '')} ${r.arms.length} arms, ${r.gamesPerArm.toLocaleString('en-US')} games each on the same seeds (seed "${esc(r.seed)}"); each arm is compared game by game with its baseline; 95 % intervals, Holm-adjusted over ${r.comparisons.length} comparisons.</p>
${r.note.length ? `<ol>${r.note.map((x) => `<li>${esc(x)}</li>`).join('')}</ol>` : '<p>One arm: nothing to compare.</p>'}
${svg ? `<figure id="chart-differences">${svg}<figcaption><a href="charts/differences.vl.json">Vega-Lite spec</a></figcaption></figure>` : ''}
</section>
<section id="comparisons"><h2>Paired comparisons</h2>
${table(['Arm', 'Baseline', 'Metric', 'Difference (arm - baseline)', 'p', 'p after Holm', 'Reading', 'Variance reduction'], r.comparisons.map((c) => [c.arm, c.baseline, kind.get(c.metric)!.label, diffText(kind.get(c.metric)!, c.diff), pText(c.p), pText(c.pHolm ?? 1), c.reading, c.varianceReduction !== null ? `${c.varianceReduction.toFixed(1)}x` : '-']))}
<p><a href="comparisons.csv">comparisons.csv</a></p></section>
<section id="metrics"><h2>Metrics by arm</h2>
${table(['Arm', 'Baseline', ...r.metrics.map((m) => m.label)], r.arms.map((a) => [a.name, a.baseline ?? '(baseline)', ...r.metrics.map((m) => pct(m.name, a.metrics[m.name]!))]))}
<p><a href="metrics.csv">metrics.csv</a></p></section>
<section id="glossary"><h2>Definitions</h2>
<p>A rate is a share of games (shown in %; differences in percentage points); a mean is an average per game. Every arm plays the same game seeds as its baseline, so differences are paired: rates by McNemar's test with its matching interval, means by a paired z-test.</p>
${table(['Metric', 'Kind', 'Negligible change'], r.metrics.map((m) => [`${m.label} (${m.name})`, m.kind, m.kind === 'rate' ? `${(100 * m.negligible).toFixed(1)} points` : String(m.negligible)]))}
${table(['Reading', 'Meaning'], Object.entries(READINGS).map(([k, v]) => [k, v]))}</section>
<section id="run"><h2>What was run</h2>
<pre>${esc(JSON.stringify(manifest, null, 2))}</pre></section>
</body></html>
`;
  put('index.html', html);
  return files;
}
