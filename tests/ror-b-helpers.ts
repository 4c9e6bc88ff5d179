// Shared set-ups for the tests of the Republic of Rome modules ror-garrisons, ror-frontier and
// ror-assassination (tests/ror-*.test.ts).
import { expect } from 'vitest';
import { parsePolicies } from '../policies/index.js';
import { playGame } from '../src/legions/game.js';
import type { Outcome } from '../src/legions/outcome.js';
import type { Policy } from '../src/legions/policy.js';
import { type GameConfig, setupGame } from '../src/legions/setup.js';
import { AT_GOVERNOR, AT_ROME, type GameState, SENATORS } from '../src/legions/state.js';
import { parseVariants } from '../src/legions/variants.js';
import { forcedCards, makeConfig, stubPolicy, takeFromDeck } from './helpers.js';

export type Tweak = Parameters<typeof makeConfig>[1];
export const card = (colour: number, status: number): number => colour * 10 + status - 1;

export function config(players: number, variants: string, tweak?: Tweak): GameConfig {
  return { ...makeConfig(players, tweak), variants: parseVariants(variants) };
}

/**
 * A prepared position: setup with `variants`, turn `turn`, step `step`, the Temporary Consul still in
 * the chair but no longer temporary, every faction senator in Rome present, Prestige 10 each, and no
 * card draw allowed (a forced empty stream; so are the modules' own streams unless a test sets them).
 */
export function position(players: number, variants: string, turn = 3, step = 'senate', tweak?: Tweak): GameState {
  const g = setupGame(config(players, variants, tweak), 'ror-b', false);
  g.turn = turn;
  g.step = step;
  g.temporaryConsul = false;
  for (let f = 0; f < players; f++) g.prestige[f] = 10;
  for (let s = 0; s < SENATORS; s++) g.senPresent[s] = g.senOwner[s]! >= 0 && g.senWhere[s] === AT_ROME ? 1 : 0;
  g.rng.cards = forcedCards([]);
  g.rng.rorGarrisons = forcedCards([]);
  g.rng.rorAssassination = forcedCards([]);
  return g;
}

/** Takes deck senator s into faction f, in Rome and present. */
export function recruit(g: GameState, s: number, f: number): void {
  takeFromDeck(g, s);
  g.senOwner[s] = f;
  g.senWhere[s] = AT_ROME;
  g.senPresent[s] = 1;
}

/** Makes senator s (a faction senator in Rome, or a neutral) the governor of conquered province p, appointed in `turn`. */
export function governor(g: GameState, s: number, p: number, turn: number): void {
  g.provConquered[p] = 1;
  g.provGovernor[p] = s;
  g.provGovTurn[p] = turn;
  g.senWhere[s] = AT_GOVERNOR;
  g.senPost[s] = p;
  g.senPresent[s] = 0;
}


/** The stub policy (declines everything, votes against) with overrides. */
export function stubs(players: number, over: (f: number) => Partial<Policy> = () => ({})): Policy[] {
  return Array.from({ length: players }, (_, f) => stubPolicy(over(f)));
}

/** The senators faction f owns (card order). */
export function own(g: GameState, f: number): number[] {
  const r: number[] = [];
  for (let s = 0; s < SENATORS; s++) if (g.senOwner[s] === f) r.push(s);
  return r;
}

/** An outcome without the modules' own counters (all zero in the base game). */
export function withoutRor(o: Outcome): Record<string, unknown> {
  const r: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (!k.startsWith('ror')) r[k] = v;
  return r;
}

/**
 * "On but untriggered equals the base game": plays `games` games of `field` (built-in deterministic
 * players) with and without `variant`; every game in which the module's trigger counter `main`
 * stayed 0 must have exactly the base game's outcome. Returns [compared, triggered].
 */
export function untriggeredEqualsBase(players: number, field: string, variant: string, main: keyof Outcome, games: number, tweak?: Tweak): [number, number] {
  const base = config(players, '', tweak);
  const mod = config(players, variant, tweak);
  let compared = 0;
  let triggered = 0;
  for (let i = 0; i < games; i++) {
    const b = playGame(base, 'untriggered', i, parsePolicies(field, players)).outcome;
    const v = playGame(mod, 'untriggered', i, parsePolicies(field, players)).outcome;
    if ((v[main] as number) > 0) {
      triggered++;
      continue;
    }
    expect(withoutRor(v), `game ${i}`).toEqual(withoutRor(b));
    compared++;
  }
  return [compared, triggered];
}

export { activeWar } from './helpers.js';
