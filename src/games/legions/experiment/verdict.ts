// The verdict panel's words: what each paired difference means once its size is weighed against the
// change that matters (the negligible size), and a few sentences a designer can paste into a design
// note, ranked by effect size, combining the causes of collapse, the fields and the trigger counts.
import { METRIC_DEFS } from '../metric-defs.js';
import { CAUSES, type Cause } from './accumulator.js';
import type { Metric } from './schema.js';
import { type Estimate, isRate } from './stats.js';
import { type Reading, stillOpen } from '../../../experiment/paired.js';

export { type Reading, readingOf, stillOpen, withinBand } from '../../../experiment/paired.js';

/** Rates in percentage points, means in their units: the scale every verdict figure is shown on. */
export const shown = (m: Metric, x: number): number => (isRate(m) ? 100 * x : x);

const signed = (x: number, digits: number): string => {
  const s = x.toFixed(digits);
  return Number(s) === 0 ? s.replace('-', '') : x > 0 ? `+${s}` : s;
};

/** A difference as text: "-4.7 points [-5.8, -3.6]", "+1.97 [+1.84, +2.09]". */
export function diffText(m: Metric, d: Estimate, withUnit = true): string {
  const k = isRate(m) ? 1 : 2;
  const unit = isRate(m) && withUnit ? ' points' : '';
  return `${signed(shown(m, d.value), k)}${unit} [${signed(shown(m, d.low), k)}, ${signed(shown(m, d.high), k)}]`;
}

const sizeText = (m: Metric, x: number): string => (isRate(m) ? `${(100 * x).toFixed(1)} points` : `${x}`);
const label = (m: Metric): string => METRIC_DEFS[m].label;

/** What the design note needs of each comparison, arm and verdict (a subset of ExperimentResults). */
export interface NoteComparison {
  base: string;
  field?: string;
  metric: Metric;
  diff: Estimate;
  reading: Reading;
  silent: string | null;
}
export interface NoteArm {
  name: string;
  base: string;
  field?: string;
  /** Variations of this arm its baseline does not have, with the share of games each came into play. */
  own: { variant: string; share: number }[];
  /** Share of games fallen (collapse) and fallen to each cause. */
  fell: Record<'collapse' | Cause, number>;
}
export interface NoteVerdict {
  arm: string;
  metric: Metric;
  verdict: 'robust' | 'field-dependent' | 'no effect' | 'no conclusion';
}
export interface NoteInput {
  baseline: string;
  fields: string[];
  metrics: Metric[];
  negligible: Partial<Record<Metric, number>>;
  arms: NoteArm[];
  comparisons: NoteComparison[];
  verdicts: NoteVerdict[];
}

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
const fieldGames = (f: string | undefined): string => (f ? `${f} games` : 'games');

/** What an arm does to collapse in one field, in words. */
function collapsePhrase(c: NoteComparison, neg: number): string {
  const d = diffText('collapse', c.diff);
  switch (c.reading) {
    case 'effect': return `collapse ${d}`;
    case 'small': return `collapse ${d}, below the negligible ${sizeText('collapse', neg)}`;
    case 'negligible': return `collapse unchanged (${d})`;
    default: return `no clear change in collapse (${d}: more games needed to rule out ${sizeText('collapse', neg)})`;
  }
}

/** The shift between causes of collapse: "about 1.3 points move from revolt to wars (revolt -1.5, wars +1.3)". */
function causePhrase(rows: NoteComparison[]): string | null {
  const fx = rows.filter((c) => (CAUSES as readonly string[]).includes(c.metric) && c.reading === 'effect');
  if (!fx.length) return null;
  const byMag = (a: NoteComparison, b: NoteComparison) => Math.abs(b.diff.value) - Math.abs(a.diff.value);
  const ups = fx.filter((c) => c.diff.value > 0).sort(byMag);
  const downs = fx.filter((c) => c.diff.value < 0).sort(byMag);
  const each = (cs: NoteComparison[]) => cs.map((c) => `${label(c.metric)} ${signed(100 * c.diff.value, 1)}`).join(', ');
  if (ups.length && downs.length) {
    const moved = Math.min(Math.abs(ups[0]!.diff.value), Math.abs(downs[0]!.diff.value));
    return `about ${(100 * moved).toFixed(1)} points move from ${label(downs[0]!.metric)} to ${label(ups[0]!.metric)} (${each([...downs, ...ups])} points)`;
  }
  return downs.length ? `fewer games lost to ${each(downs)} points` : `more games lost to ${each(ups)} points`;
}

/** Effects on the means, largest (relative to its negligible size) first: "final RI -1.97, Prestige spread +1.58". */
function meanPhrase(rows: NoteComparison[], neg: (m: Metric) => number): string | null {
  const fx = rows.filter((c) => !isRate(c.metric) && c.reading === 'effect')
    .sort((a, b) => Math.abs(b.diff.value) / neg(b.metric) - Math.abs(a.diff.value) / neg(a.metric));
  return fx.length ? fx.map((c) => `${label(c.metric)} ${signed(c.diff.value, 2)}${c.metric === 'finalRI' || c.metric === 'prestigeSpread' ? '' : ` ${METRIC_DEFS[c.metric].unit}`}`).join(', ') : null;
}

/** Across fields, per verdict: "robust for revolt (down); depends on the players for collapse (down with cooperative)". */
function robustPhrase(arm: string, n: NoteInput): string | null {
  if (n.fields.length < 2) return null;
  const vs = n.verdicts.filter((v) => v.arm === arm && v.verdict !== 'no conclusion');
  if (!vs.length) return null;
  const dir = (m: Metric) => n.comparisons.filter((c) => c.base === arm && c.metric === m && c.reading === 'effect');
  const parts: string[] = [];
  const robust = vs.filter((v) => v.verdict === 'robust');
  const way = (m: Metric) => ((n.comparisons.find((c) => c.base === arm && c.metric === m && c.reading !== 'no conclusion')?.diff.value ?? 0) > 0 ? 'up' : 'down');
  const silentSome = n.comparisons.some((c) => c.base === arm && c.reading === 'no conclusion');
  if (robust.length) parts.push(`the same way in every field${silentSome ? ' where it came into play' : ''} for ${robust.map((v) => `${label(v.metric)} (${way(v.metric)})`).join(', ')}`);
  const dep = vs.filter((v) => v.verdict === 'field-dependent');
  if (dep.length) {
    parts.push(`depends on the players for ${dep.map((v) => {
      const at = (c: NoteComparison) => `${c.field} ${signed(shown(c.metric, c.diff.value), isRate(c.metric) ? 1 : 2)}${isRate(c.metric) ? ' points' : ''}`;
      const up = dir(v.metric).filter((c) => c.diff.value > 0).map(at);
      const down = dir(v.metric).filter((c) => c.diff.value < 0).map(at);
      const where = [up.length ? `up with ${up.join(', ')}` : '', down.length ? `down with ${down.join(', ')}` : ''].filter(Boolean).join(', ');
      return `${label(v.metric)}${where ? ` (${where})` : ''}`;
    }).join('; ')}`);
  }
  // "No effect" only where every field's interval says so; where one reaches beyond the band, "no clear effect".
  const none = vs.filter((v) => v.verdict === 'no effect');
  const open = (v: NoteVerdict) => n.comparisons.some((c) => c.base === arm && c.metric === v.metric && stillOpen(c, n.negligible[v.metric] ?? 0));
  const settled = none.filter((v) => !open(v));
  const unsettled = none.filter(open);
  if (settled.length) parts.push(`no effect that matters on ${settled.map((v) => label(v.metric)).join(', ')}`);
  if (unsettled.length) parts.push(`no clear effect on ${unsettled.map((v) => label(v.metric)).join(', ')}`);
  return `Across the fields: ${parts.join('; ')}.`;
}

/** "It came into play in 15.3 % of competent games (cooperative 96.0 %, selfish 29.3 %)." */
function triggerPhrase(arms: NoteArm[], field: string | undefined): string | null {
  const here = arms.find((a) => a.field === field) ?? arms[0]!;
  if (!here.own.length) return null;
  const others = arms.filter((a) => a !== here);
  const one = (v: string) => {
    const share = here.own.find((o) => o.variant === v)!.share;
    const rest = others.map((a) => `${a.field} ${pct(a.own.find((o) => o.variant === v)?.share ?? 0)}`);
    return `${pct(share)} of ${fieldGames(field)}${rest.length ? ` (${rest.join(', ')})` : ''}`;
  };
  if (here.own.length === 1) return `It came into play in ${one(here.own[0]!.variant)}.`;
  return `Its variations came into play: ${here.own.map((o) => `${o.variant} in ${one(o.variant)}`).join('; ')}.`;
}

/** Largest effect of an arm in any field, in units of its metric's negligible size (0: none; -1: no conclusion anywhere). */
function effectSize(rows: NoteComparison[], neg: (m: Metric) => number): number {
  if (rows.every((c) => c.reading === 'no conclusion')) return -1;
  return Math.max(0, ...rows.filter((c) => c.reading === 'effect').map((c) => Math.abs(c.diff.value) / Math.max(neg(c.metric), 1e-12)));
}

/** The arm's sentence(s): its effects in one field (the first where it came into play), then across the fields and its trigger share. */
function armNote(base: string, n: NoteInput, neg: (m: Metric) => number): string {
  const rows = n.comparisons.filter((c) => c.base === base);
  const arms = n.arms.filter((a) => a.base === base);
  const fields = n.fields.length ? n.fields : [undefined];
  const field = fields.find((f) => rows.some((c) => c.field === f && c.reading !== 'no conclusion'));
  if (field === undefined && n.fields.length) {
    const own = arms[0]!.own;
    const why = own.length && arms.every((a) => a.own.every((o) => o.share === 0))
      ? `${own.map((o) => o.variant).join(', ')} never came into play in any field`
      : `its games equal ${n.baseline}'s ${own.length ? 'wherever its variations came into play' : 'in every field'}`;
    return `${base}: no conclusion: ${why}.`;
  }
  const here = rows.filter((c) => c.field === field);
  if (here.every((c) => c.reading === 'no conclusion')) return here[0]?.silent ?? `${base}: no conclusion.`;
  const parts: string[] = [];
  const col = here.find((c) => c.metric === 'collapse');
  if (col) parts.push(collapsePhrase(col, neg('collapse')));
  const cause = causePhrase(here);
  if (cause) parts.push(cause);
  const means = meanPhrase(here, neg);
  if (means) parts.push(means);
  if (!cause && !means) {
    const unclear = here.some((c) => c.metric !== 'collapse' && stillOpen(c, neg(c.metric)));
    parts.push(unclear ? 'no other clear effect' : `nothing ${col ? 'else ' : ''}changes beyond the negligible sizes`);
  }
  const where = field !== undefined ? ` (${field} field)` : '';
  const out = [`${base}${where}: ${parts.join('; ')}.`];
  const robust = robustPhrase(base, n);
  if (robust) out.push(robust);
  const trig = triggerPhrase(arms, field);
  if (trig) out.push(trig);
  return out.join(' ');
}

/** The baseline's own figures, for context: how often the Republic falls, and to what. */
function baselineNote(n: NoteInput): string {
  const base = n.arms.filter((a) => a.base === n.baseline);
  const first = base[0]!;
  const causes = CAUSES.filter((c) => first.fell[c] > 0).map((c) => `${c} ${pct(first.fell[c])}`);
  const rest = base.slice(1).map((a) => `${pct(a.fell.collapse)} of ${fieldGames(a.field)}`);
  return `In ${n.baseline} the Republic falls in ${pct(first.fell.collapse)} of ${fieldGames(first.field)}${causes.length ? ` (${causes.join(', ')})` : ''}${rest.length ? `, ${rest.join(' and ')}` : ''}.`;
}

/** At most six paragraphs: the baseline, then the arms by their largest effect (the rest summed up in one). */
export function designNote(n: NoteInput): string[] {
  const neg = (m: Metric) => n.negligible[m] ?? 0;
  const bases = [...new Set(n.arms.map((a) => a.base))].filter((b) => b !== n.baseline);
  const ranked = bases.map((b, i) => ({ b, i, size: effectSize(n.comparisons.filter((c) => c.base === b), neg) }))
    .sort((x, y) => y.size - x.size || x.i - y.i);
  const shownArms = ranked.length > 5 ? ranked.slice(0, 4) : ranked;
  const out = [baselineNote(n), ...shownArms.map((x) => armNote(x.b, n, neg))];
  const rest = ranked.slice(shownArms.length);
  if (rest.length) {
    const group = (xs: typeof rest, what: string) => (xs.length ? `${xs.map((x) => x.b).join(', ')} (${what})` : '');
    const groups = [group(rest.filter((x) => x.size > 0), 'smaller effects'), group(rest.filter((x) => x.size === 0), 'no effect found that matters'),
      group(rest.filter((x) => x.size < 0), 'no conclusion')].filter(Boolean);
    out.push(`Also compared: ${groups.join('; ')}; see the panels.`);
  }
  return out;
}
