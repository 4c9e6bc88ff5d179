// The run accumulator: any split of the games into batches, merged in any grouping and order, gives
// the same accumulator and the same summary text as folding the games one by one.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePolicies } from '../policies/index.js';
import { playGame } from '../src/legions/game.js';
import type { Outcome } from '../src/legions/outcome.js';
import { RunAccumulator } from '../src/games/legions/accumulator.js';
import { perGameHeader, perGameRow } from '../src/games/legions/pergame.js';
import { formatDuration, Progress } from '../src/sim/progress.js';
import { fingerprint, parseShard, runIdentity, type RunSpec, shardRange } from '../src/sim/spec.js';
import { game as legionsGame } from '../src/games/legions/definition.js';
import { summarise, summaryText } from '../src/games/legions/summary.js';
import { makeConfig } from './helpers.js';

const GAMES = 150;
const cfg = makeConfig(5);
const spec: RunSpec = { game: legionsGame, cfg, policies: ['statesman', 'opportunist', 'random', 'statesman', 'opportunist'], seed: 'acc', games: GAMES, start: 0, end: GAMES, shard: null };
let outcomes: Outcome[] = [];

function fold(os: readonly Outcome[]): RunAccumulator {
  const a = new RunAccumulator(5);
  for (const o of os) a.add(o);
  return a;
}

/** Merges parts by a random binary tree (given by the `order` of merge positions). */
function mergeTree(parts: RunAccumulator[], order: number[]): RunAccumulator {
  const list = parts.slice();
  for (const k of order) {
    if (list.length < 2) break;
    const i = k % (list.length - 1);
    const merged = list[i]!.merge(list[i + 1]!);
    list.splice(i, 2, merged);
  }
  while (list.length > 1) list.splice(0, 2, list[0]!.merge(list[1]!));
  return list[0] ?? new RunAccumulator(5);
}

beforeAll(() => {
  const pols = parsePolicies(spec.policies.join(','), 5);
  outcomes = Array.from({ length: GAMES }, (_, i) => playGame(cfg, spec.seed, i, pols).outcome);
});

describe('RunAccumulator', () => {
  it('round-trips through JSON', () => {
    const a = fold(outcomes);
    const j = JSON.stringify(a.toJSON());
    expect(JSON.stringify(RunAccumulator.fromJSON(JSON.parse(j)).toJSON())).toBe(j);
    expect(a.games).toBe(GAMES);
    expect(a.causes.reduce((s, c) => s + c, 0)).toBe(GAMES);
  });

  it('merges any split, in any grouping and order, to the same bytes', () => {
    const whole = fold(outcomes);
    const id = runIdentity(spec);
    const text = summaryText(summarise(whole, id, fingerprint(id), [0, GAMES]));
    const wholeJSON = JSON.stringify(whole.toJSON());
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: GAMES - 1 }), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        (cuts, order, reverse) => {
          const at = [0, ...cuts.sort((a, b) => a - b), GAMES];
          let parts = at.slice(1).map((e, k) => fold(outcomes.slice(at[k], e)));
          if (reverse) parts = parts.reverse();
          const merged = mergeTree(parts, order);
          // Through JSON, as between worker, checkpoint and shard files.
          const again = RunAccumulator.fromJSON(JSON.parse(JSON.stringify(merged.toJSON())));
          expect(JSON.stringify(again.toJSON())).toBe(wholeJSON);
          expect(summaryText(summarise(again, id, fingerprint(id), [0, GAMES]))).toBe(text);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a malformed accumulator, naming the field', () => {
    const j = fold(outcomes.slice(0, 10)).toJSON() as unknown as Record<string, unknown>;
    expect(() => RunAccumulator.fromJSON({ ...j, causes: [1, 2] })).toThrow(/causes/);
    expect(() => RunAccumulator.fromJSON({ ...j, games: 11 })).toThrow(/add up/);
  });
});

describe('summary', () => {
  it('counts causes, win shares and per-turn losses consistently', () => {
    const a = fold(outcomes);
    const id = runIdentity(spec);
    const s = summarise(a, id, fingerprint(id), [0, GAMES]);
    const survived = outcomes.filter((o) => o.cause === 0).length;
    expect(s.survival.count).toBe(survived);
    expect(s.collapse.count + s.survival.count).toBe(GAMES);
    const wins = s.winRate.bySeat.reduce((t, w) => t + w.count, 0);
    expect(wins).toBeCloseTo(outcomes.filter((o) => o.winners).length, 9);
    const lostByTurn = s.byTurn.reduce((t, r) => t + r.losses.revolt + r.losses.bankruptcy + r.losses.wars, 0);
    expect(lostByTurn).toBe(s.collapse.count);
    expect(s.byTurn[0]!.atRisk).toBe(GAMES);
    expect(s.byTurn[s.byTurn.length - 1]!.survival).toBeCloseTo(s.survival.rate, 12);
    expect(s.byTurn[0]!.revolutionIndex.n).toBe(GAMES);
    // One definition each (metric-defs.ts): the spread over every game, the winner's margin over survived ones.
    expect(s.prestige.winnerMargin.n).toBe(survived);
    expect(s.prestige.prestigeSpread.n).toBe(GAMES);
    const spreads = outcomes.map((o) => Math.max(...o.prestige) - Math.min(...o.prestige));
    expect(s.prestige.prestigeSpread.mean).toBeCloseTo(spreads.reduce((t, x) => t + x, 0) / GAMES, 8);
    const margins = outcomes.filter((o) => o.cause === 0).map((o) => {
      const p = [...o.prestige].sort((x, y) => y - x);
      return p[0]! - p[1]!;
    });
    expect(s.prestige.winnerMargin.mean).toBeCloseTo(margins.reduce((t, x) => t + x, 0) / survived, 8);
    expect(s.prestige.winnerMargin.max).toBe(Math.max(...margins));
    expect(s.policyErrors.total).toBe(0);
    const byPolicy = Object.fromEntries(s.winRate.byPolicy.map((p) => [p.policy, p.seats]));
    expect(byPolicy).toEqual({ statesman: 2, opportunist: 2, random: 1 });
  });
});

describe('per-game rows', () => {
  it('have as many cells as the header and no quoting', () => {
    const header = perGameHeader(5).trimEnd().split(',');
    for (let i = 0; i < 20; i++) {
      const row = perGameRow(spec.seed, i, outcomes[i]!);
      expect(row.endsWith('\n')).toBe(true);
      expect(row.trimEnd().split(',')).toHaveLength(header.length);
      expect(row).not.toMatch(/"/);
    }
  });
});

describe('shards', () => {
  it('split the game indices into contiguous ranges covering every game once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100000 }), fc.integer({ min: 1, max: 64 }), (games, n) => {
        fc.pre(n <= games);
        let at = 0;
        for (let i = 0; i < n; i++) {
          const [s, e] = shardRange(games, parseShard(`${i}/${n}`, games));
          expect(s).toBe(at);
          expect(e).toBeGreaterThan(s);
          at = e;
        }
        expect(at).toBe(games);
      }),
    );
  });
  it('refuse bad forms', () => {
    expect(() => parseShard('1-4', 10)).toThrow(/i\/n/);
    expect(() => parseShard('4/4', 10)).toThrow(/0\.\.3/);
    expect(() => parseShard('0/0', 10)).toThrow(/at least 1/);
    expect(() => parseShard('0/20', 10)).toThrow(/more shards than games/);
  });
});

describe('progress', () => {
  function fake(isTTY: boolean) {
    let out = '';
    let t = 0;
    const stream = { isTTY, columns: 100, write: (s: string) => (out += s) };
    return { stream, now: () => t, tick: (ms: number) => (t += ms), text: () => out };
  }
  it('redraws a bar with rate and ETA on a terminal', () => {
    const f = fake(true);
    const p = new Progress(1000, { stream: f.stream, now: f.now });
    p.start();
    f.tick(1000);
    p.update(250);
    expect(f.text()).toMatch(/\r\x1b\[Ksimulate \[#+-+\]  25\.0 % 250\/1,000 games  250 games\/s  ETA 0:03$/);
    f.tick(3000);
    p.update(1000);
    p.finish();
    expect(f.text().endsWith('100.0 % 1,000/1,000 games  250 games/s  ETA 0:00\n')).toBe(true);
  });
  it('writes a plain line every interval otherwise, counting a resume', () => {
    const f = fake(false);
    const p = new Progress(1000, { stream: f.stream, now: f.now, every: 10 });
    p.start(400);
    f.tick(5000);
    p.update(500);
    f.tick(5000);
    p.update(600);
    p.finish();
    expect(f.text().split('\n')).toEqual([
      'simulate: resuming at 400/1,000 games',
      'simulate: 600/1,000 games (60.0 %), 20 games/s, ETA 0:20',
      'simulate: 600/1,000 games (60.0 %), 20 games/s, ETA 0:20',
      '',
    ]);
  });
  it('is silent when quiet', () => {
    const f = fake(true);
    const p = new Progress(10, { stream: f.stream, now: f.now, quiet: true });
    p.start();
    p.update(5);
    p.finish();
    expect(f.text()).toBe('');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
