// Experiment results: JSON, a CSV for every table, Vega-Lite charts (spec + SVG) and a self-contained
// offline index.html with plain-language headlines. Every file is written atomically.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { enabledVariants, shortHash } from '../sim/spec.js';
import { writeAtomic } from '../sim/files.js';
import { gitCommit, toolVersion } from '../report/outputs.js';
import { wilson } from '../stats/intervals.js';
import { type PairAcc, type SenateMetric, WIN_UNIT } from './accumulator.js';
import { TRIGGERS } from '../sim/triggers.js';
import { degeneracyWarnings } from '../sim/warnings.js';
import type { VariantName } from '../legions/variants.js';
import { SENATE_METRICS } from '../sim/accumulator.js';
import type { ExperimentRun } from './run.js';
import { type Experiment, type Metric } from './schema.js';
import { type Comparison, compare, type Estimate, estimate, holm, isRate, zFor } from './stats.js';

export interface ArmResult {
  name: string;
  /** The arm's own name and the field it played under (when the experiment names fields). */
  base: string;
  field?: string;
  /** The arm it is compared with (its field's baseline). */
  baseline: string;
  x?: number;
  variants: string[];
  policies: string[];
  games: number;
  metrics: Partial<Record<Metric, Estimate>>;
  collapseByTurn: number[];
  winRateBySeat: Estimate[];
  winRateByPolicy: (Estimate & { policy: string; games: number })[];
  policyErrors: number;
  /** Win share of the Temporary Consul's faction (a collapse is no win) and how often it kept the Consulship. */
  temporaryConsulWinRate: Estimate;
  consulKeptAllGame: Estimate;
  /** Per-game means of the Senate's business. */
  senate: Record<SenateMetric, Estimate>;
  /** Per variation switched on in this arm: share of games in which it came into play. */
  triggers: Record<string, Estimate>;
  /** Figures that look like a quirk rather than a property of the game (src/sim/warnings.ts). */
  warnings: string[];
}

export interface ComparisonRow extends Comparison {
  arm: string;
  base: string;
  field?: string;
  baseline: string;
  metric: Metric;
  /** Why no conclusion can be drawn for this arm in this field (its variations never fired, or every game equals the baseline's). */
  silent: string | null;
}

/** Across fields, per arm and metric: robust, field-dependent, no effect, or no conclusion. */
export interface Verdict {
  arm: string;
  metric: Metric;
  verdict: 'robust' | 'field-dependent' | 'no effect' | 'no conclusion';
  text: string;
  perField: { field: string; diff: Estimate; significant: boolean; silent: boolean }[];
}

export interface ExperimentResults {
  name: string;
  description: string;
  players: number;
  seed: string;
  gamesPerArm: number;
  looks: number;
  confidence: number;
  baseline: string;
  metrics: Metric[];
  arms: ArmResult[];
  comparisons: ComparisonRow[];
  headlines: string[];
  /** The fields every arm was played under (empty: the experiment names none). */
  fields: string[];
  verdicts: Verdict[];
  perf: { threads: number; seconds: number; gamesPerSecond: number };
}

const METRIC_LABELS: Record<Metric, string> = {
  collapse: 'collapse', revolt: 'revolt', bankruptcy: 'bankruptcy', wars: 'collapse by wars', finalRI: 'final Revolution Index',
  prestigeSpread: 'Prestige spread (max - min)', legionsLost: 'legions lost', warsWon: 'wars won', turnsPlayed: 'turns played',
  stateTreasury: 'final State Treasury',
};

const fmtCI = (m: Metric, e: Estimate): string => (isRate(m) ? `${(100 * e.value).toFixed(1)} % [${(100 * e.low).toFixed(1)}, ${(100 * e.high).toFixed(1)}]` : `${e.value.toFixed(2)} [${e.low.toFixed(2)}, ${e.high.toFixed(2)}]`);
const fmtDiff = (m: Metric, e: Estimate): string => (isRate(m) ? `${(100 * e.value).toFixed(1)} points [${(100 * e.low).toFixed(1)}, ${(100 * e.high).toFixed(1)}]` : `${e.value.toFixed(2)} [${e.low.toFixed(2)}, ${e.high.toFixed(2)}]`);

/** Whether every paired game of an arm equals the baseline's on every metric (no discordant pair, no difference). */
function identicalToBaseline(p: PairAcc): boolean {
  if (p.n === 0) return false;
  for (const v of Object.values(p.b)) if (v) return false;
  for (const v of Object.values(p.c)) if (v) return false;
  for (const v of Object.values(p.sumD2)) if (v) return false;
  return true;
}

function rateEstimate(k: number, n: number, z: number): Estimate {
  const [low, high] = wilson(k, n, z);
  return { value: n ? k / n : 0, low, high };
}

function meanEstimate(sum: number, sumSq: number, n: number, z: number): Estimate {
  if (n === 0) return { value: 0, low: 0, high: 0 };
  const mean = sum / n;
  const v = n > 1 ? Math.max(0, (sumSq - n * mean * mean) / (n - 1)) : 0;
  const h = z * Math.sqrt(v / n);
  return { value: mean, low: mean - h, high: mean + h };
}

const SENATE_LABELS: Record<SenateMetric, string> = {
  motions: 'motions voted', motionsPassed: 'passed', motionsByPresiding: "by the Consul's faction", motionsByOthers: 'by other factions',
  tabledByTribune: 'tabled by tribune', vetoes: 'vetoes', votesBought: 'Talents on votes', unanimousVotes: 'unanimous votes',
  allowanceBinding: 'allowance binding', motionsLapsed: 'lapsed', consulChanges: 'Consulship changes',
};

/** Default sizes of a change too small to matter, per metric (rates in points as fractions). */
const NEGLIGIBLE: Record<Metric, number> = {
  collapse: 0.01, revolt: 0.01, bankruptcy: 0.01, wars: 0.01, finalRI: 0.25, prestigeSpread: 0.5, legionsLost: 0.1,
  warsWon: 0.1, turnsPlayed: 0.1, stateTreasury: 5,
};

export function negligibleOf(e: Experiment, m: Metric): number {
  return e.negligible[m] ?? e.gate[m]?.practical ?? NEGLIGIBLE[m];
}

export function buildResults(e: Experiment, run: ExperimentRun): ExperimentResults {
  const z = zFor(run.alpha);
  const arms: ArmResult[] = run.arms.map((a, i) => {
    const acc = run.accs[i]!;
    const metrics: Partial<Record<Metric, Estimate>> = {};
    for (const m of e.metrics) metrics[m] = estimate(acc, m, z);
    const byPolicy = Object.keys(acc.gamesByPolicy).sort().map((p) => {
      const w = (acc.winsByPolicy[p] ?? 0) / WIN_UNIT;
      const g = acc.gamesByPolicy[p]!;
      const [low, high] = wilson(w, g, z);
      return { policy: p, games: g, value: w / g, low, high };
    });
    return {
      name: a.name, base: a.base, ...(a.field !== undefined ? { field: a.field } : {}), baseline: run.arms[a.baselineIndex]!.name,
      ...(a.x !== undefined ? { x: a.x } : {}), variants: enabledVariants(a.cfg), policies: a.policies,
      games: acc.n, metrics,
      collapseByTurn: Array.from({ length: a.cfg.params.turns }, (_, t) => (acc.collapseByTurn[t + 1] ?? 0) / acc.n),
      winRateBySeat: acc.winsBySeat.map((w) => {
        const [low, high] = wilson(w / WIN_UNIT, acc.n, z);
        return { value: w / WIN_UNIT / acc.n, low, high };
      }),
      winRateByPolicy: byPolicy, policyErrors: acc.policyErrors,
      temporaryConsulWinRate: rateEstimate(acc.tcWins / WIN_UNIT, acc.n, z),
      consulKeptAllGame: rateEstimate(acc.consulKept, acc.n, z),
      senate: Object.fromEntries(SENATE_METRICS.map((m) => [m, meanEstimate(acc.senateSum[m], acc.senateSumSq[m], acc.n, z)])) as Record<SenateMetric, Estimate>,
      triggers: Object.fromEntries(enabledVariants(a.cfg).map((v) => [v, rateEstimate(acc.fired[v] ?? 0, acc.n, z)])),
      warnings: degeneracyWarnings({
        games: acc.n, survived: acc.n - acc.rates.collapse, players: a.cfg.players, seatWins: acc.winsBySeat.map((w) => w / WIN_UNIT),
        policyWins: Object.keys(acc.gamesByPolicy).sort().map((p) => ({ policy: p, wins: (acc.winsByPolicy[p] ?? 0) / WIN_UNIT, seatGames: acc.gamesByPolicy[p]! })),
        temporaryConsulWins: acc.tcWins / WIN_UNIT, motions: acc.senateSum.motions, unanimousVotes: acc.senateSum.unanimousVotes,
      }),
    };
  });
  // An arm whose own variations never fired, or whose games all equal the baseline's, supports no conclusion.
  const silent = (i: number): string | null => {
    const arm = arms[i]!;
    const b = run.arms[i]!.baselineIndex;
    const where = arm.field ? ` in the ${arm.field} field` : ' in this field';
    const own = arm.variants.filter((v) => !arms[b]!.variants.includes(v));
    const never = own.filter((v) => (run.accs[i]!.fired[v] ?? 0) === 0);
    if (own.length && never.length === own.length) return `${arm.name}: ${never.join(', ')} never came into play${where} (${never.map((v) => TRIGGERS[v as VariantName].what).join('; ')}: in no game), so no conclusion about it can be drawn here.`;
    if (identicalToBaseline(run.pairs[i]!)) return `${arm.name}: every game was identical to ${arms[b]!.name}'s, so no conclusion about it can be drawn here.`;
    return null;
  };
  const comparisons: ComparisonRow[] = [];
  run.arms.forEach((a, i) => {
    if (i === a.baselineIndex) return;
    const why = silent(i);
    for (const m of e.metrics) {
      comparisons.push({
        arm: a.name, base: a.base, ...(a.field !== undefined ? { field: a.field } : {}), baseline: run.arms[a.baselineIndex]!.name, metric: m,
        silent: why, ...compare(run.accs[i]!, run.accs[a.baselineIndex]!, run.pairs[i]!, m, z),
      });
    }
  });
  // Multiplicity: Holm over every comparison that can say something; an effect is reported as one only
  // when its interval excludes 0 and it survives the adjustment.
  const live = comparisons.filter((c) => c.silent === null);
  const adjusted = holm(live.map((c) => c.p));
  live.forEach((c, i) => {
    c.pHolm = adjusted[i]!;
    c.significantHolm = c.significant && adjusted[i]! < run.alpha;
  });
  const said = new Set<string>();
  const headlines = comparisons.flatMap((c) => {
    if (c.silent !== null) {
      if (said.has(c.arm)) return [];
      said.add(c.arm);
      return [c.silent];
    }
    const from = arms.find((x) => x.name === c.baseline)!.metrics[c.metric]!;
    const to = arms.find((x) => x.name === c.arm)!.metrics[c.metric]!;
    const verb = !c.significantHolm ? 'leaves' : c.diff.value < 0 ? 'lowers' : 'raises';
    const what = METRIC_LABELS[c.metric];
    return verb === 'leaves'
      ? `${c.arm} leaves ${what} unchanged within the noise: ${fmtCI(c.metric, to)} against ${fmtCI(c.metric, from)} for ${c.baseline} (paired difference ${fmtDiff(c.metric, c.diff)}).`
      : `${c.arm} ${verb} ${what} from ${fmtCI(c.metric, from)} to ${fmtCI(c.metric, to)} (paired difference ${fmtDiff(c.metric, c.diff)}, p ${c.p < 1e-4 ? '< 0.0001' : '= ' + c.p.toFixed(4)}).`;
  });
  const fields = [...new Set(run.arms.flatMap((a) => (a.field !== undefined ? [a.field] : [])))];
  return {
    name: e.name, description: e.description ?? '', players: e.players, seed: e.seed, gamesPerArm: run.games, looks: run.looks,
    confidence: 1 - run.alpha, baseline: run.arms[run.baseline]!.base, metrics: [...e.metrics], arms, comparisons, headlines,
    fields, verdicts: fields.length ? verdicts(e, comparisons) : [],
    perf: { threads: run.threads, seconds: Math.round(run.seconds * 100) / 100, gamesPerSecond: Math.round((run.games * run.arms.length) / Math.max(run.seconds, 1e-9)) },
  };
}

/**
 * Robustness across fields, per arm and metric: robust (significant with the same sign in every
 * field where the arm came into play), no effect (in no field both significant and at least the
 * negligible size), field-dependent (anything else: the text says where it goes which way).
 */
export function verdicts(e: Experiment, comparisons: readonly ComparisonRow[]): Verdict[] {
  const out: Verdict[] = [];
  const keys = [...new Set(comparisons.map((c) => `${c.base}\u0000${c.metric}`))];
  for (const key of keys) {
    const [arm, metric] = key.split('\u0000') as [string, Metric];
    const rows = comparisons.filter((c) => c.base === arm && c.metric === metric);
    const perField = rows.map((c) => ({ field: c.field ?? '', diff: c.diff, significant: c.significantHolm ?? c.significant, silent: c.silent !== null }));
    const live = perField.filter((p) => !p.silent);
    const small = negligibleOf(e, metric);
    const what = METRIC_LABELS[metric];
    const fmt = (p: (typeof perField)[number]) => `${p.field} ${fmtDiff(metric, p.diff)}`;
    let verdict: Verdict['verdict'];
    let text: string;
    if (live.length === 0) {
      verdict = 'no conclusion';
      text = `${arm}: ${what}: never came into play, or identical to the baseline, in every field.`;
    } else if (live.every((p) => p.significant) && (live.every((p) => p.diff.value > 0) || live.every((p) => p.diff.value < 0))) {
      verdict = 'robust';
      text = `${arm} ${live[0]!.diff.value > 0 ? 'raises' : 'lowers'} ${what} in every field: ${live.map(fmt).join('; ')}.`;
    } else if (live.every((p) => !p.significant || Math.abs(p.diff.value) < small)) {
      verdict = 'no effect';
      text = `${arm}: no effect on ${what} larger than ${isRate(metric) ? `${(100 * small).toFixed(1)} points` : small} in any field: ${live.map(fmt).join('; ')}.`;
    } else {
      verdict = 'field-dependent';
      const up = live.filter((p) => p.significant && p.diff.value > 0).map((p) => p.field);
      const down = live.filter((p) => p.significant && p.diff.value < 0).map((p) => p.field);
      const none = live.filter((p) => !p.significant).map((p) => p.field);
      const parts = [up.length ? `raises it with ${up.join(', ')}` : '', down.length ? `lowers it with ${down.join(', ')}` : '', none.length ? `no significant change with ${none.join(', ')}` : ''].filter(Boolean);
      text = `${arm}: ${what} depends on who plays: ${parts.join('; ')} (${live.map(fmt).join('; ')}).`;
    }
    const silentFields = perField.filter((p) => p.silent).map((p) => p.field);
    if (silentFields.length && live.length) text += ` Never came into play with ${silentFields.join(', ')}.`;
    out.push({ arm, metric, verdict, text, perField });
  }
  return out;
}

// ---- tables as CSV ----
const csv = (rows: (string | number)[][]): string => rows.map((r) => r.map((x) => (typeof x === 'string' && /[",\n]/.test(x) ? `"${x.replace(/"/g, '""')}"` : String(x))).join(',')).join('\n') + '\n';

export function tables(r: ExperimentResults): Record<string, string> {
  const out: Record<string, string> = {};
  out['metrics.csv'] = csv([['arm', 'x', 'metric', 'value', 'low', 'high', 'games'],
    ...r.arms.flatMap((a) => r.metrics.map((m) => [a.name, a.x ?? '', m, a.metrics[m]!.value, a.metrics[m]!.low, a.metrics[m]!.high, a.games]))]);
  out['comparisons.csv'] = csv([['arm', 'baseline', 'metric', 'difference', 'low', 'high', 'p', 'p_holm', 'significant', 'significant_holm', 'variance_reduction'],
    ...r.comparisons.map((c) => [c.arm, c.baseline, c.metric, c.diff.value, c.diff.low, c.diff.high, c.p, c.pHolm ?? '', c.significant ? 1 : 0, c.significantHolm ? 1 : 0, c.varianceReduction ?? ''])]);
  out['seats.csv'] = csv([['arm', 'seat', 'win_rate', 'low', 'high'], ...r.arms.flatMap((a) => a.winRateBySeat.map((w, s) => [a.name, s, w.value, w.low, w.high]))]);
  out['policies.csv'] = csv([['arm', 'policy', 'seat_games', 'win_rate', 'low', 'high'],
    ...r.arms.flatMap((a) => a.winRateByPolicy.map((w) => [a.name, w.policy, w.games, w.value, w.low, w.high]))]);
  out['collapse-by-turn.csv'] = csv([['arm', 'turn', 'collapse'], ...r.arms.flatMap((a) => a.collapseByTurn.map((v, t) => [a.name, t + 1, v]))]);
  if (r.verdicts.length) {
    out['verdicts.csv'] = csv([['arm', 'metric', 'verdict', 'field', 'difference', 'low', 'high', 'significant', 'came_into_play'],
      ...r.verdicts.flatMap((v) => v.perField.map((p) => [v.arm, v.metric, v.verdict, p.field, p.diff.value, p.diff.low, p.diff.high, p.significant ? 1 : 0, p.silent ? 0 : 1]))]);
  }
  out['triggers.csv'] = csv([['arm', 'variation', 'fired_share', 'low', 'high'], ...r.arms.flatMap((a) => Object.entries(a.triggers).map(([v, e]) => [a.name, v, e.value, e.low, e.high]))]);
  out['senate.csv'] = csv([['arm', 'metric', 'value', 'low', 'high'], ...r.arms.flatMap((a) => [
    [a.name, 'temporary_consul_faction_win_rate', a.temporaryConsulWinRate.value, a.temporaryConsulWinRate.low, a.temporaryConsulWinRate.high],
    [a.name, 'consul_kept_all_game', a.consulKeptAllGame.value, a.consulKeptAllGame.low, a.consulKeptAllGame.high],
    ...SENATE_METRICS.map((m) => [a.name, `${m.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase())}_per_game`, a.senate[m].value, a.senate[m].low, a.senate[m].high]),
  ])]);
  return out;
}

// ---- charts ----
type Spec = Record<string, unknown>;
const base = (title: string, values: unknown[]): Spec => ({
  $schema: 'https://vega.github.io/schema/vega-lite/v6.json', title, width: 460, config: { font: 'DejaVu Sans' }, data: { values },
});

export function charts(r: ExperimentResults): Record<string, Spec> {
  const out: Record<string, Spec> = {};
  const swept = r.arms.every((a) => a.x !== undefined);
  for (const m of r.metrics) {
    const values = r.arms.map((a) => ({ arm: a.name, x: a.x, value: a.metrics[m]!.value, low: a.metrics[m]!.low, high: a.metrics[m]!.high }));
    const axis = isRate(m) ? { format: '%' } : {};
    const title = `${METRIC_LABELS[m]} by arm (${Math.round(100 * r.confidence)} % intervals)`;
    out[`metric-${m}`] = swept
      ? { ...base(title, values), layer: [
        { mark: { type: 'area', opacity: 0.25 }, encoding: { x: { field: 'x', type: 'quantitative', title: 'swept value' }, y: { field: 'low', type: 'quantitative', title: METRIC_LABELS[m], axis }, y2: { field: 'high' } } },
        { mark: { type: 'line', point: true }, encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'value', type: 'quantitative' } } },
      ] }
      : { ...base(title, values), encoding: { y: { field: 'arm', type: 'nominal', sort: null, title: 'Arm' } }, layer: [
        { mark: 'bar', encoding: { x: { field: 'value', type: 'quantitative', title: METRIC_LABELS[m], axis } } },
        { mark: { type: 'rule', color: 'black' }, encoding: { x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' } } },
      ] };
  }
  if (r.comparisons.length && !swept) {
    const values = r.comparisons.map((c) => ({ arm: c.arm, metric: METRIC_LABELS[c.metric], value: c.diff.value, low: c.diff.low, high: c.diff.high }));
    out['paired-differences'] = { ...base(`Paired difference from ${r.baseline}`, values), facet: { row: { field: 'metric', type: 'nominal', title: null, header: { labelAngle: 0, labelAlign: 'left', labelFontWeight: 'bold' } } },
      resolve: { scale: { x: 'independent' } },
      spec: { width: 420, layer: [
        { mark: { type: 'point', filled: true }, encoding: { y: { field: 'arm', type: 'nominal', title: 'Arm' }, x: { field: 'value', type: 'quantitative', title: 'arm - baseline' } } },
        { mark: 'rule', encoding: { y: { field: 'arm', type: 'nominal' }, x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' } } },
      ] } };
  }
  out['collapse-by-turn'] = { ...base('Collapse by turn (share of games)', r.arms.flatMap((a) => a.collapseByTurn.map((v, t) => ({ arm: a.name, turn: t + 1, collapse: v })))),
    mark: { type: 'line', point: true },
    encoding: { x: { field: 'turn', type: 'ordinal', title: 'Turn' }, y: { field: 'collapse', type: 'quantitative', title: 'Games lost in this turn', axis: { format: '%' } }, color: { field: 'arm', type: 'nominal', title: 'Arm' } } };
  out['win-rate-by-seat'] = { ...base('Win rate by seat', r.arms.flatMap((a) => a.winRateBySeat.map((w, s) => ({ arm: a.name, seat: s, ...w })))),
    encoding: { x: { field: 'seat', type: 'ordinal', title: 'Seat' }, xOffset: { field: 'arm' }, color: { field: 'arm', type: 'nominal', title: 'Arm' } },
    layer: [
      { mark: 'bar', encoding: { y: { field: 'value', type: 'quantitative', title: 'Win rate', axis: { format: '%' } } } },
      { mark: { type: 'rule', color: 'black' }, encoding: { y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' } } },
    ] };
  return out;
}

// ---- HTML ----
const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** "95 %", or "99.9939 %" after several looks: enough digits that it never rounds to 100. */
export function confidenceLabel(confidence: number): string {
  const a = 100 * (1 - confidence);
  const digits = a >= 1 ? 1 : Math.min(8, Math.ceil(-Math.log10(a)) + 1);
  return `${(100 - a).toFixed(digits)} %`;
}

/** What the report's games were, from the run itself (never the file's own prose, which may be stale). */
export function whatWasRun(r: ExperimentResults): string {
  const bases = [...new Set(r.arms.map((a) => a.base))];
  const arms = bases.map((b) => {
    const a = r.arms.find((x) => x.base === b)!;
    return `${b}${a.variants.length ? ` (${a.variants.join(', ')})` : ''}`;
  });
  const who = r.fields.length ? `under the fields ${r.fields.join(', ')}` : `with ${[...new Set(r.arms[0]!.policies)].join(', ')}`;
  return `What was run: ${r.arms.length} arm${r.arms.length > 1 ? 's' : ''} — ${arms.join('; ')} — ${who}, ${r.players} players, ${r.gamesPerArm.toLocaleString('en-US')} games each.`;
}

function htmlTable(head: string[], rows: string[][]): string {
  return `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}

export function html(r: ExperimentResults, svgs: Record<string, string>, manifest: unknown): string {
  const pct = (e: Estimate) => `${(100 * e.value).toFixed(1)} % [${(100 * e.low).toFixed(1)}, ${(100 * e.high).toFixed(1)}]`;
  const metricRows = r.arms.map((a) => [a.name, String(a.games), ...r.metrics.map((m) => fmtCI(m, a.metrics[m]!)), String(a.policyErrors)]);
  const fp = (p: number | undefined) => (p === undefined ? '-' : p < 1e-4 ? '< 0.0001' : p.toFixed(4));
  const compRows = r.comparisons.map((c) => [c.arm, METRIC_LABELS[c.metric], fmtDiff(c.metric, c.diff), fp(c.p), fp(c.pHolm), c.silent !== null ? 'no conclusion' : c.significantHolm ? 'yes' : 'no', c.varianceReduction !== null ? `${c.varianceReduction.toFixed(1)}x` : '-']);
  const seatRows = r.arms.map((a) => [a.name, ...a.winRateBySeat.map(pct)]);
  const polRows = r.arms.flatMap((a) => a.winRateByPolicy.map((w) => [a.name, w.policy, String(w.games), pct(w)]));
  const triggerRows = r.arms.flatMap((a) => Object.entries(a.triggers).map(([v, e]) => [a.name, v, TRIGGERS[v as VariantName].what, pct(e)]));
  const senateRows = r.arms.map((a) => [a.name, pct(a.temporaryConsulWinRate), pct(a.consulKeptAllGame), ...SENATE_METRICS.map((m) => a.senate[m].value.toFixed(2))]);
  const fig = (name: string) => (svgs[name] ? `<figure id="chart-${name}">${svgs[name]}<figcaption><a href="charts/${name}.vl.json">Vega-Lite spec</a></figcaption></figure>` : '');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>LEGIONS experiment: ${esc(r.name)}</title>
<style>body{font-family:"DejaVu Sans",Verdana,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #bbb;padding:.25em .6em;text-align:right}th:first-child,td:first-child{text-align:left}
figure{margin:1.5em 0}li{margin:.3em 0}pre{background:#f4f4f4;padding:1em;overflow:auto}</style></head>
<body>
<h1>LEGIONS experiment: ${esc(r.name)}</h1>
<p>${esc(whatWasRun(r))}</p>
<p>${r.players} players; ${r.gamesPerArm.toLocaleString('en-US')} games per arm, every arm on the same game seeds (seed "${esc(r.seed)}", common random numbers); baseline <b>${esc(r.baseline)}</b>; ${confidenceLabel(r.confidence)} intervals${r.looks > 1 ? ` after ${r.looks} looks (alpha spent at 0.05 / 2^k per look)` : ''}.</p>
${r.verdicts.length ? `<h2 id="across-fields">Across fields</h2>
<p>Every arm was played under each field (${r.fields.map(esc).join(', ')}) on the same game seeds and compared with the baseline of the same field. <b>Robust</b>: significant with the same sign in every field where the arm came into play; <b>no effect</b>: nowhere both significant and larger than the negligible size; <b>field-dependent</b>: anything else, which is a statement about the players as much as about the rules.</p>
${htmlTable(['Arm', 'Metric', 'Verdict', 'Across the fields'], r.verdicts.map((v) => [v.arm, METRIC_LABELS[v.metric], v.verdict, v.text]))}
<p><a href="verdicts.csv">verdicts.csv</a></p>` : ''}
<h2>Headlines</h2>
<ul>${r.headlines.map((h) => `<li>${esc(h)}</li>`).join('')}</ul>
${r.arms.some((a) => a.warnings.length) ? `<h2 id="warnings">Warnings</h2>
<p>Figures that usually reveal a quirk of the players or of the engine rather than a property of the game; check them before reading an effect.</p>
<ul>${r.arms.flatMap((a) => a.warnings.map((w) => `<li>${esc(a.name)}: ${esc(w)}</li>`)).join('')}</ul>` : ''}
<h2>Metrics by arm</h2>
${htmlTable(['Arm', 'Games', ...r.metrics.map((m) => METRIC_LABELS[m]), 'Policy errors'], metricRows)}
<p><a href="metrics.csv">metrics.csv</a></p>
${r.metrics.map((m) => fig(`metric-${m}`)).join('\n')}
${r.comparisons.length ? `<h2>Paired comparisons with ${esc(r.baseline)}</h2>
${htmlTable(['Arm', 'Metric', 'Difference (arm - baseline)', 'p', 'p after Holm', 'Significant', 'Variance reduction from pairing'], compRows)}
<p>Rate differences carry Newcombe's score interval for paired proportions, with McNemar's test on the discordant games (exact below 51 of them); means a paired z-test on per-game differences. An effect counts as significant when its interval excludes 0 <em>and</em> its p-value survives Holm's adjustment for the ${r.comparisons.filter((c) => c.silent === null).length} comparisons of this report (the raw p is in comparisons.csv). The variance reduction is the variance the difference would have if the arms were played on independent seeds, over its paired variance. <a href="comparisons.csv">comparisons.csv</a></p>
${fig('paired-differences')}` : ''}
<h2>Collapse by turn</h2>
${fig('collapse-by-turn')}
<p><a href="collapse-by-turn.csv">collapse-by-turn.csv</a></p>
<h2>Seats and policies</h2>
${htmlTable(['Arm', ...r.arms[0]!.winRateBySeat.map((_, s) => `Seat ${s}`)], seatRows)}
${fig('win-rate-by-seat')}
${htmlTable(['Arm', 'Policy', 'Seat-games', 'Win rate'], polRows)}
<p><a href="seats.csv">seats.csv</a>, <a href="policies.csv">policies.csv</a></p>
<h2 id="senate">The Senate and fairness</h2>
<p>Win share of the faction that held the Temporary Consul (fair share ${(100 / r.players).toFixed(1)} % of surviving games; a collapse is no win), how often it kept the Consulship all game, and the Senate's business per game.</p>
${htmlTable(['Arm', "Temporary Consul's faction wins", 'Consulship kept all game', ...SENATE_METRICS.map((m) => SENATE_LABELS[m])], senateRows)}
<p><a href="senate.csv">senate.csv</a></p>
${triggerRows.length ? `<h2 id="triggers">Did each variation come into play?</h2>
<p>Share of games in which each variation switched on in an arm actually fired. A variation that never fired leaves its arm's games as the base game's: read no effect from it.</p>
${htmlTable(['Arm', 'Variation', 'What counts', 'Games where it fired'], triggerRows)}
<p><a href="triggers.csv">triggers.csv</a></p>` : ''}
<h2>Manifest</h2>
<pre>${esc(JSON.stringify(manifest, null, 2))}</pre>
</body></html>
`;
}

export async function writeReport(dir: string, e: Experiment, r: ExperimentResults): Promise<string[]> {
  const { renderSvg } = await import('../report/render.js');
  mkdirSync(join(dir, 'charts'), { recursive: true });
  const files: string[] = [];
  const put = (name: string, data: string) => {
    writeAtomic(join(dir, name), data);
    files.push(name);
  };
  for (const [name, text] of Object.entries(tables(r))) put(name, text);
  const svgs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(charts(r))) {
    put(`charts/${name}.vl.json`, JSON.stringify(spec, null, 2) + '\n');
    svgs[name] = await renderSvg(spec);
    put(`charts/${name}.svg`, svgs[name]);
  }
  const { perf, ...stable } = r;
  put('results.json', JSON.stringify({ ...stable, perf }, null, 2) + '\n');
  const manifest = {
    tool: 'legions', version: toolVersion(), gitCommit: gitCommit(), command: 'experiment', experiment: e.name,
    experimentHash: shortHash(e), seed: e.seed, players: e.players, gamesPerArm: r.gamesPerArm,
    arms: r.arms.map((a) => ({ name: a.name, variants: a.variants, policies: a.policies })),
    threads: perf.threads, throughput: { seconds: perf.seconds, gamesPerSecond: perf.gamesPerSecond },
  };
  put('manifest.json', JSON.stringify(manifest, null, 2) + '\n');
  put('index.html', html(r, svgs, manifest));
  return files;
}
