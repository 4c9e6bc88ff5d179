// Vega-Lite specs of the run's charts, data inlined, so that a spec file alone redraws its chart.
import { CAUSES, type RunAccumulator } from './accumulator.js';
import type { Summary } from './summary.js';
import type { IntHistogram } from '../../stats/histogram.js';
import { METRIC_DEFS } from './metric-defs.js';
import type { VlSpec } from '../../report/render.js';

export type { VlSpec };

export interface Chart {
  /** File stem: charts/NAME.vl.json, .svg, .png */
  name: string;
  spec: VlSpec;
}

/** The font of every chart: shipped with the package (dejavu-fonts-ttf) for the PNG renderer. */
export const CHART_FONT = 'DejaVu Sans';

function base(title: string, subtitle: string | string[], s: Summary): VlSpec {
  const c = s.config;
  const what = `${s.games.toLocaleString('en-US')} games, ${c.players} players, ${[...new Set(c.policies)].join('/')}, seed "${c.seed}"`;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: title, subtitle: [...(Array.isArray(subtitle) ? subtitle : [subtitle]), what] },
    width: 560,
    height: 300,
    background: 'white',
    config: { font: CHART_FONT, title: { anchor: 'start', subtitleColor: '#555' }, axis: { labelFontSize: 11, titleFontSize: 12 } },
  };
}

/** Share of `total` at each value of a histogram, every value from min to max (zeros included). */
function histogramRows(h: IntHistogram, total: number): { value: number; lo: number; hi: number; share: number }[] {
  const e = h.entries();
  if (!e.length || !total) return [];
  const rows = [];
  for (let v = e[0]![0]; v <= e[e.length - 1]![0]; v++) rows.push({ value: v, lo: v - 0.45, hi: v + 0.45, share: h.count(v) / total });
  return rows;
}

function histogramChart(name: string, title: string, subtitle: string | string[], s: Summary, h: IntHistogram, total: number, xTitle: string, yTitle: string): Chart {
  return {
    name,
    spec: {
      ...base(title, subtitle, s),
      data: { values: histogramRows(h, total) },
      mark: { type: 'rect', color: '#4c78a8' },
      encoding: {
        x: { field: 'lo', type: 'quantitative', title: xTitle, axis: { tickMinStep: 1 } },
        x2: { field: 'hi' },
        y: { field: 'share', type: 'quantitative', title: yTitle, axis: { format: '%' } },
        tooltip: [{ field: 'value', title: xTitle }, { field: 'share', format: '.2%', title: yTitle }],
      },
    },
  };
}

function bandChart(name: string, title: string, s: Summary, pick: (t: Summary['byTurn'][number]) => Summary['byTurn'][number]['revolutionIndex'], yTitle: string): Chart {
  const values = s.byTurn.map((t) => ({ turn: t.turn, ...pick(t) })).filter((r) => r.n > 0);
  const x = { field: 'turn', type: 'quantitative', title: 'Turn', axis: { tickMinStep: 1 } };
  return {
    name,
    spec: {
      ...base(title, ['At the end of each turn, over the games still going:', 'median (line), mean (dashed), 25-75 % and 5-95 % bands'], s),
      data: { values },
      layer: [
        { mark: { type: 'area', opacity: 0.2, color: '#4c78a8' }, encoding: { x, y: { field: 'p05', type: 'quantitative', title: yTitle }, y2: { field: 'p95' } } },
        { mark: { type: 'area', opacity: 0.35, color: '#4c78a8' }, encoding: { x, y: { field: 'p25', type: 'quantitative' }, y2: { field: 'p75' } } },
        { mark: { type: 'line', color: '#1f3f66', point: true }, encoding: { x, y: { field: 'p50', type: 'quantitative' } } },
        { mark: { type: 'line', color: '#e45756', strokeDash: [5, 3] }, encoding: { x, y: { field: 'mean', type: 'quantitative' } } },
      ],
    },
  };
}

export function buildCharts(s: Summary, acc: RunAccumulator): Chart[] {
  const n = s.games;
  const causeRows = s.byTurn.flatMap((t) => CAUSES.map((c) => ({ turn: t.turn, cause: c, share: n ? t.losses[c] / n : 0 })));
  const seatRows = s.winRate.bySeat.map((w) => ({ seat: `Seat ${w.seat} (${w.policy})`, rate: w.rate, lo: w.ci95[0], hi: w.ci95[1] }));
  const fair = s.config.players ? (s.survival.rate / s.config.players) : 0;
  return [
    {
      name: 'collapse-by-turn',
      spec: {
        ...base('Fall of the Republic by turn and cause', `Collapse ${(100 * s.collapse.rate).toFixed(1)} % of games (95 % CI ${(100 * s.collapse.ci95[0]).toFixed(1)}-${(100 * s.collapse.ci95[1]).toFixed(1)} %)`, s),
        data: { values: causeRows },
        mark: 'bar',
        encoding: {
          x: { field: 'turn', type: 'ordinal', title: 'Turn', axis: { labelAngle: 0 } },
          y: { field: 'share', type: 'quantitative', title: 'Share of all games lost in the turn', axis: { format: '%' }, stack: 'zero' },
          color: { field: 'cause', type: 'nominal', title: 'Cause', scale: { domain: [...CAUSES], range: ['#e45756', '#f58518', '#4c78a8'] } },
          tooltip: [{ field: 'turn' }, { field: 'cause' }, { field: 'share', format: '.2%' }],
        },
      },
    },
    bandChart('ri-by-turn', 'Revolution Index by turn', s, (t) => t.revolutionIndex, 'Revolution Index'),
    bandChart('state-treasury-by-turn', 'State Treasury by turn', s, (t) => t.stateTreasury, 'State Treasury (talents)'),
    histogramChart('prestige-spread', METRIC_DEFS.prestigeSpread.title, ['Highest minus lowest faction Prestige at the end of the game,', `over ${METRIC_DEFS.prestigeSpread.over}`], s, acc.spreadAll, acc.spreadAll.n,
      'Highest minus lowest Prestige', 'Share of games'),
    histogramChart('winner-margin', METRIC_DEFS.winnerMargin.title, `Over ${METRIC_DEFS.winnerMargin.over}`, s, acc.spreadTop2, acc.spreadTop2.n,
      "Winner's Prestige minus the runner-up's", 'Share of survived games'),
    {
      name: 'win-rate-by-seat',
      spec: {
        ...base('Win rate by seat', ['Share of all games won (ties shared), Wilson 95 % intervals;', 'dashed: an equal share of the games the Republic survived'], s),
        layer: [
          {
            data: { values: seatRows },
            layer: [
              { mark: { type: 'bar', color: '#4c78a8' }, encoding: { x: { field: 'seat', type: 'nominal', title: 'Seat', sort: null, axis: { labelAngle: 0 } }, y: { field: 'rate', type: 'quantitative', title: 'Win rate', axis: { format: '%' } } } },
              { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x: { field: 'seat', type: 'nominal', sort: null }, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
            ],
          },
          { data: { values: [{ fair }] }, mark: { type: 'rule', strokeDash: [4, 4], color: '#555' }, encoding: { y: { field: 'fair', type: 'quantitative' } } },
        ],
      },
    },
    histogramChart('legions-lost', 'Legions lost', 'Roman legions (State and faction) lost in battle over a game', s, acc.metrics.legionsLost, acc.metrics.legionsLost.n,
      'Legions lost per game', 'Share of games'),
  ];
}
