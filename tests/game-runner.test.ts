// The game-agnostic runner with two games behind it: LEGIONS' outputs unchanged by the contract (pinned
// hashes, taken from the runner before it existed, re-pinned only when play changed on purpose), Caesar
// XL battles played, sharded, merged and summarised by the same code, its Monte Carlo agreeing with the
// exact odds, and the refusals.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exactOdds, parseBattle } from '../src/caesar/index.js';
import { expectRefused, run, runAll, snapshot, summaryOf } from './cli-run.js';
import { testTempDir } from './tmp.js';

const temp = testTempDir('games');
const tmp = temp.path;
afterAll(() => temp.remove());
const root = join(__dirname, '..');
const RULEBOOK = join(root, 'battles', 'rulebook.json');
const DUEL = join(root, 'battles', 'legion-duel.json');
const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex').slice(0, 16);
const json = (f: string) => JSON.parse(readFileSync(f, 'utf8'));

describe('LEGIONS behind the game contract', () => {
  it('writes byte for byte what the runner wrote before the contract (summary, accumulator, per-game CSV)', () => {
    const out = join(tmp, 'pin');
    const r = run(['simulate', '--games', '300', '--seed', 'pin', '--players', '5', '--variants', 'deaths', '--threads', '2', '--quiet', '--out', out, '--per-game', join(out, 'games.csv')]);
    expect(r.status).toBe(0);
    const summary = json(join(out, 'summary.json'));
    delete summary.perf;
    const acc = json(join(out, 'accumulator.json'));
    delete acc.perf;
    delete acc.sha256;
    // Pinned from `main` before src/sim/game.ts existed (same command); re-pinned when play changed on purpose.
    expect(sha(JSON.stringify(summary))).toBe('b6afa964cbfe95c9');
    expect(sha(JSON.stringify(acc))).toBe('7d94c50edf9e8c07');
    expect(sha(readFileSync(join(out, 'games.csv')))).toBe('5fe01aca9eaaabdb');
    expect(summary.config.game).toBeUndefined(); // a LEGIONS identity never named its game
    expect(acc.format).toBe('legions-accumulator/3');
  });
});

describe('Caesar XL battles through the runner', () => {
  const runs: Record<string, string> = {};
  const battle = (name: string, file: string, extra: string[] = []) => {
    const out = join(tmp, name);
    runs[name] = out;
    return ['simulate', '--game', 'caesar-xl', '--battle', file, '--games', '20000', '--seed', 'cx', '--quiet', '--out', out, ...extra];
  };

  it('plays N battles: summary.json has every outcome field, attackerWins as {count, rate, ci95}, and agrees with the exact odds', async () => {
    const rs = await runAll([battle('rulebook', RULEBOOK, ['--threads', '2']), battle('rulebook-1', RULEBOOK, ['--threads', '1']), battle('duel', DUEL)], {}, 2);
    for (const r of rs) expect(r.stderr).toBe('');
    expect(rs.map((r) => r.status)).toEqual([0, 0, 0]);
    expect(rs[0]!.stdout).toMatch(/^20000 battles: the attacker holds the field in 10\.\d\d %/);
    for (const [name, file] of [['rulebook', RULEBOOK], ['duel', DUEL]] as const) {
      const s = json(join(runs[name]!, 'summary.json'));
      expect(s.format).toBe('caesar-xl-summary/1');
      expect(s.config.game).toBe('caesar-xl');
      expect(s.games).toBe(20000);
      expect(Object.keys(s.attackerWins)).toEqual(['label', 'count', 'rate', 'ci95']);
      expect(s.attackerWins.rate).toBe(s.attackerWins.count / 20000);
      expect(s.attackerWins.count + s.defenderWins.count).toBe(20000);
      const setup = parseBattle(json(file));
      const exact = exactOdds(setup, setup.rules);
      expect(exact.attackerWins).toBeGreaterThanOrEqual(s.attackerWins.ci95[0]);
      expect(exact.attackerWins).toBeLessThanOrEqual(s.attackerWins.ci95[1]);
      expect(exact.expectedRounds).toBeGreaterThanOrEqual(s.rounds.ci95[0]);
      expect(exact.expectedRounds).toBeLessThanOrEqual(s.rounds.ci95[1]);
      for (const f of ['summary.csv', 'manifest.json', 'accumulator.json', 'charts/outcomes.vl.json', 'charts/outcomes.svg']) expect(existsSync(join(runs[name]!, f)), f).toBe(true);
    }
    // Threads never change the results.
    expect(summaryOf(runs['rulebook-1']!)).toBe(summaryOf(runs.rulebook!));
  }, 120_000);

  it('shards and merges to the single run\'s bytes; refuses to merge shards of different games', async () => {
    const shards = [0, 1].map((i) => join(tmp, `shard-${i}`));
    const rs = await runAll(shards.map((d, i) => ['simulate', '--game', 'caesar-xl', '--battle', RULEBOOK, '--games', '20000', '--seed', 'cx', '--quiet', '--threads', '1', '--shard', `${i}/2`, '--out', d]), {}, 2);
    expect(rs.map((r) => r.status)).toEqual([0, 0]);
    const merged = join(tmp, 'merged');
    const m = run(['merge', ...shards, '--out', merged]);
    expect(m.stderr).toBe('');
    expect(m.status).toBe(0);
    expect(summaryOf(merged)).toBe(summaryOf(runs.rulebook!));

    const legionsShard = join(tmp, 'legions-shard');
    expect(run(['simulate', '--games', '40', '--seed', 'cx', '--shard', '1/2', '--quiet', '--out', legionsShard]).status).toBe(0);
    const before = snapshot(tmp);
    const mixed = run(['merge', shards[0]!, legionsShard, '--out', join(tmp, 'mixed')]);
    expectRefused(mixed, /merge: the shards are of different games: caesar-xl in .*shard-0, legions in .*legions-shard/);
    expectRefused(run(['merge', legionsShard, '--game', 'caesar-xl', '--out', join(tmp, 'mixed')]), /merge: --game caesar-xl, but the shards are legions shards/);
    expect(snapshot(tmp)).toEqual(before);
  }, 120_000);

  it('resume refuses a checkpoint of another battle, naming it', () => {
    const out = join(tmp, 'resume');
    expect(run(['simulate', '--game', 'caesar-xl', '--battle', DUEL, '--games', '500', '--quiet', '--out', out]).status).toBe(0);
    const r = run(['simulate', '--game', 'caesar-xl', '--battle', RULEBOOK, '--games', '500', '--quiet', '--out', out, '--resume']);
    expectRefused(r, /--resume: .*accumulator\.json is of another run: the battle \(--battle; battle hash\) differs/);
  });

  it('odds --game caesar-xl gives the exact odds (the rulebook battle: 0.104961; 1 Legion v 1 Legion: 2/5)', () => {
    const r = run(['odds', '--game', 'caesar-xl', '--battle', RULEBOOK, '--json']);
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.attackerWins.toFixed(6)).toBe('0.104961');
    expect(j.attackerWins + j.defenderWins).toBeCloseTo(1, 12);
    expect(j.round1.attackerLosses.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1, 12);
    expect(Object.keys(j)).toEqual(expect.arrayContaining(['attackerWins', 'defenderWins', 'expectedRounds', 'attackerSupremeLost', 'round1']));
    expect(JSON.parse(run(['odds', '--game', 'caesar-xl', '--battle', DUEL, '--json']).stdout).attackerWins).toBeCloseTo(0.4, 12);
    expect(run(['odds', '--game', 'caesar-xl', '--battle', RULEBOOK]).stdout).toMatch(/attacker holds the field +10\.4961 %/);
  });

  it('refuses bad input with one line and writes nothing', () => {
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, JSON.stringify({ attacker: { units: [{ kind: 'leader' }] }, defender: { units: [{ kind: 'legion' }] } }));
    const out = join(tmp, 'never');
    const big = join(tmp, 'big.json');
    const side = (lead: Record<string, unknown>) => ({ units: [lead, ...Array.from({ length: 39 }, () => ({ kind: 'legion' }))], tactic: null });
    writeFileSync(big, JSON.stringify({ attacker: side({ kind: 'leader', swords: 3, supreme: true }), defender: side({ kind: 'leader', swords: 2 }) }));
    const cases: [string[], RegExp][] = [
      [['simulate', '--game', 'caesar-xl', '--games', '10', '--out', out], /--game caesar-xl needs --battle FILE/],
      [['simulate', '--game', 'caesar-xl', '--battle', bad, '--games', '10', '--out', out], /--battle .*bad\.json: attacker\.units\[0\]\.swords: leaders must give their swords/],
      [['simulate', '--game', 'caesar-xl', '--battle', RULEBOOK, '--variants', 'deaths', '--out', out], /--variants is a LEGIONS option/],
      [['simulate', '--game', 'caesar-xl', '--battle', RULEBOOK, '--policies', 'default,genius', '--out', out], /unknown battle policy "genius"/],
      [['simulate', '--battle', RULEBOOK, '--games', '10', '--out', out], /--battle is a Caesar XL option/],
      [['simulate', '--game', 'chess', '--games', '10', '--out', out], /--game: unknown game "chess" \(known: legions, caesar-xl\)/],
      [['replay', '--game', 'caesar-xl'], /replay: plays legions only/],
      [['odds', '--game', 'caesar-xl', '--battle', RULEBOOK, '--armies', '3'], /--armies is a LEGIONS option/],
      [['odds', '--game', 'caesar-xl', '--battle', big], /the attacker has 40 units, at most 24 a side can be enumerated/],
      [['simulate', '--game', 'caesar-xl', '--battle', RULEBOOK, '--players', '3', '--out', out], /--players is a LEGIONS option/],
    ];
    for (const [args, pattern] of cases) expectRefused(run(args), pattern);
    expect(existsSync(out)).toBe(false);
  });
});
