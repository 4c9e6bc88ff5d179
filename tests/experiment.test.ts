// Experiments: paired statistics against hand computations, interval coverage by simulation, schema
// errors, the published schema, thread-count independence, the CI gate and the HTML report in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../src/report/browser.js';
import { afterAll, describe, expect, it } from 'vitest';
import { testTempDir } from './tmp.js';
import { newArmAcc, newPairAcc } from '../src/games/legions/experiment/accumulator.js';
import { lineups } from '../src/games/legions/experiment/arms.js';
import { experimentJsonSchema, loadExperiment } from '../src/games/legions/experiment/schema.js';
import { alphaAtLook, compare, estimate, holm, mcnemarP, normalQuantile, pairedRate, zFor } from '../src/games/legions/experiment/stats.js';
import { makePrng } from '../src/core/rng.js';
import { wilson } from '../src/stats/intervals.js';

const root = join(__dirname, '..');
const bin = join(root, 'bin', 'legions.js');
const cli = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: root });
const temp = testTempDir('exp');
const tmp = temp.path;
afterAll(() => temp.remove());

function writeExperiment(name: string, body: Record<string, unknown>): string {
  const f = join(tmp, `${name}.json`);
  writeFileSync(f, JSON.stringify({ name, ...body }));
  return f;
}

describe('paired statistics (hand-computed cases)', () => {
  it('McNemar on discordant pairs: b = 3, c = 1 of 10 (exact test, Clopper-Pearson interval on the discordant games)', () => {
    const base = newArmAcc(5);
    const arm = newArmAcc(5);
    const pair = newPairAcc();
    base.n = arm.n = pair.n = 10;
    base.rates.collapse = 5; // baseline 5/10, arm 3/10: b = 3 (base yes, arm no), c = 1
    arm.rates.collapse = 3;
    pair.b.collapse = 3;
    pair.c.collapse = 1;
    const c = compare(arm, base, pair, 'collapse', 1.959963984540054);
    expect(c.diff.value).toBeCloseTo(-0.2, 12);
    // c | k = 4 ~ Binomial(4, t): Clopper-Pearson t in [0.006309, 0.805880]; difference (4 / 10)(2t - 1).
    expect(c.diff.low).toBeCloseTo(-0.394952429, 7); // 1e-7: z is turned back into alpha through an erf approximation
    expect(c.diff.high).toBeCloseTo(0.244703640, 7);
    // Exact McNemar: 2 P(X <= 1 | 4, 1/2) = 2 x 5/16.
    expect(c.p).toBeCloseTo(0.625, 12);
    expect(c.significant).toBe(false);
    // independent variance (0.3*0.7 + 0.5*0.5) / 10 = 0.046 over the paired (b + c - (c - b)^2 / n) / n^2 = 0.036
    expect(c.varianceReduction).toBeCloseTo(0.046 / 0.036, 12);
  });

  it('the interval and the p-value always agree: the cases a Wald interval got wrong, and a large one (Tango, score test)', () => {
    // (b, c, n) -> interval and p, computed independently (exact binomial sums; Tango's interval above 50 discordant games).
    const cases: [number, number, number, number, number, number, boolean][] = [
      [3, 11, 1000, -0.000223318957, 0.012695779939, 0.057373046875, false], // Wald said significant; McNemar p = 0.057
      [2, 12, 1000, 0.002012383495, 0.013501753566, 0.012939453125, true],
      [0, 6, 200, 0.002444512414, 0.03, 0.03125, true],
      [40, 70, 2000, 0.004804338948, 0.025618469059, 0.004231232900, true],
    ];
    for (const [b, c, n, lo, hi, p, sig] of cases) {
      const r = pairedRate(b, c, n, 1.959963984540054);
      expect(r.diff.low, `${b},${c}`).toBeCloseTo(lo, 7);
      expect(r.diff.high, `${b},${c}`).toBeCloseTo(hi, 7);
      expect(r.p, `${b},${c}`).toBeCloseTo(p, 9);
      expect(r.diff.low > 0 || r.diff.high < 0, `${b},${c}`).toBe(sig);
      expect(r.p < 0.05, `${b},${c}`).toBe(sig);
    }
    expect(mcnemarP(0, 0)).toBe(1);
  });

  it('Holm: p-values adjusted by rank, monotone, at most 1', () => {
    expect(holm([0.01, 0.04, 0.03, 0.5])).toEqual([0.04, 0.09, 0.09, 0.5]);
    expect(holm([0.3, 0.4])).toEqual([0.6, 0.6]);
    expect(holm([])).toEqual([]);
  });

  it('paired differences of a mean: d = 1, 2, 3, 4 (mean 2.5, sd 1.2910)', () => {
    const base = newArmAcc(5);
    const arm = newArmAcc(5);
    const pair = newPairAcc();
    base.n = arm.n = pair.n = 4;
    pair.sumD.finalRI = 10;
    pair.sumD2.finalRI = 30;
    // arm values 2,4,6,8 (var 6.667), base values 1,2,3,4 (var 1.667)
    arm.sum.finalRI = 20;
    arm.sumSq.finalRI = 120;
    base.sum.finalRI = 10;
    base.sumSq.finalRI = 30;
    const z = 1.959963984540054;
    const c = compare(arm, base, pair, 'finalRI', z);
    const sd = Math.sqrt((30 - 100 / 4) / 3);
    expect(c.diff.value).toBe(2.5);
    expect(c.diff.low).toBeCloseTo(2.5 - (z * sd) / 2, 12);
    expect(c.significant).toBe(true);
    expect(c.varianceReduction).toBeCloseTo((20 / 3 + 5 / 3) / 4 / (sd * sd / 4), 12);
  });

  it('estimates: Wilson for rates, mean +- z sd / sqrt(n) for means', () => {
    const a = newArmAcc(5);
    a.n = 100;
    a.rates.collapse = 30;
    a.sum.legionsLost = 250;
    a.sumSq.legionsLost = 1000;
    const z = 1.959963984540054;
    const e = estimate(a, 'collapse', z);
    expect([e.low, e.high]).toEqual(wilson(30, 100, z));
    const m = estimate(a, 'legionsLost', z);
    const sd = Math.sqrt((1000 - 250 * 250 / 100) / 99);
    expect(m.value).toBe(2.5);
    expect(m.high).toBeCloseTo(2.5 + (z * sd) / 10, 12);
  });

  it('the normal quantile and the alpha spent per look', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 8);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 12);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 7);
    expect(zFor(0.05)).toBeCloseTo(1.959963984540054, 8);
    let spent = 0;
    for (let k = 1; k < 40; k++) spent += alphaAtLook(0.05, k);
    expect(spent).toBeLessThan(0.05);
  });
});

describe('interval coverage by simulation', () => {
  it('a 95 % Wilson interval covers a known rate about 95 % of the time', () => {
    const r = makePrng('coverage');
    for (const [p, n] of [[0.3, 200], [0.05, 400]] as const) {
      let covered = 0;
      const reps = 3000;
      for (let i = 0; i < reps; i++) {
        let k = 0;
        for (let j = 0; j < n; j++) if (r() < p) k++;
        const [lo, hi] = wilson(k, n);
        if (lo <= p && p <= hi) covered++;
      }
      expect(covered / reps).toBeGreaterThan(0.93);
      expect(covered / reps).toBeLessThan(0.97);
    }
  });

  it('the paired difference interval covers a known difference about 95 % of the time', () => {
    const r = makePrng('paired coverage');
    const n = 400;
    const reps = 2000;
    let covered = 0;
    // Correlated pairs: base ~ Bernoulli(0.4); arm = base, flipped to 0 with prob 0.25 and from 0 to 1 with prob 0.05.
    const truth = 0.6 * 0.05 - 0.4 * 0.25; // P(arm) - P(base)
    for (let i = 0; i < reps; i++) {
      const base = newArmAcc(5);
      const arm = newArmAcc(5);
      const pair = newPairAcc();
      base.n = arm.n = pair.n = n;
      for (let j = 0; j < n; j++) {
        const x = r() < 0.4 ? 1 : 0;
        const y = x ? (r() < 0.25 ? 0 : 1) : r() < 0.05 ? 1 : 0;
        base.rates.collapse += x;
        arm.rates.collapse += y;
        if (x && !y) pair.b.collapse++;
        if (!x && y) pair.c.collapse++;
      }
      const c = compare(arm, base, pair, 'collapse', 1.959963984540054);
      if (c.diff.low <= truth && truth <= c.diff.high) covered++;
    }
    expect(covered / reps).toBeGreaterThan(0.93);
    expect(covered / reps).toBeLessThan(0.97);
  });
});

describe('experiment files', () => {
  const broken: [string, Record<string, unknown>, RegExp][] = [
    ['no games', { arms: [{ name: 'a' }] }, /games: .*(number|expected)/i],
    ['four players', { games: 10, players: 4, arms: [{ name: 'a' }] }, /players/],
    ['unknown metric', { games: 10, arms: [{ name: 'a' }], metrics: ['happiness'] }, /metrics\.0/],
    ['no arms', { games: 10 }, /arms: give at least one arm/],
    ['unknown baseline', { games: 10, arms: [{ name: 'a' }], baseline: 'b' }, /baseline: no arm is named "b"/],
    ['twin arms', { games: 10, arms: [{ name: 'a' }, { name: 'a' }] }, /used twice/],
    ['bad sweep', { games: 10, sweep: { param: 'turns', values: [5], from: 1, to: 2, step: 1 } }, /sweep: give either values/],
    ['stray field', { games: 10, arms: [{ name: 'a' }], colour: 'red' }, /Unrecognized key.*colour|colour/],
    ['bad arm name', { games: 10, arms: [{ name: 'a b' }] }, /arms\.0\.name/],
  ];
  for (const [what, body, pattern] of broken) {
    it(`refuses ${what}, naming the field`, () => {
      expect(() => loadExperiment(writeExperiment(what.replace(/ /g, '-'), body))).toThrow(pattern);
    });
  }

  it('refuses bad values only the engine knows, through the CLI, as one line with exit 2', () => {
    for (const [body, pattern] of [
      [{ games: 10, arms: [{ name: 'a', variants: ['chariots'] }] }, /arms\.0\.variants: unknown variant "chariots"/],
      [{ games: 10, arms: [{ name: 'a', rules: { magic: 1 } }] }, /unknown rule key "magic"/],
      [{ games: 10, arms: [{ name: 'a', policies: 'genius' }] }, /unknown policy "genius"/],
    ] as const) {
      const r = cli('experiment', writeExperiment('engine-bad', body), '--out', join(tmp, 'never'), '--quiet');
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(pattern);
      expect(existsSync(join(tmp, 'never', 'index.html'))).toBe(false);
    }
  });

  it('the published JSON Schema is the one the code validates with', () => {
    const published = JSON.parse(readFileSync(join(root, 'experiments', 'schema.json'), 'utf8'));
    expect(published).toEqual(experimentJsonSchema());
  });

  it('every shipped experiment file is valid', () => {
    for (const f of ['default', 'ci-balance', 'players-3-vs-5', 'policy-mix', 'treasury-sweep', 'seat-advantage', 'variants', 'senate-variants']) {
      expect(() => loadExperiment(join(root, 'experiments', `${f}.json`))).not.toThrow();
    }
  });

  it('seat rotation: a cyclic Latin square, or every permutation', () => {
    const l = lineups('latin', 5);
    expect(l).toHaveLength(5);
    for (let s = 0; s < 5; s++) expect(new Set(l.map((x) => x[s])).size).toBe(5);
    expect(lineups('all', 3)).toHaveLength(6);
    expect(lineups('none', 5)).toEqual([[0, 1, 2, 3, 4]]);
  });
});

describe('running experiments', () => {
  const small = writeExperiment('small', {
    games: 300, seed: 'small', players: 5, policies: ['statesman', 'opportunist', 'parametric', 'statesman', 'opportunist'],
    seatRotation: 'latin', arms: [{ name: 'base' }, { name: 'land-acts', variants: ['land-acts'] }],
    metrics: ['collapse', 'finalRI', 'prestigeSpread'], gate: { collapse: { practical: 0.02 }, finalRI: { practical: 0.5 } },
  });

  it('gives byte-identical results for 1 and 2 threads (all but perf)', () => {
    const results = [1, 2].map((t) => {
      const out = join(tmp, `threads-${t}`);
      const r = cli('experiment', small, '--out', out, '--threads', String(t), '--quiet');
      expect(r.status).toBe(0);
      const j = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
      delete j.perf;
      return JSON.stringify(j);
    });
    expect(results[1]).toBe(results[0]);
    const j = JSON.parse(results[0]!);
    expect(j.arms[0].games).toBe(300);
    expect(j.comparisons.length).toBe(3);
    expect(j.headlines[0]).toMatch(/^land-acts (lowers|raises|leaves)/);
    for (const f of ['metrics.csv', 'comparisons.csv', 'seats.csv', 'policies.csv', 'collapse-by-turn.csv', 'manifest.json', 'index.html', 'charts/metric-collapse.vl.json', 'charts/metric-collapse.svg']) {
      expect(existsSync(join(tmp, 'threads-1', f))).toBe(true);
    }
  });

  it('the balance gate passes on an unchanged tree and fails when a rule is changed on purpose', () => {
    const baseline = join(tmp, 'baseline.json');
    expect(cli('check', small, '--baseline', baseline, '--update-baseline', '--quiet').status).toBe(0);
    const same = cli('check', small, '--baseline', baseline, '--quiet');
    expect(same.status).toBe(0);
    expect(same.stdout).toMatch(/no metric moved/);
    // --json prints the gate rows (then the verdict line).
    const rows = JSON.parse(cli('check', small, '--baseline', baseline, '--quiet', '--json').stdout.split('\nbalance gate:')[0]!);
    expect(rows.map((r: { metric: string }) => r.metric).sort()).toEqual(['collapse', 'collapse', 'finalRI', 'finalRI']);
    const { name: _name, ...body } = JSON.parse(readFileSync(small, 'utf8'));
    const changed = writeExperiment('small-changed', { ...body, rules: { startStateTreasury: 40 } });
    const moved = cli('check', changed, '--baseline', baseline, '--quiet');
    expect(moved.status).toBe(1);
    expect(moved.stdout).toMatch(/MOVED/);
    expect(moved.stdout).toMatch(/metric\(s\) moved beyond tolerance/);
  });

  it('lists, per arm, the parameters of its Republic of Rome modules that the seeds do not give, with their values', () => {
    const f = writeExperiment('seedless', {
      games: 60, seed: 's', policies: 'statesman', metrics: ['collapse'],
      arms: [{ name: 'base' }, { name: 'ds', variants: ['ror-disaster-standoff'], rules: { rorDisasterRoll: 12 } }, { name: 'll', variants: ['ror-leaderless-legions'] }],
    });
    const out = join(tmp, 'seedless');
    expect(cli('experiment', f, '--out', out, '--quiet').status).toBe(0);
    const j = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    const byArm = Object.fromEntries(j.arms.map((a: { name: string; outOfSeed: unknown[] }) => [a.name, a.outOfSeed]));
    expect(byArm.base).toEqual([]);
    expect(byArm.ll).toEqual([]); // every number of ror-leaderless-legions is in the seeds
    expect(byArm.ds.map((o: { param: string }) => o.param)).toEqual(['rorDisasterRoll', 'rorStandoffRoll', 'rorDisasterLossDiv', 'rorStandoffLossDiv']);
    expect(byArm.ds[0]).toMatchObject({ module: 'ror-disaster-standoff', value: '12', isDefault: false });
    expect(byArm.ds[1]).toMatchObject({ value: '15', isDefault: true });
    expect(byArm.ds[1].source).toMatch(/^Not in the seeds/);
    expect(readFileSync(join(out, 'out-of-seed.csv'), 'utf8').split('\n')[1]).toMatch(/^ds,ror-disaster-standoff,rorDisasterRoll,12,0,/);
    const page = readFileSync(join(out, 'index.html'), 'utf8');
    expect(page).toMatch(/<section id="out-of-seed">/);
    expect(page).toMatch(/1 arm plays Republic of Rome modules with numbers the seeds do not give/);
    expect(page).toMatch(/12 \(set by the run\)/);
  });

  it('a precision target adds games until every rate interval is narrow enough', () => {
    const f = writeExperiment('precise', { games: 200, seed: 'p', policies: 'statesman', arms: [{ name: 'only' }], metrics: ['collapse'], precision: 0.06, maxGames: 3200 });
    const out = join(tmp, 'precise');
    expect(cli('experiment', f, '--out', out, '--quiet').status).toBe(0);
    const j = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(j.looks).toBeGreaterThan(1);
    const e = j.arms[0].metrics.collapse;
    expect((e.high - e.low) / 2 < 0.06 || j.gamesPerArm === 3200).toBe(true);
    expect(j.confidence).toBeCloseTo(1 - 0.05 / 2 ** j.looks, 12);
  });

  it('the report renders in headless Chromium: the verdict first, over time, definitions, every chart drawn, no console error', async (ctx) => {
    // A report with fields (a forest plot and over-time charts per field) beside the plain one above.
    const fielded = writeExperiment('fielded', {
      // "same" changes nothing: every game equals the baseline's, so its rows say "no conclusion".
      games: 60, seed: 'fielded', fields: ['cooperative', 'selfish'], arms: [{ name: 'base' }, { name: 'land-acts', variants: ['land-acts'] }, { name: 'deaths', variants: ['deaths'] }, { name: 'same', rules: {} }],
      metrics: ['collapse', 'revolt', 'bankruptcy', 'wars', 'finalRI', 'prestigeSpread'],
    });
    expect(cli('experiment', fielded, '--out', join(tmp, 'fielded'), '--threads', '1', '--quiet').status).toBe(0);
    let browser;
    try {
      ({ browser } = await launchBrowser()); // a system Chromium if present, else the npm-bundled one
    } catch (e) {
      // The only reason to skip: no Chromium at all can be started on this machine.
      console.warn(`no headless Chromium could be launched, report not checked in a browser: ${String(e).split('\n')[0]}`);
      ctx.skip();
      return;
    }
    try {
      // One page for both (the bundled Chromium runs as a single process: closing a page can end it).
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      for (const [out, verdictCharts] of [[join(tmp, 'threads-1'), ['verdict']], [join(tmp, 'fielded'), ['verdict-cooperative', 'verdict-selfish']]] as const) {
        await page.goto(`file://${join(out, 'index.html')}`);
        // Sections: the verdict comes first, before every other section and heading of the report.
        const sections = await page.$$eval('body > section', (ss) => ss.map((x) => x.id));
        expect(sections[0], out).toBe('verdict');
        for (const id of ['verdict', 'survival', 'glossary']) expect(sections, out).toContain(id);
        const firstH2 = await page.$eval('h2', (h) => h.closest('section')?.id);
        expect(firstH2).toBe('verdict');
        const verdictFigures = await page.$$eval('#verdict figure', (fs) => fs.map((f) => f.id));
        expect(verdictFigures).toEqual(verdictCharts.map((c) => `chart-${c}`));
        const note = await page.$$eval('#verdict ol.note li', (li) => li.map((x) => x.textContent));
        expect(note.length).toBeGreaterThanOrEqual(2);
        if (verdictCharts.length > 1) {
          expect(note.at(-1)).toBe("same: no conclusion: its games equal base's in every field.");
          expect(await page.$eval('#chart-verdict-selfish svg', (svg) => [...svg.querySelectorAll('text')].map((t) => t.textContent))).toContain('no conclusion');
        }
        expect(await page.$$eval('#survival figure', (fs) => fs.length)).toBeGreaterThanOrEqual(3 * (verdictCharts.length) + 1);
        expect(await page.$eval('#glossary', (g) => g.textContent)).toMatch(/Revolution Index scale[\s\S]*harmless up to 2/);
        // Every chart drawn: an inline SVG with a size and marks in every figure.
        const figures = await page.$$eval('figure', (fs) => fs.map((f) => {
          const svg = f.querySelector('svg');
          const box = svg?.getBoundingClientRect();
          return { id: f.id, w: box?.width ?? 0, h: box?.height ?? 0, marks: svg?.querySelectorAll('path, rect, line').length ?? 0 };
        }));
        expect(figures.length).toBeGreaterThanOrEqual(8);
        for (const fig of figures) {
          expect(fig.w, fig.id).toBeGreaterThan(100);
          expect(fig.h, fig.id).toBeGreaterThan(50);
          expect(fig.marks, fig.id).toBeGreaterThan(3);
        }
        expect(errors, out).toEqual([]);
      }
    } finally {
      await browser.close();
    }
    // The README's picture: the screenshot script draws the panel of a report as a PNG, at most 1400 px wide.
    const png = join(tmp, 'verdict.png');
    const shot = spawnSync(process.execPath, [join(root, 'scripts', 'screenshot.mjs'), '--report', join(tmp, 'fielded'), '--out', png], { encoding: 'utf8' });
    expect(shot.status, shot.stderr).toBe(0);
    const head = readFileSync(png);
    expect(head.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const [w, h] = [head.readUInt32BE(16), head.readUInt32BE(20)];
    expect(w).toBeGreaterThan(800);
    expect(w).toBeLessThanOrEqual(1400);
    expect(h).toBeGreaterThan(300);
  });

  it('the screenshot script refuses bad options with one line and exit 2', () => {
    for (const [args, pattern] of [[['--bogus', '1'], /unknown option --bogus/], [['--width', '12'], /--width must be/], [['--report', join(tmp, 'nowhere')], /does not exist/], [['--out', 'x.jpg'], /must name a \.png/]] as const) {
      const r = spawnSync(process.execPath, [join(root, 'scripts', 'screenshot.mjs'), ...args], { encoding: 'utf8' });
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(pattern);
    }
  });
});
