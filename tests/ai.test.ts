// AI policies: the rollout search is honest about hidden information, tuning improves a bad vector,
// tournaments rotate seats and rank by Bradley-Terry.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bradleyTerry } from '../src/ai/bradley-terry.js';
import { lineup, runTournament, type TournamentRow, untoldApart } from '../src/ai/tournament.js';
import { tournamentHtml } from '../src/cli/tournament.js';
import { EvalPool } from '../src/ai/pool.js';
import { evaluate, tune } from '../src/ai/tune.js';
import { makePrng, shuffle } from '../src/core/rng.js';
import { initPolicies, playOn, startGame } from '../src/legions/game.js';
import { cloneState, type GameState } from '../src/legions/state.js';
import { makePolicy, parsePolicies } from '../policies/index.js';
import { OPPORTUNIST, STATESMAN, type Weights } from '../policies/parametric.js';
import { COMPETENT_POSTURE, DEFAULT_RACE, DEFAULT_ROLLOUT, RolloutPolicy } from '../policies/rollout.js';
import { makeConfig } from './helpers.js';
import { testTempDir } from './tmp.js';

/** A 5-player game played to the end of turn `t` (a turn boundary, where the rollout chooses). */
function gameAtTurn(t: number, seed: string): GameState {
  const cfg = makeConfig(5);
  const pols = parsePolicies('statesman,opportunist,statesman,opportunist,statesman', 5);
  const g = startGame(cfg, seed, pols);
  playOn(g, pols, t);
  return g;
}

/** Rewrites everything the viewer must not know: all future draws, deck orders, others' tribunes. */
function changeTheFuture(g: GameState, viewer: number): void {
  const r = makePrng('another future');
  for (const k of ['cards', 'events', 'senators', 'tribunes', 'deaths', 'revolts', 'rorGarrisons', 'rorAssassination', 'commanders', 'repopulation'] as const) g.rng[k] = makePrng(`future/${k}`);
  shuffle(r, g.eventDeck);
  const deck: number[] = [];
  for (let i = 0; i < g.deckCount; i++) deck.push(g.deck[(g.deckHead + i) % 30]!);
  shuffle(r, deck);
  deck.forEach((s, i) => (g.deck[(g.deckHead + i) % 30] = s));
  // Move a real tribune between two other factions, keeping each hand's size.
  const others = [0, 1, 2, 3, 4].filter((f) => f !== viewer);
  const from = others.find((f) => g.tribunesReal[f]! > 0);
  const to = others.find((f) => f !== from && g.tribunesDummy[f]! > 0);
  if (from !== undefined && to !== undefined) {
    g.tribunesReal[from]--;
    g.tribunesDummy[from]++;
    g.tribunesReal[to]++;
    g.tribunesDummy[to]--;
  }
}

function chooser(seats: string): RolloutPolicy {
  const pols = parsePolicies(seats, 5);
  const r = pols[0] as RolloutPolicy;
  r.init(0, makePrng('rollout decisions'));
  return r;
}

/** A game's own data as JSON: the streams, the wars' version and the candidates' listing (cache tokens unique to each state, not game content) left out. */
const gameData = (g: GameState): string => JSON.stringify({ ...g, rng: null, warsVersion: null, candsListing: null });

describe('rollout policy', () => {
  const seats = 'rollout:3,opportunist,statesman,opportunist,statesman';

  it('never reads the real future: changing hidden draws and decks leaves its choice unchanged', () => {
    for (const t of [1, 3, 5]) {
      const g = gameAtTurn(t, `honest/${t}`);
      if (g.lost) continue;
      const h = cloneState(g);
      changeTheFuture(h, 0);
      expect(h.eventDeck).not.toEqual(g.eventDeck);
      const a = chooser(seats).choosePosture(g, 0);
      const b = chooser(seats).choosePosture(h, 0);
      expect(b).toBe(a);
    }
  });

  it('does not disturb the real game it looks ahead from', () => {
    const g = gameAtTurn(2, 'untouched');
    const before = gameData(g);
    const probe = g.rng.cards.int32();
    const g2 = gameAtTurn(2, 'untouched');
    chooser(seats).choosePosture(g2, 0);
    expect(gameData(g2)).toBe(before);
    expect(g2.rng.cards.int32()).toBe(probe);
  });

  it('is deterministic for a given seed and plays legal games', () => {
    const run = () => {
      const cfg = makeConfig(5);
      const pols = parsePolicies('rollout:2,statesman,opportunist,statesman,opportunist', 5);
      const g = startGame(cfg, 'rollout-det', pols);
      initPolicies(g, pols);
      playOn(g, pols);
      return { prestige: g.prestige, lost: g.lost, errors: g.stats.policyErrors, chosen: (pols[0] as RolloutPolicy).chosen };
    };
    const a = run();
    expect(run()).toEqual(a);
    expect(a.errors).toBe(0);
    expect(a.chosen.length).toBeGreaterThan(0);
  });
});

describe('rollout policy: the sticky race (the default)', () => {
  const seats = 'rollout:race:1:2:4,opportunist,statesman,opportunist,statesman';
  const race = { ...DEFAULT_RACE, every: 1, screen: 2, confirm: 4 };

  it('parses its budget and keeps the classic allocation reachable', () => {
    expect((makePolicy('rollout') as RolloutPolicy).opts).toBe(DEFAULT_ROLLOUT);
    expect((makePolicy('rollout:race:3:2:5') as RolloutPolicy).opts.race).toEqual({ ...DEFAULT_RACE, every: 3, screen: 2, confirm: 5 });
    expect((makePolicy('rollout:race') as RolloutPolicy).opts.race).toEqual(DEFAULT_RACE);
    expect((makePolicy('rollout:classic') as RolloutPolicy).opts).toMatchObject({ rollouts: 4, common: false, race: null });
    expect((makePolicy('rollout:4') as RolloutPolicy).opts).toEqual((makePolicy('rollout:classic') as RolloutPolicy).opts);
    for (const bad of ['rollout:race:0', 'rollout:race:2:0', 'rollout:race:2:1:-1', 'rollout:race:1.5', 'rollout:race:1:2:3:4', 'rollout:race:', 'rollout:racex', 'rollout:classic:2']) {
      expect(() => makePolicy(bad), bad).toThrow(/rollout/);
    }
  });

  it('never reads the real future and leaves the real game untouched', () => {
    for (const t of [1, 3, 5]) {
      const g = gameAtTurn(t, `honest-race/${t}`);
      if (g.lost) continue;
      const before = gameData(g);
      const h = cloneState(g);
      changeTheFuture(h, 0);
      const a = chooser(seats).racePosture(g, 0, race);
      expect(chooser(seats).racePosture(h, 0, race)).toBe(a);
      expect(gameData(g)).toBe(before);
    }
  });

  it('prunes: a challenger not ahead in the screen costs no confirmation, and only a confirmed one takes over', () => {
    const costs = new Set<number>();
    for (let t = 0; t < 6; t++) {
      const g = gameAtTurn(t, `prune/${t}`);
      if (g.lost) continue;
      const r = chooser(seats);
      const k = r.racePosture(g, 0, race);
      const screen = race.candidates.length * race.screen;
      expect([screen, screen + 2 * race.confirm]).toContain(r.playouts);
      if (r.playouts === screen) expect(k).toBe(COMPETENT_POSTURE);
      costs.add(r.playouts);
    }
    expect(costs.has(race.candidates.length * race.screen)).toBe(true); // some searches stop after the screen
  });

  it('searches only every few turns and keeps its posture in between', () => {
    const cfg = makeConfig(5);
    const pols = parsePolicies('rollout:race:3:1:2,competent,competent,competent,competent', 5);
    const g = startGame(cfg, 'race-skip', pols);
    const r = pols[0] as RolloutPolicy;
    const playoutsByTurn: number[] = [];
    while (g.lost === 0 && g.turn < g.params.turns) {
      const before = r.playouts;
      playOn(g, pols, g.turn + 1); // one turn: the rollout seat's beginTurn, then the turn
      playoutsByTurn.push(r.playouts - before);
    }
    expect(playoutsByTurn.length).toBeGreaterThan(3);
    playoutsByTurn.forEach((n, t) => expect(n > 0, `turn ${t}`).toBe(t % 3 === 2));
    r.chosen.forEach((k, t) => { if (t % 3 !== 2 && t > 0) expect(k).toBe(r.chosen[t - 1]); });
    expect(r.decisions).toBe(playoutsByTurn.length);
  });

  it('is deterministic for a given seed, plays legal games and costs a fraction of the classic playouts', () => {
    const run = (name: string, seed = 'race-det') => {
      const pols = parsePolicies(`${name},statesman,opportunist,statesman,opportunist`, 5);
      const g = startGame(makeConfig(5), seed, pols);
      playOn(g, pols);
      const r = pols[0] as RolloutPolicy;
      return { prestige: g.prestige, lost: g.lost, errors: g.stats.policyErrors, chosen: r.chosen, playouts: r.playouts, decisions: r.decisions };
    };
    const a = run('rollout');
    expect(run('rollout')).toEqual(a);
    expect(a.errors).toBe(0);
    expect(a.decisions).toBeGreaterThan(0);
    // The cost is a mean (a game whose screen finds a challenger plays 12 more): a fifth of the classic's over five games.
    let playouts = 0;
    let decisions = 0;
    for (let k = 0; k < 5; k++) {
      const b = run('rollout', `race-cost-${k}`);
      expect(b.errors).toBe(0);
      playouts += b.playouts;
      decisions += b.decisions;
    }
    expect(decisions).toBeGreaterThan(10);
    expect(playouts).toBeLessThan(20 * decisions / 5);
    expect(run('rollout:classic').playouts).toBe(20 * run('rollout:classic').decisions);
  });
});

describe('tune', () => {
  /** Deliberately bad: never cooperates, bids everything, buys Games at any price, sends too few legions. */
  const bad: Weights = {
    ...STATESMAN, cooperateRI: 30, civic: 0, aggression: 1, bidShare: 1, bidStatusOffset: 0, knightSpend: 5,
    knightReserve: 0, gamesReserve: 0, warMargin: 0, votePrice: 20, claimIncomeSurplus: 0,
  };

  it('improves a deliberately bad weight vector on a tiny budget', async () => {
    const cfg = makeConfig(5);
    const field = ['statesman', 'parametric'];
    const pool = new EvalPool(1); // games on this thread (vitest runs source, which workers cannot load)
    const r = await tune(pool, cfg, bad, field, { generations: 3, population: 6, parents: 2, games: 40, sigma: 0.25, seed: 'tune-test' });
    const seeds = 'tune-test/check';
    const score = async (w: Weights) => {
      const e = await evaluate(pool, cfg, w, field, 150, seeds);
      return e.wins + 0.25 * e.survived;
    };
    expect(await score(r.best)).toBeGreaterThan(await score(bad));
    expect(r.history).toHaveLength(3);
    // (mu + lambda): the best fitness never falls from one generation to the next on its own seeds.
    expect(r.bestFitness).toBeGreaterThanOrEqual(0);
  });
});

describe('tournament', () => {
  it('names the neighbours in the ranking whose win-rate intervals overlap (not told apart)', () => {
    const row = (policy: string, rank: number, lo: number, hi: number): TournamentRow =>
      ({ policy, games: 1000, wins: 0, winRate: (lo + hi) / 2, ci95: [lo, hi], strength: 1, rank, btRank: rank });
    // In the order of the ranks, whatever the rows' order: a clear of b, b clear of c, c and d overlap.
    const rows = [row('d', 4, 0, 0.004), row('a', 1, 0.137, 0.182), row('c', 3, 0.002, 0.012), row('b', 2, 0.057, 0.089)];
    expect(untoldApart(rows)).toEqual([['c', 'd']]);
    expect(untoldApart([row('a', 1, 0.1, 0.2), row('b', 2, 0.15, 0.25)])).toEqual([['a', 'b']]);
    // The report's HTML section says so too, and says nothing when every neighbour is told apart.
    const result = (rs: TournamentRow[]) => ({
      players: 5, games: 1000, seed: 's', rows: rs, rolloutMsPerDecision: null,
      collapseAllSeats: rs.map((x) => ({ policy: x.policy, games: 0, collapse: 0, ci95: [0, 0] as [number, number] })),
    });
    expect(tournamentHtml(result(rows), '')).toContain('<p>Not told apart by these games (their win-rate intervals overlap): c and d.</p>');
    expect(tournamentHtml(result([rows[1]!, rows[3]!]), '')).not.toContain('Not told apart');
  });

  it('rotates every policy over every seat equally', () => {
    const k = 3;
    const n = 5;
    const seen = Array.from({ length: k }, () => new Array<number>(n).fill(0));
    for (let i = 0; i < 3 * k; i++) lineup(i, k, n).forEach((p, s) => seen[p]![s]!++);
    for (const row of seen) expect(new Set(row).size).toBe(1);
  });

  it('Bradley-Terry recovers known strengths', () => {
    // i beats j in proportion p_i / (p_i + p_j) with p = (4, 2, 1): exact expected counts.
    const p = [4, 2, 1];
    const wins = p.map((a, i) => p.map((b, j) => (i === j ? 0 : (60 * a) / (a + b))));
    const s = bradleyTerry(wins);
    expect(s[0]! / s[1]!).toBeCloseTo(2, 6);
    expect(s[1]! / s[2]!).toBeCloseTo(2, 6);
  });

  it('on a rigged field, the weak policy ranks last and a twin of the opportunist ranks like him', () => {
    const temp = testTempDir('twin');
    onTestFinished(() => temp.remove());
    const dir = temp.path;
    const twin = join(dir, 'twin.json');
    writeFileSync(twin, JSON.stringify({ weights: { ...OPPORTUNIST, cooperateRI: 30 } })); // 30: the file's cap, never reached before collapseClose
    const cfg = makeConfig(5);
    const names = ['random', 'opportunist', `parametric:${twin}`];
    const r = runTournament(cfg, names, 150, 'rigged', 0);
    const row = (name: string) => r.rows.find((x) => x.policy === name)!;
    expect(row('random').rank).toBe(3);
    // Ranks follow the win rates shown beside them; Bradley-Terry has its own rank column.
    const ranked = [...r.rows].sort((x, y) => x.rank - y.rank);
    for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1]!.winRate).toBeGreaterThanOrEqual(ranked[i]!.winRate);
    expect(new Set(r.rows.map((x) => x.btRank))).toEqual(new Set([1, 2, 3]));
    expect(row('random').winRate).toBeLessThan(row('opportunist').winRate);
    const a = row('opportunist');
    const b = row(names[2]!);
    expect(a.ci95[0]).toBeLessThan(b.ci95[1]); // the twins' intervals overlap
    expect(b.ci95[0]).toBeLessThan(a.ci95[1]);
    expect(a.strength / b.strength).toBeGreaterThan(0.5);
    expect(a.strength / b.strength).toBeLessThan(2);
    for (const x of r.rows) expect(x.games).toBe(250); // 150 games x 5 seats / 3 policies
  });
});
