// Caesar XL battles as the command line sees them: the runner's definition, a finished run's summary
// (caesar-xl-summary/1: every outcome field of src/caesar/outcome.ts) and its outputs.
import { OUTCOME_FIELDS } from '../../caesar/index.js';
import { type ManifestInfo, type Perf, type PutFile, runManifest } from '../../report/outputs.js';
import { ratesChart } from '../../report/schema-charts.js';
import type { SchemaAccumulator } from '../../sim/schema-accumulator.js';
import { isRate, type RateFigure, schemaSummaryCsv, schemaSummaryText, summariseSchema } from '../../sim/schema-summary.js';
import type { RunIdentity } from '../../sim/spec.js';
import type { GameEntry } from '../index.js';
import { type CaesarConfig, game } from './definition.js';

const pct = (x: number) => (100 * x).toFixed(2);

export const caesarXl: GameEntry<CaesarConfig, SchemaAccumulator> = {
  definition: game,
  report(acc: SchemaAccumulator, id: RunIdentity, fingerprint: string, range: [number, number]) {
    const s = summariseSchema('caesar-xl-summary/1', acc, id, fingerprint, range);
    const rate = (k: string) => s.figures[k] as RateFigure;
    const mean = (k: string) => s.figures[k] as { mean: number; ci95: [number, number] };
    return {
      json: (perf: Perf) => schemaSummaryText(s, perf),
      headline: () => {
        const a = rate('attackerWins');
        const r = mean('rounds');
        return `${s.games} battles: the attacker holds the field in ${pct(a.rate)} % [${pct(a.ci95[0])}, ${pct(a.ci95[1])}], the defender in ${pct(rate('defenderWins').rate)} %; ` +
          `${r.mean.toFixed(2)} rounds on average; units lost: attacker ${mean('attackerLosses').mean.toFixed(2)}, defender ${mean('defenderLosses').mean.toFixed(2)}; ` +
          `Supreme Leader lost: attacker ${pct(rate('attackerSupremeLost').rate)} %, defender ${pct(rate('defenderSupremeLost').rate)} %`;
      },
      policyErrors: { total: acc.sum[OUTCOME_FIELDS.findIndex((f) => f.name === 'policyErrors')]!, games: 0 },
      async write(put: PutFile, info: ManifestInfo, charts: boolean) {
        const files: string[] = [];
        const add = (name: string, data: string | Uint8Array) => {
          put(name, data);
          files.push(name);
        };
        add('summary.json', schemaSummaryText(s, info.perf));
        add('summary.csv', schemaSummaryCsv(s));
        if (charts && Object.values(s.figures).some(isRate)) {
          const { renderSvg, svgToPng } = await import('../../report/render.js');
          const spec = ratesChart(s, 'Caesar XL battle: outcomes');
          add('charts/outcomes.vl.json', JSON.stringify(spec, null, 2) + '\n');
          const svg = await renderSvg(spec);
          add('charts/outcomes.svg', svg);
          add('charts/outcomes.png', svgToPng(svg));
        }
        add('manifest.json', runManifest(info, s.config, s.games, files));
        return files;
      },
    };
  },
};
