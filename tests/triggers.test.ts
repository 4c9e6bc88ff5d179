// Variation trigger counts and degeneracy warnings: a variation that never fires is reported as such,
// and figures that look like quirks (a seat or role winning more than twice its share, or never;
// rubber-stamp votes) are flagged.
import { describe, expect, it } from 'vitest';
import { parsePolicies } from '../policies/index.js';
import { playGame } from '../src/legions/game.js';
import { parseVariants } from '../src/legions/variants.js';
import { RunAccumulator } from '../src/games/legions/accumulator.js';
import { summarise } from '../src/games/legions/summary.js';
import { TRIGGERS } from '../src/games/legions/triggers.js';
import { degeneracyWarnings } from '../src/games/legions/warnings.js';
import { VARIANT_NAMES } from '../src/legions/variants.js';
import { makeConfig } from './helpers.js';

function run(variants: string, games: number, tweak?: Parameters<typeof makeConfig>[1]) {
  const cfg = { ...makeConfig(5, tweak), variants: parseVariants(variants) };
  const acc = new RunAccumulator(5);
  for (let i = 0; i < games; i++) acc.add(playGame(cfg, 'triggers', i, parsePolicies('statesman', 5)).outcome);
  const id = {
    players: 5, policies: Array(5).fill('statesman'), variants: variants ? variants.split(',') : [], seed: 'triggers', games,
    turns: cfg.params.turns, rulesHash: 'x', boardHash: 'y',
  };
  return summarise(acc, id, 'f', [0, games]);
}

describe('variation trigger counts', () => {
  it('every variation has a trigger counter that is one of the outcome\'s metrics', () => {
    expect(Object.keys(TRIGGERS).sort()).toEqual([...VARIANT_NAMES].sort());
  });

  it('one entry per enabled variation; the count is the games in which its counter was above zero', () => {
    const s = run('land-acts,deaths,distribution', 120);
    expect(Object.keys(s.triggers).sort()).toEqual(['deaths', 'distribution', 'land-acts']);
    const t = s.triggers['deaths']!;
    expect(t.count).toBeGreaterThan(0);
    expect(t.games).toBe(t.count); // the name for it: games in which the variation fired
    expect(t.count).toBeLessThanOrEqual(120);
    expect(t.rate).toBeCloseTo(t.count / 120, 9); // the summary keeps 10 significant digits
    expect(t.ci95[0]).toBeLessThanOrEqual(t.rate);
    expect(t.perGame).toBeGreaterThanOrEqual(t.rate); // at least one event in each game that fired
    expect(Object.keys(t.detail)).toEqual(['deaths', 'officersDied']);
    // The distribution table deals other cards than chance in nearly every game.
    expect(s.triggers['distribution']!.rate).toBeGreaterThan(0.9);
    expect(run('', 5).triggers).toEqual({});
  });

  it('a variation that cannot fire is counted in no game (revolts below RI 10 with a one-turn game)', () => {
    const s = run('revolts', 40, (p) => (p.turns = 1));
    expect(s.triggers['revolts']!.count).toBe(0);
    expect(s.triggers['revolts']!.perGame).toBe(0);
  });
});

describe('degeneracy warnings', () => {
  const base = {
    games: 1000, survived: 500, players: 5, seatWins: [100, 100, 100, 100, 100], policyWins: [{ policy: 'a', wins: 500, seatGames: 5000 }],
    temporaryConsulWins: 100, motions: 1000, unanimousVotes: 500,
  };

  it('none for a fair run', () => {
    expect(degeneracyWarnings(base)).toEqual([]);
  });

  it('a seat or the Temporary Consul\'s faction above twice its share (by the interval\'s lower bound), or never winning', () => {
    const w = degeneracyWarnings({ ...base, seatWins: [250, 0, 90, 80, 80], temporaryConsulWins: 300 });
    expect(w).toEqual([
      'seat 0 wins 25.0 % of its games, more than twice its fair share (10.0 %)',
      'seat 1 never wins (fair share 10.0 %, 1000 games)',
      "the Temporary Consul's faction wins 30.0 % of its games, more than twice its fair share (10.0 %)",
    ]);
    // 22 % is more than twice 10 % but its interval reaches below 20 %: no warning.
    expect(degeneracyWarnings({ ...base, seatWins: [220, 70, 70, 70, 70] })).toEqual([]);
  });

  it('a policy never winning in a field of several; rubber-stamp Senates', () => {
    const w = degeneracyWarnings({
      ...base, policyWins: [{ policy: 'a', wins: 500, seatGames: 3000 }, { policy: 'b', wins: 0, seatGames: 2000 }], unanimousVotes: 950,
    });
    // Policy a's 16.7 % is above its share but not twice it: only b and the votes are flagged.
    expect(w).toEqual([
      'policy b never wins (fair share 10.0 %, 2000 games)',
      '95 % of the Senate\'s votes were unanimous: the players rubber-stamp, so the Senate decides little',
    ]);
  });
});
