// A Caesar XL experiment through the generic runner: arms on common random numbers, each compared with
// its own baseline; the paired difference agrees with the exact odds; bad files refused; the report
// renders in a headless browser with the verdict first.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exactOdds, parseBattle } from '../src/caesar/index.js';
import { launchBrowser } from '../src/report/browser.js';
import { expectRefused, run } from './cli-run.js';
import { testTempDir } from './tmp.js';

const temp = testTempDir('cxexp');
const tmp = temp.path;
afterAll(() => temp.remove());
const root = join(__dirname, '..');
const FILE = join(root, 'experiments', 'caesar-double-line.json');
const out = join(tmp, 'report');

describe('caesar-double-line.json', () => {
  it('runs: every Double Line arm against its own baseline, the rulebook difference matching the exact odds', () => {
    const r = run(['experiment', FILE, '--games', '20000', '--out', out, '--quiet', '--threads', '2']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const j = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(j.format).toBe('caesar-xl-experiment/1');
    expect(j.gamesPerArm).toBe(20000);
    const byArm = Object.fromEntries(j.arms.map((a: { name: string; baseline: string | null }) => [a.name, a.baseline]));
    expect(byArm).toEqual({ '2v2': null, '2v2-double-line': '2v2', '4v4': null, '4v4-double-line': '4v4', '6v6': null, '6v6-double-line': '6v6', 'rulebook-no-tactic': null, rulebook: 'rulebook-no-tactic' });
    const cmp = j.comparisons.find((c: { arm: string; metric: string }) => c.arm === 'rulebook' && c.metric === 'attackerWins');
    const raw = JSON.parse(readFileSync(join(root, 'battles', 'rulebook.json'), 'utf8'));
    const withCard = parseBattle(raw);
    const without = parseBattle({ ...raw, defender: { ...raw.defender, tactic: null } });
    const exact = exactOdds(withCard, withCard.rules).attackerWins - exactOdds(without, without.rules).attackerWins;
    expect(exact).toBeCloseTo(0.104961 - 0.384657, 5);
    expect(cmp.diff.low).toBeLessThanOrEqual(exact);
    expect(cmp.diff.high).toBeGreaterThanOrEqual(exact);
    expect(cmp.reading).toBe('effect');
    // Pairing: the same dice with and without the card, so the difference is far tighter than two independent runs'.
    expect(cmp.varianceReduction).toBeGreaterThan(1.2);
    for (const f of ['index.html', 'comparisons.csv', 'metrics.csv', 'design-note.txt', 'manifest.json', 'charts/differences.vl.json', 'charts/differences.svg']) expect(existsSync(join(out, f)), f).toBe(true);
    // Threads never change the results.
    const again = join(tmp, 'again');
    expect(run(['experiment', FILE, '--games', '20000', '--out', again, '--quiet', '--threads', '1']).status).toBe(0);
    const strip = (d: string) => {
      const x = JSON.parse(readFileSync(join(d, 'results.json'), 'utf8'));
      delete x.perf;
      return JSON.stringify(x);
    };
    expect(strip(again)).toBe(strip(out));
  }, 120_000);

  it('resumes after a hard crash to the same results, and refuses a resume of other settings', () => {
    const dir = join(tmp, 'crash');
    const crashed = run(['experiment', FILE, '--games', '20000', '--out', dir, '--quiet', '--threads', '2', '--checkpoint', '0'], { env: { LEGIONS_TEST_CRASH_AFTER_CHECKPOINTS: '2' } });
    expect(crashed.signal).toBe('SIGKILL');
    expect(existsSync(join(dir, 'checkpoint.json'))).toBe(true);
    expect(existsSync(join(dir, 'results.json'))).toBe(false);
    expectRefused(run(['experiment', FILE, '--games', '10000', '--out', dir, '--quiet', '--resume']), /--resume: .*checkpoint\.json is of another run: --games differs: 20000 in the checkpoint, 10000 in this command/);
    const resumed = run(['experiment', FILE, '--games', '20000', '--out', dir, '--quiet', '--threads', '1', '--resume']);
    expect(resumed.status).toBe(0);
    const strip = (d: string) => {
      const x = JSON.parse(readFileSync(join(d, 'results.json'), 'utf8'));
      delete x.perf;
      return JSON.stringify(x);
    };
    expect(strip(dir)).toBe(strip(out));
  }, 120_000);

  it('the balance gate: passes unchanged, fails (exit 1) when a rule changes on purpose, refuses another experiment\'s baseline', () => {
    const duel = join(root, 'battles', 'rulebook.json');
    const body = (rules: Record<string, unknown>) => ({ game: 'caesar-xl', name: 'gate', games: 4000, seed: 'g', arms: [{ name: 'rulebook', battle: duel, rules }], metrics: ['attackerWins', 'rounds'], gate: { attackerWins: { practical: 0.02 }, rounds: { practical: 0.1 } } });
    const file = join(tmp, 'gate.json');
    writeFileSync(file, JSON.stringify(body({})));
    const baseline = join(tmp, 'gate-baseline.json');
    expect(run(['check', file, '--baseline', baseline, '--update-baseline', '--quiet']).status).toBe(0);
    expect(JSON.parse(readFileSync(baseline, 'utf8')).format).toBe('caesar-xl-gate-baseline/1');
    const same = run(['check', file, '--baseline', baseline, '--quiet']);
    expect(same.status).toBe(0);
    expect(same.stdout).toMatch(/no metric moved/);
    // Silver veterans on purpose: the attacker's veteran Legion absorbs a hit; the gate measures the change.
    writeFileSync(file, JSON.stringify(body({ silverVeterans: true })));
    const moved = run(['check', file, '--baseline', baseline, '--quiet']);
    expect(moved.status).toBe(1);
    expect(moved.stdout).toMatch(/rulebook +attackerWins .*MOVED/);
    expect(moved.stdout).toMatch(/metric\(s\) moved beyond tolerance/);
    // Another experiment (other games per arm) is refused, not compared.
    expectRefused(run(['check', file, '--baseline', baseline, '--games', '3000', '--quiet']), /--baseline .* is of another experiment/);
  }, 120_000);

  it('refuses bad experiment files with one line, naming the problem', () => {
    const write = (name: string, body: unknown) => {
      const f = join(tmp, `${name}.json`);
      writeFileSync(f, JSON.stringify(body));
      return f;
    };
    const battle = '../../' + 'x';
    const base = { game: 'caesar-xl', name: 'x', games: 10, arms: [{ name: 'a', battle: join(root, 'battles', 'legion-duel.json') }] };
    const cases: [unknown, RegExp][] = [
      [{ ...base, game: 'chess' }, /--game: unknown game "chess"/],
      [{ ...base, arms: [{ name: 'a' }] }, /arm a: battle: give a battle file or the battle itself/],
      [{ ...base, arms: [{ name: 'a', battle: battle }] }, /arm a: battle .*: cannot read the file/],
      [{ ...base, arms: [{ name: 'a', battle: join(root, 'battles', 'legion-duel.json'), horses: 3 }] }, /arm a: unknown key "horses"/],
      [{ ...base, arms: [...base.arms, { name: 'b', baseline: 'zz', battle: join(root, 'battles', 'legion-duel.json') }] }, /arms\.1\.baseline: no arm named "zz"/],
      [{ ...base, metrics: ['glory'] }, /metrics: "glory" is not an outcome field of caesar-xl/],
      [{ ...base, arms: [{ name: 'a', battle: join(root, 'battles', 'legion-duel.json'), tactic: { defender: 'wedge' } }] }, /arm a: defender\.tactic/],
      [{ ...base, arms: [{ name: 'a', battle: join(root, 'battles', 'legion-duel.json'), tactic: null }] }, /arm a: tactic: an object/],
      [{ ...base, arms: [{ name: 'a', battle: 5, rules: { manyDice: true } }] }, /arm a: battle: a file name or the battle itself/],
      [{ ...base, arms: [{ name: 'a', battle: null, tactic: { defender: null } }] }, /arm a: battle: a file name or the battle itself/],
      [{ ...base, arms: [{ name: 'a', battle: join(root, 'battles', 'legion-duel.json'), rules: 3 }] }, /arm a: rules: an object/],
      [{ ...base, negligible: { glory: 0.1 } }, /negligible: "glory" is not one of the metrics/],
      [{ ...base, games: 1 }, /games: .*2/],
    ];
    for (const [body, pattern] of cases) expectRefused(run(['experiment', write('bad', body), '--out', join(tmp, 'never'), '--quiet']), pattern);
    // Refused before any game is played: nothing at all is left in --out.
    expect(existsSync(join(tmp, 'never')) ? readdirSync(join(tmp, 'never')).filter((f) => !f.startsWith('.')) : []).toEqual([]);
    expectRefused(run(['experiment', write('ok', base), '--out', join(tmp, 'never'), '--quiet', '--checkpoint', '-5']), /--checkpoint must be a number of seconds/);
    expectRefused(run(['experiment', FILE, '--game', 'legions-x', '--out', join(tmp, 'never')]), /--game: unknown game/);
    expectRefused(run(['experiment', join(root, 'experiments', 'variants.json'), '--game', 'caesar-xl', '--out', join(tmp, 'never')]), /--game caesar-xl, but .*variants\.json is a legions experiment/);
  });

  it('renders in a headless browser: the verdict first, with its differences plot', async (ctx) => {
    let browser;
    try {
      ({ browser } = await launchBrowser());
    } catch (e) {
      console.warn(`no headless Chromium could be launched, report not checked in a browser: ${String(e).split('\n')[0]}`);
      ctx.skip();
      return;
    }
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`file://${join(out, 'index.html')}`);
      const sections = await page.$$eval('body > section', (ss) => ss.map((x) => x.id));
      expect(sections).toEqual(['verdict', 'comparisons', 'metrics', 'glossary', 'run']);
      expect(await page.$$eval('#verdict ol li', (li) => li.length)).toBeGreaterThanOrEqual(4);
      const box = await page.$eval('#chart-differences svg', (svg) => svg.getBoundingClientRect().width);
      expect(box).toBeGreaterThan(300);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
