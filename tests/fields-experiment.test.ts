// Effects across fields: every arm under every field on the same seeds, compared with its own field's
// baseline, and a robustness verdict per arm and metric.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildArms } from '../src/games/legions/experiment/arms.js';
import { type ComparisonRow, verdicts } from '../src/games/legions/experiment/report.js';
import { experimentSchema, loadExperiment } from '../src/games/legions/experiment/schema.js';
import { run } from './cli-run.js';
import { testTempDir } from './tmp.js';

const temp = testTempDir('fields');
const tmp = temp.path;
afterAll(() => temp.remove());

function file(name: string, doc: unknown): string {
  const p = join(tmp, name);
  writeFileSync(p, JSON.stringify(doc));
  return p;
}

const experiment = {
  name: 'fx', players: 5, games: 40, seed: 'fx', fields: ['cooperative', 'mixed'],
  arms: [{ name: 'base' }, { name: 'land-acts', variants: ['land-acts'] }], metrics: ['collapse', 'finalRI'],
};

describe('experiments across fields', () => {
  it('every arm under every field, named arm@field, each paired with its own field\'s baseline', () => {
    const e = loadExperiment(file('a.json', experiment));
    const { arms, baseline } = buildArms(e);
    expect(arms.map((a) => a.name)).toEqual(['base@cooperative', 'land-acts@cooperative', 'base@mixed', 'land-acts@mixed']);
    expect(arms.map((a) => a.baselineIndex)).toEqual([0, 0, 2, 2]);
    expect(baseline).toBe(0);
    expect(arms[0]!.policies).toEqual(Array(5).fill('statesman'));
    expect(arms[0]!.rotation).toBe('none');
    expect(arms[2]!.policies).toEqual(['statesman', 'opportunist', 'parametric', 'statesman', 'opportunist']);
    expect(arms[2]!.rotation).toBe('latin');
    expect(arms[3]!.base).toBe('land-acts');
    expect(arms[3]!.field).toBe('mixed');
  });

  it('refuses arm policies with fields, a field twice, an unknown field', () => {
    expect(() => loadExperiment(file('b.json', { ...experiment, arms: [{ name: 'x', policies: 'random' }] }))).toThrow(/arms.0.policies: not allowed with fields/);
    expect(() => loadExperiment(file('c.json', { ...experiment, fields: ['mixed', 'mixed'] }))).toThrow(/a field is named twice/);
    expect(() => buildArms(loadExperiment(file('d.json', { ...experiment, fields: ['nobody'] })))).toThrow(/no such field/);
    expect(() => buildArms(loadExperiment(file('e.json', { ...experiment, players: 3 })))).toThrow(/fields.1: field mixed names 5 seats/);
  });

  it('runs from the command line and writes the verdicts (results.json, verdicts.csv, the report section)', () => {
    const out = join(tmp, 'out');
    const r = run(['experiment', file('run.json', experiment), '--out', out, '--threads', '1', '--quiet']);
    expect(r.status, r.stderr).toBe(0);
    const j = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(j.fields).toEqual(['cooperative', 'mixed']);
    expect(j.comparisons.map((c: ComparisonRow) => `${c.arm}<${c.baseline}`)).toEqual([
      'land-acts@cooperative<base@cooperative', 'land-acts@cooperative<base@cooperative', 'land-acts@mixed<base@mixed', 'land-acts@mixed<base@mixed',
    ]);
    expect(j.verdicts.map((v: { arm: string; metric: string }) => `${v.arm}:${v.metric}`)).toEqual(['land-acts:collapse', 'land-acts:finalRI']);
    expect(readFileSync(join(out, 'verdicts.csv'), 'utf8').split('\n')[0]).toBe('arm,metric,verdict,field,difference,low,high,significant,came_into_play');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<section id="across-fields"><h2>Across fields</h2>');
    expect(j.negligible).toEqual({ collapse: 0.01, finalRI: 0.25 });
    expect(j.negligibleFrom).toEqual({ collapse: 'default', finalRI: 'default' });
    expect(j.designNote[0]).toMatch(/^In base the Republic falls in \d+\.\d % of cooperative games/);
    expect(j.designNote[1]).toMatch(/^land-acts \((cooperative|mixed) field\): /);
    expect(readFileSync(join(out, 'design-note.txt'), 'utf8')).toBe(j.designNote.join('\n') + '\n');

    // The verdict's forest plot per field: rows in arm order, rates in points, means in units, the zero line, the negligible band.
    const comp = (arm: string, m: string) => j.comparisons.find((c: ComparisonRow) => c.arm === arm && c.metric === m);
    const spec = JSON.parse(readFileSync(join(out, 'charts', 'verdict-cooperative.vl.json'), 'utf8'));
    const [rates, means] = spec.vconcat;
    const collapse = rates.data.values.find((v: { metric: string }) => v.metric === 'collapse');
    expect(collapse).toMatchObject({ arm: 'land-acts', negLow: -1, negHigh: 1, reading: comp('land-acts@cooperative', 'collapse').reading });
    expect(collapse.value).toBeCloseTo(100 * comp('land-acts@cooperative', 'collapse').diff.value, 10);
    expect(collapse.low).toBeCloseTo(100 * comp('land-acts@cooperative', 'collapse').diff.low, 10);
    expect(rates.layer.some((l: { encoding?: { x?: { datum?: number } } }) => l.encoding?.x?.datum === 0)).toBe(true);
    expect(rates.layer[0].encoding.y.sort).toEqual(['land-acts']);
    const ri = means.concat[0];
    expect(ri.title.text).toBe('final RI (RI points)');
    expect(ri.data.values[0].value).toBeCloseTo(comp('land-acts@cooperative', 'finalRI').diff.value, 10);
    expect(ri.data.values[0].negHigh).toBe(0.25);

    // Over time, in the CSVs: per-cause losses add up to each turn's, survival ends at 1 - collapse,
    // and survival's paired difference at the last turn is minus the collapse difference.
    const rows = (f: string) => readFileSync(join(out, f), 'utf8').trim().split('\n').map((l) => l.split(','));
    const [head, ...byTurn] = rows('collapse-by-turn.csv');
    expect(head).toEqual(['arm', 'turn', 'collapse', 'low', 'high', 'revolt', 'bankruptcy', 'wars']);
    expect(byTurn).toHaveLength(4 * 10);
    for (const r of byTurn) expect(Number(r[5]) + Number(r[6]) + Number(r[7])).toBeCloseTo(Number(r[2]), 12);
    const surv = rows('survival.csv');
    expect(surv[0]!.slice(0, 5)).toEqual(['arm', 'turn', 'survival', 'survival_low', 'survival_high']);
    for (const a of j.arms) {
      const last = surv.find((r) => r[0] === a.name && r[1] === '10')!;
      expect(Number(last[2])).toBeCloseTo(1 - a.metrics.collapse.value, 12);
    }
    const diff = rows('survival-difference.csv').find((r) => r[0] === 'land-acts@mixed' && r[2] === '10')!;
    expect(Number(diff[3])).toBeCloseTo(-comp('land-acts@mixed', 'collapse').diff.value, 12);
    expect(rows('arms.csv')[0]).toEqual(['arm', 'field', 'x', 'games', 'collapse', 'collapse_low', 'collapse_high', 'final_ri', 'final_ri_low', 'final_ri_high']);
  }, 120_000);
});

describe('robustness verdicts', () => {
  const e = experimentSchema.parse({ name: 'v', games: 10, arms: [{ name: 'a' }], metrics: ['collapse', 'finalRI'] });
  const row = (field: string, value: number, half: number, silent = false, metric: 'collapse' | 'finalRI' = 'collapse'): ComparisonRow => ({
    arm: `x@${field}`, base: 'x', field, baseline: `base@${field}`, metric, silent: silent ? 'never' : null,
    diff: { value, low: value - half, high: value + half }, p: 0, significant: Math.abs(value) > half, varianceReduction: null, reading: silent ? 'no conclusion' : 'unclear',
  });

  it('robust: significant with the same sign in every field where it came into play', () => {
    const [v] = verdicts(e, [row('f1', 0.05, 0.01), row('f2', 0.03, 0.01), row('f3', -0.2, 0.01, true)]);
    expect(v!.verdict).toBe('robust');
    expect(v!.text).toBe('x raises collapse in every field: f1 5.0 points [4.0, 6.0]; f2 3.0 points [2.0, 4.0]. Never came into play with f3.');
  });

  it('no effect: nowhere both significant and at least the negligible size (1 point for rates, 0.25 for the RI)', () => {
    expect(verdicts(e, [row('f1', 0.005, 0.002), row('f2', 0.01, 0.02)])[0]!.verdict).toBe('no effect');
    expect(verdicts(e, [row('f1', 0.2, 0.1, false, 'finalRI'), row('f2', 0.1, 0.2, false, 'finalRI')])[0]!.verdict).toBe('no effect');
  });

  it('field-dependent: says which way it goes with which field', () => {
    const [v] = verdicts(e, [row('f1', 0.05, 0.01), row('f2', -0.04, 0.01), row('f3', 0.001, 0.01)]);
    expect(v!.verdict).toBe('field-dependent');
    expect(v!.text).toMatch(/^x: collapse depends on who plays: raises it with f1; lowers it with f2; no change that survives Holm's adjustment with f3 \(/);
  });

  it('no conclusion when it never came into play anywhere', () => {
    expect(verdicts(e, [row('f1', 0, 0, true), row('f2', 0, 0, true)])[0]!.verdict).toBe('no conclusion');
  });
});
