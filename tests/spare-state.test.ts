// playOutcome plays each game into the state the last one of its shape left (game.ts spareStates): setupGame writes
// the new game over that state's arrays, streams and motions (setup.ts, `prev`). A state so reused must
// be the state a fresh setup makes, whatever the game before it did, and the outcomes the same as
// playGame's; a game played inside a game finds no spare and makes its own state.
import { describe, expect, it } from 'vitest';
import { gameSeed } from '../src/core/rng.js';
import { type GameConfig, playGame, playOn, playOutcome, startGame } from '../src/legions/game.js';
import { newMotion } from '../src/legions/motion.js';
import type { Policy } from '../src/legions/policy.js';
import { setupGame } from '../src/legions/setup.js';
import type { GameState } from '../src/legions/state.js';
import { parseVariants, VARIANT_NAMES } from '../src/legions/variants.js';
import { makePolicy } from '../policies/index.js';
import { makeConfig, watchPolicy } from './helpers.js';

const lineup = ['competent', 'statesman', 'opportunist', 'competent', 'random'];
const seats = (players: number): Policy[] => lineup.slice(0, players).map((n) => makePolicy(n));

/** Players 3 and 5 under no variation, each variation alone and all of them. */
const CONFIGS: readonly (readonly [string, GameConfig])[] = [3, 5].flatMap((players) =>
  [[], ...VARIANT_NAMES.map((v) => [v]), [...VARIANT_NAMES]].map((vs) => [
    `${players} players, ${vs.length === 0 ? 'base game' : vs.length === 1 ? vs[0] : 'every variation'}`,
    { ...makeConfig(players), variants: parseVariants(vs) },
  ] as const));

/**
 * What a fresh setup and a reused one must agree on: all of it but the numbers taken afresh by every
 * setup (warsVersion, candsListing), and the agenda's pool of entries, which a reused state keeps at
 * the length it grew to (every entry blank, as a fresh state's eight).
 */
function comparable(g: GameState): Record<string, unknown> {
  const blank = newMotion(g.players);
  expect(g.agenda.length).toBeGreaterThanOrEqual(8);
  for (const m of g.agenda) expect(m).toEqual(blank);
  return { ...g, warsVersion: 0, candsListing: 0, agenda: g.agenda.slice(0, 8) };
}

describe('a state reused by setupGame', () => {
  for (const [label, cfg] of CONFIGS) {
    it(`${label}: equals a fresh setup, field by field, after each of several games`, () => {
      const policies = seats(cfg.players);
      let prev: GameState | null = null;
      for (let i = 0; i < 4; i++) {
        const seed = gameSeed('spare-state', i);
        const fresh = setupGame(cfg, seed, false);
        const senOwner = prev?.senOwner;
        const g = startGame(cfg, seed, policies, false, prev);
        if (prev !== null) expect(g.senOwner).toBe(senOwner); // (the arrays are reused, not made again)
        // The streams as setup leaves them (initPolicies only binds them): the comparison takes their state.
        expect(comparable(g)).toEqual(comparable(fresh));
        playOn(g, policies);
        expect(g.riByTurn.length).toBeGreaterThan(0); // (a game played: the next setup writes over what it did)
        prev = g;
      }
    });
  }

  it('is not reused for another shape of game (players, board or variations)', () => {
    const five = makeConfig(5);
    const prev = playGame(five, 'spare-shape', 0, seats(5)).state;
    const three = setupGame(makeConfig(3), gameSeed('spare-shape', 1), false, prev);
    expect(three.senOwner).not.toBe(prev.senOwner);
    const other = setupGame({ ...five, variants: parseVariants(['revolts']) }, gameSeed('spare-shape', 1), false, prev);
    expect(other.wars).not.toBe(prev.wars);
    expect(other.senOwner).not.toBe(prev.senOwner);
    expect(comparable(other)).toEqual(comparable(setupGame({ ...five, variants: other.variants }, gameSeed('spare-shape', 1), false)));
  });
});

describe('playOutcome', () => {
  it('gives playGame\'s outcomes, game after game, in the base game and every variation, 3 and 5 players', () => {
    // Runs of games of one configuration (each reuses the state the one before left), then playGame's.
    const runs = CONFIGS.filter(([label]) => /base game|every variation|ror-multiple-commanders|bills|revolts/.test(label));
    const reused: string[] = [];
    for (const [, cfg] of runs) for (let i = 0; i < 40; i++) reused.push(JSON.stringify(playOutcome(cfg, 'spare-outcomes', i, seats(cfg.players))));
    const fresh: string[] = [];
    for (const [, cfg] of runs) for (let i = 0; i < 40; i++) fresh.push(JSON.stringify(playGame(cfg, 'spare-outcomes', i, seats(cfg.players)).outcome));
    expect(reused.length).toBeGreaterThanOrEqual(400);
    expect(reused).toEqual(fresh);
  });

  it('keeps a spare per shape of game: arms of other variations played in turn each reuse their own', () => {
    const a = makeConfig(5);
    const b = { ...makeConfig(5), variants: parseVariants(['revolts']) };
    const states: GameState[] = [];
    // The first seat's beginTurn sees the game's state: the one its arrays were written into.
    const watching = (): Policy[] => seats(5).map((p, seat) => watchPolicy(p, (t) => ({
      beginTurn: (g, me) => {
        if (seat === 0 && g.turn === 0) states.push(g as GameState);
        t.beginTurn?.(g, me);
      },
    })));
    const cfgs = [a, b, a, b, a];
    cfgs.forEach((cfg, i) => expect(JSON.stringify(playOutcome(cfg, 'spare-arms', i, watching()))).toBe(JSON.stringify(playGame(cfg, 'spare-arms', i, seats(5)).outcome)));
    expect(states).toHaveLength(5);
    expect(states[2]!.senOwner).toBe(states[0]!.senOwner); // arm a again: a's arrays
    expect(states[4]!.senOwner).toBe(states[2]!.senOwner);
    expect(states[3]!.wars).not.toBe(states[2]!.wars);
    expect(states[3]!.senOwner).toBe(states[1]!.senOwner); // arm b again: b's arrays, not a's
    expect(states[1]!.senOwner).not.toBe(states[0]!.senOwner);
  });

  it('keeps no array of the state in the outcome', () => {
    const cfg = makeConfig(5);
    const first = playOutcome(cfg, 'spare-own', 0, seats(5));
    const copy = JSON.stringify(first);
    for (let i = 1; i < 4; i++) playOutcome(cfg, 'spare-own', i, seats(5));
    expect(JSON.stringify(first)).toBe(copy);
  });

  it('plays a game inside a game in a state of its own, both outcomes unchanged', () => {
    const cfg = makeConfig(5);
    let outer: GameState | null = null;
    const inner: GameState[] = [];
    let nested = 0;
    // The first seat, at the start of turns 3 and 6, plays a whole other game with playOutcome first.
    const nesting = (p: Policy, seat: number): Policy => watchPolicy(p, (target) => ({
      beginTurn: (g, me) => {
        if (seat === 0 && (g.turn === 2 || g.turn === 5)) {
          outer = g as GameState;
          nested++;
          const innerSeats = seats(5).map((q) => watchPolicy(q, (t) => ({
            attend: (ig, f, s) => {
              inner.push(ig as GameState);
              return t.attend(ig, f, s);
            },
          })));
          expect(JSON.stringify(playOutcome(cfg, 'spare-inner', nested, innerSeats))).toBe(JSON.stringify(playGame(cfg, 'spare-inner', nested, seats(5)).outcome));
        }
        target.beginTurn?.(g, me);
      },
    }));
    for (let i = 0; i < 6; i++) {
      const plain = playGame(cfg, 'spare-nested', i, seats(5)).outcome;
      const withInner = playOutcome(cfg, 'spare-nested', i, seats(5).map(nesting));
      expect(JSON.stringify(withInner)).toBe(JSON.stringify(plain));
    }
    expect(nested).toBeGreaterThan(4);
    expect(outer).not.toBeNull();
    for (const g of inner) {
      expect(g).not.toBe(outer);
      expect(g.senOwner).not.toBe(outer!.senOwner);
      expect(g.agenda).not.toBe(outer!.agenda);
      expect(g.rng).not.toBe(outer!.rng);
    }
  });
});
