// Random Events, the Forum's contests, Knights, Adjustments and the Revolution Index floor: exact
// numbers from hand-built positions and forced card streams (no sampling). Each test names the rules
// heading it checks (rules text: shared/seeds/000_d8c1a3258974b76c.txt; engine readings: docs/rules.md).
import { describe, expect, it } from 'vitest';
import { adjustmentsStep } from '../src/legions/adjustments.js';
import { combatStep } from '../src/legions/combat.js';
import { changeRI, GameOver } from '../src/legions/common.js';
import { forumStep } from '../src/legions/forum.js';
import { incomeStep } from '../src/legions/income.js';
import { DEVELOP } from '../src/legions/motion.js';
import type { Policy } from '../src/legions/policy.js';
import { raiseCost } from '../src/legions/policy.js';
import { applyBanner, expireBanners, randomEvents } from '../src/legions/politics.js';
import { senateStep } from '../src/legions/senate/index.js';
import { setupGame } from '../src/legions/setup.js';
import {
  ARMS, AT_COMMANDER, AT_DECK, AT_FORUM, AT_GOVERNOR, AT_ROME, BANKRUPTCY, BLUE, CARD_DECK, CARD_DISCARD, CARD_FORUM,
  CARD_LASTING, DISASTER, DROUGHT, FL_BOX, FL_NONE, type GameState, GRAIN, GREEN, HARBOUR, INVASION, LAND_COMMISSION,
  LILAC, MANPOWER, MINING, SENATORS, UNREST, WARS, warsChanged,
} from '../src/legions/state.js';
import { forcedCards, invariantViolations, makeConfig, stubPolicies, takeFromDeck } from './helpers.js';

type Tweak = Parameters<typeof makeConfig>[1];
const card = (colour: number, status: number): number => colour * 10 + status - 1;

/**
 * A hand-built position: faction f owns the three dealt cards of Status f + 1 (green, blue, lilac),
 * all in Rome and present; turn 2, Prestige 10 each, treasuries 5, State 100, RI 0, one State legion
 * in the box; the Consul is faction `consulFaction`'s lilac senator; no card draw allowed unless forced.
 */
function position(players = 3, tweak?: Tweak, consulFaction = players - 1): GameState {
  const g = setupGame(makeConfig(players, tweak), 'events', false);
  for (let st = 1; st <= players; st++) {
    for (let c = 0; c < 3; c++) {
      const s = card(c, st);
      g.senOwner[s] = st - 1;
      g.senWhere[s] = AT_ROME;
      g.senPresent[s] = 1;
    }
  }
  g.turn = 2;
  g.temporaryConsul = false;
  g.consul = card(LILAC, consulFaction + 1);
  g.censor = -1;
  g.prestige.fill(10);
  g.rng.cards = forcedCards([]);
  expect(invariantViolations(g, false)).toEqual([]);
  return g;
}

/** Faction f's senators, card order. */
function own(g: GameState, f: number): number[] {
  const r: number[] = [];
  for (let s = 0; s < SENATORS; s++) if (g.senOwner[s] === f) r.push(s);
  return r;
}

/** Deck senator s joins faction f in Rome (present). */
function join(g: GameState, s: number, f: number): void {
  takeFromDeck(g, s);
  g.senOwner[s] = f;
  g.senWhere[s] = AT_ROME;
  g.senPresent[s] = 1;
}

/** Deck senator s turns up face up in the Forum. */
function toForum(g: GameState, s: number): void {
  takeFromDeck(g, s);
  g.senWhere[s] = AT_FORUM;
}

/**
 * The Random Events cards: `deck` is the draw pile (top card last), `placed` puts cards in the Forum,
 * on a senator or face up; every other card is in the discards.
 */
function setEvents(g: GameState, deck: number[], placed: Partial<Record<number, number>> = {}): void {
  for (let c = 0; c < 10; c++) g.cardWhere[c] = CARD_DISCARD;
  for (const [c, w] of Object.entries(placed)) g.cardWhere[Number(c)] = w!;
  g.eventDeck = deck.slice();
  for (const c of deck) g.cardWhere[c] = CARD_DECK;
}

/** A conquered province, optionally developed, with no governor (its income goes to the State). */
function conquer(g: GameState, p: number, developed = 0): void {
  g.provConquered[p] = 1;
  g.provDeveloped[p] = developed;
  g.wars.status[p] = 2;
  warsChanged(g); // the players' census of the wars is taken afresh
}

/** An active war by hand: armies (and original armies), State legions, faction legions, commander. */
function war(g: GameState, w: number, armies: number, legions: number, commander = -1, factionLegions: number[] = [], original = armies): void {
  g.wars.status[w] = 1;
  g.wars.armies[w] = armies;
  g.wars.originalArmies[w] = original;
  g.wars.stateLegions[w] = legions;
  for (const f of factionLegions) g.factionLegion[f] = w;
  if (commander >= 0) {
    g.wars.commander[w] = commander;
    g.senWhere[commander] = AT_COMMANDER;
    g.senPost[commander] = w;
    g.senPresent[commander] = 0;
  }
  warsChanged(g);
}

/** Card pairs giving each half random difference 0..5. */
const HRD: readonly [number, number][] = [[5, 5], [5, 6], [5, 8], [5, 10], [1, 8], [1, 10]];

// -------------------------------------------------------------------------------------------------
describe('2. Political Situation, Random Events: NATURAL DISASTER', () => {
  /** All five concessions in play: Harbour and Grain in the Forum, Arms, Mining, Land Commission held. */
  function allInPlay(g: GameState): void {
    setEvents(g, [UNREST, DROUGHT], {
      [HARBOUR]: CARD_FORUM, [GRAIN]: CARD_FORUM, [ARMS]: card(GREEN, 1), [MINING]: card(BLUE, 2), [LAND_COMMISSION]: card(LILAC, 3),
    });
  }

  it('the State pays 40; difference 0 or 1 discards Harbour, 2 or 3 Mining and Arms, 4 or 5 Grain (nothing else moves)', () => {
    const expected: Record<number, number[]> = { 0: [HARBOUR], 1: [HARBOUR], 2: [MINING, ARMS], 3: [MINING, ARMS], 4: [GRAIN], 5: [GRAIN] };
    for (let d = 0; d <= 5; d++) {
      const g = position();
      allInPlay(g);
      const before = g.cardWhere.slice();
      const cards = forcedCards(HRD[d]!);
      g.rng.cards = cards;
      applyBanner(g, DISASTER);
      expect(cards.used()).toBe(2);
      expect(g.stateTreasury).toBe(60);
      expect(g.cardWhere[DISASTER]).toBe(CARD_DISCARD);
      for (let c = 0; c < 5; c++) {
        expect([d, c, g.cardWhere[c]]).toEqual([d, c, expected[d]!.includes(c) ? CARD_DISCARD : before[c]]);
      }
      expect(g.lost).toBe(0);
    }
  });

  it('a named Concession not in play (in the deck or already discarded) is ignored', () => {
    const g = position();
    setEvents(g, [HARBOUR, UNREST], { [GRAIN]: CARD_FORUM });
    g.rng.cards = forcedCards(HRD[1]!); // difference 1: Harbour, which is in the draw pile
    applyBanner(g, DISASTER);
    expect(g.cardWhere[HARBOUR]).toBe(CARD_DECK);
    expect(g.eventDeck).toEqual([HARBOUR, UNREST]);
    expect(g.cardWhere[GRAIN]).toBe(CARD_FORUM);
    expect(g.stateTreasury).toBe(60);
    // Mining and Arms both discarded already: difference 3 changes nothing.
    const h = position();
    setEvents(h, [UNREST], { [GRAIN]: CARD_FORUM, [HARBOUR]: card(GREEN, 2) });
    const before = h.cardWhere.slice();
    h.rng.cards = forcedCards(HRD[3]!);
    applyBanner(h, DISASTER);
    expect(h.cardWhere.slice(0, 5)).toEqual(before.slice(0, 5));
  });

  it('a held Concession is taken from its holder: no Mining income at the next Income step', () => {
    const g = position();
    setEvents(g, [UNREST], { [MINING]: card(BLUE, 2) });
    g.rng.cards = forcedCards(HRD[2]!);
    applyBanner(g, DISASTER);
    expect(g.cardWhere[MINING]).toBe(CARD_DISCARD);
    g.turn = 3;
    incomeStep(g, stubPolicies(3));
    expect(g.treasury).toEqual([5 + 8, 5 + 8, 5 + 8]); // 5 + 3 senators each, no +4 for faction 1
    // Control: the same position without the Disaster pays faction 1 the 4 Talents.
    const h = position();
    setEvents(h, [UNREST], { [MINING]: card(BLUE, 2) });
    h.turn = 3;
    incomeStep(h, stubPolicies(3));
    expect(h.treasury).toEqual([13, 17, 13]);
  });

  it('Losing the Game: a State that cannot pay the 40 goes bankrupt at once (39); exactly 40 is paid', () => {
    const g = position();
    setEvents(g, [UNREST]);
    g.stateTreasury = 39;
    const cards = forcedCards([]);
    g.rng.cards = cards;
    expect(() => applyBanner(g, DISASTER)).toThrow(GameOver);
    expect(g.lost).toBe(BANKRUPTCY);
    expect(g.lostTurn).toBe(2);
    expect(cards.used()).toBe(0); // no difference drawn after the fall
    const h = position();
    setEvents(h, [UNREST], { [HARBOUR]: CARD_FORUM });
    h.stateTreasury = 40;
    h.rng.cards = forcedCards(HRD[0]!);
    applyBanner(h, DISASTER);
    expect(h.stateTreasury).toBe(0);
    expect(h.lost).toBe(0);
    expect(h.cardWhere[HARBOUR]).toBe(CARD_DISCARD);
  });
});

// -------------------------------------------------------------------------------------------------
describe('2. Political Situation, Random Events: DROUGHT and 1. Income (double Land Commission)', () => {
  it('Grain discarded (held or in the Forum), RI +2; without the Land Commission in play the card is discarded at once', () => {
    for (const grainAt of [card(GREEN, 1), CARD_FORUM]) {
      const g = position();
      setEvents(g, [UNREST, MINING], { [GRAIN]: grainAt }); // Land Commission in the discards: not in play
      g.ri = 3;
      applyBanner(g, DROUGHT);
      expect(g.cardWhere[GRAIN]).toBe(CARD_DISCARD);
      expect(g.ri).toBe(5);
      expect(g.cardWhere[DROUGHT]).toBe(CARD_DISCARD);
      expect(g.droughtIncomeTurn).toBe(0);
    }
    // Grain in the draw pile is not in play: it stays there.
    const h = position();
    setEvents(h, [GRAIN, UNREST]);
    applyBanner(h, DROUGHT);
    expect(h.cardWhere[GRAIN]).toBe(CARD_DECK);
    expect(h.ri).toBe(2);
  });

  it('Land Commission held: the card stays face up until the end of the next Income, where the holder may take 2 x 2 at 2 Prestige', () => {
    for (const double of [true, false]) {
      const g = position();
      const holder = card(GREEN, 1); // faction 0
      setEvents(g, [UNREST], { [LAND_COMMISSION]: holder });
      applyBanner(g, DROUGHT);
      expect(g.cardWhere[DROUGHT]).toBe(CARD_LASTING);
      expect(g.droughtIncomeTurn).toBe(3);
      g.turn = 3;
      let asked = 0;
      const pols = stubPolicies(3, (f) => ({ doubleLandCommission: () => (asked++, f === 0 && double) }));
      incomeStep(g, pols);
      expect(asked).toBe(1); // only the holder is asked
      // 5 base + 3 senators + Land Commission 2 (doubled: 4).
      expect(g.treasury).toEqual([5 + 8 + (double ? 4 : 2), 13, 13]);
      expect(g.prestige).toEqual([double ? 8 : 10, 10, 10]);
      expect(g.stateTreasury).toBe(126); // the State is not affected
      expireBanners(g, true);
      expect(g.cardWhere[DROUGHT]).toBe(CARD_DISCARD);
      // The Income after: single income, nobody asked.
      g.turn = 4;
      asked = 0;
      const t0 = g.treasury[0]!;
      incomeStep(g, pols);
      expect(asked).toBe(0);
      expect(g.treasury[0]! - t0).toBe(8 + 2);
    }
  });

  it('Land Commission face up in the Forum is in play: the card waits for the next Income; nobody holds it, nobody is asked', () => {
    const g = position();
    setEvents(g, [UNREST], { [LAND_COMMISSION]: CARD_FORUM });
    applyBanner(g, DROUGHT);
    expect(g.cardWhere[DROUGHT]).toBe(CARD_LASTING);
    g.turn = 3;
    let asked = 0;
    incomeStep(g, stubPolicies(3, () => ({ doubleLandCommission: () => (asked++, true) })));
    expect(asked).toBe(0);
    expect(g.treasury).toEqual([13, 13, 13]);
    expireBanners(g, true);
    expect(g.cardWhere[DROUGHT]).toBe(CARD_DISCARD);
  });

  it('Land Commission allocated after the Drought (same turn) is doubled at the next Income; Prestige never falls below zero', () => {
    const g = position();
    setEvents(g, [UNREST], { [LAND_COMMISSION]: CARD_FORUM });
    applyBanner(g, DROUGHT);
    g.cardWhere[LAND_COMMISSION] = card(BLUE, 2); // the Senate gives it to faction 1
    g.prestige[1] = 1;
    g.turn = 3;
    incomeStep(g, stubPolicies(3, () => ({ doubleLandCommission: () => true })));
    expect(g.treasury).toEqual([13, 13 + 4, 13]);
    expect(g.prestige[1]).toBe(0);
  });
});

// -------------------------------------------------------------------------------------------------
describe('2. Political Situation, Random Events: PROVINCIAL UNREST', () => {
  it('RI +1; undeveloped provinces yield nothing at the next Income (developed ones do); the card is discarded after it', () => {
    const g = position();
    setEvents(g, [MINING]);
    conquer(g, 0, 1); // Sicilia developed: 10
    conquer(g, 1, 0); // Sardinia undeveloped: 3
    g.ri = 4;
    applyBanner(g, UNREST);
    expect(g.ri).toBe(5);
    expect(g.cardWhere[UNREST]).toBe(CARD_LASTING);
    expect(g.unrestIncomeTurn).toBe(3);
    g.turn = 3;
    incomeStep(g, stubPolicies(3));
    expect(g.stateTreasury).toBe(100 + 30 + 10 - 4);
    expireBanners(g, true);
    expect(g.cardWhere[UNREST]).toBe(CARD_DISCARD);
    g.turn = 4;
    incomeStep(g, stubPolicies(3));
    expect(g.stateTreasury).toBe(136 + 30 + 10 + 3 - 4);
  });

  it('an undeveloped province under Unrest gives its governor nothing to claim (he is not asked)', () => {
    const g = position();
    setEvents(g, [MINING]);
    conquer(g, 1, 0);
    const gov = card(GREEN, 1);
    g.provGovernor[1] = gov;
    g.provGovTurn[1] = 2;
    g.senWhere[gov] = AT_GOVERNOR;
    g.senPost[gov] = 1;
    applyBanner(g, UNREST);
    g.turn = 3;
    let asked = 0;
    incomeStep(g, stubPolicies(3, () => ({ claimIncome: () => (asked++, true) })));
    expect(asked).toBe(0);
    expect(g.treasury[0]).toBe(13);
    expect(g.stateTreasury).toBe(126);
  });

  it('no development in the turn of the Unrest (Senate, Develop Provinces); the same attempt succeeds without it', () => {
    const prestige: number[] = [];
    for (const unrest of [false, true]) {
      const g = position();
      setEvents(g, [MINING]);
      conquer(g, 0, 0);
      const gov = card(GREEN, 1); // Status 1, faction 0
      g.provGovernor[0] = gov;
      g.provGovTurn[0] = 1; // returns in turn 3: still governor in this turn-2 Senate
      g.senWhere[gov] = AT_GOVERNOR;
      g.senPost[gov] = 0;
      if (unrest) applyBanner(g, UNREST);
      const cards = forcedCards([9]); // 9 + Status 1 = 10: developed
      g.rng.cards = cards;
      let asked = 0;
      const dev: Partial<Policy> = {
        propose: (_g, _me, m) => {
          if (m.kind !== DEVELOP) return false;
          asked++;
          m.count = 0;
          return true;
        },
      };
      senateStep(g, stubPolicies(3, (f) => (f === 0 ? dev : {})));
      expect(asked).toBe(unrest ? 0 : 1);
      expect(cards.used()).toBe(unrest ? 0 : 1);
      expect(g.provDeveloped[0]).toBe(unrest ? 0 : 1);
      prestige.push(g.prestige[0]!);
    }
    expect(prestige[0]! - prestige[1]!).toBe(2); // developPrestige, the only difference between the two meetings
  });
});

// -------------------------------------------------------------------------------------------------
describe('2. Political Situation, Random Events: BARBARIAN INVASION', () => {
  it('a conquered, developed province: undeveloped, no income at the next Income (card kept until then), then undeveloped income', () => {
    const g = position();
    setEvents(g, [MINING]);
    conquer(g, 0, 1);
    const cards = forcedCards([1]); // province 1: Sicilia
    g.rng.cards = cards;
    applyBanner(g, INVASION);
    expect(cards.used()).toBe(1);
    expect(g.provDeveloped[0]).toBe(0);
    expect(g.provNoIncomeTurn[0]).toBe(3);
    expect(g.cardWhere[INVASION]).toBe(CARD_LASTING);
    g.turn = 3;
    incomeStep(g, stubPolicies(3));
    expect(g.stateTreasury).toBe(100 + 30 - 4); // nothing from Sicilia
    expireBanners(g, true);
    expect(g.cardWhere[INVASION]).toBe(CARD_DISCARD);
    g.turn = 4;
    incomeStep(g, stubPolicies(3));
    expect(g.stateTreasury).toBe(126 + 30 + 5 - 4); // undeveloped Sicilia: 5
  });

  it('an active war: the enemy armies +1 (original armies unchanged), the card is discarded', () => {
    const g = position();
    setEvents(g, [MINING]);
    war(g, 1, 3, 0); // Sardinia et Corsica, province 2
    g.rng.cards = forcedCards([2]);
    applyBanner(g, INVASION);
    expect(g.wars.armies[1]).toBe(4);
    expect(g.wars.originalArmies[1]).toBe(3);
    expect(g.cardWhere[INVASION]).toBe(CARD_DISCARD);
    expect(g.provNoIncomeTurn.every((t) => t === 0)).toBe(true);
  });

  it('neither a conquered province nor an active war: discarded, nothing else changes', () => {
    const g = position();
    setEvents(g, [MINING]);
    conquer(g, 0, 1);
    war(g, 1, 3, 0);
    const wars = JSON.stringify(g.wars);
    const provs = JSON.stringify([g.provConquered, g.provDeveloped, g.provNoIncomeTurn]);
    g.rng.cards = forcedCards([5]); // Hispania Ulterior: war not begun
    applyBanner(g, INVASION);
    expect(g.cardWhere[INVASION]).toBe(CARD_DISCARD);
    expect(JSON.stringify(g.wars)).toBe(wars);
    expect(JSON.stringify([g.provConquered, g.provDeveloped, g.provNoIncomeTurn])).toBe(provs);
  });
});

// -------------------------------------------------------------------------------------------------
describe('2. Political Situation, Random Events: MANPOWER SHORTAGE', () => {
  it('raising costs 20 in this turn only; the card is discarded at the end of the turn', () => {
    const g = position();
    setEvents(g, [MINING]);
    expect(raiseCost(g)).toBe(10);
    applyBanner(g, MANPOWER);
    expect(g.manpowerEventTurn).toBe(2);
    expect(g.cardWhere[MANPOWER]).toBe(CARD_LASTING);
    expect(raiseCost(g)).toBe(20);
    expireBanners(g, true); // the end of an Income step does not end it
    expect(g.cardWhere[MANPOWER]).toBe(CARD_LASTING);
    expireBanners(g, false);
    expect(g.cardWhere[MANPOWER]).toBe(CARD_DISCARD);
    g.turn = 3;
    expect(raiseCost(g)).toBe(10);
  });

  it('Raise New Legions in the Senate: a faction raising its own legion pays 20 under the Shortage, 10 the next turn; 19 is not enough', () => {
    const raise = (g: GameState): void => senateStep(g, stubPolicies(3, (f) => (f === 0 ? { ownLegion: (_g, _me, r) => r } : {})));
    const g = position();
    setEvents(g, [MINING]);
    applyBanner(g, MANPOWER);
    g.treasury[0] = 25;
    raise(g);
    expect(g.factionLegion[0]).toBe(FL_BOX);
    expect(g.treasury[0]).toBe(5);
    const h = position();
    setEvents(h, [MINING]);
    applyBanner(h, MANPOWER);
    h.turn = 3; // the next turn: the shortage is over
    h.treasury[0] = 25;
    raise(h);
    expect(h.treasury[0]).toBe(15);
    const k = position();
    setEvents(k, [MINING]);
    applyBanner(k, MANPOWER);
    k.treasury[0] = 19;
    raise(k);
    expect(k.factionLegion[0]).toBe(FL_NONE);
    expect(k.treasury[0]).toBe(19);
  });
});

// -------------------------------------------------------------------------------------------------
describe('2. Political Situation, Random Events: drawing (banners, concessions, reshuffle; rules-notes 8)', () => {
  it('a concession on top goes face up to the Forum; only one card is drawn', () => {
    const g = position();
    setEvents(g, [DROUGHT, UNREST, ARMS]);
    randomEvents(g);
    expect(g.cardWhere[ARMS]).toBe(CARD_FORUM);
    expect(g.eventDeck).toEqual([DROUGHT, UNREST]);
    expect(g.ri).toBe(0);
  });

  it('a banner draws one more card: a concession goes to the Forum, and no third card is drawn', () => {
    const g = position();
    setEvents(g, [DROUGHT, HARBOUR, UNREST]);
    randomEvents(g);
    expect(g.ri).toBe(1); // Unrest applied
    expect(g.cardWhere[UNREST]).toBe(CARD_LASTING);
    expect(g.cardWhere[HARBOUR]).toBe(CARD_FORUM);
    expect(g.eventDeck).toEqual([DROUGHT]);
  });

  it('secondBannerReturns = 1 (default): a second banner goes back, the deck is reshuffled, and it has no effect', () => {
    const g = position();
    expect(g.params.secondBannerReturns).toBe(1);
    setEvents(g, [ARMS, MINING, DISASTER, DROUGHT, UNREST], { [GRAIN]: card(GREEN, 1) });
    randomEvents(g);
    expect(g.ri).toBe(1); // Unrest only: no Drought
    expect(g.cardWhere[GRAIN]).toBe(card(GREEN, 1));
    expect(g.cardWhere[DROUGHT]).toBe(CARD_DECK);
    expect(g.eventDeck.slice().sort()).toEqual([ARMS, MINING, DISASTER, DROUGHT].sort());
    expect(g.stateTreasury).toBe(100);
  });

  it('secondBannerReturns = 0: both banners take effect (Unrest then Drought: RI +3, Grain discarded), still no third card', () => {
    const g = position(3, (p) => (p.secondBannerReturns = 0));
    setEvents(g, [ARMS, DISASTER, DROUGHT, UNREST], { [GRAIN]: card(GREEN, 1) });
    randomEvents(g);
    expect(g.ri).toBe(3);
    expect(g.cardWhere[GRAIN]).toBe(CARD_DISCARD);
    expect(g.cardWhere[UNREST]).toBe(CARD_LASTING);
    expect(g.cardWhere[DROUGHT]).toBe(CARD_DISCARD); // no Land Commission in play
    expect(g.eventDeck).toEqual([ARMS, DISASTER]);
    expect(g.stateTreasury).toBe(100);
  });

  it('an empty deck is rebuilt from the discards only (not the Forum, held or face-up cards)', () => {
    {
      const g = position();
      setEvents(g, [], {
        [HARBOUR]: CARD_FORUM, [ARMS]: card(GREEN, 1), [LAND_COMMISSION]: CARD_FORUM, [GRAIN]: card(BLUE, 3),
        [UNREST]: CARD_LASTING, [INVASION]: CARD_LASTING, [DISASTER]: CARD_LASTING, [DROUGHT]: CARD_LASTING, [MANPOWER]: CARD_LASTING,
      }); // only Mining is discarded
      randomEvents(g);
      expect(g.cardWhere[MINING]).toBe(CARD_FORUM);
      expect(g.eventDeck).toEqual([]);
    }
    // Two discards, shuffled by a forced stream: j = 1 keeps [Arms, Mining] -> Mining on top.
    const g = position();
    g.rng.events = forcedCards([2]);
    setEvents(g, [], { [HARBOUR]: CARD_FORUM, [LAND_COMMISSION]: CARD_FORUM, [GRAIN]: CARD_FORUM, [UNREST]: CARD_LASTING, [INVASION]: CARD_LASTING, [DISASTER]: CARD_LASTING, [DROUGHT]: CARD_LASTING, [MANPOWER]: CARD_LASTING });
    randomEvents(g);
    expect(g.cardWhere[MINING]).toBe(CARD_FORUM);
    expect(g.cardWhere[ARMS]).toBe(CARD_DECK);
    expect(g.eventDeck).toEqual([ARMS]);
  });

  it('the banner just turned is not reshuffled into the deck for the second card: no card turns up twice in one draw', () => {
    // The last card is the Natural Disaster (discarded as it resolves); Harbour is the only other
    // discard. The second card must be Harbour. (Before the fix the Disaster went back into the
    // rebuilt deck and, with this shuffle, came up again: returned to the deck with
    // secondBannerReturns = 1, paid a second time with 0.)
    for (const returns of [1, 0]) {
      const g = position(3, (p) => (p.secondBannerReturns = returns));
      setEvents(g, [DISASTER], {
        [ARMS]: CARD_FORUM, [LAND_COMMISSION]: CARD_FORUM, [GRAIN]: CARD_FORUM, [MINING]: CARD_FORUM,
        [UNREST]: CARD_LASTING, [INVASION]: CARD_LASTING, [DROUGHT]: CARD_LASTING, [MANPOWER]: CARD_LASTING,
      });
      g.rng.events = forcedCards([2, 2]); // a two-card reshuffle keeps its order
      const cards = forcedCards([5, 5, 5, 5]); // difference 0: Harbour, not in play
      g.rng.cards = cards;
      randomEvents(g);
      expect([returns, g.stateTreasury]).toEqual([returns, 60]);
      expect(cards.used()).toBe(2);
      expect(g.cardWhere[DISASTER]).toBe(CARD_DISCARD);
      expect(g.cardWhere[HARBOUR]).toBe(CARD_FORUM);
      expect(g.eventDeck).toEqual([]);
    }
  });

  it('nothing to draw (empty deck, no discards): no event', () => {
    const g = position();
    setEvents(g, [], {
      [HARBOUR]: CARD_FORUM, [ARMS]: CARD_FORUM, [LAND_COMMISSION]: CARD_FORUM, [GRAIN]: CARD_FORUM, [MINING]: CARD_FORUM,
      [UNREST]: CARD_LASTING, [INVASION]: CARD_LASTING, [DISASTER]: CARD_LASTING, [DROUGHT]: CARD_LASTING, [MANPOWER]: CARD_LASTING,
    });
    const before = g.cardWhere.slice();
    randomEvents(g);
    expect(g.cardWhere).toEqual(before);
    expect(g.ri).toBe(0);
  });
});

// -------------------------------------------------------------------------------------------------
describe('3. Forum Meeting: ATTRACTING A NEUTRAL SENATOR', () => {
  /** No neutrals turned up from the deck: the test places them. */
  const noNeutrals: Tweak = (p) => (p.neutralSenatorsPerForum = 0);

  /** Bids by faction on one neutral (0 = none). */
  function bidding(bids: number[]): (f: number) => Partial<Policy> {
    return (f) => ({ neutralBid: () => bids[f]! });
  }

  it('equal high bids: the Consul\'s faction wins; else the faction nearest to his left (3 and 5 players, wrapping round)', () => {
    // [players, Consul's faction, bids, winner]
    const cases: [number, number, number[], number][] = [
      [3, 0, [4, 4, 4], 0],
      [3, 0, [0, 4, 4], 1],
      [3, 1, [4, 0, 4], 2],
      [3, 2, [4, 4, 0], 0],
      [3, 1, [4, 3, 4], 2],
      [5, 3, [4, 4, 0, 0, 0], 0],
      [5, 3, [0, 4, 0, 0, 4], 4],
      [5, 3, [0, 4, 4, 0, 0], 1],
      [5, 3, [0, 4, 0, 5, 0], 3],
    ];
    for (const [players, c, bids, winner] of cases) {
      const g = position(players, noNeutrals, c);
      const s = card(GREEN, 9); // Influence 1 + Status 9 = 10
      toForum(g, s);
      g.rng.cards = forcedCards([7]); // 7 + 4 > 10
      const t0 = g.treasury.slice();
      forumStep(g, stubPolicies(players, bidding(bids)));
      expect([players, c, bids, g.senOwner[s]]).toEqual([players, c, bids, winner]);
      // Only the winner pays; the other bids are returned.
      const paid = t0.map((t, f) => t - g.treasury[f]!);
      expect(paid).toEqual(bids.map((b, f) => (f === winner ? b : 0)));
    }
  });

  it('success only if draw + bid EXCEEDS Influence + Status: 6 + 4 = 10 fails (the bid is still paid), 7 + 4 succeeds', () => {
    for (const [draw, won] of [[6, false], [7, true]] as const) {
      const g = position(3, noNeutrals, 0);
      const s = card(GREEN, 9);
      toForum(g, s);
      const cards = forcedCards([draw]);
      g.rng.cards = cards;
      forumStep(g, stubPolicies(3, bidding([0, 4, 3])));
      expect(cards.used()).toBe(1);
      expect(g.treasury).toEqual([5, 1, 5]);
      expect(g.senOwner[s]).toBe(won ? 1 : -1);
      expect(g.senWhere[s]).toBe(won ? AT_ROME : AT_FORUM); // not attracted: stays face up in the Forum
      expect(g.stateTreasury).toBe(100); // bids go to the bank, not the State
      expect(g.stats.neutralsAttracted).toBe(won ? 1 : 0);
    }
  });

  it('a lilac neutral (Influence 3): a bid below 3 is void (policy error) and all that faction\'s bids fall', () => {
    const g = position(3, noNeutrals, 0);
    const s = card(LILAC, 6); // 3 + 6 = 9
    toForum(g, s);
    g.rng.cards = forcedCards([7]); // faction 2's 3: 7 + 3 > 9
    forumStep(g, stubPolicies(3, bidding([0, 2, 3])));
    expect(g.senOwner[s]).toBe(2);
    expect(g.treasury).toEqual([5, 5, 2]);
    expect(g.stats.policyErrors).toBe(1);
  });

  it('quorum: at least half (rounded up) of the senators in Rome attend; 1 of 3 may not bid, 2 of 3 may; governors do not count', () => {
    for (const [absent, governor, quorate] of [[2, 0, false], [1, 0, true], [1, 1, true], [2, 1, false]] as const) {
      const g = position(3, noNeutrals, 0);
      const s = card(GREEN, 9);
      toForum(g, s);
      const mine = own(g, 0);
      if (governor) {
        const gov = mine.pop()!;
        conquer(g, 0);
        g.provGovernor[0] = gov;
        g.provGovTurn[0] = 2;
        g.senWhere[gov] = AT_GOVERNOR;
        g.senPost[gov] = 0;
      }
      const away = mine.slice(0, absent);
      let asked = 0;
      const pols = stubPolicies(3, (f) => ({
        attend: (_g, _me, x) => !away.includes(x),
        neutralBid: () => (f === 0 ? (asked++, 5) : f === 1 ? 4 : 0),
      }));
      g.rng.cards = forcedCards([9]);
      forumStep(g, pols);
      expect([absent, governor, asked, g.senOwner[s]]).toEqual([absent, governor, quorate ? 1 : 0, quorate ? 0 : 1]);
    }
  });
});

// -------------------------------------------------------------------------------------------------
describe('3. Forum Meeting: ATTRACTING A SENATOR FROM ANOTHER FACTION (rules-notes 9)', () => {
  const target = card(BLUE, 2); // faction 1's blue 2: Influence 2 + Status 2 = 4

  /** Faction 0 attacks `target` opening with 3; faction 1 defends with 2; faction 0 adds 1; both stop. */
  function contest(calls: unknown[][], attacker = 0): (f: number) => Partial<Policy> {
    return (f) => ({
      attractTarget: () => (f === attacker && calls.filter((c) => c[0] === 'target').length === 0 ? (calls.push(['target', f]), target) : -1),
      attractRaise: (_g, me, _s, attacking, a, d) => {
        calls.push([me, attacking, a, d]);
        if (me === attacker && a === 0) return 3;
        if (me === 1 && !attacking && d === 0) return 2;
        if (me === attacker && attacking && a === 3) return 1;
        return 0;
      },
    });
  }

  it('raises alternate (owner first) until both stop; success iff draw + 4 > 4 + 2: a draw of 2 fails, 3 succeeds; money flows the same', () => {
    for (const [draw, won] of [[2, false], [3, true]] as const) {
      const g = position(3, (p) => (p.neutralSenatorsPerForum = 0), 0);
      g.treasury.fill(10);
      const calls: unknown[][] = [];
      const cards = forcedCards([draw]);
      g.rng.cards = cards;
      forumStep(g, stubPolicies(3, contest(calls)));
      expect(calls).toEqual([
        ['target', 0], [0, true, 0, 0], [1, false, 3, 0], [0, true, 3, 2], [1, false, 4, 2], [0, true, 4, 2],
      ]);
      expect(cards.used()).toBe(1);
      // The attacker pays his 4 to the owner; the owner pays his 2 to the bank (not the State).
      expect(g.treasury).toEqual([6, 12, 10]);
      expect(g.stateTreasury).toBe(100);
      expect(g.senOwner[target]).toBe(won ? 0 : 1);
      expect(g.senMovedTurn[target]).toBe(won ? 2 : 0);
      expect(g.stats.senatorsAttracted).toBe(won ? 1 : 0);
      if (won) expect(g.senPresent[target]).toBe(1); // forumWinAttends = 1: he attends for his new faction
    }
  });

  it('a failed attacker tries again after the others have had their turn; one success per faction per turn', () => {
    const g = position(3, (p) => (p.neutralSenatorsPerForum = 0), 0);
    g.treasury.fill(10);
    const targets = [card(BLUE, 2), card(GREEN, 2), card(GREEN, 3)];
    let asked = 0;
    const pols = stubPolicies(3, (f) => ({
      attractTarget: () => (f === 0 ? targets[asked++]! : -1),
      attractRaise: (_g, me, _s, _att, a) => (me === 0 && a === 0 ? 1 : 0),
    }));
    // Round 1: 1 + 1 > 4 fails; round 2: green 2 (1 + 2 = 3): 3 + 1 > 3 succeeds; faction 0 is not asked again.
    g.rng.cards = forcedCards([1, 3]);
    forumStep(g, pols);
    expect(asked).toBe(2);
    expect(g.senOwner[card(BLUE, 2)]).toBe(1);
    expect(g.senOwner[card(GREEN, 2)]).toBe(0);
    expect(g.senOwner[card(GREEN, 3)]).toBe(2);
    expect(g.treasury).toEqual([8, 12, 10]);
  });

  it('a senator joins a new faction only once per turn: another faction may not take him on (policy error, it stops)', () => {
    const g = position(3, (p) => (p.neutralSenatorsPerForum = 0), 0);
    g.treasury.fill(10);
    let asked2 = 0;
    const pols = stubPolicies(3, (f) => ({
      attractTarget: () => (f === 0 ? (g.senOwner[target] === 1 ? target : -1) : f === 2 ? (asked2++, target) : -1),
      attractRaise: (_g, me, _s, _att, a) => (me === 0 && a === 0 ? 5 : me === 2 && a === 0 ? 5 : 0),
    }));
    g.rng.cards = forcedCards([10]);
    forumStep(g, pols);
    expect(g.senOwner[target]).toBe(0);
    expect(asked2).toBe(1); // faction 2 tried once, illegally, and stopped
    expect(g.stats.policyErrors).toBe(1);
    expect(g.treasury).toEqual([5, 15, 10]);
  });

  it('a neutral won in this Forum cannot be attracted away in the same Forum', () => {
    const g = position(3, (p) => (p.neutralSenatorsPerForum = 0), 0);
    const s = card(GREEN, 9);
    toForum(g, s);
    g.treasury.fill(10);
    const pols = stubPolicies(3, (f) => ({
      neutralBid: () => (f === 0 ? 5 : 0),
      attractTarget: () => (f === 1 ? s : -1),
      attractRaise: () => 1,
    }));
    g.rng.cards = forcedCards([6]); // 6 + 5 > 10
    forumStep(g, pols);
    expect(g.senOwner[s]).toBe(0);
    expect(g.stats.policyErrors).toBe(1);
    expect(g.treasury).toEqual([5, 10, 10]);
  });
});

// -------------------------------------------------------------------------------------------------
describe('3. Forum Meeting: quorum and forumWinAttends', () => {
  /**
   * Faction 0 has 2 senators in Rome (its lilac is a governor), 1 attending: quorate (1 >= 1). It wins
   * a neutral (3 in Rome): with forumWinAttends = 1 he attends, 2 >= 2, and both may recruit knights;
   * with 0 he is absent, 1 < 2: no knights for faction 0 later in the same Forum.
   */
  function quorumCase(attends: number) {
    const g = position(3, (p) => {
      p.neutralSenatorsPerForum = 0;
      p.forumWinAttends = attends;
    }, 0);
    const gov = card(LILAC, 1);
    conquer(g, 0);
    g.provGovernor[0] = gov;
    g.provGovTurn[0] = 2;
    g.senWhere[gov] = AT_GOVERNOR;
    g.senPost[gov] = 0;
    const s = card(GREEN, 9);
    toForum(g, s);
    const spent: number[] = [];
    let donationsAsked = 0;
    const pols = stubPolicies(3, (f) => (f === 0
      ? {
        attend: (_g, _me, x) => x !== card(BLUE, 1),
        neutralBid: () => 5,
        knightSpend: (_g, _me, x) => (spent.push(x), 0),
        knightDonations: () => (donationsAsked++, 0),
      }
      : {}));
    const cards = forcedCards([6, 4, 4, 2, 2]); // 6 + 5 > 10, then two differences of 0
    g.rng.cards = cards;
    forumStep(g, pols);
    return { g, s, spent, donationsAsked, used: cards.used() };
  }

  it('forumWinAttends = 1 (default): the new senator attends and counts for the quorum; two knights recruited', () => {
    expect(position().params.forumWinAttends).toBe(1);
    const { g, s, spent, donationsAsked, used } = quorumCase(1);
    expect(g.senOwner[s]).toBe(0);
    expect(g.senPresent[s]).toBe(1);
    expect(spent).toEqual([card(GREEN, 1), s]);
    expect(g.knights).toEqual([2, 0, 0]);
    expect(donationsAsked).toBe(0);
    expect(used).toBe(5);
  });

  it('forumWinAttends = 0: he counts as absent; faction 0 falls below its quorum and may not recruit', () => {
    const { g, s, spent, donationsAsked, used } = quorumCase(0);
    expect(g.senOwner[s]).toBe(0);
    expect(g.senPresent[s]).toBe(0);
    expect(spent).toEqual([]);
    expect(g.knights).toEqual([0, 0, 0]);
    expect(donationsAsked).toBe(1); // no attempt: it may only let knights donate
    expect(used).toBe(1);
  });

  it('forumWinAttends also governs a senator attracted from another faction: with 1 he recruits for his new faction', () => {
    for (const attends of [1, 0]) {
      const g = position(3, (p) => {
        p.neutralSenatorsPerForum = 0;
        p.forumWinAttends = attends;
      }, 0);
      g.treasury.fill(10);
      const t = card(BLUE, 2); // faction 1's: Influence 2 + Status 2 = 4
      const spent: number[] = [];
      // Faction 0: green 1 and blue 1 attend (2 of 3, quorate); it wins blue 2 with 5 (draw 10).
      const pols = stubPolicies(3, (f) => (f === 0
        ? {
          attend: (_g, _me, x) => x !== card(LILAC, 1),
          attractTarget: (gv) => (gv.senOwner[t] === 1 ? t : -1),
          attractRaise: (_g, _me, _s, _att, a) => (a === 0 ? 5 : 0),
          knightSpend: (_g, _me, x) => (spent.push(x), 1),
        }
        : {}));
      const cards = forcedCards([10, ...HRD[1]!, ...HRD[1]!, ...HRD[1]!]);
      g.rng.cards = cards;
      forumStep(g, pols);
      expect(g.senOwner[t]).toBe(0);
      expect(g.senPresent[t]).toBe(attends);
      expect(spent).toEqual(attends ? [card(GREEN, 1), card(BLUE, 1), t] : [card(GREEN, 1), card(BLUE, 1)]);
      expect(g.knights).toEqual([attends ? 3 : 2, 0, 0]);
      expect(g.treasury).toEqual([10 - 5 - (attends ? 3 : 2), 15, 10]);
      expect(cards.used()).toBe(attends ? 7 : 5);
    }
  });
});

// -------------------------------------------------------------------------------------------------
describe('3. Forum Meeting: RECRUIT KNIGHTS (rules-notes 28)', () => {
  it('a knight joins iff the half random difference <= the Talents paid: exact thresholds 0..5; the Talents are paid either way', () => {
    for (let t = 0; t <= 5; t++) {
      for (const d of [t, t + 1]) {
        if (d > 5) continue;
        const g = position(3, (p) => (p.neutralSenatorsPerForum = 0), 0);
        g.treasury[0] = 10;
        const cards = forcedCards(HRD[d]!);
        g.rng.cards = cards;
        forumStep(g, stubPolicies(3, (f) => (f === 0 ? { knightSpend: (_g, _me, s) => (s === card(GREEN, 1) ? t : -1) } : {})));
        expect(cards.used()).toBe(2);
        expect([t, d, g.knights[0]]).toEqual([t, d, d <= t ? 1 : 0]);
        expect(g.treasury[0]).toBe(10 - t);
      }
    }
  });

  it('one attempt per present senator: three present senators, three attempts', () => {
    const g = position(3, (p) => (p.neutralSenatorsPerForum = 0), 0);
    g.treasury[0] = 10;
    g.rng.cards = forcedCards([...HRD[1]!, ...HRD[2]!, ...HRD[3]!]);
    forumStep(g, stubPolicies(3, (f) => (f === 0 ? { knightSpend: () => 2 } : {})));
    expect(g.knights[0]).toBe(2); // differences 1, 2 succeed; 3 fails
    expect(g.treasury[0]).toBe(4);
  });

  it('as an alternative, knights donate 3 Talents each and leave; not in a turn the faction tried to recruit', () => {
    const g = position(3, (p) => (p.neutralSenatorsPerForum = 0), 0);
    g.knights[0] = 5;
    forumStep(g, stubPolicies(3, (f) => (f === 0 ? { knightDonations: () => 3 } : {})));
    expect(g.knights[0]).toBe(2);
    expect(g.treasury[0]).toBe(5 + 9);
    const h = position(3, (p) => (p.neutralSenatorsPerForum = 0), 0);
    h.knights[0] = 5;
    h.rng.cards = forcedCards(HRD[0]!);
    let asked = 0;
    forumStep(h, stubPolicies(3, (f) => (f === 0 ? { knightSpend: (_g, _me, s) => (s === card(GREEN, 1) ? 0 : -1), knightDonations: () => (asked++, 3) } : {})));
    expect(asked).toBe(0);
    expect(h.knights[0]).toBe(6);
    expect(h.treasury[0]).toBe(5);
  });

  it('more donating knights than the faction has: policy error, nothing happens', () => {
    const g = position(3, (p) => (p.neutralSenatorsPerForum = 0), 0);
    g.knights[0] = 2;
    forumStep(g, stubPolicies(3, (f) => (f === 0 ? { knightDonations: () => 3 } : {})));
    expect(g.knights[0]).toBe(2);
    expect(g.treasury[0]).toBe(5);
    expect(g.stats.policyErrors).toBe(1);
  });
});

// -------------------------------------------------------------------------------------------------
describe('7. Adjustments: SPOILS OF WAR AND PROVINCES', () => {
  /**
   * Sicilia (spoils 10): 1 army left of `original`, 3 State legions under `commander`; draws 5,5,5,5:
   * Rome 3 + MR + 0 against 1 + 0: the enemy loses its last army, Rome loses nothing (3:1 or more).
   */
  function victory(commander: number, original: number, claim: number, join0 = false) {
    const g = position(3, undefined, 0);
    if (join0) join(g, commander, 2);
    g.legionsBox = 0;
    g.ri = 5;
    war(g, 0, 1, 3, commander, [], original);
    g.rng.cards = forcedCards([5, 5, 5, 5]);
    const pols = stubPolicies(3, () => ({ claimSpoils: () => claim }));
    combatStep(g, pols);
    expect(g.wars.status[0]).toBe(2);
    expect(g.ri).toBe(3); // victory -2
    adjustmentsStep(g, pols);
    return g;
  }

  it('the commander takes at most twice his Status (Status 3: 6 of 10); the State gets the rest', () => {
    const g = victory(card(BLUE, 3), 5, 6); // faction 2
    expect(g.treasury).toEqual([5, 5, 11]);
    expect(g.stateTreasury).toBe(100 + 4);
    expect(g.senSpoilsTurn[card(BLUE, 3)]).toBe(2);
    expect(g.legionsBox).toBe(3);
    expect(g.senWhere[card(BLUE, 3)]).toBe(AT_ROME);
  });

  it('a claim above twice the Status is refused (policy error): all 10 to the State, no spoils record', () => {
    const g = victory(card(BLUE, 3), 5, 7);
    expect(g.treasury).toEqual([5, 5, 5]);
    expect(g.stateTreasury).toBe(110);
    expect(g.stats.policyErrors).toBe(1);
    expect(g.senSpoilsTurn[card(BLUE, 3)]).toBe(0);
  });

  it('a Status 8 commander is capped by the province\'s spoils: 10 of 10 (11 refused)', () => {
    const g = victory(card(LILAC, 8), 5, 10, true);
    expect(g.treasury[2]).toBe(15);
    expect(g.stateTreasury).toBe(100);
    const h = victory(card(LILAC, 8), 5, 11, true);
    expect(h.treasury[2]).toBe(5);
    expect(h.stateTreasury).toBe(110);
  });

  it('the commander\'s faction gains half the ORIGINAL armies, rounded up: 5 -> 3, 4 -> 2, 1 -> 1', () => {
    for (const [original, gain] of [[5, 3], [4, 2], [1, 1], [7, 4]] as const) {
      const g = victory(card(BLUE, 3), original, 0);
      expect([original, g.prestige]).toEqual([original, [10, 10, 10 + gain]]);
      expect(g.stateTreasury).toBe(110);
    }
  });

  it('a neutral commander: all spoils to the State, no Prestige for anyone', () => {
    const g = position(3, undefined, 0);
    const c = card(GREEN, 9);
    takeFromDeck(g, c);
    g.legionsBox = 0;
    war(g, 0, 1, 3, c, [], 3);
    g.rng.cards = forcedCards([5, 5, 5, 5]);
    let asked = 0;
    const pols = stubPolicies(3, () => ({ claimSpoils: () => (asked++, 6) }));
    combatStep(g, pols);
    adjustmentsStep(g, pols);
    expect(asked).toBe(0);
    expect(g.prestige).toEqual([10, 10, 10]);
    expect(g.stateTreasury).toBe(110);
    expect(g.senWhere[c]).toBe(AT_FORUM);
  });
});

// -------------------------------------------------------------------------------------------------
describe('7. Adjustments: PRESTIGE LEVEL of faction legions (F-16)', () => {
  /**
   * Sicilia, 2 armies left of 3; 2 State legions + faction 0's and faction 1's legions under
   * `commander`. Draws 5,5 / 5,6: Rome 4 + 1 + 0 = 5 against 2 + 1 = 3: the enemy loses 2 (victory),
   * Rome loses 1 (1½:1, row 2); `lost` chooses which (bitmask of faction legions).
   */
  function battle(commander: number, lost: number) {
    const g = position(3, undefined, 0);
    g.legionsBox = 0;
    g.ri = 5;
    war(g, 0, 2, 2, commander, [0, 1], 3);
    g.rng.cards = forcedCards([5, 5, 5, 6]);
    const pols = stubPolicies(3, () => ({ chooseLosses: () => lost }));
    combatStep(g, pols);
    expect(g.wars.status[0]).toBe(2);
    expect(g.ri).toBe(5 + 1 - 2); // some legions lost +1, victory -2
    adjustmentsStep(g, pols);
    return g;
  }

  it('faction 0\'s commander: its own legion +1 doubled = +2; faction 1\'s legion eliminated -2 (not doubled); spoils Prestige 2', () => {
    const g = battle(card(GREEN, 1), 0b10);
    expect(g.prestige).toEqual([10 + 2 + 2, 10 - 2, 10]);
    expect(g.factionLegion).toEqual([FL_BOX, FL_NONE, FL_NONE]);
    expect(g.legionsBox).toBe(2);
  });

  it('faction 0\'s own legion eliminated under its own commander: -2 doubled = -4; faction 1\'s legion +1', () => {
    const g = battle(card(GREEN, 1), 0b01);
    expect(g.prestige).toEqual([10 - 4 + 2, 10 + 1, 10]);
    expect(g.factionLegion).toEqual([FL_NONE, FL_BOX, FL_NONE]);
  });

  it('a State legion lost instead: both faction legions +1 (faction 0 doubled)', () => {
    const g = battle(card(GREEN, 1), 0);
    expect(g.prestige).toEqual([10 + 2 + 2, 10 + 1, 10]);
    expect(g.legionsBox).toBe(1);
  });

  it('no victory, no gain: a stalemate leaves both legions\' factions unchanged; a legion lost in a continuing war costs 2', () => {
    // Stalemate: Rome 3 legions + MR 1 + 1 = 5 against 5 + 0.
    const g = position(3, undefined, 0);
    g.legionsBox = 0;
    war(g, 0, 5, 1, card(GREEN, 1), [0, 1]);
    g.rng.cards = forcedCards([5, 6, 5, 5]);
    combatStep(g, stubPolicies(3));
    expect(g.wars.result[0]).toBe(4);
    adjustmentsStep(g, stubPolicies(3));
    expect(g.prestige).toEqual([10, 10, 10]);
    // Rome 4 against 5 + 1 = 6: Rome loses 2 of 3 (faction 1's legion and a State legion), the enemy 1
    // (1½:1); the commander survives (draw 1). The war goes on: faction 1 -2, faction 0 nothing.
    const h = position(3, undefined, 0);
    h.legionsBox = 0;
    war(h, 0, 5, 1, card(GREEN, 1), [0, 1]);
    h.rng.cards = forcedCards([5, 5, 5, 6, 1]);
    const pols = stubPolicies(3, () => ({ chooseLosses: () => 0b10 }));
    combatStep(h, pols);
    expect([h.wars.result[0], h.wars.armies[0], h.wars.stateLegions[0]]).toEqual([3, 4, 0]);
    adjustmentsStep(h, pols);
    expect(h.prestige).toEqual([10, 8, 10]);
  });

  it('Prestige may never fall below zero', () => {
    const g = position(3, undefined, 0);
    g.prestige[1] = 1;
    g.legionsBox = 0;
    war(g, 0, 2, 2, card(GREEN, 1), [0, 1], 3);
    g.rng.cards = forcedCards([5, 5, 5, 6]);
    const pols = stubPolicies(3, () => ({ chooseLosses: () => 0b10 }));
    combatStep(g, pols);
    adjustmentsStep(g, pols);
    expect(g.prestige[1]).toBe(0);
  });
});

// -------------------------------------------------------------------------------------------------
describe('7. Adjustments: WAR (unopposed wars, commanders killed) and Losing the Game', () => {
  it('an active war with no legions is unopposed: RI +4; alone it does not lose the game', () => {
    const g = position();
    war(g, 0, 3, 0);
    g.ri = 1;
    adjustmentsStep(g, stubPolicies(3));
    expect(g.ri).toBe(5);
    expect(g.stats.unopposedWarTurns).toBe(1);
    expect(g.lost).toBe(0);
  });

  it('an unopposed war beside another active war loses the game (after the +4)', () => {
    const g = position();
    war(g, 0, 3, 0);
    war(g, 1, 2, 2, card(GREEN, 1));
    expect(() => adjustmentsStep(g, stubPolicies(3))).toThrow(GameOver);
    expect(g.lost).toBe(WARS);
    expect(g.ri).toBe(4);
  });

  it('a war wiped out in combat counts once: +2 (half or more lost) +4 (unopposed) in combat, nothing more at Adjustments', () => {
    const g = position(3, undefined, 0);
    g.legionsBox = 0;
    war(g, 0, 6, 2, card(GREEN, 2)); // Status 2, MR 1: 3 + 0 against 6 + 0
    g.rng.cards = forcedCards([5, 5, 5, 5, 1]); // commander survives (1 <= 2)
    const pols = stubPolicies(3);
    combatStep(g, pols);
    expect(g.wars.stateLegions[0]).toBe(0);
    expect(g.ri).toBe(6);
    expect(g.senWhere[card(GREEN, 2)]).toBe(AT_ROME);
    adjustmentsStep(g, pols);
    expect(g.ri).toBe(6);
    expect(g.lost).toBe(0);
  });

  it('legions whose commander died are recalled to the box and the war becomes unopposed (+4)', () => {
    const g = position(3, undefined, 0);
    g.legionsBox = 0;
    const c = card(GREEN, 1);
    // Rome 2 + 1 + 0 = 3 against 3 + 1 = 4: Rome loses 1 of 2 (half), enemy loses 1 (1:1); draw 2 > Status 1 kills him.
    war(g, 0, 3, 2, c);
    g.rng.cards = forcedCards([5, 5, 5, 6, 2]);
    const pols = stubPolicies(3);
    combatStep(g, pols);
    expect(g.senWhere[c]).toBe(AT_DECK);
    expect(g.senOwner[c]).toBe(-1);
    expect(g.wars.commander[0]).toBe(-1);
    expect(g.wars.armies[0]).toBe(2);
    expect(g.wars.stateLegions[0]).toBe(1);
    expect(g.ri).toBe(2 + 2); // half lost +2, both sides remain +2
    adjustmentsStep(g, pols);
    expect(g.wars.stateLegions[0]).toBe(0);
    expect(g.legionsBox).toBe(1);
    expect(g.wars.status[0]).toBe(1);
    expect(g.ri).toBe(4 + 4);
    expect(g.lost).toBe(0);
    expect(invariantViolations(g, true, false)).toEqual([]);
  });
});

// -------------------------------------------------------------------------------------------------
describe('7. Adjustments: GOVERNORS\' TERMS (rules-notes 18)', () => {
  it('appointed in turn 3: collects income in turns 4 and 5, comes home at the Senate of turn 5 (not 4)', () => {
    const g = position(3, (p) => (p.neutralSenatorsPerForum = 0), 0);
    setEvents(g, [MINING]);
    const gov = card(BLUE, 2); // faction 1, Status 2
    conquer(g, 0, 1); // developed Sicilia: 10
    g.provGovernor[0] = gov;
    g.provGovTurn[0] = 3;
    g.senWhere[gov] = AT_GOVERNOR;
    g.senPost[gov] = 0;
    g.senPresent[gov] = 0;
    const pols = stubPolicies(3, (f) => (f === 1 ? { claimIncome: () => true } : {}));
    for (const t of [4, 5]) {
      g.turn = t;
      const t0 = g.treasury[1]!;
      const s0 = g.stateTreasury;
      incomeStep(g, pols);
      expect([t, g.treasury[1]! - t0]).toEqual([t, 5 + 3 + 2]); // claim capped at his Status 2
      expect(g.stateTreasury - s0).toBe(30 - 4);
      senateStep(g, pols);
      expect([t, g.senWhere[gov]]).toEqual([t, t === 4 ? AT_GOVERNOR : AT_ROME]);
    }
    expect(g.senGovReturnTurn[gov]).toBe(5);
    expect(g.senGovClaimReturn[gov]).toBe(5);
    expect(g.provGovernor[0]).not.toBe(gov); // he did not consent to serve again
  });
});

// -------------------------------------------------------------------------------------------------
describe('7. Adjustments: REVOLUTION INDEX floor (riNettedOverTurn)', () => {
  it('per change (default 0): +1, -3, +4 from 0 gives 1, 0, 4; netted (1): 1, 0, 2', () => {
    const a = position();
    expect(a.params.riNettedOverTurn).toBe(0);
    const b = position(3, (p) => (p.riNettedOverTurn = 1));
    const seen: number[][] = [[], []];
    for (const n of [1, -3, 4]) {
      changeRI(a, n);
      changeRI(b, n);
      seen[0]!.push(a.ri);
      seen[1]!.push(b.ri);
    }
    expect(seen).toEqual([[1, 0, 4], [1, 0, 2]]);
  });

  /**
   * RI 2. Forum: faction 0 sponsors Games for 25 (RI -3). Combat: a stalemate in Sicilia (+2).
   * Per change: 2 -> 0 -> 2. Netted: 2 -> 0 (1 owed) -> 1. Adjustments changes nothing more.
   */
  function turn(netted: number): GameState {
    const g = position(3, (p) => {
      p.neutralSenatorsPerForum = 0;
      p.riNettedOverTurn = netted;
    }, 0);
    g.ri = 2;
    g.treasury[0] = 30;
    war(g, 0, 5, 2, card(GREEN, 2)); // Rome 2 + 1 + 2 = 5 against 5 + 0 = 5
    const pols = stubPolicies(3, (f) => (f === 0 ? { games: () => 25 } : {}));
    forumStep(g, pols);
    expect(g.ri).toBe(0);
    g.rng.cards = forcedCards([5, 8, 5, 5]);
    combatStep(g, pols);
    expect(g.wars.result[0]).toBe(4);
    adjustmentsStep(g, pols);
    return g;
  }

  it('a turn where the readings differ: Games -3 then a stalemate +2 from RI 2 -> 2 per change, 1 netted', () => {
    expect(turn(0).ri).toBe(2);
    const g = turn(1);
    expect(g.ri).toBe(1);
    expect(g.riCredit).toBe(0);
  });

  it('netted: what is not absorbed by the end of Adjustments is lost (the next turn starts afresh)', () => {
    for (const netted of [0, 1]) {
      const g = position(3, (p) => {
        p.neutralSenatorsPerForum = 0;
        p.riNettedOverTurn = netted;
      }, 0);
      g.ri = 1;
      g.treasury[0] = 30;
      forumStep(g, stubPolicies(3, (f) => (f === 0 ? { games: () => 25 } : {})));
      expect(g.riCredit).toBe(netted ? -2 : 0);
      adjustmentsStep(g, stubPolicies(3));
      expect(g.riCredit).toBe(0);
      g.turn = 3;
      setEvents(g, [MINING]);
      applyBanner(g, DROUGHT); // +2 in the next turn
      expect(g.ri).toBe(2);
    }
  });
});
