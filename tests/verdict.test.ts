// The verdict panel's logic: readings of an effect against its negligible size, the design note's
// sentences (hand-built cases, exact text), the robustness verdict's treatment of trivial effects,
// the warning for a cause that never happened, and the Revolution Index scale from the engine's table.
import { describe, expect, it } from 'vitest';
import { causeWarnings, type ComparisonRow, headline, verdicts } from '../src/games/legions/experiment/report.js';
import { experimentSchema } from '../src/games/legions/experiment/schema.js';
import { designNote, diffText, type NoteComparison, type NoteInput, readingOf } from '../src/games/legions/experiment/verdict.js';
import { METRIC_DEFS, riScale, riScaleText } from '../src/games/legions/metric-defs.js';
import { noEffectText, type Reading, type SchemaComparison } from '../src/experiment/schema-experiment.js';
import type { OutcomeFieldDef } from '../src/sim/schema-accumulator.js';

const est = (value: number, low: number, high: number) => ({ value, low, high });

describe('readings', () => {
  it('weigh significance against the negligible size', () => {
    expect(readingOf(est(0.05, 0.03, 0.07), true, 0.01, false)).toBe('effect');
    expect(readingOf(est(-0.01, -0.015, -0.005), true, 0.01, false)).toBe('effect'); // exactly the negligible size matters
    expect(readingOf(est(0.004, 0.001, 0.007), true, 0.01, false)).toBe('small'); // real, too small to matter
    expect(readingOf(est(0.002, -0.004, 0.008), false, 0.01, false)).toBe('negligible');
    expect(readingOf(est(0.008, -0.002, 0.018), false, 0.01, false)).toBe('unclear');
    expect(readingOf(est(0.3, 0.2, 0.4), true, 0.01, true)).toBe('no conclusion');
  });

  it('print differences in points for rates and in units for means, signed', () => {
    expect(diffText('collapse', est(-0.047, -0.058, -0.036))).toBe('-4.7 points [-5.8, -3.6]');
    expect(diffText('finalRI', est(1.971, 1.84, 2.09))).toBe('+1.97 [+1.84, +2.09]');
    expect(diffText('wars', est(-0.0001, -0.004, 0.004))).toBe('0.0 points [-0.4, +0.4]'); // no "-0.0"
  });
});

describe('robustness verdicts and trivial effects', () => {
  const e = experimentSchema.parse({ name: 'v', games: 10, arms: [{ name: 'a' }], metrics: ['collapse'] });
  const row = (field: string, value: number, half: number): ComparisonRow => ({
    arm: `x@${field}`, base: 'x', field, baseline: `base@${field}`, metric: 'collapse', silent: null, reading: 'effect',
    diff: est(value, value - half, value + half), p: 0, significant: true, significantHolm: true, varianceReduction: null,
  });

  it('a significant change of the same sign everywhere but below the negligible size is no effect, not robust', () => {
    const [v] = verdicts(e, [row('f1', 0.005, 0.002), row('f2', 0.006, 0.002)]);
    expect(v!.verdict).toBe('no effect');
    expect(v!.text).toMatch(/^x: no effect on collapse larger than 1\.0 points in any field/);
  });

  it('no effect that is not significant anywhere is "no clear effect" when an interval reaches beyond the negligible size', () => {
    const unclear = (field: string, value: number, half: number): ComparisonRow => ({ ...row(field, value, half), significant: false, significantHolm: false, reading: 'unclear' });
    const [open] = verdicts(e, [unclear('f1', 0.004, 0.012), row('f2', 0.005, 0.002)]);
    expect(open!.verdict).toBe('no effect');
    expect(open!.text).toBe('x: no clear effect on collapse in any field (an interval reaches beyond 1.0 points, so an effect that size is not ruled out): f1 0.4 points [-0.8, 1.6]; f2 0.5 points [0.3, 0.7].');
    // Every interval within the band: the effect is said to be absent.
    const [settled] = verdicts(e, [unclear('f1', 0.002, 0.006), row('f2', 0.005, 0.002)]);
    expect(settled!.text).toMatch(/^x: no effect on collapse larger than 1\.0 points in any field: /);
  });

  it('a real change below the negligible size whose interval reaches beyond it leaves an effect that size open too', () => {
    // f1: significant, 0.8 points, but its interval reaches 1.4 points: "no effect larger than 1.0" would overclaim.
    const [v] = verdicts(e, [row('f1', 0.008, 0.006), row('f2', 0.005, 0.002)]);
    expect(v!.verdict).toBe('no effect');
    expect(v!.text).toBe('x: no clear effect on collapse in any field (an interval reaches beyond 1.0 points, so an effect that size is not ruled out): f1 0.8 points [0.2, 1.4]; f2 0.5 points [0.3, 0.7].');
  });

  it('robust once one field reaches the negligible size', () => {
    expect(verdicts(e, [row('f1', 0.005, 0.002), row('f2', 0.02, 0.005)])[0]!.verdict).toBe('robust');
  });
});

describe('the design note', () => {
  // Two fields; land-acts trades revolt for wars in f1 and came into play in 15 % / 20 % of games;
  // macedonian-wars adds 53 points of collapse; quiet-arm never came into play.
  const c = (base: string, field: string, metric: NoteComparison['metric'], v: number, lo: number, hi: number, reading: NoteComparison['reading']): NoteComparison =>
    ({ base, field, metric, diff: est(v, lo, hi), reading, silent: reading === 'no conclusion' ? `${base}@${field}: never came into play` : null });
  const arm = (base: string, field: string, own: { variant: string; share: number }[], collapse = 0.4) =>
    ({ name: `${base}@${field}`, base, field, own, fell: { collapse, revolt: 0.05, bankruptcy: 0, wars: collapse - 0.05 } });
  const input: NoteInput = {
    baseline: 'base', fields: ['f1', 'f2'], metrics: ['collapse', 'revolt', 'wars', 'finalRI'],
    negligible: { collapse: 0.01, revolt: 0.01, wars: 0.01, finalRI: 0.25 },
    arms: [
      arm('base', 'f1', [], 0.4), arm('land-acts', 'f1', [{ variant: 'land-acts', share: 0.15 }]), arm('quiet', 'f1', [{ variant: 'tempo', share: 0 }]),
      arm('mw', 'f1', [{ variant: 'macedonian-wars', share: 1 }]),
      arm('base', 'f2', [], 0.8), arm('land-acts', 'f2', [{ variant: 'land-acts', share: 0.2 }]), arm('quiet', 'f2', [{ variant: 'tempo', share: 0 }]),
      arm('mw', 'f2', [{ variant: 'macedonian-wars', share: 1 }]),
    ],
    comparisons: [
      c('land-acts', 'f1', 'collapse', -0.002, -0.006, 0.002, 'negligible'),
      c('land-acts', 'f1', 'revolt', -0.015, -0.02, -0.01, 'effect'),
      c('land-acts', 'f1', 'wars', 0.013, 0.01, 0.016, 'effect'),
      c('land-acts', 'f1', 'finalRI', -0.7, -0.8, -0.6, 'effect'),
      c('land-acts', 'f2', 'collapse', 0.001, -0.004, 0.006, 'negligible'),
      c('land-acts', 'f2', 'revolt', -0.02, -0.025, -0.015, 'effect'),
      c('land-acts', 'f2', 'wars', 0.02, 0.015, 0.025, 'effect'),
      c('land-acts', 'f2', 'finalRI', -0.1, -0.2, 0.0, 'negligible'),
      ...(['collapse', 'revolt', 'wars', 'finalRI'] as const).flatMap((m) => [c('quiet', 'f1', m, 0, 0, 0, 'no conclusion'), c('quiet', 'f2', m, 0, 0, 0, 'no conclusion')]),
      c('mw', 'f1', 'collapse', 0.53, 0.51, 0.55, 'effect'), c('mw', 'f1', 'revolt', 0.002, -0.003, 0.007, 'negligible'),
      c('mw', 'f1', 'wars', 0.528, 0.51, 0.55, 'effect'), c('mw', 'f1', 'finalRI', 0.05, -0.1, 0.2, 'negligible'),
      c('mw', 'f2', 'collapse', 0.15, 0.13, 0.17, 'effect'), c('mw', 'f2', 'revolt', 0, -0.003, 0.003, 'negligible'),
      c('mw', 'f2', 'wars', 0.15, 0.13, 0.17, 'effect'), c('mw', 'f2', 'finalRI', 0.3, -0.1, 0.7, 'unclear'),
    ],
    verdicts: [
      { arm: 'land-acts', metric: 'collapse', verdict: 'no effect' }, { arm: 'land-acts', metric: 'revolt', verdict: 'robust' },
      { arm: 'land-acts', metric: 'wars', verdict: 'robust' }, { arm: 'land-acts', metric: 'finalRI', verdict: 'field-dependent' },
      ...(['collapse', 'revolt', 'wars', 'finalRI'] as const).map((metric) => ({ arm: 'quiet', metric, verdict: 'no conclusion' as const })),
      { arm: 'mw', metric: 'collapse', verdict: 'robust' }, { arm: 'mw', metric: 'revolt', verdict: 'no effect' },
      { arm: 'mw', metric: 'wars', verdict: 'robust' }, { arm: 'mw', metric: 'finalRI', verdict: 'no effect' },
    ],
  };

  it('says what each arm does, ranked by effect size (largest effect over its negligible size), the silent arm last', () => {
    expect(designNote(input)).toEqual([
      'In base the Republic falls in 40.0 % of f1 games (revolt 5.0 %, wars 35.0 %), 80.0 % of f2 games.',
      'mw (f1 field): collapse +53.0 points [+51.0, +55.0]; more games lost to wars +52.8 points. Across the fields: the same way in every field for collapse (up), wars (up); no effect that matters on revolt; no clear effect on final RI. It came into play in 100.0 % of f1 games (f2 100.0 %).',
      'land-acts (f1 field): collapse unchanged (-0.2 points [-0.6, +0.2]); about 1.3 points move from revolt to wars (revolt -1.5, wars +1.3 points); final RI -0.70. Across the fields: the same way in every field for revolt (down), wars (up); depends on the players for final RI (down with f1 -0.70); no effect that matters on collapse. It came into play in 15.0 % of f1 games (f2 20.0 %).',
      'quiet: no conclusion: tempo never came into play in any field.',
    ]);
  });

  it('a small but real change whose interval reaches beyond the negligible size is "no clear effect", not "no effect that matters"', () => {
    const open: NoteInput = {
      ...input,
      comparisons: input.comparisons.map((x) => (x.base === 'mw' && x.metric === 'revolt' && x.field === 'f1' ? { ...x, diff: est(0.006, 0.001, 0.011), reading: 'small' as const } : x)),
    };
    expect(designNote(open)[1]).toContain('Across the fields: the same way in every field for collapse (up), wars (up); no clear effect on revolt, final RI.');
    // Within the band, the same small change is settled.
    const settled: NoteInput = {
      ...input,
      comparisons: input.comparisons.map((x) => (x.base === 'mw' && x.metric === 'revolt' && x.field === 'f1' ? { ...x, diff: est(0.006, 0.002, 0.009), reading: 'small' as const } : x)),
    };
    expect(designNote(settled)[1]).toContain('no effect that matters on revolt; no clear effect on final RI.');
  });

  it('has at most six paragraphs: beyond five arms, the rest are named in one', () => {
    const many: NoteInput = { ...input, fields: [], verdicts: [], arms: [], comparisons: [] };
    for (let i = 0; i < 7; i++) {
      many.arms.push({ name: `a${i}`, base: `a${i}`, own: [], fell: { collapse: 0.5, revolt: 0, bankruptcy: 0, wars: 0.5 } });
      if (i) many.comparisons.push({ base: `a${i}`, metric: 'collapse', diff: est(0.01 * i, 0.01 * i - 0.005, 0.01 * i + 0.005), reading: 'effect', silent: null });
    }
    const note = designNote({ ...many, baseline: 'a0' });
    expect(note).toHaveLength(6);
    expect(note[1]).toMatch(/^a6: collapse \+6\.0 points/);
    expect(note[5]).toBe('Also compared: a2, a1 (smaller effects); see the panels.');
  });
});

describe('warnings and definitions', () => {
  it('warn when a cause of collapse never ended a game in any arm', () => {
    const w = causeWarnings([{ games: 100, collapses: { revolt: 3, bankruptcy: 0, wars: 40 } }, { games: 100, collapses: { revolt: 0, bankruptcy: 0, wars: 50 } }]);
    expect(w).toEqual(['collapse by bankruptcy never happened: 0 of 200 games in all 2 arms ended by bankruptcy, so nothing here says how the variations affect it (its rates and differences are 0 by default, not by evidence).']);
  });

  it('the RI scale comes from the State of the Republic table: two cards 1-10 minus the RI', () => {
    const [r0, r2, r3, r11, r21] = riScale([0, 2, 3, 11, 21]);
    expect([r0!.revolt, r2!.revolt, r3!.revolt, r11!.revolt, r21!.revolt]).toEqual([0, 0, 0.01, 0.45, 1]);
    // At RI 0 the number is the sum s of two cards; 2..9 raise the RI by 10 - s: sum of (10 - s)(s - 1) = 120 over 100 draws.
    expect(r0!.rise).toBeCloseTo(1.2, 12);
    expect(r21!.rise).toBeNull();
    expect(riScaleText()).toContain('harmless up to 2, a revolt becomes likely from about 11 (45 % a turn) and certain from 21');
  });

  it('every metric an experiment can measure is defined, with a unit and the games it counts', () => {
    for (const m of experimentSchema.shape.metrics.unwrap().element.options) {
      const d = METRIC_DEFS[m];
      expect(d.key).toBe(m);
      expect(d.csv).toMatch(/^[a-z_]+$/);
      expect(d.unit.length).toBeGreaterThan(0);
      expect(d.over).toMatch(/games/);
    }
  });
});

describe('headlines', () => {
  const c = (over: Partial<ComparisonRow>): ComparisonRow => ({
    arm: 'land-acts@f1', base: 'land-acts', field: 'f1', baseline: 'base@f1', metric: 'collapse', silent: null, reading: 'unclear',
    diff: est(0.008, 0.002, 0.014), p: 0.0064, significant: true, pHolm: 0.19, significantHolm: false, varianceReduction: null, ...over,
  });
  const from = est(0.517, 0.508, 0.527);
  const to = est(0.526, 0.516, 0.535);

  it("a difference whose interval excludes 0 but which Holm's adjustment leaves in doubt says so", () => {
    expect(headline(c({}), from, to, 0.01, 54)).toBe('land-acts@f1 leaves collapse without a clear change: 52.6 % [51.6, 53.5] against 51.7 % [50.8, 52.7] for base@f1 ' +
      "(paired difference 0.8 points [0.2, 1.4], p = 0.0064: its interval excludes 0 on its own, but not once Holm's adjustment for the report's 54 comparisons is made, adjusted p = 0.1900).");
  });

  it('an interval that includes 0 is unchanged within the noise; one that survives the adjustment is an effect', () => {
    expect(headline(c({ diff: est(0.002, -0.004, 0.008), p: 0.5, significant: false, pHolm: 1 }), from, to, 0.01, 54))
      .toBe('land-acts@f1 leaves collapse unchanged within the noise: 52.6 % [51.6, 53.5] against 51.7 % [50.8, 52.7] for base@f1 (paired difference 0.2 points [-0.4, 0.8]).');
    // A real change below the negligible size: too small to matter only when the interval rules the size out.
    expect(headline(c({ significantHolm: true, pHolm: 0.001, reading: 'small' }), from, to, 0.01, 54))
      .toBe('land-acts@f1 raises collapse from 51.7 % [50.8, 52.7] to 52.6 % [51.6, 53.5] (paired difference 0.8 points [0.2, 1.4], p = 0.0064; its estimate is below the negligible 1.0 points, but its interval reaches beyond it).');
    expect(headline(c({ diff: est(0.006, 0.003, 0.009), significantHolm: true, pHolm: 0.001, reading: 'small' }), from, to, 0.01, 54))
      .toBe('land-acts@f1 raises collapse from 51.7 % [50.8, 52.7] to 52.6 % [51.6, 53.5] (paired difference 0.6 points [0.3, 0.9], p = 0.0064; smaller than the negligible 1.0 points, so too small to matter).');
  });
});

describe("a schema experiment's note for an arm without an effect", () => {
  const cmp = (metric: string, reading: Reading): SchemaComparison => ({
    arm: 'a', baseline: 'base', metric, negligible: 0.01, reading, diff: est(0, 0, 0), p: 1, significant: false, pHolm: 1, significantHolm: false, varianceReduction: null,
  });
  const kinds = new Map<string, OutcomeFieldDef>([['win', { name: 'win', label: 'win rate', kind: 'rate' } as OutcomeFieldDef], ['loss', { name: 'loss', label: 'losses', kind: 'mean' } as OutcomeFieldDef], ['tie', { name: 'tie', label: 'ties', kind: 'rate' } as OutcomeFieldDef]]);

  it('says "no change that matters" only where the interval rules one out, "no clear change" where it does not', () => {
    expect(noEffectText([cmp('win', 'negligible'), cmp('loss', 'unclear'), cmp('tie', 'no conclusion')], kinds))
      .toBe("no change that matters in win rate; no clear change in losses (more games are needed to rule one out); every game the same as the baseline's in ties");
    expect(noEffectText([cmp('win', 'small'), cmp('loss', 'negligible')], kinds)).toBe('no change that matters in win rate, losses');
    // A small but real change whose interval reaches beyond the negligible size does not rule one out.
    const wide = { ...cmp('win', 'small'), diff: est(0.008, 0.002, 0.014), significant: true };
    expect(noEffectText([wide, cmp('loss', 'negligible')], kinds)).toBe('no change that matters in losses; no clear change in win rate (more games are needed to rule one out)');
  });
});
