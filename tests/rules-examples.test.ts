// The rules' worked examples and tables, checked with exact numbers (each test names its section).
import { describe, expect, it } from 'vitest';
import { additionalLosses, commanderKilled, ratioColumn, resolveBattle, type Battle } from '../src/legions/combat.js';
import { GameOver, halfRandomDifference, hrdDistribution, randomNumber } from '../src/legions/common.js';
import { forumStep } from '../src/legions/forum.js';
import { incomeStep, tablePrestige } from '../src/legions/income.js';
import { establishWars } from '../src/legions/politics.js';
import { consulPrestige, republicTable, stateOfTheRepublicStep } from '../src/legions/republic.js';
import { developmentSucceeds } from '../src/legions/senate/business.js';
import { setupGame } from '../src/legions/setup.js';
import {
  AT_COMMANDER, AT_GOVERNOR, AT_ROME, cloneState, colourOf, type GameState, influenceOf, LILAC, militaryRatingOf, REVOLT,
  SENATORS, statusOf,
} from '../src/legions/state.js';
import {
  deckCards, forcedCards, invariantViolations, makeConfig, stubPolicies, stubPolicy, takeFromDeck,
} from './helpers.js';

const card = (colour: number, status: number): number => colour * 10 + status - 1;

/** A fresh game (setup only) with the given player count. */
function fresh(players = 3, seed = 'rules-examples', tweak?: Parameters<typeof makeConfig>[1]): GameState {
  return setupGame(makeConfig(players, tweak), seed, false);
}

/** Moves a deck senator into faction f in Rome. */
function joinFaction(g: GameState, s: number, f: number): void {
  takeFromDeck(g, s);
  g.senOwner[s] = f;
  g.senWhere[s] = AT_ROME;
}

describe('Terminology: random numbers and the forced card stream used by these tests', () => {
  it('a forced stream yields exactly the scripted random numbers', () => {
    const g = fresh();
    g.rng.cards = forcedCards([5, 1, 10, 7]);
    expect([randomNumber(g), randomNumber(g), randomNumber(g), randomNumber(g)]).toEqual([5, 1, 10, 7]);
  });
  it('Half Random Difference: |a - b| / 2 rounded up', () => {
    const g = fresh();
    const pairs: [number, number, number][] = [[4, 4, 0], [3, 4, 1], [5, 3, 1], [1, 4, 2], [10, 1, 5], [2, 9, 4], [6, 1, 3]];
    g.rng.cards = forcedCards(pairs.flatMap(([a, b]) => [a, b]));
    for (const [, , d] of pairs) expect(halfRandomDifference(g)).toBe(d);
  });
  it('Half Random Difference: every pair of cards, red then yellow', () => {
    const g = fresh();
    const draws: number[] = [];
    for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) draws.push(a, b);
    g.rng.cards = forcedCards(draws);
    for (let i = 0; i < draws.length; i += 2) expect(halfRandomDifference(g)).toBe(Math.ceil(Math.abs(draws[i]! - draws[i + 1]!) / 2));
  });
});

describe('4. State of the Republic', () => {
  /** The worked example's position: RI 5, the Consul's faction has Prestige 10 and 4 senators. */
  function examplePosition(): GameState {
    const g = fresh(3);
    g.turn = 1;
    const f = g.senOwner[g.consul]!;
    joinFaction(g, deckCards(g)[0]!, f);
    g.prestige[f] = 10;
    g.ri = 5;
    return g;
  }

  it('worked example: Consul\'s personal Prestige is 10 / 4 rounded up = 3', () => {
    const g = examplePosition();
    expect(g.senOwner.filter((o) => o === g.senOwner[g.consul]).length).toBe(4);
    expect(consulPrestige(g)).toBe(3);
  });

  it('worked example: draws 5 and 1 give 4: Manpower Shortage and RI +6 (5 -> 11; the text\'s "to 10" is an arithmetic slip)', () => {
    const g = examplePosition();
    const cards = forcedCards([5, 1]);
    g.rng.cards = cards;
    stateOfTheRepublicStep(g);
    expect(cards.used()).toBe(2);
    expect(republicTable(5 + 1 - 5 + 3, true)).toEqual({ number: 4, revolt: false, shortage: true, riIncrease: 6 });
    expect(g.ri).toBe(11);
    expect(g.noRaiseTurn).toBe(g.turn); // no new Legions may be raised this turn
    expect(g.lost).toBe(0);
    expect(invariantViolations(g, false)).toEqual([]);
  });

  it('Consul\'s Prestige rounds up (7 Prestige, 3 senators -> 3) and is 0 with no Prestige', () => {
    const g = fresh(3);
    const f = g.senOwner[g.consul]!;
    expect(g.prestige[f]).toBe(7);
    expect(consulPrestige(g)).toBe(3);
    g.prestige[f] = 6;
    expect(consulPrestige(g)).toBe(2);
    g.prestige[f] = 0;
    expect(consulPrestige(g)).toBe(0);
  });

  it('table bands: < 0 revolt; 1..5 shortage; 1..9 RI += 10 - n; >= 10 no effect', () => {
    for (const n of [-15, -2, -1]) expect(republicTable(n, true)).toEqual({ number: n, revolt: true, shortage: false, riIncrease: 0 });
    for (let n = 1; n <= 5; n++) expect(republicTable(n, true)).toEqual({ number: n, revolt: false, shortage: true, riIncrease: 10 - n });
    for (let n = 6; n <= 9; n++) expect(republicTable(n, true)).toEqual({ number: n, revolt: false, shortage: false, riIncrease: 10 - n });
    for (const n of [10, 11, 20, 30]) expect(republicTable(n, true)).toEqual({ number: n, revolt: false, shortage: false, riIncrease: 0 });
    // The switch only concerns exactly 0.
    for (const n of [-1, 1, 5, 9, 10]) expect(republicTable(n, false)).toEqual(republicTable(n, true));
  });

  it('exactly 0 (rules-notes 11): in both bands by default (shortage, RI +10); no effect with zeroStateIsShortage = 0', () => {
    expect(republicTable(0, true)).toEqual({ number: 0, revolt: false, shortage: true, riIncrease: 10 });
    expect(republicTable(0, false)).toEqual({ number: 0, revolt: false, shortage: false, riIncrease: 0 });
    // Through the step: RI 5, Consul's Prestige 3 (7 Prestige, 3 senators), draws 1 + 1: 2 - 5 + 3 = 0.
    for (const zero of [1, 0]) {
      const g = fresh(3, 'zero', (p) => (p.zeroStateIsShortage = zero));
      g.turn = 2;
      g.ri = 5;
      g.rng.cards = forcedCards([1, 1]);
      stateOfTheRepublicStep(g);
      expect(g.lost).toBe(0);
      expect(g.ri).toBe(zero ? 15 : 5);
      expect(g.noRaiseTurn).toBe(zero ? 2 : 0);
    }
  });

  it('less than zero: the people revolt and all players lose', () => {
    const g = fresh(3);
    g.turn = 3;
    g.ri = 9;
    g.rng.cards = forcedCards([2, 1]); // 3 - 9 + 3 = -3
    expect(() => stateOfTheRepublicStep(g)).toThrow(GameOver);
    expect(g.lost).toBe(REVOLT);
    expect(g.lostTurn).toBe(3);
  });

  it('10 or more: no effect', () => {
    const g = fresh(3);
    g.turn = 2;
    g.ri = 4;
    g.rng.cards = forcedCards([6, 5]); // 11 - 4 + 3 = 10
    stateOfTheRepublicStep(g);
    expect(g.ri).toBe(4);
    expect(g.noRaiseTurn).toBe(0);
  });
});

describe('1. Income and Expenditure', () => {
  /** Green's Status 5 senator governs developed Sicily (income 10). */
  function sicilyPosition(governorStatus = 5, developed = 1): { g: GameState; f: number; gov: number } {
    const g = fresh(3, 'sicily');
    g.turn = 2;
    const f = 0;
    const gov = card(0, governorStatus); // a green card above 3 is in the deck in the 3-player game
    joinFaction(g, gov, f);
    g.senWhere[gov] = AT_GOVERNOR;
    g.senPost[gov] = 0;
    g.provConquered[0] = 1;
    g.provDeveloped[0] = developed;
    g.provGovernor[0] = gov;
    g.provGovTurn[0] = 1;
    expect(g.board.provinces[0]!.income).toEqual([5, 10]);
    expect(invariantViolations(g, false)).toEqual([]);
    return { g, f, gov };
  }

  it('worked example (State Income): Status 5 governor of developed Sicily claims -> faction +5, the State gets nothing from Sicily', () => {
    const { g, f } = sicilyPosition();
    const t0 = g.treasury[f]!;
    incomeStep(g, stubPolicies(3, (x) => (x === f ? { claimIncome: () => true } : {})));
    // 5 base + 4 senators + 5 claimed (capped at his Status); the remaining 5 are lost.
    expect(g.treasury[f]! - t0).toBe(5 + 4 + 5);
    expect(g.provClaimed[0]).toBe(1);
    // State: 100 + 30 - 4 (one legion in the box): nothing from Sicily.
    expect(g.stateTreasury).toBe(126);
  });

  it('worked example (State Income): not claimed -> State +10 from Sicily', () => {
    const { g, f } = sicilyPosition();
    const t0 = g.treasury[f]!;
    incomeStep(g, stubPolicies(3));
    expect(g.treasury[f]! - t0).toBe(5 + 4);
    expect(g.provClaimed[0]).toBe(0);
    expect(g.stateTreasury).toBe(100 + 30 + 10 - 4);
  });

  it('claimed income is capped at the Status: Status 8 governor of undeveloped Sicily takes all 5; of developed Sicily 8 of 10', () => {
    for (const [developed, expected] of [[0, 5], [1, 8]] as const) {
      const { g, f } = sicilyPosition(8, developed);
      const t0 = g.treasury[f]!;
      incomeStep(g, stubPolicies(3, (x) => (x === f ? { claimIncome: () => true } : {})));
      expect(g.treasury[f]! - t0).toBe(5 + 4 + expected);
      expect(g.stateTreasury).toBe(126);
    }
  });

  it('a neutral governor is never asked: the income goes to the State', () => {
    const { g, gov } = sicilyPosition();
    g.senOwner[gov] = -1;
    let asked = 0;
    incomeStep(g, stubPolicies(3, () => ({ claimIncome: () => (asked++, true) })));
    expect(asked).toBe(0);
    expect(g.stateTreasury).toBe(136);
  });

  it('turn-1 example numbers: faction income 5 + 3 senators = 8 -> treasury 13; State 100 + 30 - 4 = 126', () => {
    for (const players of [3, 5]) {
      const g = fresh(players, `turn1-${players}`);
      g.turn = 1;
      incomeStep(g, stubPolicies(players));
      expect(g.treasury).toEqual(new Array(players).fill(13));
      expect(g.stateTreasury).toBe(126);
      expect(g.lost).toBe(0);
    }
  });

  it('donation table (8/16/30 -> 1/3/5 Prestige; fractions have no effect)', () => {
    const p = makeConfig(3).params;
    const cases: [number, number][] = [[0, 0], [7, 0], [8, 1], [15, 1], [16, 3], [29, 3], [30, 5], [45, 5], [100, 5]];
    for (const [d, pr] of cases) expect(tablePrestige(p.donationThresholds, p.donationPrestige, d)).toBe(pr);
  });

  it('donations in the Income step: 16 Talents -> +3 Prestige and +16 for the State', () => {
    const g = fresh(3, 'donate');
    g.turn = 1;
    g.treasury[1] = 30;
    const pr = g.prestige[1]!;
    incomeStep(g, stubPolicies(3, (f) => (f === 1 ? { donation: () => 16 } : {})));
    expect(g.prestige[1]).toBe(pr + 3);
    expect(g.treasury[1]).toBe(30 + 8 - 16);
    expect(g.stateTreasury).toBe(126 + 16);
  });

  it('State expenditure: 20 per active war, 4 per State legion, 1 per commander paid to his faction', () => {
    const g = fresh(3, 'expenses');
    g.turn = 2;
    // Sicily's war is active with 2 State legions under a faction commander; 1 legion stays in the box.
    const cmd = card(0, 1); // green 1: dealt to some faction in the 3-player game
    const f = g.senOwner[cmd]!;
    g.wars.status[0] = 1;
    g.wars.armies[0] = 3;
    g.wars.stateLegions[0] = 2;
    g.wars.commander[0] = cmd;
    g.senWhere[cmd] = AT_COMMANDER;
    g.senPost[cmd] = 0;
    const t0 = g.treasury[f]!;
    incomeStep(g, stubPolicies(3));
    expect(g.stateTreasury).toBe(100 + 30 - 20 - 4 * 3 - 1);
    expect(g.treasury[f]! - t0).toBe(5 + 3 + 1);
  });
});

describe('3. Forum Meeting', () => {
  it('Comments, Recruiting Knights: 0 Talents succeed 10 %, 1 Talent 44 % (cumulative half random difference)', () => {
    const d = hrdDistribution();
    expect(d).toEqual([10, 34, 26, 18, 10, 2]);
    expect(d.reduce((a, b) => a + b, 0)).toBe(100);
    const cumulative = d.map((_, i) => d.slice(0, i + 1).reduce((a, b) => a + b, 0));
    expect(cumulative).toEqual([10, 44, 70, 88, 98, 100]);
    expect(cumulative[0]! / 100).toBe(0.1); // P(hrd <= 0)
    expect(cumulative[1]! / 100).toBe(0.44); // P(hrd <= 1)
  });

  it('Recruiting Knights odds, drawn: the real card stream gives about 10 % and 44 % (200,000 differences)', () => {
    const g = fresh(3, 'hrd-empirical');
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 200_000;
    for (let i = 0; i < n; i++) counts[halfRandomDifference(g)]!++;
    expect(Math.abs(counts[0]! / n - 0.1)).toBeLessThan(0.005);
    expect(Math.abs((counts[0]! + counts[1]!) / n - 0.44)).toBeLessThan(0.007);
    expect(Math.abs(counts[5]! / n - 0.02)).toBeLessThan(0.003);
  });

  it('Recruit Knights: a knight joins when the half random difference is not greater than the Talents paid', () => {
    // One attempt of 1 Talent by one senator of faction 0; draws 3 and 5 -> difference 1 <= 1: recruited;
    // draws 3 and 6 -> difference 2 > 1: not recruited. The Talent is paid either way.
    for (const [a, b, got] of [[3, 5, 1], [3, 6, 0], [7, 7, 1]] as const) {
      const g = fresh(3, 'knights');
      g.turn = 1;
      const first = g.senOwner.indexOf(0);
      g.rng.cards = forcedCards([a, b]);
      const t0 = g.treasury[0]!;
      forumStep(g, stubPolicies(3, (f) => (f === 0 ? { knightSpend: (_g, _me, s) => (s === first ? 1 : -1) } : {})));
      expect(g.knights).toEqual([got, 0, 0]);
      expect(g.treasury[0]).toBe(t0 - 1);
    }
  });

  it('Sponsor Games table (5/15/25 -> +1/+2/+3 Prestige, -1/-2/-3 Revolution Index)', () => {
    const p = makeConfig(3).params;
    const cases: [number, number, number][] = [[0, 0, 0], [4, 0, 0], [5, 1, 1], [14, 1, 1], [15, 2, 2], [24, 2, 2], [25, 3, 3], [60, 3, 3]];
    for (const [t, pr, ri] of cases) {
      expect(tablePrestige(p.gamesThresholds, p.gamesPrestige, t)).toBe(pr);
      expect(tablePrestige(p.gamesThresholds, p.gamesUnrest, t)).toBe(ri);
    }
  });

  it('Sponsor Games in the Forum: 15 Talents -> +2 Prestige, RI 4 -> 2 (and never below 0)', () => {
    for (const [ri, after] of [[4, 2], [1, 0]] as const) {
      const g = fresh(3, 'games');
      g.turn = 1;
      g.ri = ri;
      g.treasury[2] = 20;
      const pr = g.prestige[2]!;
      forumStep(g, stubPolicies(3, (f) => (f === 2 ? { games: () => 15 } : {})));
      expect(g.prestige[2]).toBe(pr + 2);
      expect(g.treasury[2]).toBe(5);
      expect(g.ri).toBe(after);
    }
  });
});

describe('Preparation', () => {
  for (const players of [3, 5]) {
    it(`${players} players: one card of each colour numbered 1..${players} to each faction, ${30 - 3 * players} in the deck`, () => {
      for (let k = 0; k < 20; k++) {
        const g = fresh(players, `setup-${players}-${k}`);
        for (let f = 0; f < players; f++) {
          const own = [];
          for (let s = 0; s < SENATORS; s++) if (g.senOwner[s] === f) own.push(s);
          expect(own.map(colourOf).sort()).toEqual([0, 1, 2]);
          for (const s of own) {
            expect(statusOf(s)).toBeLessThanOrEqual(players);
            expect(g.senWhere[s]).toBe(AT_ROME);
          }
        }
        // Every card 1..n of every colour is dealt; the rest are in the deck.
        for (let s = 0; s < SENATORS; s++) expect(g.senOwner[s]! >= 0).toBe(statusOf(s) <= players);
        expect(g.deckCount).toBe(30 - 3 * players);
        expect(deckCards(g).sort((a, b) => a - b)).toEqual(
          Array.from({ length: SENATORS }, (_, s) => s).filter((s) => statusOf(s) > players),
        );
        // Temporary Consul: the highest lilac card (lilac n), his faction at Prestige 7, the others at 0.
        expect(g.consul).toBe(card(LILAC, players));
        expect(g.temporaryConsul).toBe(true);
        const cf = g.senOwner[g.consul]!;
        for (let f = 0; f < players; f++) expect(g.prestige[f]).toBe(f === cf ? 7 : 0);
        expect(g.treasury).toEqual(new Array(players).fill(5));
        expect(g.knights).toEqual(new Array(players).fill(0));
        expect(g.stateTreasury).toBe(100);
        expect(g.legionsBox).toBe(1);
        expect(g.ri).toBe(0);
        expect(g.turn).toBe(0);
        expect(invariantViolations(g, true)).toEqual([]);
      }
    });
  }

  it('the deal varies with the seed (the piles are shuffled)', () => {
    const owners = new Set<string>();
    for (let k = 0; k < 10; k++) owners.add(fresh(5, `deal-${k}`).senOwner.join(','));
    expect(owners.size).toBeGreaterThan(1);
  });
});

describe('Materials / Terminology: senator cards', () => {
  it('Influence by colour (green 1, blue 2, lilac 3) and Military Rating = Status / 4 rounded up', () => {
    expect([card(0, 7), card(1, 7), card(2, 7)].map(influenceOf)).toEqual([1, 2, 3]);
    const mr = Array.from({ length: 10 }, (_, i) => militaryRatingOf(card(1, i + 1)));
    expect(mr).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3]);
  });
});

describe('2. Political Situation: Establish Wars', () => {
  it('armies = half random difference (a difference of 0 counts as 1) + the board modifier', () => {
    // Sicily (turn 1, modifier +1 on the default board).
    const cases: [number, number, number][] = [[4, 4, 2], [4, 5, 2], [3, 7, 3], [1, 10, 6]];
    for (const [a, b, armies] of cases) {
      const g = fresh(3, 'wars');
      g.turn = 1;
      g.rng.cards = forcedCards([a, b]);
      establishWars(g);
      expect(g.wars.status[0]).toBe(1);
      expect(g.wars.armies[0]).toBe(armies);
      expect(g.wars.originalArmies[0]).toBe(armies);
    }
  });

  it('a +2 modifier (Hispania Citerior, turn 4) with a difference of 0 gives 3 armies', () => {
    const g = fresh(3, 'wars2');
    g.turn = 4;
    expect(g.board.provinces[3]!.modifier).toBe(2);
    g.rng.cards = forcedCards([9, 9]);
    establishWars(g);
    expect(g.wars.armies[3]).toBe(3);
    expect(g.wars.status.filter((s) => s === 1).length).toBe(1);
  });

  it('Losing the Game: a third simultaneous active war loses at once', () => {
    const g = fresh(3, 'wars3');
    g.turn = 3;
    for (const w of [0, 1]) {
      g.wars.status[w] = 1;
      g.wars.armies[w] = 2;
    }
    g.rng.cards = forcedCards([2, 5]);
    expect(() => establishWars(g)).toThrow(GameOver);
    expect(g.lost).toBe(3);
  });
});

describe('6. Combat Resolution', () => {
  const b = (): Battle => ({ romanAttack: 0, enemyAttack: 0, romanLost: 0, enemyLost: 0 });

  it('first worked example: 5 legions + MR 1, difference 1 vs 3 armies + 2: 7 vs 5, enemy loses 2, Rome loses 1', () => {
    expect(ratioColumn(7, 5)).toBe(1); // 1.4 to 1 -> 1:1
    expect(resolveBattle(5, 1, 3, 1, 2, false, b())).toEqual({ romanAttack: 7, enemyAttack: 5, romanLost: 1, enemyLost: 2 });
  });

  it('second worked example: 8 vs 5 (1.6 to 1 -> 1½:1), enemy loses 3 (victory), Rome loses 1', () => {
    expect(ratioColumn(8, 5)).toBe(2);
    expect(resolveBattle(5, 1, 3, 2, 2, false, b())).toEqual({ romanAttack: 8, enemyAttack: 5, romanLost: 1, enemyLost: 3 });
  });

  it('a difference of 0 is a stalemate; the MR added never exceeds the legions', () => {
    expect(resolveBattle(2, 1, 3, 2, 2, false, b())).toEqual({ romanAttack: 5, enemyAttack: 5, romanLost: 0, enemyLost: 0 });
    expect(resolveBattle(1, 3, 1, 0, 0, false, b()).romanAttack).toBe(2);
  });

  it('the enemy wins: Rome loses the difference; the enemy loses by the winner:loser ratio (rules-notes 12)', () => {
    // Rome 2 + 1 + 0 = 3, enemy 5 + 4 = 9: Rome loses min(6, 2) = 2; ratio 9:3 = 3:1 -> row 2 col 5 = 0.
    expect(resolveBattle(2, 1, 5, 0, 4, false, b())).toEqual({ romanAttack: 3, enemyAttack: 9, romanLost: 2, enemyLost: 0 });
    // Rome 4 + 1 + 1 = 6, enemy 6 + 2 = 8: Rome loses 2; 8:6 -> 1:1 column -> enemy loses 1.
    expect(resolveBattle(4, 1, 6, 1, 2, false, b())).toEqual({ romanAttack: 6, enemyAttack: 8, romanLost: 2, enemyLost: 1 });
    // Switch: the Roman:Enemy ratio 6:8 is below 1:1 -> row 2 col 0 = 2.
    expect(resolveBattle(4, 1, 6, 1, 2, true, b())).toEqual({ romanAttack: 6, enemyAttack: 8, romanLost: 2, enemyLost: 2 });
  });

  it('Additional Losses table rows and columns', () => {
    expect(additionalLosses(1, 1)).toBe(1);
    expect(additionalLosses(3, 2)).toBe(1);
    expect(additionalLosses(4, 5)).toBe(1);
    expect(additionalLosses(6, 0)).toBe(4);
    expect(additionalLosses(9, 3)).toBe(2); // 6 or more: last row
    expect([ratioColumn(1, 2), ratioColumn(5, 5), ratioColumn(3, 2), ratioColumn(4, 2), ratioColumn(5, 2), ratioColumn(6, 2), ratioColumn(30, 2)])
      .toEqual([0, 1, 2, 3, 4, 5, 5]);
  });

  it('a commander dies only when half or more were lost and the draw exceeds his Status', () => {
    expect(commanderKilled(4, 2, 6, 5)).toBe(true);
    expect(commanderKilled(4, 2, 5, 5)).toBe(false);
    expect(commanderKilled(4, 1, 10, 1)).toBe(false);
    expect(commanderKilled(3, 2, 10, 9)).toBe(true);
    expect(commanderKilled(3, 0, 10, 1)).toBe(false);
  });
});

describe('5. Senate Meeting: Develop Provinces', () => {
  it('draw + Status + 1 per 3 Talents of aid >= 10 develops (rules-notes 14); the switch reads "> 10"', () => {
    const g = fresh(3);
    expect(developmentSucceeds(g, 5, 5, 0)).toBe(true);
    expect(developmentSucceeds(g, 4, 5, 2)).toBe(false);
    expect(developmentSucceeds(g, 4, 5, 3)).toBe(true);
    expect(developmentSucceeds(g, 1, 3, 18)).toBe(true);
    expect(developmentSucceeds(g, 1, 3, 17)).toBe(false);
    const strict = fresh(3, 'strict', (p) => (p.developStrictlyGreater = 1));
    expect(developmentSucceeds(strict, 5, 5, 0)).toBe(false);
    expect(developmentSucceeds(strict, 6, 5, 0)).toBe(true);
  });
});

describe('clone keeps forced draws separate (sanity for the helpers)', () => {
  it('cloneState of a state with a real stream, then forcing the clone, leaves the original stream alone', () => {
    const g = fresh(3, 'clone-sanity');
    const c = cloneState(g);
    c.rng.cards = forcedCards([10]);
    expect(randomNumber(c)).toBe(10);
    const d = cloneState(g);
    expect(randomNumber(g)).toBe(randomNumber(d));
    expect(stubPolicy().name).toBe('stub');
  });
});
