// The eight optional variations ("Variations"): each in a forced situation with exact numbers, and
// each switched on but never triggered giving exactly the base game (same seed, same outcome).
import { describe, expect, it } from 'vitest';
import { gameSeed, makePrng, type Stream, uniformInt } from '../src/core/rng.js';
import { adjustmentsStep } from '../src/legions/adjustments.js';
import { combatStep } from '../src/legions/combat.js';
import { GameOver } from '../src/legions/common.js';
import { deathFaction, deathsActivity, killSenator } from '../src/legions/deaths.js';
import { playGame } from '../src/legions/game.js';
import { incomeStep, legionsAt } from '../src/legions/income.js';
import {
  APPOINT_GOVERNOR, BILL, keyKind, CENSURE, CONCESSION, DEVELOP, DISBAND, DISPATCH, ELECT_CENSOR, ELECT_CONSUL, LAND_ACT,
  type Motion, RAISE, RECALL, REPEAL_LAND_ACT, resetMotion,
} from '../src/legions/motion.js';
import type { Outcome } from '../src/legions/outcome.js';
import { type GameView, naturalNext, onAgenda, type Policy } from '../src/legions/policy.js';
import { applyBanner, establishWars, politicsStep } from '../src/legions/politics.js';
import { revoltsActivity } from '../src/legions/revolts.js';
import { billsBusiness } from '../src/legions/senate/bills.js';
import { senateStep } from '../src/legions/senate/index.js';
import { landActsInPlace, payLandActs } from '../src/legions/senate/land-acts.js';
import { openBusiness } from '../src/legions/senate/open-business.js';
import { appointGovernors } from '../src/legions/senate/governors.js';
import { putToVote } from '../src/legions/senate/voting.js';
import { type GameConfig, setupGame } from '../src/legions/setup.js';
import {
  AT_COMMANDER, AT_DECK, AT_FORUM, AT_GOVERNOR, AT_ROME, BLUE, CARD_FORUM, colourOf, type GameState,
  GREEN, HARBOUR, INVASION, LAND_COMMISSION, LILAC, SENATORS, statusOf, WARS,
} from '../src/legions/state.js';
import { parseVariants, VARIANT_NAMES } from '../src/legions/variants.js';
import { deckCards, forcedCards, invariantViolations, makeConfig, activeWar, stubPolicy, takeFromDeck } from './helpers.js';

type Tweak = Parameters<typeof makeConfig>[1];
const card = (colour: number, status: number): number => colour * 10 + status - 1;

function config(players: number, variants: string, tweak?: Tweak): GameConfig {
  return { ...makeConfig(players, tweak), variants: parseVariants(variants) };
}

/**
 * A prepared Senate position: setup with `variants`, turn `turn`, the Temporary Consul (the dealt
 * lilac card with the highest Status) still in the chair but no longer temporary, every faction
 * senator in Rome present, Prestige 10 each, and no card draw allowed (a forced empty stream).
 */
function senatePosition(players: number, variants: string, turn = 3, tweak?: Tweak, seed = 'variants'): GameState {
  const g = setupGame(config(players, variants, tweak), seed, false);
  g.turn = turn;
  g.step = 'senate';
  g.temporaryConsul = false;
  for (let f = 0; f < players; f++) g.prestige[f] = 10;
  for (let s = 0; s < SENATORS; s++) g.senPresent[s] = g.senOwner[s]! >= 0 && g.senWhere[s] === AT_ROME ? 1 : 0;
  g.rng.cards = forcedCards([]);
  return g;
}

/** The stub policy (declines everything, votes against) with the variation decisions declined too. */
function vstub(over: Partial<Policy> = {}): Policy {
  return stubPolicy({ proposeBill: () => false, closeDebate: () => false, penalize: () => false, ...over });
}

function vstubs(players: number, over: (f: number) => Partial<Policy> = () => ({})): Policy[] {
  return Array.from({ length: players }, (_, f) => vstub(over(f)));
}

/** The senators faction f owns (card order). */
function own(g: GameState, f: number): number[] {
  const r: number[] = [];
  for (let s = 0; s < SENATORS; s++) if (g.senOwner[s] === f) r.push(s);
  return r;
}

/** Puts deck senator s face up in the Forum as a neutral. */
function toForum(g: GameState, s: number): void {
  takeFromDeck(g, s);
  g.senWhere[s] = AT_FORUM;
}


/** Makes senator s (a faction senator in Rome) the governor of conquered province p, appointed in `turn`. */
function governor(g: GameState, s: number, p: number, turn: number): void {
  g.provConquered[p] = 1;
  g.provGovernor[p] = s;
  g.provGovTurn[p] = turn;
  g.senWhere[s] = AT_GOVERNOR;
  g.senPost[s] = p;
  g.senPresent[s] = 0;
}

// ---------------------------------------------------------------------------------------------
// An active but simple test policy (its own, so these tests do not depend on the built-in ones):
// it names candidates, raises and dispatches legions, allocates concessions (never the Land
// Commission), attempts development, bids a little and votes mostly for. It never proposes a bill,
// a Land Act, a repeal or a censure and never closes a debate: the variation hooks stay silent.
// ---------------------------------------------------------------------------------------------
class ActivePolicy implements Policy {
  readonly name = 'active-test';
  private rng!: Stream;
  private coin(pct: number): boolean {
    return uniformInt(this.rng, 100) < pct;
  }
  init(_me: number, rng: Stream): void {
    this.rng = rng;
  }
  claimIncome(): boolean {
    return this.coin(50);
  }
  doubleLandCommission(): boolean {
    return false;
  }
  donation(g: GameView, me: number): number {
    return g.stateTreasury < 40 && g.treasury[me]! >= 12 ? 8 : 0;
  }
  transfer(): number {
    return 0;
  }
  attend(): boolean {
    return true;
  }
  consulPlaysFirst(): boolean {
    return true;
  }
  neutralBid(g: GameView, me: number, s: number): number {
    // Only on the first face-up neutral, so the sealed bids never exceed the treasury.
    let first = -1;
    for (let x = 0; x < SENATORS && first < 0; x++) if (g.senWhere[x] === AT_FORUM) first = x;
    const bid = colourOf(s) + 2;
    return s === first && g.treasury[me]! >= bid + 4 && this.coin(60) ? bid : 0;
  }
  attractTarget(): number {
    return -1;
  }
  attractRaise(): number {
    return 0;
  }
  knightSpend(g: GameView, me: number, s: number): number {
    return g.treasury[me]! >= 10 && s === own(g as GameState, me)[0] ? 1 : -1;
  }
  knightDonations(): number {
    return 0;
  }
  games(g: GameView, me: number): number {
    return g.ri >= 4 && g.treasury[me]! >= 12 ? 5 : 0;
  }
  propose(g: GameView, me: number, m: Motion, cands: readonly number[]): boolean {
    return this.draft(g, me, m, cands) && !onAgenda(g, m);
  }
  tableNext(g: GameView): number {
    return naturalNext(g as GameState);
  }
  useTribune(): boolean {
    return false;
  }
  objectToRuling(): boolean {
    return false;
  }
  private draft(g: GameView, me: number, m: Motion, cands: readonly number[]): boolean {
    switch (m.kind) {
      case ELECT_CONSUL:
      case ELECT_CENSOR:
      case APPOINT_GOVERNOR: {
        if (cands.length === 0) return false;
        const mine = cands.filter((s) => g.senOwner[s] === me);
        m.senator = mine.length ? mine[mine.length - 1]! : cands[uniformInt(this.rng, cands.length)]!;
        return true;
      }
      case RAISE: {
        let need = -g.legionsBox;
        for (let w = 0; w < g.wars.status.length; w++) {
          if (g.wars.status[w] === 1) need += Math.max(0, g.wars.armies[w]! + 2 - legionsAt(g as GameState, w));
        }
        let exist = g.legionsBox;
        for (const x of g.wars.stateLegions) exist += x;
        const afford = Math.floor((g.stateTreasury - 40) / g.params.legionCost);
        m.count = Math.min(need, afford, g.params.maxStateLegions - exist);
        return m.count > 0;
      }
      case DISPATCH: {
        for (let w = 0; w < g.wars.status.length; w++) {
          if (g.wars.status[w] !== 1) continue;
          const here = legionsAt(g as GameState, w);
          const send = Math.min(g.legionsBox, Math.max(0, g.wars.armies[w]! + 2 - here));
          if (g.wars.commander[w]! >= 0) {
            if (send === 0) continue;
            m.target = w;
            m.count = send;
            return true;
          }
          if (cands.length === 0 || send + here === 0) continue;
          m.target = w;
          m.count = send;
          let best = cands[0]!;
          for (const s of cands) if (statusOf(s) > statusOf(best)) best = s;
          m.senator = best;
          return true;
        }
        return false;
      }
      case CONCESSION: {
        for (let c = 0; c < 5; c++) {
          if (c === LAND_COMMISSION || g.cardWhere[c] !== CARD_FORUM) continue;
          const mine = own(g as GameState, me);
          if (!mine.length) return false;
          m.target = c;
          m.senator = mine[0]!;
          return true;
        }
        return false;
      }
      case DEVELOP:
        m.count = 0;
        return true;
      default:
        return false; // prosecutions, disband, replace, transfer, recall, censure, Land Acts, repeal
    }
  }
  ownLegion(): boolean {
    return false;
  }
  coSponsor(): boolean {
    return false;
  }
  veto(): boolean {
    return false;
  }
  vote(_g: GameView, me: number, m: Motion): number {
    if (m.sponsor === me) return 1;
    return this.coin(m.kind === RAISE || m.kind === DISPATCH ? 90 : 70) ? 1 : -1;
  }
  buyVotes(g: GameView, me: number): number {
    return g.treasury[me]! >= 8 && this.coin(20) ? 1 : 0;
  }
  tieBreak(): boolean {
    return true;
  }
  proposeBill(): boolean {
    return false;
  }
  closeDebate(): boolean {
    return false;
  }
  penalize(): boolean {
    return false;
  }
  consent(): boolean {
    return true;
  }
  repopulationPick(_g: GameView, _me: number, c: readonly number[]): number {
    return c[0] ?? -1;
  }
  stepDown(): boolean {
    return false;
  }
  chooseLosses(): number {
    return 0; // no faction legions are ever raised
  }
  claimSpoils(): number {
    return 0;
  }
  payRansom(): boolean {
    return false;
  }
  assassinTarget(): number {
    return -1;
  }
  assassin(): number {
    return -1;
  }
  hireAssassins(): number {
    return 0;
  }
  bodyguards(): number {
    return 0;
  }
}

const activePolicies = (n: number): Policy[] => Array.from({ length: n }, () => new ActivePolicy());

function play(cfg: GameConfig, seed: string, i: number): { state: GameState; outcome: Outcome } {
  return playGame(cfg, seed, i, activePolicies(cfg.players));
}

describe('variation switches', () => {
  it('all eight variations are playable and parse; the base game has none', () => {
    expect(VARIANT_NAMES.filter((n) => !n.startsWith('ror-')).sort()).toEqual(
      ['bills', 'consular-powers', 'deaths', 'distribution', 'land-acts', 'macedonian-wars', 'revolts', 'tempo'],
    );
    // The Republic of Rome modules (issue 14) follow the rules' own variations.
    expect(VARIANT_NAMES).toEqual(expect.arrayContaining(
      ['ror-garrisons', 'ror-frontier', 'ror-assassination', 'ror-leaderless-legions', 'ror-reinforcements', 'ror-disaster-standoff',
        'ror-multiple-commanders', 'ror-repopulation', 'ror-senate-errata', 'ror-dictator', 'ror-consul-for-life'],
    ));
    const all = parseVariants(VARIANT_NAMES.join(','));
    for (const n of VARIANT_NAMES) expect(all[n]).toBe(true);
    for (const n of VARIANT_NAMES) expect(makeConfig(3).variants[n]).toBe(false);
    expect(() => parseVariants('plague')).toThrow(/unknown variant/);
  });
});

describe('switched on but never triggered: exactly the base game (same seed, same outcome)', () => {
  const GAMES = 12;

  function sameAsBase(players: number, variants: string, tweak?: Tweak, keep?: (base: Outcome) => boolean): number {
    let compared = 0;
    for (let i = 0; i < GAMES; i++) {
      const base = play(config(players, '', tweak), 'base-vs-variant', i);
      const v = play(config(players, variants, tweak), 'base-vs-variant', i);
      if (keep && !keep(base.outcome)) continue;
      expect(v.outcome).toEqual(base.outcome);
      compared++;
    }
    return compared;
  }

  it('the test policy plays real games (wars won, provinces conquered, some games survive)', () => {
    let won = 0;
    let conquered = 0;
    let survived = 0;
    for (let i = 0; i < GAMES; i++) {
      const o = play(config(3, ''), 'base-vs-variant', i).outcome;
      won += o.warsWon;
      conquered += o.provincesConquered;
      if (o.cause === 0) survived++;
    }
    expect(won).toBeGreaterThan(0);
    expect(conquered).toBeGreaterThan(0);
    expect(survived).toBeGreaterThan(0);
  });

  for (const players of [3, 5]) {
    it(`deaths with turns = 1 (no draw before turn 2), ${players} players`, () => {
      expect(sameAsBase(players, 'deaths', (p) => (p.turns = 1))).toBe(GAMES);
    });

    it(`macedonian-wars with turns = 4 (the extra wars come in turns 5 and 7), ${players} players`, () => {
      expect(sameAsBase(players, 'macedonian-wars', (p) => (p.turns = 4))).toBe(GAMES);
    });

    it(`land-acts when no Land Act is ever proposed and the Land Commission is never allocated, ${players} players`, () => {
      expect(sameAsBase(players, 'land-acts')).toBe(GAMES);
    });

    it(`bills, consular-powers, tempo (budget 100) when nobody drafts a bill, closes a debate or censures, ${players} players`, () => {
      const tweak: Tweak = (p) => (p.tempoMotionBudget = 100);
      expect(sameAsBase(players, 'bills', tweak)).toBe(GAMES);
      expect(sameAsBase(players, 'consular-powers', tweak)).toBe(GAMES);
      expect(sameAsBase(players, 'tempo', tweak)).toBe(GAMES);
      expect(sameAsBase(players, 'bills,consular-powers,tempo', tweak)).toBe(GAMES);
    });

    it(`revolts with revoltChance 0 and turns = 1, ${players} players`, () => {
      expect(sameAsBase(players, 'revolts', (p) => (p.turns = 1))).toBe(GAMES);
    });

    it(`revolts with revoltChance 0 over whole games whose Revolution Index stays low, ${players} players`, () => {
      // A revolt needs RI >= 10 at the Political Situation: the RI then is the last turn's closing RI
      // plus at most 2 (one banner). Games whose closing RI never exceeded 7 cannot have had one.
      const low = (o: Outcome): boolean => o.riByTurn.slice(0, -1).every((r) => r <= 7) && o.provincesConquered > 0;
      expect(sameAsBase(players, 'revolts', undefined, low)).toBeGreaterThan(0);
    });
  }

  it('distribution: the same seed deals the same lilac cards, Temporary Consul, senator deck and event deck', () => {
    for (const players of [3, 5]) {
      for (let i = 0; i < 20; i++) {
        const a = setupGame(config(players, ''), `dist-${i}`, false);
        const b = setupGame(config(players, 'distribution'), `dist-${i}`, false);
        for (let f = 0; f < players; f++) expect(own(b, f).filter((s) => colourOf(s) === LILAC)).toEqual(own(a, f).filter((s) => colourOf(s) === LILAC));
        expect(b.consul).toBe(a.consul);
        expect(b.prestige).toEqual(a.prestige);
        expect(deckCards(b)).toEqual(deckCards(a));
        expect(b.eventDeck).toEqual(a.eventDeck);
      }
    }
  });

  it('distribution: a seed whose random deal happens to follow the table plays exactly the base game', () => {
    let found = 0;
    for (let i = 0; i < 400 && found < 3; i++) {
      const a = setupGame(config(3, ''), gameSeed('dist-match', i), false);
      const b = setupGame(config(3, 'distribution'), gameSeed('dist-match', i), false);
      if (a.senOwner.join() !== b.senOwner.join()) continue;
      found++;
      const base = play(config(3, ''), 'dist-match', i);
      const v = play(config(3, 'distribution'), 'dist-match', i);
      expect(v.outcome).toEqual(base.outcome);
    }
    expect(found).toBe(3);
  });
});

describe('Land Acts', () => {
  /** The Consul's faction c proposes one act of `type`; c + 1 seconds it; each faction votes votes[f]. */
  function actPolicies(g: GameState, type: number, votes: readonly number[], over: (f: number) => Partial<Policy> = () => ({})): Policy[] {
    const c = g.senOwner[g.consul]!;
    let proposed = 0;
    return vstubs(g.players, (f) => ({
      propose: (_g, me, m) => {
        if (m.kind !== LAND_ACT || me !== c || proposed++ > 0) return false;
        m.count = type;
        return true;
      },
      coSponsor: () => f === (c + 1) % g.players,
      vote: () => votes[f]!,
      ...over(f),
    }));
  }

  /** Seats by role: c the Consul's faction (sponsor), b = c + 1 (co-sponsor), d = c + 2, ... */
  function seats(g: GameState): number[] {
    const c = g.senOwner[g.consul]!;
    return Array.from({ length: g.players }, (_, i) => (c + i) % g.players);
  }

  /** votes[] indexed by role (sponsor, co-sponsor, ...) turned into votes indexed by faction. */
  function byFaction(g: GameState, roleVotes: readonly number[]): number[] {
    const v = new Array<number>(g.players).fill(0);
    seats(g).forEach((f, i) => (v[f] = roleVotes[i]!));
    return v;
  }

  it('Type II passed: RI -3; sponsor +4, co-sponsor +2, a supporting voter +1; 5 T at every later Income step, none in its own turn', () => {
    const g = senatePosition(3, 'land-acts', 3);
    g.ri = 5;
    const [c, b, d] = seats(g) as [number, number, number];
    openBusiness(g, actPolicies(g, 2, byFaction(g, [1, 1, 1])));
    expect(g.ri).toBe(2);
    expect([g.prestige[c], g.prestige[b], g.prestige[d]]).toEqual([14, 12, 11]);
    expect(g.landActsType2).toBe(1);
    expect(g.landActType2Turn).toEqual([3]);
    expect(g.landActType2Sponsor).toEqual([c]);
    expect(g.landActType2CoSponsor).toEqual([b]);
    expect(g.landActPassedTurn).toBe(3);
    expect(g.stats.landActs).toBe(1);
    expect(landActsInPlace(g)).toBe(1);
    payLandActs(g); // in the turn it passed: nothing due
    expect(g.stateTreasury).toBe(100);
    g.turn = 4;
    incomeStep(g, vstubs(3));
    expect(g.stateTreasury).toBe(100 + 30 - 4 - 5); // one State legion in the box, the act
    g.turn = 5;
    incomeStep(g, vstubs(3));
    expect(g.stateTreasury).toBe(121 + 30 - 4 - 5);
    expect(landActsInPlace(g)).toBe(1); // a Type II act stays until repealed
  });

  it('Type I passed: RI -1; sponsor +2, co-sponsor +1, voters 0 (rules-notes 13); nothing paid in the Senate', () => {
    const g = senatePosition(3, 'land-acts', 3);
    g.ri = 5;
    const [c, b, d] = seats(g) as [number, number, number];
    openBusiness(g, actPolicies(g, 1, byFaction(g, [1, 1, 1])));
    expect(g.ri).toBe(4);
    expect([g.prestige[c], g.prestige[b], g.prestige[d]]).toEqual([12, 11, 10]);
    expect(g.landActsType1).toBe(1);
    expect(landActsInPlace(g)).toBe(1);
    expect(g.stateTreasury).toBe(100); // nothing paid in the Senate
  });

  it('Type I passed: the 20 T fall due at the next Income step, once; the stone is then removed', () => {
    const g = senatePosition(3, 'land-acts', 3);
    openBusiness(g, actPolicies(g, 1, byFaction(g, [1, 1, 1])));
    expect(g.stateTreasury).toBe(100);
    g.turn = 4;
    incomeStep(g, vstubs(3));
    expect(g.stateTreasury).toBe(100 + 30 - 4 - 20);
    expect(g.landActsType1).toBe(0);
    expect(landActsInPlace(g)).toBe(0);
    g.turn = 5;
    incomeStep(g, vstubs(3));
    expect(g.stateTreasury).toBe(106 + 30 - 4);
  });

  it('failed acts: sponsor -4/-2 and co-sponsor -2/-1 (Type II/I); a faction voting against loses the voters entry (1/0)', () => {
    for (const [type, expected] of [[2, [6, 8, 9]], [1, [8, 9, 10]]] as const) {
      const g = senatePosition(3, 'land-acts', 3);
      g.ri = 5;
      const [c, b, d] = seats(g) as [number, number, number];
      g.knights[d] = 10; // 16 votes against 12
      openBusiness(g, actPolicies(g, type, byFaction(g, [1, 1, -1])));
      expect([g.prestige[c], g.prestige[b], g.prestige[d]]).toEqual(expected);
      expect(g.ri).toBe(5);
      expect(landActsInPlace(g)).toBe(0);
      expect(g.stats.landActs).toBe(0);
      expect(g.landActPassedTurn).toBe(0);
    }
  });

  it('5 players: voting against costs Prestige even when the act passes (Type II: +4 +2 +1 -1 -1)', () => {
    const g = senatePosition(5, 'land-acts', 3);
    const s = seats(g);
    openBusiness(g, actPolicies(g, 2, byFaction(g, [1, 1, 1, -1, -1])));
    expect(s.map((f) => g.prestige[f])).toEqual([14, 12, 11, 9, 9]);
    expect(g.landActsType2).toBe(1);
  });

  it('a veto defeats the act without Prestige loss for the vetoing faction; abstaining is not allowed (counted against)', () => {
    const g = senatePosition(3, 'land-acts', 3);
    const [c, b, d] = seats(g) as [number, number, number];
    g.tribunesReal[d] = 1;
    openBusiness(g, actPolicies(g, 2, byFaction(g, [1, 1, 1]), (f) => ({ veto: () => f === d })));
    expect([g.prestige[c], g.prestige[b], g.prestige[d]]).toEqual([6, 8, 10]);
    expect(g.tribunesReal[d]).toBe(0);
    expect(landActsInPlace(g)).toBe(0);

    const h = senatePosition(3, 'land-acts', 3);
    openBusiness(h, actPolicies(h, 2, byFaction(h, [1, 1, 0])));
    const [hc, hb, hd] = seats(h) as [number, number, number];
    expect([h.prestige[hc], h.prestige[hb], h.prestige[hd]]).toEqual([14, 12, 9]);
    expect(h.stats.policyErrors).toBe(1);
    expect(h.policyErrorLog[0]).toMatch(/may not abstain on land act/);
  });

  it('an act needs a co-sponsor: without one it lapses unvoted and nobody gains or loses', () => {
    const g = senatePosition(3, 'land-acts', 3);
    let votes = 0;
    openBusiness(g, actPolicies(g, 2, [1, 1, 1], () => ({ coSponsor: () => false, vote: () => (votes++, 1) })));
    expect(votes).toBe(0);
    expect(g.prestige).toEqual([10, 10, 10]);
    expect(landActsInPlace(g)).toBe(0);
  });

  it('repeal of a Type II act: its sponsor -4 and co-sponsor -2; every supporter of the repeal -1, passed or not', () => {
    for (const passes of [true, false]) {
      const g = senatePosition(3, 'land-acts', 4);
      g.ri = 2;
      const [c, b, d] = seats(g) as [number, number, number];
      g.landActsType2 = 1;
      g.landActType2Turn = [3];
      g.landActType2Sponsor = [b];
      g.landActType2CoSponsor = [d];
      const votes = byFaction(g, passes ? [1, -1, 1] : [1, -1, -1]);
      openBusiness(g, vstubs(3, (f) => ({
        propose: (_g, me, m) => {
          if (m.kind !== REPEAL_LAND_ACT || me !== c) return false;
          m.target = 0;
          return true;
        },
        vote: () => votes[f]!,
      })));
      if (passes) {
        // c supported (-1); b sponsored the act (-4); d co-sponsored it (-2) and supported the repeal (-1).
        expect([g.prestige[c], g.prestige[b], g.prestige[d]]).toEqual([9, 6, 7]);
        expect(g.landActsType2).toBe(0);
        expect(g.landActType2Turn).toEqual([]);
        expect(g.landActRepealTurn).toBe(4);
      } else {
        // c supported (-1) and, as the Consul's faction defeated by every other faction, loses 1 more.
        expect([g.prestige[c], g.prestige[b], g.prestige[d]]).toEqual([8, 10, 10]);
        expect(g.landActsType2).toBe(1);
        expect(g.landActRepealTurn).toBe(0);
      }
      expect(g.ri).toBe(2); // a repeal does not move the index
    }
  });

  it('one act passed and one repealed per turn; no repeal in the turn an act passed; nobody is asked once they are closed', () => {
    const g = senatePosition(3, 'land-acts', 4);
    const [c, b, d] = seats(g) as [number, number, number];
    g.tribunesReal[b] = 1;
    g.tribunesReal[d] = 1;
    const asked: string[] = [];
    const pols = vstubs(3, (f) => ({
      propose: (gg, me, m) => {
        if (me !== c || (m.kind !== LAND_ACT && m.kind !== REPEAL_LAND_ACT)) return false;
        asked.push(m.kind === LAND_ACT ? 'act' : 'repeal');
        if (m.kind === LAND_ACT) {
          m.count = 2;
          return true;
        }
        m.target = gg.landActType2Turn.findIndex((t) => t !== gg.turn);
        return m.target >= 0;
      },
      coSponsor: () => f === b,
      vote: () => 1,
    }));
    openBusiness(g, pols);
    expect(asked).toEqual(['act']); // passed; no act may pass again, and nothing from an earlier turn to repeal
    expect(g.landActType2Turn).toEqual([4]);
    g.turn = 5;
    asked.length = 0;
    openBusiness(g, pols);
    expect(asked).toEqual(['act', 'repeal']); // both made in the first round, neither asked again
    expect(g.landActType2Turn).toEqual([5]); // the turn-4 act repealed, the turn-5 act kept
    expect(g.tribunesReal[b]! + g.tribunesReal[d]!).toBe(2);

    // Repealing the act passed this very turn is out of order.
    g.landActType2Turn = [3, 5];
    g.landActType2Sponsor = [c, c];
    g.landActType2CoSponsor = [b, b];
    g.landActsType2 = 2;
    g.landActRepealTurn = 0;
    g.landActPassedTurn = 5;
    openBusiness(g, vstubs(3, () => ({
      propose: (_g, me, m) => {
        if (m.kind !== REPEAL_LAND_ACT || me !== c) return false;
        m.target = 1;
        return true;
      },
    })));
    expect(g.landActType2Turn).toEqual([3, 5]);
    expect(g.policyErrorLog.at(-1)).toMatch(/cannot be repealed in the turn it passed/);
  });

  it('four green stones: with four acts in place (Type I unpaid counts) no act is proposed until a Type I is paid', () => {
    const g = senatePosition(3, 'land-acts', 4);
    const [c, b] = seats(g) as [number, number];
    g.landActsType1 = 1;
    g.landActsType2 = 3;
    g.landActType2Turn = [1, 2, 3];
    g.landActType2Sponsor = [c, c, c];
    g.landActType2CoSponsor = [b, b, b];
    let asked = 0;
    const pols = vstubs(3, (f) => ({
      propose: (_g, me, m) => {
        if (m.kind !== LAND_ACT || me !== c) return false;
        asked++;
        m.count = 2;
        return true;
      },
      coSponsor: () => f === b,
      vote: () => 1,
    }));
    openBusiness(g, pols);
    expect(asked).toBe(0);
    g.turn = 5;
    incomeStep(g, vstubs(3));
    expect(g.stateTreasury).toBe(100 + 30 - 4 - 20 - 3 * 5);
    expect(landActsInPlace(g)).toBe(3);
    g.step = 'senate';
    openBusiness(g, pols);
    expect(asked).toBe(1);
    expect(landActsInPlace(g)).toBe(4);
  });

  it('the Land Commission cannot be allocated before a Land Act has passed, and pays only while an act is in place', () => {
    const g = senatePosition(3, 'land-acts', 3);
    const [c, b] = seats(g) as [number, number];
    const holder = own(g, c).find((s) => s !== g.consul)!;
    g.cardWhere[LAND_COMMISSION] = CARD_FORUM;
    let votes = 0;
    const pols = (kinds: readonly number[]) => vstubs(3, (f) => ({
      propose: (_g, me, m) => {
        if (me !== c || !kinds.includes(m.kind)) return false;
        if (m.kind === CONCESSION) {
          m.target = LAND_COMMISSION;
          m.senator = holder;
          return true;
        }
        m.count = 1;
        return true;
      },
      coSponsor: () => f === b,
      vote: () => (votes++, 1),
    }));
    openBusiness(g, pols([CONCESSION]));
    expect(g.cardWhere[LAND_COMMISSION]).toBe(CARD_FORUM);
    expect(votes).toBe(0);
    expect(g.policyErrorLog).toEqual([expect.stringMatching(/the Land Commission waits for a Land Act/)]);
    // The base game allocates it at once.
    const base = senatePosition(3, '', 3);
    base.cardWhere[LAND_COMMISSION] = CARD_FORUM;
    openBusiness(base, pols([CONCESSION]));
    expect(base.cardWhere[LAND_COMMISSION]).toBe(holder);
    // A Type I act passes; in the next round of motions the concession can be given.
    openBusiness(g, pols([CONCESSION, LAND_ACT]));
    expect(g.stats.landActs).toBe(1);
    expect(g.cardWhere[LAND_COMMISSION]).toBe(holder);
    expect(g.policyErrorLog.length).toBe(2); // asked once more before the act passed (same error), then made legally
    // Turn 4: the Type I act is in place during the concession income (paid later in the step): +2.
    g.turn = 4;
    const t0 = g.treasury[c]!;
    incomeStep(g, vstubs(3));
    expect(g.treasury[c]! - t0).toBe(5 + 3 + 2);
    expect(landActsInPlace(g)).toBe(0);
    // Turn 5: no act in place: the Land Commission pays nothing.
    g.turn = 5;
    const t1 = g.treasury[c]!;
    incomeStep(g, vstubs(3));
    expect(g.treasury[c]! - t1).toBe(5 + 3);
  });

  it('without the variation the agenda has no Land Act or repeal item', () => {
    const g = senatePosition(3, '', 3);
    const kinds: number[] = [];
    senateStep(g, vstubs(3, () => ({ propose: (_g, _me, m) => (kinds.push(m.kind), false), vote: () => 1 })));
    expect(kinds).not.toContain(LAND_ACT);
    expect(kinds).not.toContain(REPEAL_LAND_ACT);
  });
});

describe('Deaths', () => {
  it('the yellow card\'s faction: 3 players 1-3 Red, 4-6 Yellow, 7-9 Green, 10 draw again; 5 players two numbers each', () => {
    const ten = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(ten.map((y) => deathFaction(3, y))).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, -1]);
    expect(ten.map((y) => deathFaction(5, y))).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('3 players: red 2, yellow 10 (drawn again), yellow 5: Yellow\'s Status-2 senator dies, his card to the bottom of the deck', () => {
    // With the distribution table every 3-player faction holds exactly one senator of each Status 1..3.
    const g = setupGame(config(3, 'deaths,distribution'), 'deaths-3', false);
    g.turn = 2;
    const victim = own(g, 1).find((s) => statusOf(s) === 2)!;
    const draws = forcedCards([2, 10, 5]);
    g.rng.deaths = draws;
    g.rng.cards = forcedCards([]);
    deathsActivity(g);
    expect(draws.used()).toBe(3);
    expect(g.senOwner[victim]).toBe(-1);
    expect(g.senWhere[victim]).toBe(AT_DECK);
    expect(deckCards(g).at(-1)).toBe(victim);
    expect(g.deckCount).toBe(30 - 9 + 1);
    expect(own(g, 1).map(statusOf).sort()).toEqual([1, 3]);
    expect(g.stats.deaths).toBe(1);
    expect(invariantViolations(g, false, false)).toEqual([]);
  });

  it('no senator of that Status in that faction: no effect (two draws)', () => {
    const g = setupGame(config(3, 'deaths,distribution'), 'deaths-none', false);
    g.turn = 2;
    const before = g.senOwner.join();
    const draws = forcedCards([7, 1]);
    g.rng.deaths = draws;
    deathsActivity(g);
    expect(draws.used()).toBe(2);
    expect(g.senOwner.join()).toBe(before);
    expect(g.stats.deaths).toBe(0);
  });

  it('5 players: two senators of the drawn Status in the faction: one is picked at random (rules-notes 31)', () => {
    // The 5-player table gives the Lilac-4 faction Blue 1 and Green 4: two Status-4 senators.
    for (const [pick, victim] of [[1, card(GREEN, 4)], [2, card(LILAC, 4)]] as const) {
      const g = setupGame(config(5, 'deaths,distribution'), 'deaths-5', false);
      g.turn = 3;
      const f = g.senOwner[card(LILAC, 4)]!;
      expect(g.senOwner[card(GREEN, 4)]).toBe(f);
      const draws = forcedCards([4, 2 * f + 1 + (pick - 1), pick]); // yellow 2f+1 and 2f+2 both name faction f
      g.rng.deaths = draws;
      deathsActivity(g);
      expect(draws.used()).toBe(3);
      expect(g.senOwner[victim]).toBe(-1);
      expect(own(g, f).length).toBe(2);
    }
  });

  it('no draw in turn 1; from turn 2 the draw is the last activity of the Political Situation, from its own stream', () => {
    const g = setupGame(config(3, 'deaths,distribution'), 'deaths-politics', false);
    g.eventDeck = [1, 2, 4, 5, 6, 7, 8, 9, 3, 0]; // Harbour then Grain on top: no banner, no extra draw
    g.rng.cards = forcedCards([3, 5, 4, 4]); // the wars of turns 1 and 2
    g.rng.deaths = forcedCards([]);
    g.turn = 1;
    politicsStep(g);
    expect(g.wars.armies[0]).toBe(2);
    const victim = own(g, 0).find((s) => statusOf(s) === 1)!;
    const draws = forcedCards([1, 2]); // Status 1 of Red
    g.rng.deaths = draws;
    g.turn = 2;
    politicsStep(g);
    expect(draws.used()).toBe(2);
    expect(g.wars.armies[1]).toBe(1);
    expect(g.cardWhere[3]).toBe(CARD_FORUM);
    expect(g.senOwner[victim]).toBe(-1);
  });

  describe('office bearers', () => {
    /** Turn 3, politics: Consul A, previous Consul B and Censor C, three different senators in Rome. */
    function offices(): { g: GameState; a: number; b: number; c: number } {
      const g = senatePosition(3, 'deaths', 3, (p) => (p.consulAppointmentPrestige = 5));
      g.step = 'politics';
      const a = card(BLUE, 1);
      const b = card(GREEN, 2);
      const c = card(LILAC, 3);
      g.consul = a;
      g.previousConsul = b;
      g.censor = c;
      return { g, a, b, c };
    }

    it('the Consul dies: the previous Consul takes the chair (no Prestige for it); the Censor stays Censor', () => {
      const { g, a, b, c } = offices();
      const prestige = g.prestige.slice();
      killSenator(g, a);
      expect(g.consul).toBe(b);
      expect(g.censor).toBe(c);
      expect(g.prestige).toEqual(prestige);
      expect(invariantViolations(g, false, false)).toEqual([]);
    });

    it('the Consul dies and the previous Consul is away (governor) or gone: the Censor becomes Consul, the censorship is vacant', () => {
      const { g, a, b, c } = offices();
      governor(g, b, 0, 2);
      killSenator(g, a);
      expect(g.consul).toBe(c);
      expect(g.censor).toBe(-1);
      const h = offices();
      h.g.previousConsul = -1;
      killSenator(h.g, h.a);
      expect([h.g.consul, h.g.censor]).toEqual([h.c, -1]);
    });

    it('the Consul dies and the previous Consul is the Censor (always so in turn 2): he leaves the censorship for the chair', () => {
      // Turn 2: the Temporary Consul T became Censor automatically in turn 1 and is the previous Consul.
      const { g, a, c } = offices();
      g.previousConsul = c;
      killSenator(g, a);
      expect(g.consul).toBe(c);
      // Expected (as when the Censor is elected Consul, or takes the chair in the "else" case): he leaves
      // the censorship. The engine leaves g.censor === g.consul, which the invariants forbid.
      expect(invariantViolations(g, false, false)).toEqual([]);
    });

    it('the Censor dies: the post is vacant until the next elections', () => {
      const { g, c } = offices();
      killSenator(g, c);
      expect(g.censor).toBe(-1);
      expect(g.consul).toBe(card(BLUE, 1));
    });

    it('a governor dies: the province is vacant, pays the State, and a new governor is appointed in the Senate', () => {
      const g = senatePosition(3, 'deaths', 3);
      g.step = 'politics';
      const gov = card(GREEN, 1);
      const f = g.senOwner[gov]!;
      governor(g, gov, 0, 2);
      killSenator(g, gov);
      expect(g.provGovernor[0]).toBe(-1);
      expect(g.provConquered[0]).toBe(1);
      expect(own(g, f).length).toBe(2);
      expect(invariantViolations(g, false, false)).toEqual([]);
      g.turn = 4;
      incomeStep(g, vstubs(3, () => ({ claimIncome: () => true })));
      expect(g.stateTreasury).toBe(100 + 30 + 5 - 4);
      g.step = 'senate';
      const next = card(BLUE, 2);
      appointGovernors(g, vstubs(3, () => ({
        propose: (_g, _me, m, cands) => {
          if (m.kind !== APPOINT_GOVERNOR || !cands.includes(next)) return false;
          m.senator = next;
          return true;
        },
        vote: () => 1,
      })));
      expect(g.provGovernor[0]).toBe(next);
      expect(g.senWhere[next]).toBe(AT_GOVERNOR);
      expect(g.provGovTurn[0]).toBe(4);
    });

    it('a commander dies: his legions wait at the war; the Senate names a replacement or they are recalled', () => {
      const make = (): { g: GameState; repl: number } => {
        const g = senatePosition(3, 'deaths', 3);
        g.step = 'politics';
        const cmd = card(GREEN, 2);
        activeWar(g, 0, 3, 2, cmd);
        killSenator(g, cmd);
        expect(g.wars.commander[0]).toBe(-1);
        expect(g.wars.stateLegions[0]).toBe(2);
        g.step = 'senate';
        return { g, repl: card(BLUE, 3) };
      };
      // Nobody names a commander: the legions come home at the end of the military business.
      const { g } = make();
      openBusiness(g, vstubs(3));
      expect(g.wars.stateLegions[0]).toBe(0);
      expect(g.legionsBox).toBe(3);
      expect(g.wars.status[0]).toBe(1);
      // A dispatch of no new legions naming a commander takes over the two legions.
      const r = make();
      const c = r.g.senOwner[r.g.consul]!;
      openBusiness(r.g, vstubs(3, () => ({
        propose: (_g, me, m, cands) => {
          if (m.kind !== DISPATCH || me !== c || !cands.includes(r.repl)) return false;
          m.target = 0;
          m.count = 0;
          m.senator = r.repl;
          return true;
        },
        vote: () => 1,
        consent: () => true,
      })));
      expect(r.g.wars.commander[0]).toBe(r.repl);
      expect(r.g.senWhere[r.repl]).toBe(AT_COMMANDER);
      expect(r.g.wars.stateLegions[0]).toBe(2);
      expect(r.g.legionsBox).toBe(1);
    });
  });
});

describe('Distribution of Senators', () => {
  const TABLE_3: Record<number, [number, number]> = { 1: [3, 2], 2: [1, 3], 3: [2, 1] };
  // Rules table with the repaired first row (rules-notes 4): Lilac 1 gets Blue 5 and Green 3.
  const TABLE_5: Record<number, [number, number]> = { 1: [5, 3], 2: [2, 5], 3: [4, 2], 4: [1, 4], 5: [3, 1] };

  for (const [players, table, total] of [[3, TABLE_3, 6], [5, TABLE_5, 9]] as const) {
    it(`${players} players: lilac dealt at random, blue and green by the table; every faction holds total Status ${total}`, () => {
      const lilacSeen = new Set<string>();
      for (let i = 0; i < 30; i++) {
        const g = setupGame(config(players, 'distribution'), `distribution-${players}-${i}`, false);
        const lilacs: number[] = [];
        for (let f = 0; f < players; f++) {
          const cards = own(g, f);
          expect(cards.map(colourOf)).toEqual([GREEN, BLUE, LILAC]);
          const [gr, bl, li] = cards.map(statusOf) as [number, number, number];
          expect([bl, gr]).toEqual(table[li]);
          expect(gr + bl + li).toBe(total);
          lilacs.push(li);
        }
        lilacSeen.add(lilacs.join());
        // Every card 1..n of every colour is dealt once; the Temporary Consul is still the highest lilac.
        for (let s = 0; s < SENATORS; s++) expect(g.senOwner[s]! >= 0).toBe(statusOf(s) <= players);
        expect(g.consul).toBe(card(LILAC, players));
        expect(invariantViolations(g, true)).toEqual([]);
      }
      expect(lilacSeen.size).toBeGreaterThan(1);
    });
  }

  it('5 players, the repaired row: the Lilac-1 faction gets Blue 5 and Green 3', () => {
    const g = setupGame(config(5, 'distribution'), 'distribution-row', false);
    const f = g.senOwner[card(LILAC, 1)]!;
    expect(own(g, f)).toEqual([card(GREEN, 3), card(BLUE, 5), card(LILAC, 1)]);
  });
});

describe('Wars and Revolts: Macedonian wars', () => {
  it('two extra war slots fought in Macedonia\'s space: turn 5 (+1, spoils 15) and turn 7 (+2, spoils 20), conquering nothing', () => {
    const g = setupGame(config(3, 'macedonian-wars'), 'mac', false);
    const base = setupGame(config(3, ''), 'mac', false);
    expect(base.wars.status.length).toBe(10);
    const w = g.wars;
    expect(w.status.length).toBe(12);
    expect(g.board.provinces[7]!.name).toBe('Macedonia');
    expect([w.province[10], w.turn[10], w.modifier[10], w.spoils[10], w.conquers[10]]).toEqual([7, 5, 1, 15, 0]);
    expect([w.province[11], w.turn[11], w.modifier[11], w.spoils[11], w.conquers[11]]).toEqual([7, 7, 2, 20, 0]);
  });

  it('established with the normal war rule: turn 5 beside Hispania Ulterior, turn 7 beside Achaea', () => {
    const g = setupGame(config(3, 'macedonian-wars'), 'mac', false);
    g.turn = 5;
    g.rng.cards = forcedCards([3, 7, 2, 8]); // Hispania Ulterior 2 + 1, Macedonian war 3 + 1
    establishWars(g);
    expect([g.wars.armies[4], g.wars.armies[10]]).toEqual([3, 4]);
    expect([g.wars.status[4], g.wars.status[10], g.wars.status[11]]).toEqual([1, 1, 0]);
    const h = setupGame(config(3, 'macedonian-wars'), 'mac', false);
    h.turn = 7;
    h.rng.cards = forcedCards([5, 5, 6, 6]); // Achaea 0 -> 1 + 0, Macedonian war 0 -> 1 + 2
    establishWars(h);
    expect([h.wars.armies[6], h.wars.armies[11]]).toEqual([1, 3]);
  });

  it('a Barbarian Invasion of Macedonia (8) reinforces a Macedonian war fought there', () => {
    const g = senatePosition(3, 'macedonian-wars', 5);
    activeWar(g, 10, 2);
    g.rng.cards = forcedCards([8]);
    applyBanner(g, INVASION);
    expect(g.wars.armies[10]).toBe(3);
    expect(g.wars.originalArmies[10]).toBe(2);
  });

  it('victory: spoils 15, Prestige for the commander\'s faction, legions home, and no province conquered', () => {
    const g = senatePosition(3, 'macedonian-wars', 5);
    const cmd = card(GREEN, 2);
    const f = g.senOwner[cmd]!;
    activeWar(g, 10, 3, 3, cmd);
    g.wars.armies[10] = 1; // 3 at the start, 1 left
    g.legionsBox = 0;
    g.ri = 5;
    g.rng.cards = forcedCards([5, 5, 5, 5]); // both differences 0: Rome 3 + 1 vs 1
    const pols = vstubs(3, () => ({ claimSpoils: () => 2 }));
    combatStep(g, pols);
    expect(g.wars.status[10]).toBe(2);
    expect(g.legionsBox).toBe(3);
    expect(g.wars.commander[10]).toBe(-1);
    expect(g.senWhere[cmd]).toBe(AT_ROME);
    expect(g.ri).toBe(3);
    expect(g.provConquered[7]).toBe(0);
    expect(g.stats.provincesConquered).toBe(0);
    expect(g.stats.warsWon).toBe(1);
    adjustmentsStep(g, pols);
    expect(g.stateTreasury).toBe(100 + 15 - 2);
    expect(g.treasury[f]).toBe(5 + 2);
    expect(g.prestige[f]).toBe(10 + 2); // half the original 3 armies, rounded up
    expect(g.wars.status[7]).toBe(0); // Macedonia's own war (turn 8) is untouched
  });
});

describe('Wars and Revolts: Revolts', () => {
  /** Turn 4, politics: Sicily (province 0) conquered and governed by Green 1; revolt slot of Sicily = 10. */
  function revoltPosition(tweak?: Tweak): GameState {
    const g = senatePosition(3, 'revolts', 4, tweak);
    g.step = 'politics';
    g.wars.status[0] = 2;
    governor(g, card(GREEN, 1), 0, 3);
    expect([g.wars.province[10], g.wars.revolt[10], g.wars.conquers[10]]).toEqual([0, 1, 0]);
    return g;
  }

  it('defaults: revoltChance 0, revoltRIStep 10, revoltModifier 0, revoltSpoils 5', () => {
    const p = makeConfig(3).params;
    expect([p.revoltChance, p.revoltRIStep, p.revoltModifier, p.revoltSpoils]).toEqual([0, 10, 0, 5]);
  });

  it('a conquered province revolts when a draw 1..10 is at most revoltChance + floor(RI / 10): probability floor(RI/10)/10 by default', () => {
    for (const [chance, ri] of [[0, 0], [0, 9], [0, 10], [0, 19], [0, 20], [0, 35], [0, 99], [0, 100], [3, 0], [3, 12], [10, 0]] as const) {
      let revolts = 0;
      for (let draw = 1; draw <= 10; draw++) {
        const g = revoltPosition((p) => (p.revoltChance = chance));
        g.ri = ri;
        const cards = forcedCards([draw, 5, 5]);
        g.rng.revolts = cards;
        revoltsActivity(g);
        if (g.wars.status[10] === 1) {
          revolts++;
          expect(cards.used()).toBe(3);
          expect(draw).toBeLessThanOrEqual(chance + Math.floor(ri / 10));
        } else expect(cards.used()).toBe(1);
      }
      expect(revolts).toBe(Math.min(10, chance + Math.floor(ri / 10)));
    }
  });

  it('revoltChance 10: it revolts; armies = half random difference (0 counts as 1) + revoltModifier; spoils 5; only conquered provinces draw', () => {
    for (const [a, b, modifier, armies] of [[2, 7, 0, 3], [4, 4, 0, 1], [4, 4, 2, 3], [1, 10, 1, 6]] as const) {
      const g = revoltPosition((p) => {
        p.revoltChance = 10;
        p.revoltModifier = modifier;
      });
      const cards = forcedCards([3, a, b]);
      g.rng.revolts = cards;
      revoltsActivity(g);
      expect(cards.used()).toBe(3);
      expect(g.wars.status[10]).toBe(1);
      expect(g.wars.armies[10]).toBe(armies);
      expect(g.wars.originalArmies[10]).toBe(armies);
      expect(g.wars.spoils[10]).toBe(5);
      expect(g.provRevolt[0]).toBe(1);
      expect(g.provConquered[0]).toBe(1);
      expect(g.wars.status.slice(11)).toEqual(new Array(9).fill(0));
    }
  });

  it('while a revolt is active the province yields nothing (not even to a claiming governor) and it costs 20 like any war', () => {
    const g = revoltPosition((p) => (p.revoltChance = 10));
    g.rng.revolts = forcedCards([1, 2, 7]);
    revoltsActivity(g);
    g.turn = 5;
    let asked = 0;
    incomeStep(g, vstubs(3, () => ({ claimIncome: () => (asked++, true) })));
    expect(asked).toBe(0);
    expect(g.stateTreasury).toBe(100 + 30 - 20 - 4);
    // The same turn without the revolt: Sicily's 5 to the State, no war to pay.
    const h = revoltPosition();
    h.turn = 5;
    incomeStep(h, vstubs(3));
    expect(h.stateTreasury).toBe(100 + 30 + 5 - 4);
  });

  it('a victory ends the revolt: spoils 5, no new province, and the province pays again', () => {
    const g = revoltPosition((p) => (p.revoltChance = 10));
    g.rng.revolts = forcedCards([1, 2, 7]);
    revoltsActivity(g);
    const cmd = card(BLUE, 2);
    const f = g.senOwner[cmd]!;
    activeWar(g, 10, 1, 1, cmd);
    g.wars.originalArmies[10] = 3;
    g.legionsBox = 0;
    g.ri = 12;
    g.turn = 5;
    g.rng.cards = forcedCards([5, 5, 5, 5]); // Rome 1 + 1 vs 1: the last rebel army falls
    combatStep(g, vstubs(3));
    expect(g.wars.status[10]).toBe(2);
    expect(g.provRevolt[0]).toBe(0);
    expect(g.provConquered[0]).toBe(1);
    expect(g.stats.provincesConquered).toBe(0);
    expect(g.ri).toBe(10);
    expect(g.legionsBox).toBe(1);
    adjustmentsStep(g, vstubs(3));
    expect(g.stateTreasury).toBe(100 + 5);
    expect(g.prestige[f]).toBe(10 + 2);
    g.turn = 6;
    incomeStep(g, vstubs(3));
    expect(g.stateTreasury).toBe(105 + 30 + 5 - 4);
  });

  it('a revolt counts toward the loss conditions: a third active war loses at once; unopposed beside another war loses at Adjustments', () => {
    const g = revoltPosition((p) => (p.revoltChance = 10));
    activeWar(g, 1, 2, 1, card(GREEN, 2));
    activeWar(g, 2, 2, 1, card(GREEN, 3));
    g.legionsBox = 0;
    g.rng.revolts = forcedCards([1, 5, 5]);
    expect(() => revoltsActivity(g)).toThrow(GameOver);
    expect(g.lost).toBe(WARS);

    const h = revoltPosition((p) => (p.revoltChance = 10));
    activeWar(h, 1, 2, 1, card(GREEN, 2));
    h.legionsBox = 0;
    h.rng.revolts = forcedCards([1, 5, 5]);
    revoltsActivity(h);
    h.ri = 3;
    h.step = 'adjustments';
    expect(() => adjustmentsStep(h, vstubs(3))).toThrow(GameOver);
    expect(h.ri).toBe(3 + 4); // the unopposed revolt
    expect(h.lost).toBe(WARS);
  });

  it('the revolt draws come from their own stream: no card, event or deaths draw moves', () => {
    const g = revoltPosition();
    g.ri = 5;
    g.rng.cards = forcedCards([]);
    g.rng.events = forcedCards([]);
    g.rng.deaths = forcedCards([]);
    const draws = forcedCards([1]);
    g.rng.revolts = draws;
    revoltsActivity(g);
    expect(draws.used()).toBe(1); // one draw for the one conquered province; RI 5: no revolt
    expect(g.wars.status[10]).toBe(0);
  });
});

describe('Bills', () => {
  /**
   * Turn 3: Sicily's war (3 armies) has neither legions nor commander; 3 State legions in the box;
   * Green 9 is a neutral face up in the Forum. The Consul's faction c drafts: raise 2, dispatch 3 to
   * Sicily under Green 9.
   */
  function billPosition(variants = 'bills'): { g: GameState; c: number; b: number; d: number; n: number } {
    const g = senatePosition(3, variants, 3);
    g.rng.cards = makePrng('bills'); // drafting clones the state: a real (clonable) stream, never drawn here
    const c = g.senOwner[g.consul]!;
    activeWar(g, 0, 3);
    g.legionsBox = 3;
    const n = card(GREEN, 9);
    toForum(g, n);
    return { g, c, b: (c + 1) % 3, d: (c + 2) % 3, n };
  }

  interface Seen {
    box: number;
    atWar: number;
    state: number;
    parts: number;
  }

  function billPolicies(p: ReturnType<typeof billPosition>, opts: { drafter?: number; parts?: number[]; against?: boolean; buy?: number; over?: (f: number) => Partial<Policy> }) {
    const { g, c, n } = p;
    const drafter = opts.drafter ?? c;
    const parts = opts.parts ?? [RAISE, DISPATCH];
    const asked: number[] = [];
    const seen: Seen[] = [];
    let votes = 0;
    const pols = vstubs(3, (f) => ({
      proposeBill: () => f === drafter,
      propose: (_g, _me, m, cands) => {
        if (m.inBill) asked.push(m.kind);
        if (!parts.includes(m.kind)) return false;
        if (m.kind === RAISE) m.count = 2;
        if (m.kind === DISPATCH) {
          m.target = 0;
          m.count = 3;
          m.senator = n;
          return cands.includes(n);
        }
        return true;
      },
      vote: (_g, me, m) => {
        votes++;
        if (m.kind === BILL && seen.length === 0) seen.push({ box: g.legionsBox, atWar: g.wars.stateLegions[0]!, state: g.stateTreasury, parts: g.bill.length });
        return me === drafter || !opts.against ? 1 : -1;
      },
      buyVotes: (_g, me) => (me === drafter ? (opts.buy ?? 0) : 0),
      ...(opts.over ? opts.over(f) : {}),
    }));
    return { pols, asked, seen, votes: () => votes };
  }

  it('drafting: one part per kind in agenda order, each applied to a draft at once; the voters see the real game; never a Land Act', () => {
    const p = billPosition('bills,land-acts');
    const { pols, asked, seen } = billPolicies(p, {});
    billsBusiness(p.g, pols, () => {});
    // Disband, raise, dispatch; the recall item opens because the dispatch part already put legions at Sicily.
    expect(asked).toEqual([DISBAND, RAISE, DISPATCH, RECALL]);
    expect(seen).toEqual([{ box: 3, atWar: 0, state: 100, parts: 2 }]);
  });

  it('a passed bill: all its motions stand (raise 2 for 20 T, 3 legions and Green 9 at Sicily)', () => {
    const p = billPosition();
    const { g, c, n } = p;
    billsBusiness(g, billPolicies(p, { buy: 3 }).pols, () => {});
    expect(g.legionsBox).toBe(2);
    expect(g.wars.stateLegions[0]).toBe(3);
    expect(g.wars.commander[0]).toBe(n);
    expect(g.senWhere[n]).toBe(AT_COMMANDER);
    expect(g.stateTreasury).toBe(80);
    expect(g.stats.legionsRaised).toBe(2);
    expect(g.treasury[c]).toBe(5 - 3);
    expect(g.bill).toEqual([]);
    expect(invariantViolations(g, false, false)).toEqual([]);
  });

  it('a defeated bill: legions, commander and State Treasury as before; only the vote\'s own costs remain', () => {
    const p = billPosition();
    const { g, c, b, d, n } = p;
    const box = deckCards(g).join();
    billsBusiness(g, billPolicies(p, { against: true, buy: 3 }).pols, () => {});
    // 6 + 3 bought for, 12 against: defeated.
    expect(g.legionsBox).toBe(3);
    expect(g.wars.stateLegions[0]).toBe(0);
    expect(g.wars.commander[0]).toBe(-1);
    expect(g.senWhere[n]).toBe(AT_FORUM);
    expect(g.stateTreasury).toBe(100);
    expect(g.stats.legionsRaised).toBe(0);
    expect(deckCards(g).join()).toBe(box);
    // Kept: the 3 Talents c spent on votes, and its Prestige loss for a unanimous defeat of the Consul.
    expect(g.treasury).toEqual(Array.from({ length: 3 }, (_, f) => (f === c ? 2 : 5)));
    expect(g.prestige[c]).toBe(9);
    expect([g.prestige[b], g.prestige[d]]).toEqual([10, 10]);
    expect(g.failedMotions.some((k) => keyKind(k) === BILL)).toBe(true);
    expect(g.bill).toEqual([]);
    expect(invariantViolations(g, false, false)).toEqual([]);
  });

  it('a vetoed bill is undone too; the vetoing tribune stays spent; the Consul is never asked to veto his own bill', () => {
    const p = billPosition();
    const { g, c, b } = p;
    g.tribunesReal[b] = 1;
    g.tribunesReal[c] = 1;
    const vetoAsked: number[] = [];
    const { pols, votes } = billPolicies(p, { over: (f) => ({ veto: () => (vetoAsked.push(f), true) }) });
    billsBusiness(g, pols, () => {});
    expect(vetoAsked).toEqual([b]);
    expect(votes()).toBe(0);
    expect(g.tribunesReal[b]).toBe(0);
    expect(g.tribunesReal[c]).toBe(1);
    expect([g.legionsBox, g.wars.stateLegions[0], g.stateTreasury]).toEqual([3, 0, 100]);
  });

  it('a faction with a real tribune may introduce a bill (spending it); the Consul\'s faction may veto that one', () => {
    const p = billPosition();
    const { g, c, b } = p;
    g.tribunesReal[b] = 1;
    g.tribunesReal[c] = 1;
    const { pols } = billPolicies(p, { drafter: b, over: (f) => ({ veto: () => f === c }) });
    billsBusiness(g, pols, () => {});
    expect(g.tribunesReal[b]).toBe(0);
    expect(g.tribunesReal[c]).toBe(0);
    expect([g.legionsBox, g.wars.stateLegions[0], g.stateTreasury]).toEqual([3, 0, 100]);
  });

  it('a bill of fewer than two motions is withdrawn unvoted and its part undone', () => {
    for (const parts of [[RAISE], []]) {
      const p = billPosition();
      const { g } = p;
      const { pols, votes, asked } = billPolicies(p, { parts });
      billsBusiness(g, pols, () => {});
      expect(asked.length).toBeGreaterThan(0);
      expect(votes()).toBe(0);
      expect([g.legionsBox, g.wars.stateLegions[0], g.stateTreasury, g.stats.legionsRaised]).toEqual([3, 0, 100, 0]);
      expect(g.bill).toEqual([]);
    }
  });

  it('without the variation (and without Tempo) nobody is asked to draft a bill', () => {
    const g = senatePosition(3, '', 3);
    let asked = 0;
    senateStep(g, vstubs(3, () => ({ proposeBill: () => (asked++, true) })));
    expect(asked).toBe(0);
  });

  it('a senator named commander in the bill still votes on it (the bill is voted before anything happens)', () => {
    const p = billPosition();
    const { g, c } = p;
    const blue = own(g, c).find((s) => colourOf(s) === BLUE)!;
    let power = -1;
    billsBusiness(g, vstubs(3, (f) => ({
      proposeBill: () => f === c,
      propose: (_g, _me, m, cands) => {
        if (m.kind === RAISE) m.count = 1;
        else if (m.kind === DISPATCH) {
          m.target = 0;
          m.count = 3;
          m.senator = blue;
          return cands.includes(blue);
        } else return false;
        return true;
      },
      vote: (_g, me, m) => {
        if (me === c && m.kind === BILL) power = m.power[c]!;
        return 1;
      },
    })), () => {});
    expect(g.wars.commander[0]).toBe(blue);
    // Green 1 + Blue 2 + Lilac 3 are all in the Senate when the bill is put: 6 votes. The engine counts
    // the votes after drafting, when the dispatch part has already sent Blue away: 4.
    expect(power).toBe(6);
  });
});

describe('Consular Powers', () => {
  /**
   * Turn 3: the Consul's faction c moves "raise 1 legion" and tables it; he rules "no discussion"
   * (unless close is false); b may object; b votes against (buying buyB votes if it may), d votes dVote.
   */
  function closedVote(opts: { buyB: number; objectB: boolean; penalize: boolean; dVote?: number; bVote?: number; close?: boolean; variants?: string }) {
    const g = senatePosition(3, opts.variants ?? 'consular-powers', 3);
    const c = g.senOwner[g.consul]!;
    const b = (c + 1) % 3;
    const d = (c + 2) % 3;
    const m = g.motion;
    resetMotion(m, RAISE, c);
    m.count = 1;
    const penalized: number[] = [];
    const objections: number[] = [];
    let closeAsked = 0;
    let buyAsked = 0;
    const pols = vstubs(3, (f) => ({
      closeDebate: () => (closeAsked++, opts.close ?? true),
      objectToRuling: () => (objections.push(f), f === b && opts.objectB),
      penalize: (_g, _me, mm, x) => (penalized.push(x), expect(mm.objected & (1 << x)).not.toBe(0), opts.penalize),
      vote: () => (f === b ? (opts.bVote ?? -1) : f === d ? (opts.dVote ?? 1) : 1),
      buyVotes: () => (buyAsked++, f === b ? opts.buyB : 0),
      tieBreak: () => true,
    }));
    const passed = putToVote(g, pols, m);
    return { g, m, c, b, d, passed, penalized, objections, closeAsked, buyAsked };
  }

  it('"no discussion": nobody may buy votes; the other factions may object, clockwise from the Consul\'s left', () => {
    const r = closedVote({ buyB: 2, objectB: false, penalize: true });
    expect(r.m.closed).toBe(true);
    expect(r.objections).toEqual([r.b, r.d]);
    // Asked once what it would have bought (to count a ruling that bound), nothing bought.
    expect(r.buyAsked).toBe(1);
    expect(r.g.treasury[r.b]).toBe(5);
    expect([r.m.votesFor, r.m.votesAgainst]).toEqual([12, 6]);
    expect(r.g.stats.rulings).toBe(1);
    expect(r.g.stats.rulingsBinding).toBe(1);
  });

  it('a ruling binds only when someone objects or wanted to buy votes it forbade', () => {
    expect(closedVote({ buyB: 0, objectB: false, penalize: true }).g.stats.rulingsBinding).toBe(0);
    expect(closedVote({ buyB: 0, objectB: true, penalize: true }).g.stats.rulingsBinding).toBe(1);
    expect(closedVote({ buyB: 0, objectB: true, penalize: false }).g.stats.rulingsBinding).toBe(1); // lifted after an objection
    expect(closedVote({ buyB: 2, objectB: false, penalize: true, close: false }).g.stats.rulingsBinding).toBe(0); // no ruling
  });

  it('an objector the Consul penalises loses one vote on the motion and the ruling stands', () => {
    const r = closedVote({ buyB: 2, objectB: true, penalize: true });
    expect(r.penalized).toEqual([r.b]);
    expect(r.m.closed).toBe(true);
    expect(r.m.penalized).toBe(1 << r.b);
    expect(r.objections).toEqual([r.b, r.d]); // d is still asked: the ruling stands
    expect([r.m.votesFor, r.m.votesAgainst]).toEqual([12, 6 - 1]);
    expect(r.g.treasury[r.b]).toBe(5); // nothing bought, no fine: a vote could be removed
    expect(r.g.stateTreasury).toBe(100);
    expect([r.g.stats.objections, r.g.stats.votesRemoved, r.g.stats.penaltyFines]).toEqual([1, 1, 0]);
  });

  it('an objector the Consul does not penalise has the ruling lifted: votes may be bought again', () => {
    const r = closedVote({ buyB: 2, objectB: true, penalize: false });
    expect(r.m.closed).toBe(false);
    expect(r.objections).toEqual([r.b]); // lifted at once: nobody else needs to object
    expect([r.m.votesFor, r.m.votesAgainst]).toEqual([12, 8]);
    expect(r.g.treasury[r.b]).toBe(3);
  });

  it('the removed vote can decide: 6 for, 6 - 1 against passes; lifted, 6 against 6 + 1 bought fails', () => {
    const r = closedVote({ buyB: 1, objectB: true, penalize: true, dVote: 0 });
    expect([r.m.votesFor, r.m.votesAgainst, r.passed]).toEqual([6, 5, true]);
    const s = closedVote({ buyB: 1, objectB: true, penalize: false, dVote: 0 });
    expect([s.m.votesFor, s.m.votesAgainst, s.passed]).toEqual([6, 7, false]);
  });

  it('a penalised objector with no vote to lose (it abstains) is fined 1 Talent instead, paid to the State', () => {
    const r = closedVote({ buyB: 0, objectB: true, penalize: true, bVote: 0 });
    expect(r.m.votesAgainst).toBe(0);
    expect(r.g.treasury[r.b]).toBe(4);
    expect(r.g.stateTreasury).toBe(101);
    expect([r.g.stats.votesRemoved, r.g.stats.penaltyFines]).toEqual([0, 1]);
  });

  it('no ruling without the variation, or when the Consul leaves the debate open', () => {
    const open = closedVote({ buyB: 2, objectB: true, penalize: true, close: false });
    expect([open.m.closed, open.objections.length, open.m.votesAgainst]).toEqual([false, 0, 8]);
    const off = closedVote({ buyB: 2, objectB: true, penalize: true, variants: '' });
    expect([off.closeAsked, off.objections.length, off.m.votesAgainst]).toEqual([0, 0, 8]);
  });

  it('the Consul rules on every motion he tables, another faction\'s too, but not on one tabled with a tribune', () => {
    const g = senatePosition(3, 'consular-powers', 3);
    const c = g.senOwner[g.consul]!;
    const b = (c + 1) % 3;
    let asked = 0;
    const pols = vstubs(3, () => ({ closeDebate: () => (asked++, true), vote: () => 1 }));
    resetMotion(g.motion, RAISE, b);
    g.motion.count = 1;
    putToVote(g, pols, g.motion); // b's motion, tabled by the Consul
    expect(asked).toBe(1);
    resetMotion(g.motion, RAISE, b);
    g.motion.count = 2;
    g.motion.viaTribune = true;
    g.motion.tabledBy = b;
    putToVote(g, pols, g.motion);
    expect(asked).toBe(1);
  });

  /** Whole games in which every Consul rules "no discussion", every faction objects and every objector is penalised. */
  function defiantGames(): string[] {
    class Defiant extends ActivePolicy {
      private n = 0;
      override closeDebate(): boolean {
        return true;
      }
      override objectToRuling(): boolean {
        return true;
      }
      override penalize(): boolean {
        return true;
      }
      override vote(g: GameView, me: number, m: Motion): number {
        return m.sponsor !== me && this.n++ % 4 === 0 ? 0 : super.vote(g, me, m); // abstains now and then
      }
    }
    const lines: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = playGame(config(3, 'consular-powers'), 'defiance', i, [new Defiant(), new Defiant(), new Defiant()], true);
      for (const e of r.state.trace!) if (/penalises it|is fined 1 Talent/.test(e.text)) lines.push(e.text);
    }
    return lines;
  }

  it('in play: objectors lose votes, and those who then abstain pay a Talent', () => {
    const lines = defiantGames();
    expect(lines.filter((l) => /penalises it/.test(l)).length).toBeGreaterThan(20);
    expect(lines.filter((l) => /is fined 1 Talent/.test(l)).length).toBeGreaterThan(0);
  });
});

describe('Tempo of Senate Meetings', () => {
  /**
   * Turn 3 with one State legion in the box and the Harbour concession in the Forum. Each faction
   * nominates the first candidate; the first faction asked moves "disband 1" and "raise 1"; every
   * faction asks the Harbour for its own senator and censures its left neighbour (1 Talent), once a
   * meeting each; every motion passes. Records the kinds voted on (once per motion) and asked.
   */
  function tempoRun(variants: string, budget: number, conquered = false, bill = false) {
    const g = senatePosition(3, variants, 3, (p) => (p.tempoMotionBudget = budget));
    g.rng.cards = makePrng('tempo'); // a drafted bill clones the state: a real stream, never drawn here
    g.cardWhere[HARBOUR] = CARD_FORUM;
    if (conquered) {
      g.provConquered[0] = 1;
      g.wars.status[0] = 2;
    }
    const voted: number[] = [];
    const asked: number[] = [];
    const made = new Set<string>();
    let bills = 0;
    const pols = vstubs(3, () => ({
      proposeBill: () => (bills++, bill),
      propose: (gg, me, m, cands) => {
        asked.push(m.kind);
        switch (m.kind) {
          case ELECT_CONSUL:
          case ELECT_CENSOR:
          case APPOINT_GOVERNOR:
            if (!cands.length || onAgenda(gg, { ...m, senator: cands[0]! })) return false;
            m.senator = cands[0]!;
            return true;
          case DISBAND:
          case RAISE:
            if (made.has(`${m.kind}`)) return false;
            made.add(`${m.kind}`);
            m.count = 1;
            return true;
          case CONCESSION:
          case CENSURE:
            if (made.has(`${m.kind}:${me}`)) return false;
            made.add(`${m.kind}:${me}`);
            if (m.kind === CONCESSION) {
              m.target = HARBOUR;
              m.senator = own(gg as GameState, me)[0]!;
            } else {
              m.target = (me + 1) % gg.players;
              m.count = 1;
            }
            return true;
          default:
            return false;
        }
      },
      coSponsor: () => true,
      vote: (_g, _me, m) => {
        if (m.stance.every((x) => x === 0)) voted.push(m.kind);
        return 1;
      },
    }));
    const consul = g.consul;
    senateStep(g, pols);
    return { g, voted, asked, bills: () => bills, consulChanged: g.consul !== consul };
  }

  const OPTIONAL = new Set([DISBAND, RAISE, DISPATCH, CONCESSION, DEVELOP, CENSURE, LAND_ACT, REPEAL_LAND_ACT, BILL]);

  it('tempoMotionBudget 1: elections held, then exactly one optional motion; the rest lapse; no censure is asked', () => {
    const r = tempoRun('tempo', 1);
    expect(r.consulChanged).toBe(true);
    expect(r.voted.filter((k) => OPTIONAL.has(k))).toEqual([DISBAND]);
    expect(r.asked).not.toContain(CENSURE);
    // Made in the first round, then out of time: the raise and the three concession motions lapse unvoted.
    expect(r.g.stats.motionsLapsed).toBe(4);
    expect(r.g.stats.tempoExhausted).toBe(1);
    expect(r.g.cardWhere[HARBOUR]).toBe(CARD_FORUM);
    expect(r.g.motionBudget).toBe(0);
    expect(r.g.stats.policyErrors).toBe(0);
    // The same meeting without Tempo: disband, raise, the concession (the two later requests for it
    // lapse, it is gone) and every faction's censure.
    const base = tempoRun('', 1);
    expect(base.voted.filter((k) => OPTIONAL.has(k))).toEqual([DISBAND, RAISE, CONCESSION, CENSURE, CENSURE, CENSURE]);
    expect(base.g.stats.motionsLapsed).toBe(2);
    expect(base.g.motionBudget).toBe(-1);
  });

  it('tempoMotionBudget 0: Consul, Censor and governors are still appointed; no optional motion at all', () => {
    const r = tempoRun('tempo', 0, true);
    expect(r.consulChanged).toBe(true);
    expect(r.g.censor).toBeGreaterThanOrEqual(0);
    expect(r.g.provGovernor[0]).toBeGreaterThanOrEqual(0);
    expect(r.voted.filter((k) => OPTIONAL.has(k))).toEqual([]);
    expect(r.g.legionsBox).toBe(1);
  });

  it('a generous budget (100) plays the business as the base game does, except censure; lapsed motions take no time', () => {
    const r = tempoRun('tempo', 100);
    expect(r.voted.filter((k) => OPTIONAL.has(k))).toEqual([DISBAND, RAISE, CONCESSION]);
    expect(r.asked).not.toContain(CENSURE);
    expect(r.g.motionBudget).toBe(100 - 3);
    expect(r.g.stats.tempoExhausted).toBe(0);
  });

  it('Tempo switches Bills on: the presiding faction is asked to draft a bill; a bill takes one slot', () => {
    const r = tempoRun('tempo', 1);
    expect(r.bills()).toBe(1);
    const none = tempoRun('', 1);
    expect(none.bills()).toBe(0);
    // A bill of disband 1, raise 1 and the Harbour concession is one motion: it uses the only slot.
    const b = tempoRun('tempo', 1, false, true);
    expect(b.voted.filter((k) => OPTIONAL.has(k))).toEqual([BILL]);
    expect(b.g.cardWhere[HARBOUR]).toBeGreaterThanOrEqual(0);
    expect(b.g.legionsBox).toBe(1);
    expect(b.g.stateTreasury).toBe(90);
    expect(b.g.motionBudget).toBe(0);
  });

  it('a meeting Tempo changed is counted: its time ran out, or a bill of its own (not when Bills is on anyway)', () => {
    expect(tempoRun('tempo', 1).g.stats.tempoMeetings).toBe(1); // out of time
    expect(tempoRun('tempo', 100).g.stats.tempoMeetings).toBe(0); // time left, no bill drafted
    expect(tempoRun('tempo', 100, false, true).g.stats.tempoMeetings).toBe(1); // a bill, only because of Tempo
    expect(tempoRun('tempo,bills', 100, false, true).g.stats.tempoMeetings).toBe(0); // the bill is the Bills variation's
    expect(tempoRun('bills', 100, false, true).g.stats.tempoMeetings).toBe(0);
  });
});
