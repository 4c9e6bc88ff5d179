// Everything a LEGIONS run leaves in its --out folder: summary.json, summary.csv, per-turn.csv,
// charts/*.vl.json|svg|png and manifest.json (written last), staged and committed as one transaction.
import { type ManifestInfo, type PutFile, runManifest } from '../../report/outputs.js';
import type { RunAccumulator } from './accumulator.js';
import { buildCharts } from './charts.js';
import { perTurnCsv, summaryCsv } from './csv.js';
import { type Summary, summaryText } from './summary.js';

/**
 * Writes the outputs through `sink` (a transaction's staging folder, see sim/transaction.ts), the
 * manifest last.
 */
export async function writeOutputs(sink: PutFile, s: Summary, acc: RunAccumulator, info: ManifestInfo, charts: boolean): Promise<string[]> {
  const files: string[] = [];
  const put = (name: string, data: string | Uint8Array) => {
    sink(name, data);
    files.push(name);
  };
  put('summary.json', summaryText(s, info.perf));
  put('summary.csv', summaryCsv(s));
  put('per-turn.csv', perTurnCsv(s));
  if (charts) {
    // Loaded only here: vega and vega-lite take about half a second to import.
    const { renderSvg, svgToPng } = await import('../../report/render.js');
    for (const c of buildCharts(s, acc)) {
      put(`charts/${c.name}.vl.json`, JSON.stringify(c.spec, null, 2) + '\n');
      const svg = await renderSvg(c.spec);
      put(`charts/${c.name}.svg`, svg);
      put(`charts/${c.name}.png`, svgToPng(svg));
    }
  }
  put('manifest.json', runManifest(info, s.config, s.games, files));
  return files;
}
