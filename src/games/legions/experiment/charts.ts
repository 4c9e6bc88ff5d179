// Vega-Lite specs of an experiment report (data inlined, so that a spec file alone redraws its chart):
// the verdict forest plots, the Republic over time, the metrics by arm, the paired differences, the
// losses per turn and the win rate by seat. Rates are drawn in % (values) and percentage points
// (differences), means in their units; rows follow the experiment's arm order.
import { CHART_FONT } from '../charts.js';
import { METRIC_DEFS } from '../metric-defs.js';
import { CAUSES } from './accumulator.js';
import type { ArmResult, ExperimentResults } from './report.js';
import type { Metric } from './schema.js';
import { isRate } from './stats.js';
import { shown } from './verdict.js';

export type Spec = Record<string, unknown>;

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const CONFIG = { font: CHART_FONT, title: { anchor: 'start', subtitleColor: '#555', fontSize: 14 }, axis: { labelFontSize: 11, titleFontSize: 12 }, legend: { labelFontSize: 11 } };
/** Collapse and its causes, in the colours of simulate's collapse chart. */
const RATE_COLOURS: Record<string, string> = { collapse: '#222222', revolt: '#e45756', bankruptcy: '#f58518', wars: '#4c78a8' };

const top = (title: string, subtitle: string[], rest: Spec): Spec => ({
  $schema: SCHEMA, title: { text: title, subtitle }, background: 'white', config: CONFIG, ...rest,
});

/** The fields of the report, or one unnamed field when the experiment names none. */
export const fieldsOf = (r: ExperimentResults): (string | undefined)[] => (r.fields.length ? r.fields : [undefined]);
/** File-name suffix of a field's charts. */
export const fieldSuffix = (f: string | undefined): string => (f === undefined ? '' : `-${f.replace(/[^A-Za-z0-9_.-]/g, '_')}`);
const armsIn = (r: ExperimentResults, f: string | undefined): ArmResult[] => r.arms.filter((a) => a.field === f);
const inField = (f: string | undefined): string => (f === undefined ? '' : ` (${f} field)`);
const unitOf = (m: Metric): string => METRIC_DEFS[m].diffUnit;
const pctLabel = (r: ExperimentResults): string => `${Math.round(100 * r.confidence * 10) / 10} %`;

/** A colour per arm, the same in every chart: arms in the experiment's order. */
function armColours(r: ExperimentResults): Spec {
  return { domain: [...new Set(r.arms.map((a) => a.base))], scheme: 'tableau10' };
}

/** One forest plot per field: each arm's paired difference from its baseline, per metric, with the negligible band. */
function verdictChart(r: ExperimentResults, f: string | undefined): Spec {
  const arms = armsIn(r, f).filter((a) => a.name !== a.baseline);
  const order = arms.map((a) => a.base);
  const baseline = armsIn(r, f).find((a) => a.name === a.baseline)?.name ?? r.baseline;
  const rows = (ms: Metric[]) => r.comparisons.filter((c) => c.field === f && ms.includes(c.metric)).map((c) => {
    const neg = shown(c.metric, r.negligible[c.metric] ?? 0);
    return {
      arm: c.base, metric: METRIC_DEFS[c.metric].label, value: shown(c.metric, c.diff.value), low: shown(c.metric, c.diff.low), high: shown(c.metric, c.diff.high),
      negLow: -neg, negHigh: neg, reading: c.reading, first: c.metric === ms[0],
    };
  });
  const rates = r.metrics.filter(isRate);
  const means = r.metrics.filter((m) => !isRate(m));
  const y = { field: 'arm', type: 'nominal', sort: order, title: null, axis: { labelFontWeight: 'bold', labelLimit: 150 } };
  const live = { filter: "datum.reading !== 'no conclusion'" };
  const noConclusion = (yEnc: Spec): Spec => ({
    transform: [{ filter: "datum.reading === 'no conclusion' && datum.first" }],
    mark: { type: 'text', align: 'left', dx: 4, color: '#777', fontStyle: 'italic' }, encoding: { y: yEnc, x: { datum: 0 }, text: { value: 'no conclusion' } },
  });
  const zero: Spec = { data: { values: [{}] }, mark: { type: 'rule', color: '#333', strokeWidth: 1 }, encoding: { x: { datum: 0 } } };
  const panels: Spec[] = [];
  if (rates.length) {
    const labels = rates.map((m) => METRIC_DEFS[m].label);
    const colour = {
      field: 'metric', type: 'nominal', title: null, sort: labels, scale: { domain: labels, range: rates.map((m) => RATE_COLOURS[m]) },
      legend: { orient: 'top', direction: 'horizontal', labelFontSize: 12, symbolSize: 90 },
    };
    const yOff = { field: 'metric', type: 'nominal', sort: labels };
    panels.push({
      width: 700, height: Math.max(60, arms.length * rates.length * 15 + 10), title: { text: 'Collapse and its causes (percentage points)', fontSize: 12 },
      data: { values: rows(rates) },
      layer: [
        { mark: { type: 'bar', color: '#dcdcdc' }, encoding: { y, yOffset: yOff, x: { field: 'negLow', type: 'quantitative', title: 'arm minus baseline, percentage points' }, x2: { field: 'negHigh' } } },
        zero,
        { transform: [live], mark: { type: 'rule', strokeWidth: 2 }, encoding: { y, yOffset: yOff, x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' }, color: colour } },
        // Filled: an effect that matters; hollow: the rest (two layers, so that one legend serves both).
        ...[true, false].map((filled) => ({
          transform: [{ filter: `datum.reading ${filled ? '===' : "!== 'no conclusion' && datum.reading !=="} 'effect'` }],
          mark: { type: 'point', size: 70, strokeWidth: 2, opacity: 1, filled, ...(filled ? {} : { fill: 'white' }) },
          encoding: {
            y, yOffset: yOff, x: { field: 'value', type: 'quantitative' }, color: colour,
            tooltip: [{ field: 'arm' }, { field: 'metric' }, { field: 'value', format: '+.1f', title: 'points' }, { field: 'low', format: '+.1f' }, { field: 'high', format: '+.1f' }, { field: 'reading' }],
          },
        })),
        noConclusion(y),
      ],
    });
  }
  const meanPanels = means.map((m) => ({
    width: 190, height: Math.max(40, arms.length * 20), title: { text: `${METRIC_DEFS[m].label} (${unitOf(m)})`, fontSize: 12 },
    data: { values: rows([m]) },
    layer: [
      { mark: { type: 'bar', color: '#dcdcdc' }, encoding: { y, x: { field: 'negLow', type: 'quantitative', title: `arm minus baseline, ${unitOf(m)}` }, x2: { field: 'negHigh' } } },
      zero,
      { transform: [live], mark: { type: 'rule', strokeWidth: 2, color: '#555' }, encoding: { y, x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' } } },
      {
        transform: [live], mark: { type: 'point', size: 70, strokeWidth: 2, color: '#555', opacity: 1 },
        encoding: { y, x: { field: 'value', type: 'quantitative' }, fill: { condition: { test: "datum.reading === 'effect'", value: '#555' }, value: 'white' } },
      },
      noConclusion(y),
    ],
  }));
  const parts = [...panels, ...(meanPanels.length ? [{ concat: meanPanels, columns: 3, spacing: 28 }] : [])];
  return top(`Verdict${inField(f)}: paired difference from ${baseline}`, [
    `${pctLabel(r)} intervals. Filled: an effect (significant after Holm's adjustment and at least the negligible size); hollow: no change that matters, or not clear.`,
    'Grey band: the negligible size of each metric (a change inside it does not matter). Rates in percentage points, means in their units.',
  ], { vconcat: parts, spacing: 18 });
}

/** Survival per arm with its band; losses by cause (cumulative); survival's paired difference from the baseline. */
function overTimeCharts(r: ExperimentResults, f: string | undefined): Record<string, Spec> {
  const arms = armsIn(r, f);
  const x = { field: 'turn', type: 'quantitative', title: 'After turn', axis: { tickMinStep: 1 } };
  // The band's opacity would fade the legend's symbols: a line symbol at full strength instead.
  const band = (yTitle: string, fmt: string, zero: boolean, legend: Spec | null = { symbolType: 'stroke', symbolOpacity: 1, symbolStrokeWidth: 3 }) => {
    const colour = { field: 'arm', type: 'nominal', title: 'Arm', scale: armColours(r), sort: null, legend };
    return [
    { mark: { type: 'area', opacity: 0.15 }, encoding: { x, y: { field: 'low', type: 'quantitative', title: yTitle, axis: { format: fmt }, scale: { zero } }, y2: { field: 'high' }, color: colour } },
    { mark: { type: 'line', point: { size: 25 }, strokeWidth: 1.5 }, encoding: { x, y: { field: 'value', type: 'quantitative' }, color: colour, tooltip: [{ field: 'arm' }, { field: 'turn' }, { field: 'value', format: fmt === '%' ? '.1%' : '+.1f' }, { field: 'low', format: fmt === '%' ? '.1%' : '+.1f' }, { field: 'high', format: fmt === '%' ? '.1%' : '+.1f' }] } },
    ];
  };
  const sfx = fieldSuffix(f);
  const out: Record<string, Spec> = {};
  out[`survival${sfx}`] = top(`The Republic still standing${inField(f)}`, [`Share of games in which the Republic stands after each turn, ${pctLabel(r)} bands`], {
    width: 620, height: 300, data: { values: arms.flatMap((a) => a.overTime.survival.map((s) => ({ arm: a.base, ...s }))) },
    layer: band('Games still standing', '%', false),
  });
  out[`fallen-by-cause${sfx}`] = top(`Fallen by each cause, turn by turn${inField(f)}`, [`Share of all games lost to each cause by the end of each turn (cumulative), ${pctLabel(r)} bands; each cause has its own scale`], {
    data: { values: arms.flatMap((a) => CAUSES.flatMap((c) => a.overTime.fallenBy[c].map((s) => ({ arm: a.base, cause: c, ...s })))) },
    facet: { column: { field: 'cause', type: 'nominal', title: null, sort: [...CAUSES], header: { labelFontSize: 13, labelFontWeight: 'bold' } } },
    spec: { width: 230, height: 220, layer: band('Games fallen to this cause', '%', true) },
    resolve: { scale: { y: 'independent' } },
  });
  const others = arms.filter((a) => a.survivalDifference);
  if (others.length) {
    const base = arms.find((a) => a.name === a.baseline)?.name ?? r.baseline;
    const values = others.flatMap((a) => a.survivalDifference!.map((s) => ({ arm: a.base, turn: s.turn, value: 100 * s.value, low: 100 * s.low, high: 100 * s.high })));
    out[`survival-difference${sfx}`] = top(`Survival: arm minus ${base}, turn by turn${inField(f)}`, [`Percentage points, paired on the same games, ${pctLabel(r)} intervals; above 0 the Republic stands more often than with the baseline`], {
      data: { values },
      facet: { field: 'arm', type: 'nominal', title: null, sort: others.map((a) => a.base), header: { labelFontSize: 13, labelFontWeight: 'bold' } },
      columns: Math.min(4, others.length),
      spec: { width: 200, height: 150, layer: [...band('Survival difference (points)', '+.1f', true, null), { mark: { type: 'rule', color: '#333' }, encoding: { y: { datum: 0 } } }] },
    });
  }
  return out;
}

/** The value of each metric per arm: points with intervals, the axis fitted to the values (not from 0). */
function metricCharts(r: ExperimentResults): Record<string, Spec> {
  const out: Record<string, Spec> = {};
  const swept = r.arms.every((a) => a.x !== undefined);
  for (const m of r.metrics) {
    const values = r.arms.map((a, i) => ({ arm: a.name, base: a.base, field: a.field ?? '', order: i, x: a.x, value: shown(m, a.metrics[m]!.value), low: shown(m, a.metrics[m]!.low), high: shown(m, a.metrics[m]!.high) }));
    const unit = isRate(m) ? '% of games' : METRIC_DEFS[m].unit;
    const title = `${METRIC_DEFS[m].title} by arm`;
    const sub = [`${unit}; ${pctLabel(r)} intervals; the axis is fitted to the values and need not start at 0`];
    const xTitle = `${METRIC_DEFS[m].label} (${unit})`;
    out[`metric-${m}`] = swept
      ? top(title, sub, { width: 560, height: 260, data: { values }, layer: [
        { mark: { type: 'area', opacity: 0.25 }, encoding: { x: { field: 'x', type: 'quantitative', title: 'swept value' }, y: { field: 'low', type: 'quantitative', title: xTitle, scale: { zero: false } }, y2: { field: 'high' } } },
        { mark: { type: 'line', point: true }, encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'value', type: 'quantitative' } } },
      ] })
      : top(title, sub, { width: 560, height: { step: 18 }, data: { values },
        encoding: { y: { field: 'arm', type: 'nominal', sort: { field: 'order' }, title: null, axis: { labelLimit: 240 } }, ...(r.fields.length ? { color: { field: 'field', type: 'nominal', title: 'Field', sort: r.fields } } : {}) },
        layer: [
          { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x: { field: 'low', type: 'quantitative', title: xTitle, scale: { zero: false } }, x2: { field: 'high' } } },
          { mark: { type: 'point', filled: true, size: 60 }, encoding: { x: { field: 'value', type: 'quantitative' }, tooltip: [{ field: 'arm' }, { field: 'value', format: '.2f' }, { field: 'low', format: '.2f' }, { field: 'high', format: '.2f' }] } },
        ] });
  }
  return out;
}

/** Every paired difference, one panel per metric (its own scale and unit), with the zero line. */
function pairedChart(r: ExperimentResults): Spec | null {
  if (!r.comparisons.length || r.arms.every((a) => a.x !== undefined)) return null;
  const order = r.arms.map((a) => a.name);
  const values = r.comparisons.map((c) => ({
    arm: c.arm, order: order.indexOf(c.arm), metric: `${METRIC_DEFS[c.metric].label} (${unitOf(c.metric)})`,
    value: shown(c.metric, c.diff.value), low: shown(c.metric, c.diff.low), high: shown(c.metric, c.diff.high), reading: c.reading,
  }));
  const y = { field: 'arm', type: 'nominal', title: null, sort: { field: 'order' }, axis: { labelLimit: 240 } };
  return top(`Paired difference from ${r.baseline}${r.fields.length ? ' of each field' : ''}`, [`Arm minus baseline on the same games; rates in percentage points, means in their units; ${pctLabel(r)} intervals; filled: an effect that matters`], {
    data: { values },
    facet: { row: { field: 'metric', type: 'nominal', title: null, sort: r.metrics.map((m) => `${METRIC_DEFS[m].label} (${unitOf(m)})`), header: { labelAngle: 0, labelAlign: 'left', labelAnchor: 'start', labelOrient: 'top', labelFontWeight: 'bold', labelFontSize: 12 } } },
    resolve: { scale: { x: 'independent' } },
    spec: { width: 560, layer: [
      { mark: { type: 'rule', color: '#333' }, encoding: { x: { datum: 0 } } },
      { mark: 'rule', encoding: { y, x: { field: 'low', type: 'quantitative', title: 'arm minus baseline' }, x2: { field: 'high' } } },
      { mark: { type: 'point', size: 50, strokeWidth: 2, opacity: 1 }, encoding: { y, x: { field: 'value', type: 'quantitative' }, fill: { condition: { test: "datum.reading === 'effect'", value: '#4c78a8' }, value: 'white' }, stroke: { value: '#4c78a8' } } },
    ] },
  });
}

/** Share of all games lost in each turn, per arm, with intervals (one row of panels per field). */
function lostPerTurnChart(r: ExperimentResults): Spec {
  const values = r.arms.flatMap((a) => a.overTime.lostIn.map((s) => ({ arm: a.base, field: a.field ?? '', ...s })));
  const colour = { field: 'arm', type: 'nominal', title: 'Arm', scale: armColours(r), sort: null };
  const layer = [
    { mark: { type: 'rule', strokeWidth: 1.5 }, encoding: { x: { field: 'turn', type: 'ordinal', title: 'Turn', axis: { labelAngle: 0 } }, xOffset: { field: 'arm', sort: null }, y: { field: 'low', type: 'quantitative', title: 'Games lost in the turn', axis: { format: '%' } }, y2: { field: 'high' }, color: colour } },
    { mark: { type: 'point', filled: true, size: 30 }, encoding: { x: { field: 'turn', type: 'ordinal' }, xOffset: { field: 'arm', sort: null }, y: { field: 'value', type: 'quantitative' }, color: colour, tooltip: [{ field: 'arm' }, { field: 'turn' }, { field: 'value', format: '.2%' }] } },
  ];
  const sub = [`Share of all games lost in each turn (any cause), ${pctLabel(r)} intervals`];
  return r.fields.length
    ? top('Collapse by turn', sub, { data: { values }, facet: { row: { field: 'field', type: 'nominal', title: null, sort: r.fields, header: { labelAngle: 0, labelAlign: 'left', labelFontWeight: 'bold' } } }, spec: { width: 620, height: 160, layer } })
    : top('Collapse by turn', sub, { width: 620, height: 220, data: { values }, layer });
}

function seatChart(r: ExperimentResults): Spec {
  return top('Win rate by seat', [`Share of all games won (a tie shares the win; a collapse is no win), ${pctLabel(r)} intervals`], {
    width: 620, data: { values: r.arms.flatMap((a) => a.winRateBySeat.map((w, s) => ({ arm: a.name, seat: s, ...w }))) },
    encoding: { x: { field: 'seat', type: 'ordinal', title: 'Seat', axis: { labelAngle: 0 } }, xOffset: { field: 'arm', sort: null }, color: { field: 'arm', type: 'nominal', title: 'Arm', sort: null } },
    layer: [
      { mark: 'bar', encoding: { y: { field: 'value', type: 'quantitative', title: 'Win rate', axis: { format: '%' } } } },
      { mark: { type: 'rule', color: 'black' }, encoding: { y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' } } },
    ],
  });
}

/** Every chart of the report, by file stem. */
export function experimentCharts(r: ExperimentResults): Record<string, Spec> {
  const out: Record<string, Spec> = {};
  if (r.comparisons.length) for (const f of fieldsOf(r)) out[`verdict${fieldSuffix(f)}`] = verdictChart(r, f);
  for (const f of fieldsOf(r)) Object.assign(out, overTimeCharts(r, f));
  out['collapse-by-turn'] = lostPerTurnChart(r);
  Object.assign(out, metricCharts(r));
  const paired = pairedChart(r);
  if (paired) out['paired-differences'] = paired;
  out['win-rate-by-seat'] = seatChart(r);
  return out;
}
