// ror-garrisons (RoR 1.09.646; errata 9.641): garrison motions, State-legion accounting, invasions
// turned away, revolts fought at the outbreak, and "on but untriggered equals the base game".
import { describe, expect, it } from 'vitest';
import { makePrng } from '../src/core/rng.js';
import { ADDITIONAL_LOSSES, ratioColumn } from '../src/legions/combat.js';
import { activeLegions, concessionIncome, incomeStep, provinceIncome, stateLegionCount } from '../src/legions/income.js';
import { GARRISON, type Motion, RAISE, RECALL_GARRISON } from '../src/legions/motion.js';
import { defaultParams } from '../src/legions/params.js';
import { applyBanner } from '../src/legions/politics.js';
import { revoltsActivity } from '../src/legions/revolts.js';
import { billsBusiness } from '../src/legions/senate/bills.js';
import { militaryRules } from '../src/legions/senate/military.js';
import { openBusiness } from '../src/legions/senate/open-business.js';
import { ARMS, AT_DECK, CARD_DISCARD, CARD_LASTING, GREEN, type GameState, INVASION, militaryRatingOf, statusOf } from '../src/legions/state.js';
import { forcedCards, invariantViolations } from './helpers.js';
import { card, governor, position, recruit, stubs, type Tweak, untriggeredEqualsBase } from './ror-b-helpers.js';

/** Faction c (the chair) makes the motions in `script` once each, every faction votes for. */
function scripted(g: GameState, c: number, script: ((m: Motion) => boolean)[]) {
  const done = new Set<number>();
  return stubs(g.players, (f) => ({
    propose: (_g, me, m) => {
      if (me !== c) return false;
      for (let i = 0; i < script.length; i++) if (!done.has(i) && script[i]!(m)) return done.add(i), true;
      return false;
    },
    vote: () => 1,
  }));
}

const HISPANIA_CITERIOR = 3; // board number 4: income 5 / 10
const SICILIA = 0;

describe('ror-garrisons: the motions', () => {
  it('a garrison takes State legions from the box into a conquered province; they are State legions for the cap, the upkeep and the Arms concession', () => {
    const g = position(3, 'ror-garrisons');
    const c = g.senOwner[g.consul]!;
    g.provConquered[HISPANIA_CITERIOR] = 1;
    g.legionsBox = 3;
    const pols = scripted(g, c, [(m) => m.kind === GARRISON && ((m.target = HISPANIA_CITERIOR), (m.count = 2), true)]);
    openBusiness(g, pols);
    expect(g.legionsBox).toBe(1);
    expect(g.provGarrison[HISPANIA_CITERIOR]).toBe(2);
    expect(stateLegionCount(g)).toBe(3);
    expect(activeLegions(g)).toBe(3);
    expect([g.stats.rorGarrisoned, g.stats.rorGarrisonMotions]).toEqual([2, 1]);
    // Cap: with 5 more in the box there are 7 State legions; raising is out of order.
    g.legionsBox = 5;
    expect(stateLegionCount(g)).toBe(7);
    expect(militaryRules.raise.applicable!(g)).toBe(false);
    expect(concessionIncome(g, ARMS)).toBe(7 * g.params.concessionArmsPerLegion);
    // Upkeep: 4 per State legion, garrisons included (7 x 4), against 5 x 4 without the garrison.
    const before = g.stateTreasury;
    g.turn = 4;
    incomeStep(g, stubs(3));
    const undeveloped = g.board.provinces[HISPANIA_CITERIOR]!.income[0]!;
    expect(g.stateTreasury).toBe(before + g.params.stateIncome + undeveloped - 7 * g.params.legionUpkeep);
  });

  it('legions garrisoned this turn cannot be recalled in it (errata 9.641): a policy error; the next turn they can', () => {
    const g = position(3, 'ror-garrisons');
    const c = g.senOwner[g.consul]!;
    g.provConquered[SICILIA] = 1;
    g.legionsBox = 2;
    const recall = (m: Motion): boolean => m.kind === RECALL_GARRISON && ((m.target = SICILIA), (m.count = 1), true);
    openBusiness(g, scripted(g, c, [(m) => m.kind === GARRISON && ((m.target = SICILIA), (m.count = 2), true), recall]));
    // Both legions arrived this turn: nothing is recallable, so the recall is not even asked about.
    expect(g.provGarrison[SICILIA]).toBe(2);
    expect(g.stats.policyErrors).toBe(0);
    // One legion of two arrived this turn: recalling both is out of order.
    const h = position(3, 'ror-garrisons');
    h.provConquered[SICILIA] = 1;
    h.provGarrison[SICILIA] = 2;
    h.provGarrisonTurn[SICILIA] = h.turn;
    h.provGarrisonFresh[SICILIA] = 1; // one was there before, one came this turn
    const hc = h.senOwner[h.consul]!;
    openBusiness(h, scripted(h, hc, [(m) => m.kind === RECALL_GARRISON && ((m.target = SICILIA), (m.count = 2), true)]));
    expect(h.stats.policyErrors).toBe(1);
    expect(h.policyErrorLog[0]).toMatch(/garrisoned this turn cannot be recalled/);
    expect(h.provGarrison[SICILIA]).toBe(2);
    // Next turn both may go home.
    h.turn++;
    openBusiness(h, scripted(h, hc, [(m) => m.kind === RECALL_GARRISON && ((m.target = SICILIA), (m.count = 2), true)]));
    expect(h.provGarrison[SICILIA]).toBe(0);
    expect(h.legionsBox).toBe(1 + 2); // the one legion of the start, and the two recalled
    expect(h.stats.rorGarrisonRecalled).toBe(2);
  });

  it('garrisons are not asked about without the module; nor can a garrison take faction legions', () => {
    const g = position(3, '');
    g.provConquered[SICILIA] = 1;
    g.legionsBox = 2;
    const kinds = new Set<number>();
    openBusiness(g, stubs(3, () => ({ propose: (_g, _me, m) => (kinds.add(m.kind), false) })));
    expect(kinds.has(GARRISON) || kinds.has(RECALL_GARRISON)).toBe(false);
    const h = position(3, 'ror-garrisons');
    h.provConquered[SICILIA] = 1;
    h.legionsBox = 2;
    const hc = h.senOwner[h.consul]!;
    openBusiness(h, scripted(h, hc, [(m) => m.kind === GARRISON && ((m.target = SICILIA), (m.count = 1), (m.mask = 1), true)]));
    expect(h.policyErrorLog[0]).toMatch(/State legions only/);
    expect(h.provGarrison[SICILIA]).toBe(0);
  });

  it('with bills: a bill may raise a legion and garrison it (the parts build on each other)', () => {
    const g = position(3, 'bills,ror-garrisons');
    for (const k of ['cards', 'rorGarrisons', 'rorAssassination'] as const) g.rng[k] = makePrng(k); // a bill drafts on a copy of the game
    const c = g.senOwner[g.consul]!;
    g.provConquered[SICILIA] = 1;
    g.legionsBox = 0;
    const pols = stubs(3, (f) => ({
      proposeBill: () => f === c,
      propose: (_g, _me, m) => (m.kind === RAISE ? ((m.count = 1), true) : m.kind === GARRISON ? ((m.target = SICILIA), (m.count = 1), true) : false),
      vote: () => 1,
    }));
    billsBusiness(g, pols, () => {});
    expect(g.stats.billsPassed).toBe(1);
    expect([g.legionsBox, g.provGarrison[SICILIA], g.stateTreasury]).toEqual([0, 1, 100 - g.params.legionCost]);
    expect(g.stats.rorGarrisoned).toBe(1);
  });
});

describe('ror-garrisons: Barbarian Invasions', () => {
  function invaded(garrison: number): GameState {
    const g = position(3, 'ror-garrisons', 3, 'politics');
    g.provConquered[HISPANIA_CITERIOR] = 1;
    g.provDeveloped[HISPANIA_CITERIOR] = 1;
    g.provGarrison[HISPANIA_CITERIOR] = garrison;
    g.rng.cards = forcedCards([HISPANIA_CITERIOR + 1]); // the invasion draws province number 4
    applyBanner(g, INVASION);
    return g;
  }

  it('draw 4 on a developed, garrisoned Hispania Citerior: no effect, it still yields 10 next turn', () => {
    const g = invaded(1);
    expect(g.provDeveloped[HISPANIA_CITERIOR]).toBe(1);
    expect(g.cardWhere[INVASION]).toBe(CARD_DISCARD);
    expect(g.stats.rorGarrisonSaves).toBe(1);
    g.turn++;
    expect(provinceIncome(g, HISPANIA_CITERIOR)).toBe(g.board.provinces[HISPANIA_CITERIOR]!.income[1]);
    expect(provinceIncome(g, HISPANIA_CITERIOR)).toBe(10);
  });

  it('ungarrisoned: undeveloped and nothing next turn, as in the base game', () => {
    const g = invaded(0);
    expect(g.provDeveloped[HISPANIA_CITERIOR]).toBe(0);
    expect(g.cardWhere[INVASION]).toBe(CARD_LASTING);
    expect(g.stats.rorGarrisonSaves).toBe(0);
    g.turn++;
    expect(provinceIncome(g, HISPANIA_CITERIOR)).toBe(0);
  });
});

describe('ror-garrisons with revolts', () => {
  const revoltSlot = (g: GameState, p: number): number => g.wars.revolt.findIndex((r, i) => r === 1 && g.wars.province[i] === p);

  it('revolt chance at RI 20 is 20 % per province; with rorGarrisonDeterrence 1 and one garrison legion, 10 %', () => {
    for (const [deterrence, garrison, expected] of [[0, 0, 2], [0, 1, 2], [1, 0, 2], [1, 1, 1], [1, 2, 0], [2, 1, 0]] as const) {
      let revolts = 0;
      for (let draw = 1; draw <= 10; draw++) {
        const g = position(3, 'revolts,ror-garrisons', 4, 'politics', (p) => (p.rorGarrisonDeterrence = deterrence));
        g.provConquered[SICILIA] = 1; // no governor: the garrison does not fight, so no battle draws
        g.provGarrison[SICILIA] = garrison;
        g.ri = 20;
        g.rng.revolts = forcedCards([draw, 5, 5]);
        revoltsActivity(g);
        if (g.wars.status[revoltSlot(g, SICILIA)] === 1) revolts++;
      }
      // Threshold floor(RI / 10) - deterrence x garrison legions, out of 10 equally likely draws.
      expect(revolts, `deterrence ${deterrence}, garrison ${garrison}`).toBe(Math.max(0, Math.floor(20 / 10) - deterrence * garrison));
      expect(revolts).toBe(expected);
    }
  });

  /** Sicily garrisoned by 2 legions under a Status 6 governor of faction 0; a revolt of 2 armies breaks out. */
  function outbreak(garrisonCards: number[]): { g: GameState; gov: number } {
    const g = position(3, 'revolts,ror-garrisons', 4, 'politics', (p) => (p.revoltChance = 10));
    const gov = card(GREEN, 6);
    recruit(g, gov, 0);
    governor(g, gov, SICILIA, 3);
    g.provGarrison[SICILIA] = 2;
    g.ri = 5;
    g.rng.revolts = forcedCards([1, 3, 7]); // revolts; |3 - 7| / 2 = 2 armies
    g.rng.rorGarrisons = forcedCards(garrisonCards);
    revoltsActivity(g);
    return { g, gov };
  }

  it('2 armies against 2 legions and a Status 6 governor, cards [1,2,1,2,7]: 5 vs 3, the rebels are destroyed, Rome loses 1, the governor dies (7 > 6), 1 legion stays', () => {
    const { g, gov } = outbreak([1, 2, 1, 2, 7]);
    const w = revoltSlot(g, SICILIA);
    // Independently: Roman 2 legions + min(MR, 2) + ceil(|1-2|/2); rebels 2 + ceil(|1-2|/2).
    const roman = 2 + Math.min(militaryRatingOf(gov), 2) + 1;
    const rebels = 2 + 1;
    expect([roman, rebels]).toEqual([5, 3]);
    const romanLost = ADDITIONAL_LOSSES[2 - 1]![ratioColumn(roman, rebels)]!; // the rebels lost both armies
    expect(romanLost).toBe(1);
    expect(g.wars.status[w]).toBe(2); // crushed at once
    expect(g.wars.armies[w]).toBe(0);
    expect(g.provRevolt[SICILIA]).toBe(0);
    expect(g.provGarrison[SICILIA]).toBe(2 - romanLost);
    expect(statusOf(gov)).toBe(6);
    expect(g.senWhere[gov]).toBe(AT_DECK); // half the garrison lost and 7 > 6
    expect(g.provGovernor[SICILIA]).toBe(-1);
    expect(g.ri).toBe(5 + g.params.heavyLossRI - g.params.victoryRI);
    expect(g.stateTreasury).toBe(100 + g.params.revoltSpoils);
    expect(g.prestige[0]).toBe(10); // a dead governor's faction gains nothing
    expect([g.stats.rorGarrisonBattles, g.stats.warsWon, g.stats.legionsLost, g.stats.senatorsKilled]).toEqual([1, 1, 1, 1]);
    expect(invariantViolations(g, false, false)).toEqual([]);
  });

  it('the same battle with a death draw of 6: the governor lives and his faction gains ceil(2 / 2) Prestige', () => {
    const { g, gov } = outbreak([1, 2, 1, 2, 6]);
    expect(g.provGovernor[SICILIA]).toBe(gov);
    expect(g.prestige[0]).toBe(10 + 1);
  });

  it('a garrison that does not crush the revolt stays in the province; the revolt is a war for the Senate', () => {
    // Cards 5,5 and 1,10: Rome 2 + 2 + 0 = 4, rebels 2 + 5 = 7: Rome loses both legions, the rebels
    // the Additional Losses for 2 at 7:4; the governor survives the death draw 1.
    const { g, gov } = outbreak([5, 5, 1, 10, 1]);
    const w = revoltSlot(g, SICILIA);
    expect(g.wars.status[w]).toBe(1);
    expect(g.wars.armies[w]).toBe(2 - ADDITIONAL_LOSSES[1]![ratioColumn(7, 4)]!);
    expect(g.wars.armies[w]).toBe(1);
    expect(g.provGovernor[SICILIA]).toBe(gov);
    expect(g.provGarrison[SICILIA]).toBe(0);
    expect(g.provRevolt[SICILIA]).toBe(1);
  });

  it('a vacant province\'s garrison does not fight (no battle draw)', () => {
    const g = position(3, 'revolts,ror-garrisons', 4, 'politics', (p) => (p.revoltChance = 10));
    g.provConquered[SICILIA] = 1;
    g.provGarrison[SICILIA] = 3;
    g.rng.revolts = forcedCards([1, 3, 7]);
    revoltsActivity(g); // the garrison stream is a forced empty one: a draw would throw
    expect(g.wars.status[revoltSlot(g, SICILIA)]).toBe(1);
    expect(g.stats.rorGarrisonBattles).toBe(0);
  });
});

describe('ror-garrisons: switched on but never triggered', () => {
  const tweaks: [string, Tweak][] = [['default', undefined]];
  for (const [name, tweak] of tweaks) {
    for (const field of ['competent', 'statesman', 'opportunist'] as const) {
      it(`${field} players, ${name} rules: every game without a garrison is exactly the base game`, () => {
        const [compared, triggered] = untriggeredEqualsBase(5, field, 'ror-garrisons', 'rorGarrisonMotions', 30, tweak);
        expect(compared).toBeGreaterThan(0);
        if (field === 'statesman') expect(triggered).toBeGreaterThan(0); // civic players garrison spare legions
      });
    }
  }

  it('the default parameter of the module', () => {
    expect(defaultParams().rorGarrisonDeterrence).toBe(0);
  });
});
