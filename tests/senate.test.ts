// 5. Senate Meeting as the rules text has it (Order of Business, Attendance, Voting Procedures,
// Forcing a Motion to the Vote, Vetoes, Failure of motion, Appointments, Military Appointments,
// Develop Provinces, Motions of Censure) and the variations Bills, Consular Powers and Land Acts:
// hand-built positions, scripted stub policies that record every decision asked of them, and exact
// expectations (orders, counts, treasuries, Prestige). No card is drawn unless a test forces it.
import { describe, expect, it } from 'vitest';
import { ParametricPolicy, STATESMAN } from '../policies/parametric.js';
import { makePrng } from '../src/core/rng.js';
import {
  APPOINT_GOVERNOR, BILL, CENSURE, CONCESSION, DEVELOP, DISBAND, DISPATCH, ELECT_CONSUL, keyKind, type Motion, motionKey,
  PROSECUTE, RAISE, RECALL, REPEAL_LAND_ACT, REPLACE_COMMANDER, resetMotion, STAGE_DISPATCH, STAGE_RAISE, STAGE_RECALL,
  TRANSFER,
} from '../src/legions/motion.js';
import type { Policy } from '../src/legions/policy.js';
import { askProposal, isRejected } from '../src/legions/senate/agenda.js';
import { censureRules } from '../src/legions/senate/business.js';
import { appointGovernors } from '../src/legions/senate/governors.js';
import { senateStep } from '../src/legions/senate/index.js';
import { militaryRules } from '../src/legions/senate/military.js';
import { openBusiness } from '../src/legions/senate/open-business.js';
import { prosecutions } from '../src/legions/senate/prosecutions.js';
import { putToVote } from '../src/legions/senate/voting.js';
import { setupGame } from '../src/legions/setup.js';
import {
  AT_COMMANDER, AT_FORUM, AT_GOVERNOR, AT_ROME, CARD_FORUM, factionName, FL_BOX, FL_NONE, type GameState, GREEN, HARBOUR,
  SENATORS, senatorName,
} from '../src/legions/state.js';
import { parseVariants } from '../src/legions/variants.js';
import { activeWar, forcedCards, makeConfig, stubPolicy, takeFromDeck } from './helpers.js';

type Tweak = Parameters<typeof makeConfig>[1];
const card = (colour: number, status: number): number => colour * 10 + status - 1;
const KIND = [
  'consul', 'censor', 'prosecute', 'governor', 'disband', 'raise', 'dispatch', 'transfer', 'recall', 'replace',
  'concession', 'develop', 'censure', 'landact', 'repeal', 'bill',
] as const;

/**
 * Turn `turn` (3 by default) of a 3-player game, seed 'senate': every faction has a green, a blue and a
 * lilac senator in Rome (6 votes each), all present; the dealt Consul (no longer temporary) presides;
 * Prestige 10 and 5 Talents each, State Treasury 100, no legion in the Active Legions Box, no tribunes,
 * no Censor; no card may be drawn.
 * c is the Consul's faction, b the faction on his left, d the next (votes go b, d, c).
 */
function position(opts: { variants?: string; turn?: number; tweak?: Tweak } = {}) {
  const g = setupGame({ ...makeConfig(3, opts.tweak), variants: parseVariants(opts.variants ?? '') }, 'senate', false);
  g.turn = opts.turn ?? 3;
  g.step = 'senate';
  g.temporaryConsul = false;
  for (let f = 0; f < 3; f++) g.prestige[f] = 10;
  for (let s = 0; s < SENATORS; s++) g.senPresent[s] = g.senOwner[s]! >= 0 && g.senWhere[s] === AT_ROME ? 1 : 0;
  g.legionsBox = 0;
  g.rng.cards = forcedCards([]);
  const c = g.senOwner[g.consul]!;
  return { g, c, b: (c + 1) % 3, d: (c + 2) % 3 };
}

/** Faction f's senators in card order: [green, blue, lilac] in these positions. */
function own(g: GameState, f: number): number[] {
  const r: number[] = [];
  for (let s = 0; s < SENATORS; s++) if (g.senOwner[s] === f) r.push(s);
  return r;
}

function absent(g: GameState, f: number): void {
  for (const s of own(g, f)) g.senPresent[s] = 0;
}


function governor(g: GameState, s: number, p: number): void {
  g.provConquered[p] = 1;
  g.provGovernor[p] = s;
  g.provGovTurn[p] = g.turn - 1;
  g.senWhere[s] = AT_GOVERNOR;
  g.senPost[s] = p;
  g.senPresent[s] = 0;
}

function toForum(g: GameState, s: number): void {
  takeFromDeck(g, s);
  g.senWhere[s] = AT_FORUM;
}

// ---- scripted policies that record every Senate decision asked of them ----

interface Ev {
  ev: string;
  f: number;
  kind: number;
  sponsor: number;
  senator: number;
  target: number;
  count: number;
  /** A part of a bill being drafted. */
  inBill: boolean;
  r: unknown;
}

function rec(log: Ev[], ev: string, f: number, m: Motion | null, r: unknown, count?: number): void {
  log.push({
    ev, f, kind: m ? m.kind : -1, sponsor: m ? m.sponsor : -1, senator: m ? m.senator : -1, target: m ? m.target : -1,
    count: count ?? (m ? m.count : 0), inBill: m ? m.inBill : false, r,
  });
}

/** Stub policies (decline everything, vote against, natural order) with `over`, every decision logged. */
function scripted(log: Ev[], over: (f: number) => Partial<Policy> = () => ({}), n = 3): Policy[] {
  return Array.from({ length: n }, (_, f) => {
    const p = stubPolicy(over(f));
    const wrap: Policy = {
      ...p,
      propose: (g, me, m, cands) => {
        const r = p.propose(g, me, m, cands);
        rec(log, 'ask', me, m, r);
        return r;
      },
      tableNext: (g, me, agenda, count) => {
        const r = p.tableNext(g, me, agenda, count);
        rec(log, 'table', me, null, r, count);
        return r;
      },
      useTribune: (g, me, m) => {
        const r = p.useTribune(g, me, m);
        rec(log, 'tribune', me, m, r);
        return r;
      },
      coSponsor: (g, me, m) => {
        const r = p.coSponsor(g, me, m);
        rec(log, 'second', me, m, r);
        return r;
      },
      veto: (g, me, m) => {
        const r = p.veto(g, me, m);
        rec(log, 'veto', me, m, r);
        return r;
      },
      vote: (g, me, m) => {
        const r = p.vote(g, me, m);
        rec(log, 'vote', me, m, r);
        return r;
      },
      tieBreak: (g, me, m) => {
        const r = p.tieBreak(g, me, m);
        rec(log, 'tie', me, m, r);
        return r;
      },
      ownLegion: (g, me, raise) => {
        const r = p.ownLegion(g, me, raise);
        rec(log, raise ? 'own-raise' : 'own-disband', me, null, r);
        return r;
      },
      closeDebate: (g, me, m) => {
        const r = p.closeDebate(g, me, m);
        rec(log, 'rule', me, m, r);
        return r;
      },
      objectToRuling: (g, me, m) => {
        const r = p.objectToRuling(g, me, m);
        rec(log, 'object', me, m, r);
        return r;
      },
    };
    return wrap;
  });
}

/** How often faction f has already been asked for a motion of `kind` (inside propose: the earlier asks). */
const asked = (log: readonly Ev[], f: number, kind: number): number => log.filter((e) => e.ev === 'ask' && e.f === f && e.kind === kind).length;
/** "ev faction kind/sponsor" lines for the events of the given types, in order. */
const lines = (log: readonly Ev[], ...evs: string[]): string[] =>
  log.filter((e) => evs.includes(e.ev)).map((e) => `${e.ev} ${e.f}${e.kind >= 0 ? ` ${KIND[e.kind]}${e.ev === 'ask' ? (e.r ? '+' : '') : `/${e.sponsor}`}` : ''}`);
const ask = (f: number, kind: number, made = false): string => `ask ${f} ${KIND[kind]}${made ? '+' : ''}`;
const vote3 = (order: readonly number[], kind: number, sponsor: number): string[] => order.map((f) => `vote ${f} ${KIND[kind]}/${sponsor}`);
const errors = (g: GameState): string[] => g.policyErrorLog.map((l) => l.replace(/^turn \d+ senate /, ''));

describe('Order of Business: the open agenda', () => {
  it('every faction with a senator present makes motions, clockwise from the Consul\'s left, his faction last; an absent faction makes none', () => {
    const { g, c, b, d } = position();
    absent(g, d);
    const log: Ev[] = [];
    const pols = scripted(log, (f) => ({
      propose: (_g, me, m) => {
        if (m.kind !== CENSURE || asked(log, me, CENSURE) > 0) return false;
        m.target = me === b ? c : b;
        return true;
      },
      coSponsor: () => true,
      vote: () => 1,
    }));
    openBusiness(g, pols);
    // Round 1: b then c (d has nobody present); round 2: nobody moves, the meeting closes.
    expect(lines(log, 'ask', 'vote')).toEqual([
      ask(b, RAISE), ask(b, CENSURE, true), ask(c, RAISE), ask(c, CENSURE, true),
      ...vote3([b, c], CENSURE, b), ...vote3([b, c], CENSURE, c),
      ask(b, RAISE), ask(b, CENSURE), ask(c, RAISE), ask(c, CENSURE),
    ]);
    // Seconds are asked clockwise from the Consul's faction, never of the absent faction.
    expect(lines(log, 'second')).toEqual([`second ${c} censure/${b}`, `second ${b} censure/${c}`]);
    expect(log.some((e) => e.f === d)).toBe(false);
    expect([g.stats.motions, g.stats.motionsPassed, g.stats.motionsByPresiding, g.stats.motionsByOthers]).toEqual([2, 2, 1, 1]);
  });

  /** b and d both move that the Harbour go to one of their own senators; the Consul chooses the order. */
  function harbourRace(tweak: Tweak, tableNext?: (agenda: readonly Motion[], count: number) => number) {
    const { g, c, b, d } = position({ tweak });
    g.cardWhere[HARBOUR] = CARD_FORUM;
    const log: Ev[] = [];
    const tabled: string[] = [];
    const pols = scripted(log, (f) => ({
      propose: (gg, me, m) => {
        if (m.kind !== CONCESSION || me === c) return false;
        m.target = HARBOUR;
        m.senator = own(gg as GameState, me)[0]!;
        return true;
      },
      vote: () => 1,
      ...(f === c && tableNext ? {
        tableNext: (_g, _me, agenda, count) => {
          tabled.push(agenda.slice(0, count).map((m) => m.sponsor).join());
          return tableNext(agenda, count);
        },
      } : {}),
    }));
    openBusiness(g, pols);
    return { g, c, b, d, log, tabled };
  }

  it('the Consul tables the motions in the order he chooses: the concession motion he tables first wins, the other lapses', () => {
    const r = harbourRace(undefined, (agenda, count) => agenda.slice(0, count).findIndex((m) => m.sponsor === (agenda[0]!.sponsor + 1) % 3));
    const { g, b, d, log } = r;
    expect(r.tabled).toEqual([`${b},${d}`]); // asked once: with one motion left there is nothing to choose
    expect(g.cardWhere[HARBOUR]).toBe(own(g, d)[0]);
    expect(lines(log, 'vote')).toEqual(vote3([b, d, r.c], CONCESSION, d));
    expect([g.stats.motions, g.stats.motionsLapsed, g.stats.policyErrors]).toEqual([1, 1, 0]);
    // Asked of b, d and c in round 1, of nobody in round 2: the card is no longer in the Forum.
    expect(log.filter((e) => e.ev === 'ask' && e.kind === CONCESSION).map((e) => e.f)).toEqual([b, d, r.c]);
  });

  it('consulOrdersMotions = 0: the natural order (first made, first tabled), and the Consul is never asked', () => {
    const r = harbourRace((p) => (p.consulOrdersMotions = 0), () => 1);
    expect(r.tabled).toEqual([]);
    expect(r.log.filter((e) => e.ev === 'table').length).toBe(0);
    expect(r.g.cardWhere[HARBOUR]).toBe(own(r.g, r.b)[0]);
    expect([r.g.stats.motions, r.g.stats.motionsLapsed]).toEqual([1, 1]);
  });

  it('an illegal tableNext answer is a policy error of the Consul\'s faction; the natural order is used', () => {
    for (const bad of [2, -1, 0.5, Number.NaN]) {
      const r = harbourRace(undefined, () => bad);
      expect(r.g.stats.policyErrors).toBe(1);
      expect(errors(r.g)[0]).toMatch(new RegExp(`^faction ${r.c}: table ${String(bad)}: not a motion that may be tabled now`));
      expect(r.g.cardWhere[HARBOUR]).toBe(own(r.g, r.b)[0]);
      expect(r.g.stats.motionsLapsed).toBe(1);
    }
  });

  it('the meeting closes only after a round in which nobody makes a motion (three rounds here)', () => {
    const { g, c, b, d } = position();
    const log: Ev[] = [];
    const pols = scripted(log, () => ({
      propose: (_g, me, m) => {
        if (m.kind !== CENSURE) return false;
        const n = asked(log, me, CENSURE);
        if (me === b && n < 2) {
          m.target = c;
          m.count = n; // a changed motion each round
          return true;
        }
        if (me === d && n === 0) {
          m.target = b;
          return true;
        }
        return false;
      },
      coSponsor: () => true,
      vote: (_g, me, m) => (me === m.sponsor ? 1 : -1),
    }));
    openBusiness(g, pols);
    const round = (bMade: boolean, dMade: boolean) => [ask(b, RAISE), ask(b, CENSURE, bMade), ask(d, RAISE), ask(d, CENSURE, dMade), ask(c, RAISE), ask(c, CENSURE)];
    expect(lines(log, 'ask', 'vote')).toEqual([
      ...round(true, true), ...vote3([b, d, c], CENSURE, b), ...vote3([b, d, c], CENSURE, d),
      ...round(true, false), ...vote3([b, d, c], CENSURE, b),
      ...round(false, false),
    ]);
    expect([g.stats.motions, g.stats.motionsPassed, g.stats.allowanceBinding]).toEqual([3, 0, 0]);
  });
});

describe('Order of Business: the motion allowance (motionAllowance)', () => {
  it('with an allowance of 2 a faction makes exactly 2 motions; the third is refused (allowanceBinding), seconding uses none', () => {
    const { g, c, b, d } = position({ tweak: (p) => (p.motionAllowance = 2) });
    const log: Ev[] = [];
    const pols = scripted(log, () => ({
      propose: (_g, me, m) => {
        if (m.kind !== CENSURE) return false;
        const n = asked(log, me, CENSURE);
        if (me === b || (me === d && n === 0)) {
          m.target = c;
          m.count = me === b ? n : 0; // d moves b's first motion word for word: it seconds it
          return true;
        }
        return false;
      },
      coSponsor: (_g, me) => me === d,
      vote: (_g, me) => (me === c ? -1 : 1),
    }));
    openBusiness(g, pols);
    expect(log.filter((e) => e.ev === 'ask' && e.f === b && e.kind === CENSURE).length).toBe(3);
    expect(lines(log, 'vote')).toEqual([...vote3([b, d, c], CENSURE, b), ...vote3([b, d, c], CENSURE, b)]);
    expect(g.stats.allowanceBinding).toBe(1);
    expect(g.stats.policyErrors).toBe(0);
    expect([g.allowance[b], g.allowance[d], g.allowance[c]]).toEqual([0, 2, 2]);
    // The first motion was seconded when made (nobody asked); for the second, c then d are asked.
    expect(lines(log, 'second')).toEqual([`second ${c} censure/${b}`, `second ${d} censure/${b}`]);
    expect([g.treasury[c], g.stateTreasury]).toEqual([5 - 0 - 1, 101]);
  });
});

describe('Forcing a Motion to the Vote: tribunes', () => {
  it('a real tribune tables its holder\'s motion at once, before those on the agenda, and is spent; the presiding faction is never asked', () => {
    const { g, c, b, d } = position();
    g.tribunesReal[d] = 1;
    g.tribunesReal[c] = 1;
    g.tribunesDummy[b] = 2; // dummies table nothing: b is not asked
    const targets = [0, 0, 0];
    targets[b] = c;
    targets[d] = b;
    targets[c] = d;
    const log: Ev[] = [];
    const pols = scripted(log, () => ({
      propose: (_g, me, m) => {
        if (m.kind !== CENSURE || asked(log, me, CENSURE) > 0) return false;
        m.target = targets[me]!;
        return true;
      },
      useTribune: () => true,
      coSponsor: () => true,
      vote: () => 1,
    }));
    openBusiness(g, pols);
    expect(lines(log, 'ask', 'tribune', 'vote', 'veto')).toEqual([
      ask(b, RAISE), ask(b, CENSURE, true),
      ask(d, RAISE), ask(d, CENSURE, true), `tribune ${d} censure/${d}`,
      // d's motion is voted now; the Consul's faction may veto it (it did not table it).
      `vote ${b} censure/${d}`, `vote ${d} censure/${d}`, `veto ${c} censure/${d}`, `vote ${c} censure/${d}`,
      ask(c, RAISE), ask(c, CENSURE, true),
      ...vote3([b, d, c], CENSURE, b), ...vote3([b, d, c], CENSURE, c),
      ask(b, RAISE), ask(b, CENSURE), ask(d, RAISE), ask(d, CENSURE), ask(c, RAISE), ask(c, CENSURE),
    ]);
    expect([g.tribunesReal[b], g.tribunesReal[d], g.tribunesReal[c], g.tribunesDummy[b]]).toEqual([0, 0, 1, 2]);
    expect(g.stats.tabledByTribune).toBe(1);
  });
});

describe('Vetoes', () => {
  /** Every faction holds a real tribune; b's (or c's) raise is put to the vote; returns who was asked to veto. */
  function vetoAsks(sponsor: 'b' | 'c', viaTribune: boolean): { asks: number[]; seats: { c: number; b: number; d: number } } {
    const { g, c, b, d } = position();
    for (let f = 0; f < 3; f++) g.tribunesReal[f] = 1;
    const log: Ev[] = [];
    const m = g.motion;
    resetMotion(m, RAISE, sponsor === 'b' ? b : c);
    m.count = 1;
    if (viaTribune) {
      m.viaTribune = true;
      m.tabledBy = m.sponsor;
    }
    putToVote(g, scripted(log, () => ({ vote: () => 1 })), m);
    return { asks: log.filter((e) => e.ev === 'veto').map((e) => e.f), seats: { c, b, d } };
  }

  it('on a motion the Consul tabled (another faction\'s or his own) his faction is not asked; other tribune holders are', () => {
    const other = vetoAsks('b', false);
    expect(other.asks).toEqual([other.seats.d]); // b moved it, the Consul tabled it
    const his = vetoAsks('c', false);
    expect(his.asks).toEqual([his.seats.b, his.seats.d]);
  });

  it('on a motion tabled with a tribune the Consul\'s faction may veto, the tabler may not', () => {
    const r = vetoAsks('b', true);
    expect(r.asks).toEqual([r.seats.d, r.seats.c]);
  });

  it('a vetoed motion cannot be reintroduced unchanged this turn (by anyone); a changed one can (Failure of motion)', () => {
    const { g, c, b, d } = position();
    g.tribunesReal[d] = 1;
    const log: Ev[] = [];
    const pols = scripted(log, () => ({
      propose: (_g, me, m) => {
        if (m.kind !== CENSURE) return false;
        const n = asked(log, me, CENSURE);
        if (me === b && n < 2) {
          m.target = c;
          m.count = 2; // the same motion twice
          return true;
        }
        if (me === d && n === 1) {
          m.target = c;
          m.count = 3; // changed: a higher fine
          return true;
        }
        return false;
      },
      coSponsor: () => true,
      veto: (_g, me) => me === d,
      vote: () => 1,
    }));
    openBusiness(g, pols);
    expect(g.stats.vetoes).toBe(1);
    expect(g.tribunesReal[d]).toBe(0);
    expect(errors(g)).toEqual([`faction ${b}: motion already defeated this turn: censure ${factionName(c)} with a fine of 2 Talents (moved by ${factionName(b)})`]);
    expect(lines(log, 'vote')).toEqual([`vote ${b} censure/${b}`, ...vote3([b, d, c], CENSURE, d)]);
    expect([g.stats.motions, g.stats.motionsPassed]).toEqual([2, 1]);
    expect([g.treasury[c], g.stateTreasury]).toEqual([2, 103]);
  });

  it('a veto cancels the whole vote: bought votes refunded (stats net of them), later factions not asked', () => {
    const { g, c, b, d } = position();
    g.tribunesReal[d] = 1;
    const log: Ev[] = [];
    const m = g.motion;
    resetMotion(m, RAISE, c);
    m.count = 1;
    const passed = putToVote(g, scripted(log, (f) => ({ vote: () => 1, buyVotes: () => (f === b ? 3 : 0), veto: () => f === d })), m);
    expect(passed).toBe(false);
    expect(lines(log, 'vote', 'veto')).toEqual([`vote ${b} raise/${c}`, `veto ${d} raise/${c}`]);
    expect([g.treasury[b], g.stateTreasury]).toEqual([5, 100]);
    expect([g.stats.motions, g.stats.motionsPassed, g.stats.vetoes, g.stats.votesBought, g.stats.unanimousVotes]).toEqual([1, 0, 1, 0, 0]);
    expect(g.prestige[c]).toBe(10); // a veto is no unanimous defeat
    expect(g.failedMotions).toEqual([motionKey(m)]);
  });

  it('a prosecution is tabled by the Censor: his faction may not veto it, the Consul\'s and the accused\'s may; a veto uses the slot', () => {
    for (const consulVetoes of [false, true]) {
      const { g, c, b, d } = position();
      for (let f = 0; f < 3; f++) g.tribunesReal[f] = 1;
      g.censor = own(g, b)[2]!;
      const accused = own(g, d)[0]!;
      g.senConcessionTurn[accused] = g.turn; // collected a concession's income: open to a Minor prosecution
      const log: Ev[] = [];
      prosecutions(g, scripted(log, (f) => ({
        propose: (_g, _me, m) => {
          if (m.kind !== PROSECUTE || asked(log, f, PROSECUTE) > 0) return false;
          m.senator = accused;
          return true;
        },
        veto: () => consulVetoes && f === c,
        vote: () => 1,
      })));
      expect(log.filter((e) => e.ev === 'veto').map((e) => e.f)).toEqual([d, c]);
      expect(log.filter((e) => e.ev === 'ask').map((e) => e.f)).toEqual([b, b]); // the second slot is offered either way
      expect([g.stats.prosecutions, g.stats.convictions, g.stats.vetoes]).toEqual(consulVetoes ? [1, 0, 1] : [1, 1, 0]);
      expect(g.prestige[d]).toBe(consulVetoes ? 10 : 5);
      expect(g.tribunesReal).toEqual([1, 1, 1].map((x, f) => (consulVetoes && f === c ? 0 : x)));
    }
  });
});

describe('Military Appointments: stages', () => {
  /** War 0 (2 armies) without legions or commander; 2 State legions in the box. b moves raise 1, d dispatch 2 under its green. */
  function raiseThenDispatch(tweak: Tweak, chooseDispatch: boolean) {
    const { g, c, b, d } = position({ tweak });
    activeWar(g, 0, 2);
    g.legionsBox = 2;
    const x = own(g, d)[0]!;
    const log: Ev[] = [];
    const pols = scripted(log, (f) => ({
      propose: (_g, me, m, cands) => {
        if (asked(log, me, m.kind) > 0) return false;
        if (me === b && m.kind === RAISE) m.count = 1;
        else if (me === d && m.kind === DISPATCH) {
          expect(cands).toContain(x);
          m.target = 0;
          m.count = 2;
          m.senator = x;
        } else return false;
        return true;
      },
      vote: () => 1,
      ...(f === c && chooseDispatch ? { tableNext: (_g, _me, agenda, count) => agenda.slice(0, count).findIndex((m) => m.kind === DISPATCH) } : {}),
    }));
    openBusiness(g, pols);
    return { g, c, b, d, x, log };
  }

  it('tabling a dispatch puts a pending raise out of order: it lapses unvoted; raising is never asked again', () => {
    const { g, c, b, d, x, log } = raiseThenDispatch(undefined, true);
    expect(lines(log, 'vote')).toEqual(vote3([b, d, c], DISPATCH, d));
    expect([g.stats.motions, g.stats.motionsLapsed, g.stats.legionsRaised]).toEqual([1, 1, 0]);
    expect([g.legionsBox, g.wars.stateLegions[0], g.wars.commander[0], g.stateTreasury]).toEqual([0, 2, x, 100]);
    expect(g.militaryStage).toBe(STAGE_DISPATCH);
    const kinds = (from: number, to: number, f: number) => log.filter((e) => e.ev === 'ask' && e.f === f).slice(from, to).map((e) => KIND[e.kind]);
    for (const f of [b, d, c]) {
      expect(kinds(0, 4, f)).toEqual(['disband', 'raise', 'dispatch', 'censure']); // round 1
      expect(kinds(4, 99, f)).toEqual(['recall', 'censure']); // round 2: no disband, raise or dispatch any more
    }
  });

  it('in the natural order (consulOrdersMotions = 0) the raise comes first and both are voted', () => {
    const { g, b, d, c, log } = raiseThenDispatch((p) => (p.consulOrdersMotions = 0), true);
    expect(lines(log, 'vote')).toEqual([...vote3([b, d, c], RAISE, b), ...vote3([b, d, c], DISPATCH, d)]);
    expect([g.stats.motions, g.stats.motionsLapsed, g.stats.legionsRaised]).toEqual([2, 0, 1]);
    expect([g.legionsBox, g.wars.stateLegions[0], g.stateTreasury]).toEqual([1, 2, 90]);
  });

  it('a motion of a stage already passed is a policy error when made (disband or raise after a dispatch)', () => {
    const { g, b } = position();
    g.legionsBox = 2;
    const log: Ev[] = [];
    const pols = scripted(log, () => ({ propose: (_g, _me, m) => ((m.count = 1), true) }));
    g.militaryStage = STAGE_RAISE;
    expect(askProposal(g, pols, b, RAISE, -1, militaryRules.raise)).toBe(true); // raising is still open
    expect(askProposal(g, pols, b, DISBAND, -1, militaryRules.disband)).toBe(false);
    g.militaryStage = STAGE_DISPATCH;
    expect(askProposal(g, pols, b, RAISE, -1, militaryRules.raise)).toBe(false);
    expect(errors(g)).toEqual([
      `faction ${b}: illegal motion disband 1 State legion in the Active Legions Box (moved by ${factionName(b)}): the meeting has moved past this stage of the military business`,
      `faction ${b}: illegal motion raise 1 State legion (moved by ${factionName(b)}): the meeting has moved past this stage of the military business`,
    ]);
  });

  it('own legions: disbanded first of all, raised without a vote the moment the raise stage opens (or at the end)', () => {
    const { g, c, b, d } = position();
    g.treasury[b] = 15;
    g.factionLegion[d] = FL_BOX;
    g.cardWhere[HARBOUR] = CARD_FORUM;
    const log: Ev[] = [];
    const pols = scripted(log, (f) => ({
      propose: (gg, me, m) => {
        if (asked(log, me, m.kind) > 0) return false;
        if (me === b && m.kind === RAISE) m.count = 1;
        else if (me === d && m.kind === CONCESSION) {
          m.target = HARBOUR;
          m.senator = own(gg as GameState, d)[0]!;
        } else return false;
        return true;
      },
      ownLegion: () => true,
      vote: () => 1,
      ...(f === c ? { tableNext: (_g, _me, agenda, count) => agenda.slice(0, count).findIndex((m) => m.kind === CONCESSION) } : {}),
    }));
    openBusiness(g, pols);
    expect(lines(log, 'own-disband', 'own-raise', 'vote')).toEqual([
      `own-disband ${d}`,
      ...vote3([b, d, c], CONCESSION, d),
      `own-raise ${b}`, // only b can pay for a legion (d's was disbanded, the others have 5 Talents)
      ...vote3([b, d, c], RAISE, b),
    ]);
    expect(log[0]!.ev).toBe('own-disband');
    expect([g.factionLegion[b], g.factionLegion[d], g.treasury[b]]).toEqual([FL_BOX, FL_NONE, 5]);
    expect([g.legionsBox, g.stateTreasury, g.stats.legionsRaised]).toEqual([1, 90, 2]);

    // No military motion at all: the own raising comes after the last round.
    const q = position();
    q.g.treasury[q.b] = 15;
    const log2: Ev[] = [];
    openBusiness(q.g, scripted(log2, () => ({ ownLegion: () => true })));
    expect(log2.at(-1)!.ev).toBe('own-raise');
    expect(lines(log2, 'own-raise', 'own-disband')).toEqual([`own-raise ${q.b}`]);
    expect(log2.filter((e) => e.ev === 'ask').length).toBe(6);
    expect(q.g.factionLegion[q.b]).toBe(FL_BOX);
  });

  it('a dispatch tabled before any raise still opens the raise stage first: own legions are raised before its vote and may not join it', () => {
    const { g, c, b, d } = position();
    activeWar(g, 0, 2);
    g.legionsBox = 2;
    g.treasury[b] = 15;
    const x = own(g, d)[0]!;
    const log: Ev[] = [];
    openBusiness(g, scripted(log, () => ({
      propose: (_g, me, m) => (me === d && m.kind === DISPATCH && asked(log, d, DISPATCH) === 0 ? Object.assign(m, { target: 0, count: 2, senator: x }) !== null : false),
      ownLegion: () => true,
      vote: () => 1,
    })));
    expect(lines(log, 'own-raise', 'vote')).toEqual([`own-raise ${b}`, ...vote3([b, d, c], DISPATCH, d)]);
    expect([g.factionLegion[b], g.treasury[b], g.wars.stateLegions[0], g.legionsBox, g.militaryStage]).toEqual([FL_BOX, 5, 2, 0, STAGE_DISPATCH]);
  });

  it('transfer and development have no stage: still in order after a recall, and they move nothing on', () => {
    const { g, c, b, d } = position();
    g.rng.cards = forcedCards([1]);
    activeWar(g, 0, 5, 3, own(g, b)[0]!);
    activeWar(g, 1, 5, 1, own(g, d)[0]!);
    governor(g, own(g, c)[0]!, 2);
    const log: Ev[] = [];
    const pols = scripted(log, () => ({
      propose: (_g, me, m) => {
        if (asked(log, me, m.kind) > 0) return false;
        if (me === b && m.kind === RECALL) {
          m.target = 0;
          m.count = 1;
        } else if (me === d && m.kind === TRANSFER) {
          m.target = 0;
          m.target2 = 1;
          m.count = 1;
        } else if (me === c && m.kind === DEVELOP) m.count = 3;
        else return false;
        return true;
      },
      vote: () => 1,
    }));
    openBusiness(g, pols);
    expect(lines(log, 'vote')).toEqual([...vote3([b, d, c], RECALL, b), ...vote3([b, d, c], TRANSFER, d), ...vote3([b, d, c], DEVELOP, c)]);
    expect(g.stats.motionsLapsed).toBe(0);
    expect(g.militaryStage).toBe(STAGE_RECALL);
    expect([g.legionsBox, g.wars.stateLegions[0], g.wars.stateLegions[1], g.stateTreasury]).toEqual([1, 1, 2, 97]);
    // Round 2: transfer and recall are still asked; disband (one legion in the box), raise and dispatch are not.
    for (const f of [b, d, c]) {
      expect(log.filter((e) => e.ev === 'ask' && e.f === f && e.kind !== DEVELOP).slice(4).map((e) => KIND[e.kind])).toEqual(['transfer', 'recall', 'censure']);
    }
  });

  it('development requests are tabled in province order: a later province first is a policy error (natural order used)', () => {
    for (const pick of [0, 1]) {
      const { g, c, b, d } = position();
      const cards = forcedCards([1, 1]);
      g.rng.cards = cards;
      governor(g, own(g, b)[0]!, 1);
      governor(g, own(g, d)[0]!, 0);
      const log: Ev[] = [];
      const pols = scripted(log, (f) => ({
        propose: (_g, _me, m) => (m.kind === DEVELOP ? ((m.count = 3), true) : false),
        ...(f === c ? { tableNext: () => pick } : {}),
      }));
      openBusiness(g, pols);
      // Requests are made b (province 1) then d (province 0); the agenda is [1, 0].
      expect(log.filter((e) => e.ev === 'table').map((e) => [e.count, e.r])).toEqual([[2, pick]]);
      expect(log.filter((e) => e.ev === 'vote' && e.f === c).map((e) => e.target)).toEqual([0, 1]);
      expect(errors(g)).toEqual(pick === 0 ? [`faction ${c}: table 0: not a motion that may be tabled now (0..1, development in province order)`] : []);
      expect(cards.used()).toBe(2); // both attempts are made whatever the vote
      expect([g.provGovernor[1], g.provGovernor[0]]).toEqual([own(g, b)[0], own(g, d)[0]]);
    }
  });
});

describe('Appointments: open nominations (Appoint Governors; Automatic Appointment; Failure of motion)', () => {
  /** Sicily (province 0) conquered and vacant; candidates are the 8 present faction senators other than the Consul. */
  function vacancy() {
    const p = position();
    p.g.provConquered[0] = 1;
    return p;
  }

  it('each faction nominates clockwise from the chair\'s left, the chair last; a second identical nomination seconds it; the chair tables in his order; a defeated nominee is out', () => {
    const { g, c, b, d } = vacancy();
    const x = own(g, d)[1]!;
    const y = own(g, c)[0]!;
    const log: Ev[] = [];
    const agendas: string[] = [];
    appointGovernors(g, scripted(log, (f) => ({
      propose: (_g, me, m, cands) => {
        expect(cands.length).toBe(8);
        m.senator = me === c ? y : x;
        return true;
      },
      vote: (_g, me, m) => (me === m.sponsor || m.senator === x ? 1 : -1),
      ...(f === c ? {
        tableNext: (_g, _me, agenda, count) => {
          agendas.push(agenda.slice(0, count).map((m) => `${m.senator}:${m.sponsor}:${m.coSponsor}`).join(' '));
          return agenda.slice(0, count).findIndex((m) => m.senator === y);
        },
      } : {}),
    })));
    expect(log.filter((e) => e.ev === 'ask').map((e) => e.f)).toEqual([b, d, c]);
    expect(agendas).toEqual([`${x}:${b}:${d} ${y}:${c}:-1`]);
    expect(lines(log, 'vote')).toEqual([...vote3([b, d, c], APPOINT_GOVERNOR, c), ...vote3([b, d, c], APPOINT_GOVERNOR, b)]);
    expect([g.provGovernor[0], g.senWhere[x], g.senWhere[y]]).toEqual([x, AT_GOVERNOR, AT_ROME]);
    expect(isRejected(g, APPOINT_GOVERNOR, 0, y)).toBe(true);
    expect(isRejected(g, APPOINT_GOVERNOR, 0, x)).toBe(false);
    // The Consul's own nomination defeated by every other faction costs it 1 Prestige.
    expect([g.prestige[c], g.prestige[b], g.prestige[d]]).toEqual([9, 10, 10]);
    expect([g.stats.motions, g.stats.motionsPassed, g.stats.policyErrors]).toEqual([2, 1, 0]);
  });

  it('when every nomination failed, nominations open again; a rejected candidate named again is a policy error', () => {
    const { g, c, b, d } = vacancy();
    const x = own(g, d)[0]!;
    const y = own(g, c)[0]!;
    const z = own(g, b)[1]!;
    const log: Ev[] = [];
    appointGovernors(g, scripted(log, () => ({
      propose: (_g, me, m) => {
        if (me === d) return false;
        m.senator = me === c ? y : asked(log, b, APPOINT_GOVERNOR) === 0 ? x : z;
        return true;
      },
      vote: (_g, me, m) => (me === m.sponsor || m.senator === z ? 1 : -1),
    })));
    expect(lines(log, 'ask')).toEqual([ask(b, APPOINT_GOVERNOR, true), ask(d, APPOINT_GOVERNOR), ask(c, APPOINT_GOVERNOR, true), ask(b, APPOINT_GOVERNOR, true), ask(d, APPOINT_GOVERNOR), ask(c, APPOINT_GOVERNOR, true)]);
    expect(log.filter((e) => e.ev === 'vote' && e.f === c).map((e) => e.senator)).toEqual([x, y, z]);
    expect(g.provGovernor[0]).toBe(z);
    expect(errors(g)).toEqual([`faction ${c}: illegal motion appoint Senator ${senatorName(y)} of ${factionName(c)} Governor of ${g.board.provinces[0]!.name} (moved by ${factionName(c)}): not an eligible candidate for this province`]);
  });

  it('a nomination that is not true or false is a policy error, and the engine owns a nomination\'s procedural fields whatever the policy wrote', () => {
    const { g, c, b, d } = vacancy();
    const x = own(g, d)[1]!;
    const seen: Motion[] = [];
    appointGovernors(g, scripted([], () => ({
      propose: (_g, me, m) => {
        if (me === b) return 'yes' as unknown as boolean;
        if (me !== d) return false;
        // Fields the engine owns, written by the policy: they must not survive into the vote.
        m.senator = x;
        m.coSponsor = c;
        m.tabledBy = d;
        m.viaTribune = true;
        m.closed = true;
        m.inBill = true;
        m.det = 2;
        m.det2 = 3;
        return true;
      },
      vote: (_g, me, m) => {
        if (me === c) seen.push({ ...m });
        return 1;
      },
    })));
    expect(errors(g)).toEqual([`faction ${b}: propose appoint Governor: expected true/false`]);
    expect(g.provGovernor[0]).toBe(x);
    expect(seen.map((m) => [m.sponsor, m.senator, m.coSponsor, m.tabledBy, m.viaTribune, m.inBill, m.det, m.det2]))
      .toEqual([[d, x, -1, c, false, false, 0, 0]]);
  });

  it('the last candidate left is appointed without a vote (Automatic Appointment)', () => {
    const { g, c, b, d } = vacancy();
    // Present: the Consul (c's lilac), b's lilac and d's lilac: two candidates.
    for (const f of [b, d, c]) for (const s of own(g, f).slice(0, 2)) g.senPresent[s] = 0;
    const x = own(g, b)[2]!;
    const y = own(g, d)[2]!;
    const log: Ev[] = [];
    appointGovernors(g, scripted(log, () => ({
      propose: (_g, me, m, cands) => {
        expect([...cands].sort()).toEqual([x, y].sort());
        if (me === c) return false;
        m.senator = me === b ? x : y;
        return true;
      },
      vote: (_g, me, m) => (me === m.sponsor ? 1 : -1),
    })));
    expect(lines(log, 'vote')).toEqual(vote3([b, d, c], APPOINT_GOVERNOR, b)); // x defeated 3 to 6; y is never voted on
    expect(g.provGovernor[0]).toBe(y);
    expect([g.stats.motions, g.stats.motionsPassed]).toEqual([1, 0]);
  });

  it('nobody nominates: a policy error of the chair, and the senior candidate stands in his name (again after each defeat)', () => {
    for (const votes of [1, -1]) {
      const { g, c } = vacancy();
      const cands: number[] = [];
      for (let s = 0; s < SENATORS; s++) if (g.senOwner[s]! >= 0 && s !== g.consul) cands.push(s);
      const log: Ev[] = [];
      appointGovernors(g, scripted(log, () => ({ vote: () => votes })));
      const voted = log.filter((e) => e.ev === 'vote' && e.f === c);
      expect(voted.every((e) => e.sponsor === c)).toBe(true);
      if (votes === 1) {
        expect(voted.map((e) => e.senator)).toEqual([Math.max(...cands)]);
        expect(g.provGovernor[0]).toBe(Math.max(...cands));
        expect(errors(g)).toEqual([`faction ${c}: nobody nominated for appoint Governor; the senior candidate stands`]);
      } else {
        // Every vote fails: the candidates stand in order of seniority until one is left, appointed automatically.
        const desc = [...cands].sort((a, z) => z - a);
        expect(voted.map((e) => e.senator)).toEqual(desc.slice(0, 7));
        expect(g.provGovernor[0]).toBe(desc[7]);
        expect(g.stats.policyErrors).toBe(7);
        expect(g.prestige[c]).toBe(10 - 7); // each a Consul's motion defeated by every other faction
      }
    }
  });

  it('the chair\'s faction cannot veto a nomination it tables; another faction with a real tribune can, and that nominee is out', () => {
    const { g, c, b, d } = vacancy();
    for (let f = 0; f < 3; f++) g.tribunesReal[f] = 1;
    const x = own(g, d)[1]!;
    const y = own(g, c)[0]!;
    const log: Ev[] = [];
    appointGovernors(g, scripted(log, (f) => ({
      propose: (_g, me, m) => {
        if (me === d) return false;
        m.senator = me === b ? x : y;
        return true;
      },
      veto: (_g, _me, m) => f === d && m.senator === x,
      vote: () => 1,
    })));
    expect(log.filter((e) => e.ev === 'veto').map((e) => `${e.f}:${e.senator}`)).toEqual([`${d}:${x}`, `${b}:${y}`]);
    expect(g.provGovernor[0]).toBe(y);
    expect(isRejected(g, APPOINT_GOVERNOR, 0, x)).toBe(true);
    expect([g.tribunesReal[b], g.tribunesReal[d], g.tribunesReal[c]]).toEqual([1, 0, 1]);
    expect([g.stats.motions, g.stats.vetoes, g.stats.motionsPassed]).toEqual([2, 1, 1]);
  });
});

describe('Consular Powers (variation): rulings only on motions the Consul tables', () => {
  it('in the open business he is asked to rule on the motions he tables (another faction\'s too), never on one tabled with a tribune', () => {
    const { g, c, b, d } = position({ variants: 'consular-powers' });
    g.tribunesReal[d] = 1;
    const log: Ev[] = [];
    openBusiness(g, scripted(log, () => ({
      propose: (_g, me, m) => {
        if (asked(log, me, m.kind) > 0) return false;
        if (m.kind === RAISE && me !== c) m.count = me === b ? 1 : 2;
        else if (m.kind === CENSURE && me === c) m.target = b;
        else return false;
        return true;
      },
      useTribune: () => true,
      coSponsor: () => true,
      vote: () => 1,
    })));
    expect(lines(log, 'rule')).toEqual([`rule ${c} raise/${b}`, `rule ${c} censure/${c}`]);
    expect(lines(log, 'tribune')).toEqual([`tribune ${d} raise/${d}`]);
    expect([g.stats.motions, g.stats.rulings, g.stateTreasury]).toEqual([3, 0, 70]);
  });

  it('nor on a prosecution, which the Censor tables', () => {
    const { g, b, d } = position({ variants: 'consular-powers' });
    g.censor = own(g, b)[2]!;
    const accused = own(g, d)[0]!;
    g.senConcessionTurn[accused] = g.turn;
    const log: Ev[] = [];
    prosecutions(g, scripted(log, () => ({
      propose: (_g, me, m) => (me === b && asked(log, b, PROSECUTE) === 0 ? ((m.senator = accused), true) : false),
      closeDebate: () => true,
      vote: () => 1,
    })));
    expect(g.stats.prosecutions).toBe(1);
    expect(lines(log, 'rule')).toEqual([]);
  });

  /** c's raise 1, ruled "no discussion"; b and d object as told; the Consul penalises as told. */
  function ruled(opts: { object: number[]; penalize: number[]; votes: number[]; buy?: number[]; treasury?: number[]; vetoBy?: number }) {
    const { g, c, b, d } = position({ variants: 'consular-powers' });
    const seat = [b, d, c];
    if (opts.treasury) opts.treasury.forEach((t, i) => (g.treasury[seat[i]!] = t));
    if (opts.vetoBy !== undefined) g.tribunesReal[seat[opts.vetoBy]!] = 1;
    const m = g.motion;
    resetMotion(m, RAISE, c);
    m.count = 1;
    const log: Ev[] = [];
    const passed = putToVote(g, scripted(log, (f) => ({
      closeDebate: () => true,
      objectToRuling: () => opts.object.includes(seat.indexOf(f)),
      penalize: (_g, _me, _m, x) => opts.penalize.includes(seat.indexOf(x)),
      veto: () => opts.vetoBy !== undefined && seat[opts.vetoBy] === f,
      vote: () => opts.votes[seat.indexOf(f)]!,
      buyVotes: () => opts.buy?.[seat.indexOf(f)] ?? 0,
    })), m);
    return { g, m, c, b, d, passed, log };
  }

  it('a penalised objector that abstains and has no Talent pays nothing (the fine is paid only if possible)', () => {
    const r = ruled({ object: [0], penalize: [0], votes: [0, 1, 1], treasury: [0, 5, 5] });
    expect(r.m.penalized).toBe(1 << r.b);
    expect([r.g.treasury[r.b], r.g.stateTreasury, r.g.stats.penaltyFines, r.g.stats.votesRemoved]).toEqual([0, 100, 0, 0]);
    expect([r.m.votesFor, r.m.votesAgainst, r.passed]).toEqual([12, 0, true]);
  });

  it('the Consul penalises the first objector and lifts the ruling for the second: the first still loses its vote, votes may be bought again', () => {
    const r = ruled({ object: [0, 1], penalize: [0], votes: [-1, -1, 1], buy: [0, 2, 0] });
    expect(lines(r.log, 'object')).toEqual([`object ${r.b} raise/${r.c}`, `object ${r.d} raise/${r.c}`]);
    expect([r.m.closed, r.m.objected, r.m.penalized]).toEqual([false, (1 << r.b) | (1 << r.d), 1 << r.b]);
    // For 6; against (6 - 1) + (6 + 2 bought).
    expect([r.m.votesFor, r.m.votesAgainst, r.passed]).toEqual([6, 13, false]);
    expect([r.g.stats.rulings, r.g.stats.objections, r.g.stats.votesRemoved, r.g.stats.penaltyFines, r.g.stats.votesBought]).toEqual([1, 2, 1, 0, 2]);
    expect(r.g.treasury[r.d]).toBe(3);
  });

  it('a penalised objector whose vote a veto cancels before it is cast pays the 1-Talent fine instead', () => {
    const r = ruled({ object: [1], penalize: [1], votes: [1, -1, 1], vetoBy: 0 });
    expect(r.passed).toBe(false);
    expect(lines(r.log, 'vote')).toEqual([]);
    expect([r.g.treasury[r.d], r.g.stateTreasury, r.g.stats.penaltyFines, r.g.stats.votesRemoved, r.g.stats.vetoes]).toEqual([4, 101, 1, 0, 1]);
  });
});

describe('Bills (variation)', () => {
  /** A bills position with a clonable card stream (drafting copies the game; no card is drawn). */
  function billsPosition() {
    const p = position({ variants: 'bills' });
    p.g.rng.cards = makePrng('senate-bills');
    p.g.cardWhere[HARBOUR] = CARD_FORUM;
    return p;
  }

  it('a rejected bill rejects its parts: neither its raise nor its concession may be moved again unchanged this turn', () => {
    const { g, c, b, d } = billsPosition();
    const mine = own(g, c)[0]!;
    const log: Ev[] = [];
    openBusiness(g, scripted(log, (f) => ({
      proposeBill: () => f === c,
      propose: (gg, me, m) => {
        if (m.inBill) {
          if (m.kind === RAISE) m.count = 2;
          else if (m.kind === CONCESSION) {
            m.target = HARBOUR;
            m.senator = mine;
          } else return false;
          return true;
        }
        if (me === c || asked(log, me, m.kind) > 0) return false;
        if (m.kind === RAISE) m.count = me === b ? 2 : 1;
        else if (m.kind === CONCESSION) {
          m.target = HARBOUR;
          m.senator = me === b ? mine : own(gg as GameState, d)[0]!;
        } else return false;
        return true;
      },
      vote: (_g, me, m) => (m.kind === BILL ? (me === c ? 1 : -1) : 1),
    })));
    expect(errors(g)).toEqual([
      `faction ${b}: motion already defeated this turn: raise 2 State legions (moved by ${factionName(b)})`,
      `faction ${b}: motion already defeated this turn: give the Harbour concession to Senator ${senatorName(mine)} of ${factionName(c)} (moved by ${factionName(b)})`,
    ]);
    expect(lines(log, 'vote')).toEqual([...vote3([b, d, c], BILL, c), ...vote3([b, d, c], RAISE, d), ...vote3([b, d, c], CONCESSION, d)]);
    expect(g.failedMotions.map(keyKind)).toEqual([BILL, RAISE, CONCESSION]);
    expect([g.stateTreasury, g.legionsBox, g.cardWhere[HARBOUR], g.prestige[c]]).toEqual([90, 1, own(g, d)[0], 9]);
    expect([g.stats.billsIntroduced, g.stats.billsPassed]).toEqual([1, 0]);
  });

  it('a commander named in a rejected bill\'s dispatch may not be named for a command again this turn', () => {
    const { g, c, b, d } = billsPosition();
    activeWar(g, 0, 3);
    g.legionsBox = 3;
    const n = card(GREEN, 9);
    toForum(g, n);
    const other = own(g, d)[2]!;
    const log: Ev[] = [];
    const seen: number[][] = [];
    openBusiness(g, scripted(log, (f) => ({
      proposeBill: () => f === c,
      propose: (gg, me, m, cands) => {
        if (m.inBill) {
          if (m.kind === DISPATCH) {
            m.target = 0;
            m.count = 3;
            m.senator = n;
          } else if (m.kind === CONCESSION) {
            m.target = HARBOUR;
            m.senator = own(gg as GameState, c)[0]!;
          } else return false;
          return true;
        }
        if (m.kind !== DISPATCH || me === c || asked(log, me, DISPATCH) > 0) return false;
        seen.push([...cands]);
        m.target = 0;
        m.count = 3;
        m.senator = me === b ? n : other;
        return true;
      },
      vote: (_g, me, m) => (m.kind === BILL ? (me === c ? 1 : -1) : 1),
    })));
    expect(seen[0]).not.toContain(n);
    expect(seen[0]).toContain(other);
    expect(errors(g)).toHaveLength(1);
    expect(errors(g)[0]).toMatch(new RegExp(`^faction ${b}: illegal motion dispatch the neutral Senator green-9 with 3 State legions to .*: not an eligible commander$`));
    // The bill dealt with the dispatch stage: nobody is asked to raise legions any more.
    expect(log.filter((e) => e.ev === 'ask' && e.f === b).slice(0, 3).map((e) => KIND[e.kind])).toEqual(['dispatch', 'concession', 'censure']);
    expect([g.wars.commander[0], g.wars.stateLegions[0], g.legionsBox, g.senWhere[n]]).toEqual([other, 3, 0, AT_FORUM]);
  });

  it('a bill never puts a disband after a raise; once a bill with a raise is tabled, disbanding is out of order', () => {
    const { g, c, b } = billsPosition();
    g.legionsBox = 3;
    g.tribunesReal[b] = 1;
    const mine = own(g, c)[0]!;
    const log: Ev[] = [];
    const pols = scripted(log, (f) => ({
      proposeBill: () => f === c || f === b,
      propose: (_g, me, m) => {
        if (!m.inBill || me !== c) return false;
        if (m.kind === RAISE) m.count = 1;
        else if (m.kind === CONCESSION) {
          m.target = HARBOUR;
          m.senator = mine;
        } else return false;
        return true;
      },
      vote: () => 1,
    }));
    openBusiness(g, pols);
    const drafted = (f: number) => log.filter((e) => e.ev === 'ask' && e.f === f && e.inBill).map((e) => KIND[e.kind]);
    expect(drafted(c)).toEqual(['disband', 'raise', 'dispatch', 'concession']);
    // b's bill (with its tribune) comes after the raise: no disband part is offered; it drafts nothing and is withdrawn.
    expect(drafted(b)).toEqual(['raise', 'dispatch']);
    expect(g.tribunesReal[b]).toBe(0);
    expect([g.stats.billsIntroduced, g.stats.billsPassed, g.stats.tabledByTribune]).toEqual([1, 1, 1]);
    expect([g.legionsBox, g.stateTreasury, g.cardWhere[HARBOUR], g.militaryStage]).toEqual([4, 90, mine, STAGE_RAISE]);
    // In the open business that follows, nobody is asked to disband although 4 legions wait in the box.
    expect(log.filter((e) => e.ev === 'ask' && e.kind === DISBAND).map((e) => e.f)).toEqual([c]);
    expect(askProposal(g, scripted([], () => ({ propose: (_g, _me, m) => ((m.count = 1), true) })), b, DISBAND, -1, militaryRules.disband)).toBe(false);
    expect(errors(g).at(-1)).toMatch(/the meeting has moved past this stage of the military business$/);
  });
});

describe('Motions of Censure', () => {
  it('censure of one senator: his faction pays the fine to the State, as far as it can', () => {
    for (const [fine, paid] of [[3, 3], [8, 5]] as const) {
      const { g, c, b, d } = position();
      const s = own(g, d)[1]!;
      const log: Ev[] = [];
      openBusiness(g, scripted(log, () => ({
        propose: (_g, me, m) => {
          if (me !== b || m.kind !== CENSURE || asked(log, b, CENSURE) > 0) return false;
          m.senator = s;
          m.target = d;
          m.count = fine;
          return true;
        },
        coSponsor: (_g, me) => me === c,
        vote: (_g, me) => (me === d ? -1 : 1),
      })));
      expect(lines(log, 'second', 'vote')).toEqual([`second ${c} censure/${b}`, ...vote3([b, d, c], CENSURE, b)]);
      expect([g.treasury[d], g.stateTreasury, g.treasury[b], g.treasury[c]]).toEqual([5 - paid, 100 + paid, 5, 5]);
    }
  });

  it('legality: another faction\'s senator (the target his faction), or another faction; a fine of 0..1000', () => {
    const { g, c, b, d } = position();
    const n = card(GREEN, 9);
    toForum(g, n);
    const cases: [number, number, number, string | null][] = [
      [own(g, b)[0]!, b, 1, 'must name another faction'],
      [own(g, d)[0]!, c, 1, 'target must be the censured senator\'s faction'],
      [n, -1, 1, 'must name a faction senator'],
      [30, d, 1, 'must name a faction senator'],
      [-2, d, 1, 'must name a faction senator'],
      [-1, b, 1, 'must name another faction'],
      [-1, 3, 1, 'must name another faction'],
      [own(g, d)[0]!, d, -1, 'fine must be 0..1000'],
      [own(g, d)[0]!, d, 1001, 'fine must be 0..1000'],
      [own(g, d)[0]!, d, 2.5, 'fine must be 0..1000'],
      [own(g, d)[0]!, d, 1000, null],
      [-1, c, 0, null],
    ];
    for (const [senator, target, count, why] of cases) {
      const before = g.stats.policyErrors;
      const pols = scripted([], () => ({ propose: (_g, _me, m) => Object.assign(m, { senator, target, count }) !== null }));
      expect(askProposal(g, pols, b, CENSURE, -1, censureRules)).toBe(why === null);
      expect(g.stats.policyErrors - before).toBe(why === null ? 0 : 1);
      if (why !== null) expect(g.policyErrorLog.at(-1)!.endsWith(`: ${why}`)).toBe(true);
    }
  });

  it('a censure needs a co-sponsor: unseconded it lapses unvoted; moved by a second faction as well, it is seconded', () => {
    const { g, c, b, d } = position();
    const log: Ev[] = [];
    openBusiness(g, scripted(log, () => ({
      propose: (_g, me, m) => (me === b && m.kind === CENSURE && asked(log, b, CENSURE) === 0 ? ((m.target = d), (m.count = 2), true) : false),
      vote: () => 1,
    })));
    expect(lines(log, 'second', 'vote')).toEqual([`second ${c} censure/${b}`, `second ${d} censure/${b}`]);
    expect([g.stats.motions, g.stats.motionsLapsed, g.treasury[d]]).toEqual([0, 1, 5]);

    const q = position();
    const log2: Ev[] = [];
    openBusiness(q.g, scripted(log2, () => ({
      propose: (_g, me, m) => ((me === q.b || me === q.c) && m.kind === CENSURE && asked(log2, me, CENSURE) === 0 ? ((m.target = q.d), (m.count = 2), true) : false),
      vote: (_g, me) => (me === q.d ? -1 : 1),
    })));
    expect(lines(log2, 'second')).toEqual([]);
    expect(lines(log2, 'vote')).toEqual(vote3([q.b, q.d, q.c], CENSURE, q.b));
    expect([q.g.stats.motions, q.g.treasury[q.d], q.g.stateTreasury]).toEqual([1, 3, 102]);
  });
});

describe('Land Acts (variation): repealing, landActRepealPenalty', () => {
  /**
   * Turn 4: a Type II act passed in turn 3 by b, seconded by c. d moves its repeal; c seconds it if
   * asked (and if `seconds`); the votes are [b, d, c].
   */
  function repeal(reading: number, votes: [number, number, number], seconds = true) {
    const { g, c, b, d } = position({ variants: 'land-acts', turn: 4, tweak: (p) => (p.landActRepealPenalty = reading) });
    g.landActsType2 = 1;
    g.landActType2Turn = [3];
    g.landActType2Sponsor = [b];
    g.landActType2CoSponsor = [c];
    const seat = [b, d, c];
    const log: Ev[] = [];
    openBusiness(g, scripted(log, (f) => ({
      propose: (_g, me, m) => (me === d && m.kind === REPEAL_LAND_ACT && asked(log, d, REPEAL_LAND_ACT) === 0 ? ((m.target = 0), true) : false),
      coSponsor: () => seconds && f === c,
      vote: () => votes[seat.indexOf(f)]!,
    })));
    return { g, log, c, b, d, prestige: [g.prestige[c], g.prestige[b], g.prestige[d]], repealed: g.landActsType2 === 0 };
  }

  it('reading 0: when the repeal passes the repealed act\'s sponsor and co-sponsor lose 4 and 2; every supporter of the repeal loses 1', () => {
    // [c, b, d]: c co-sponsored the act (-2) and supported the repeal (-1); b sponsored the act (-4); d supported (-1).
    expect(repeal(0, [-1, 1, 1])).toMatchObject({ prestige: [7, 6, 9], repealed: true });
    // Failed: only the supporters lose.
    expect(repeal(0, [-1, 1, -1])).toMatchObject({ prestige: [10, 10, 9], repealed: false });
    // No co-sponsor is needed under this reading.
    const r = repeal(0, [-1, 1, 1], false);
    expect([r.g.stats.motions, r.repealed, r.g.stats.motionsLapsed]).toEqual([1, true, 0]);
  });

  it('reading 1: the repeal motion\'s sponsor and co-sponsor lose 4 and 2 whatever the outcome; other supporters 1; the act\'s sponsors nothing', () => {
    expect(repeal(1, [-1, 1, 1])).toMatchObject({ prestige: [8, 10, 6], repealed: true });
    expect(repeal(1, [1, 1, 1])).toMatchObject({ prestige: [8, 9, 6], repealed: true });
    expect(repeal(1, [-1, 1, -1])).toMatchObject({ prestige: [8, 10, 6], repealed: false });
    expect(repeal(1, [1, 1, 1]).g.stats.landActsRepealed).toBe(1);
  });

  it('reading 1: the repeal needs a co-sponsor; without one it lapses unvoted and nobody loses Prestige', () => {
    const r = repeal(1, [1, 1, 1], false);
    expect(lines(r.log, 'second')).toEqual([`second ${r.c} repeal/${r.d}`, `second ${r.b} repeal/${r.d}`]);
    expect(r).toMatchObject({ prestige: [10, 10, 10], repealed: false });
    expect([r.g.stats.motions, r.g.stats.motionsLapsed]).toEqual([0, 1]);
  });
});

describe('Success of motion: the Consul\'s casting vote', () => {
  function tie(casting: number, tieBreak: boolean) {
    const { g, c, b, d } = position({ tweak: (p) => (p.consulCastingVote = casting) });
    const m = g.motion;
    resetMotion(m, RAISE, b);
    m.count = 1;
    const log: Ev[] = [];
    const passed = putToVote(g, scripted(log, (f) => ({ vote: () => (f === b ? 1 : f === d ? -1 : 0), tieBreak: () => tieBreak })), m);
    return { passed, ties: lines(log, 'tie'), c, b, g, m };
  }

  it('a 6-6 tie: the Consul may cast the deciding vote in favour (consulCastingVote = 1)', () => {
    const yes = tie(1, true);
    expect([yes.m.votesFor, yes.m.votesAgainst, yes.passed]).toEqual([6, 6, true]);
    expect(yes.ties).toEqual([`tie ${yes.c} raise/${yes.b}`]);
    expect(yes.g.stateTreasury).toBe(100); // putToVote decides; nothing is carried out here
    const no = tie(1, false);
    expect([no.passed, no.ties.length]).toEqual([false, 1]);
  });

  it('consulCastingVote = 0: a tie fails and the Consul is not asked', () => {
    const r = tie(0, true);
    expect([r.m.votesFor, r.m.votesAgainst, r.passed, r.ties.length, r.g.stats.motionsPassed]).toEqual([6, 6, false, 0, 0]);
  });

  it('the built-in statesman, as Consul, gives no deciding vote for a censure fining its own faction (its tie-break follows its vote)', () => {
    const run = (kind: number, target: number, dVote: number, dBuys: number) => {
      const { g, c, b } = position();
      const d = (c + 2) % 3;
      g.treasury[d] = 20;
      const statesman = new ParametricPolicy('statesman', STATESMAN);
      const judge = statesman.tieBreak.bind(statesman);
      const ties: boolean[] = [];
      statesman.tieBreak = (gg, me, m) => {
        const r = judge(gg, me, m);
        ties.push(r);
        return r;
      };
      const pols = scripted([], (f) => ({ vote: () => (f === b ? 1 : dVote), buyVotes: () => (f === d ? dBuys : 0) }));
      pols[c] = statesman;
      const m = g.motion;
      resetMotion(m, kind, b);
      m.target = target;
      m.count = kind === CENSURE ? 3 : 1;
      m.coSponsor = d;
      const passed = putToVote(g, pols, m);
      return { passed, ties, votes: [m.stance[c]], tally: [m.votesFor, m.votesAgainst], treasury: g.treasury[c] };
    };
    const seats = position();
    // Censure of the statesman's own faction: it votes against, b for, d abstains: 6-6; no casting vote.
    expect(run(CENSURE, seats.c, 0, 0)).toEqual({ passed: false, ties: [false], votes: [-1], tally: [6, 6], treasury: 5 });
    // Censure of another faction: it abstains; b for, d against: 6-6; its tie-break follows its abstention.
    expect(run(CENSURE, seats.d, -1, 0)).toEqual({ passed: false, ties: [false], votes: [0], tally: [6, 6], treasury: 5 });
    // A levy it favours: 12-12 (d buys 6) and it casts the deciding vote.
    expect(run(RAISE, -1, -1, 6)).toEqual({ passed: true, ties: [true], votes: [1], tally: [12, 12], treasury: 5 });
  });
});

describe('Recall Legions/Commanders: replacing a commander after a loss', () => {
  it('once replaced, the new commander cannot be replaced again in the same meeting (a second motion lapses; none is asked later)', () => {
    const { g, c, b, d } = position();
    const x = own(g, b)[0]!;
    activeWar(g, 0, 2, 3, x);
    g.wars.lossTurn[0] = g.turn - 1;
    const y = own(g, d)[2]!;
    const z = own(g, c)[1]!;
    const log: Ev[] = [];
    openBusiness(g, scripted(log, () => ({
      propose: (_g, me, m, cands) => {
        if (m.kind !== REPLACE_COMMANDER || me === c || asked(log, me, REPLACE_COMMANDER) > 0) return false;
        expect(cands).toContain(me === b ? y : z);
        m.target = 0;
        m.senator = me === b ? y : z;
        return true;
      },
      vote: () => 1,
    })));
    expect(lines(log, 'vote')).toEqual(vote3([b, d, c], REPLACE_COMMANDER, b));
    expect(log.filter((e) => e.ev === 'ask' && e.kind === REPLACE_COMMANDER).map((e) => e.f)).toEqual([b, d, c]); // round 1 only
    expect([g.wars.commander[0], g.senWhere[y], g.senWhere[x], g.senPresent[x], g.wars.lossTurn[0]]).toEqual([y, AT_COMMANDER, AT_ROME, 1, -1]);
    expect(g.stats.motionsLapsed).toBe(1);
    const pols = scripted([], () => ({ propose: (_g, _me, m) => ((m.target = 0), (m.senator = z), true) }));
    expect(askProposal(g, pols, d, REPLACE_COMMANDER, -1, militaryRules.replace)).toBe(false);
    expect(errors(g).at(-1)).toMatch(/: these legions suffered no loss last turn$/);
  });

  it('a commander sent to legions whose commander was killed in last turn\'s loss is their replacement: he cannot be replaced in the same meeting', () => {
    const { g, c, b, d } = position();
    activeWar(g, 0, 2, 3); // 3 legions left without a commander by a defeat last turn
    g.wars.lossTurn[0] = g.turn - 1;
    const y = own(g, d)[2]!;
    const z = own(g, c)[1]!;
    const log: Ev[] = [];
    openBusiness(g, scripted(log, () => ({
      propose: (_g, me, m) => {
        if (me === d && m.kind === DISPATCH && asked(log, d, DISPATCH) === 0) {
          m.target = 0;
          m.senator = y;
          return true;
        }
        if (me === b && m.kind === REPLACE_COMMANDER) {
          m.target = 0;
          m.senator = z;
          return true;
        }
        return false;
      },
      vote: () => 1,
    })));
    expect(lines(log, 'vote')).toEqual(vote3([b, d, c], DISPATCH, d));
    expect(log.filter((e) => e.kind === REPLACE_COMMANDER)).toEqual([]);
    expect([g.wars.commander[0], g.senWhere[y], g.senWhere[z]]).toEqual([y, AT_COMMANDER, AT_ROME]);
    const pols = scripted([], () => ({ propose: (_g, _me, m) => ((m.target = 0), (m.senator = z), true) }));
    expect(askProposal(g, pols, b, REPLACE_COMMANDER, -1, militaryRules.replace)).toBe(false);
    expect(errors(g)).toHaveLength(1);
    expect(errors(g)[0]).toMatch(/: these legions suffered no loss last turn$/);
  });

  it('no replacement in turn 1: there was no earlier turn to lose in', () => {
    const { g, c, b } = position({ turn: 1 });
    activeWar(g, 0, 2, 3, own(g, b)[0]!);
    const log: Ev[] = [];
    openBusiness(g, scripted(log));
    expect(log.filter((e) => e.kind === REPLACE_COMMANDER)).toEqual([]);
    const pols = scripted([], () => ({ propose: (_g, _me, m) => ((m.target = 0), (m.senator = own(g, c)[0]!), true) }));
    expect(askProposal(g, pols, c, REPLACE_COMMANDER, -1, militaryRules.replace)).toBe(false);
    expect(errors(g)).toHaveLength(1);
    expect(errors(g)[0]).toMatch(/: these legions suffered no loss last turn$/);
  });
});

describe('Senate statistics (g.stats): a small scripted meeting counted by hand', () => {
  it('elections, a tribune\'s censure vetoed after votes were bought, a unanimous raise, a Consul\'s concession defeated', () => {
    const { g, c, b, d } = position();
    g.tribunesReal[d] = 1;
    g.tribunesReal[c] = 1;
    g.cardWhere[HARBOUR] = CARD_FORUM;
    const x = own(g, b)[2]!;
    const y = own(g, c)[1]!;
    const oldConsul = g.consul;
    const before = { ...g.stats };
    const log: Ev[] = [];
    senateStep(g, scripted(log, (f) => ({
      propose: (_g, me, m) => {
        switch (m.kind) {
          case ELECT_CONSUL:
            m.senator = me === c ? y : x;
            return true;
          case CENSURE:
            if (me !== d || asked(log, d, CENSURE) > 0) return false;
            m.target = c;
            m.count = 1;
            return true;
          case RAISE:
            if (me !== c || asked(log, c, RAISE) > 0) return false;
            m.count = 1;
            return true;
          case CONCESSION:
            if (me !== b || asked(log, b, CONCESSION) > 0) return false;
            m.target = HARBOUR;
            m.senator = own(g, b)[0]!;
            return true;
          default:
            return false;
        }
      },
      useTribune: () => f === d,
      coSponsor: () => true,
      veto: (_g, _me, m) => f === c && m.kind === CENSURE,
      vote: (_g, me, m) => {
        if (m.kind === ELECT_CONSUL) return me === c ? -1 : 1;
        if (m.kind === CONCESSION) return me === b ? 1 : -1;
        return 1;
      },
      buyVotes: (_g, me, m) => (me === d && m.kind === CENSURE ? 2 : me === c && m.kind === CONCESSION ? 1 : 0),
    })));
    // The Consulship passed from c to b (x); the old Consul is the only Censor candidate (automatic).
    expect([g.consul, g.censor]).toEqual([x, oldConsul]);
    // Voted: the election (b's nominee, c presiding: d may veto it), d's censure (vetoed by c; d's 2 Talents returned),
    // c's raise (unanimous), b's concession (b now presides; 6 against 12 + 1 bought).
    expect(lines(log, 'vote', 'veto')).toEqual([
      `vote ${b} consul/${b}`, `veto ${d} consul/${b}`, `vote ${d} consul/${b}`, `vote ${c} consul/${b}`,
      `vote ${d} censure/${d}`, `veto ${c} censure/${d}`,
      ...vote3([d, c, b], RAISE, c),
      ...vote3([d, c, b], CONCESSION, b),
    ]);
    const delta = (k: keyof typeof before) => g.stats[k] - before[k];
    expect({
      motions: delta('motions'), motionsPassed: delta('motionsPassed'), motionsByPresiding: delta('motionsByPresiding'),
      motionsByOthers: delta('motionsByOthers'), tabledByTribune: delta('tabledByTribune'), vetoes: delta('vetoes'),
      votesBought: delta('votesBought'), unanimousVotes: delta('unanimousVotes'), consulChanges: delta('consulChanges'),
      motionsLapsed: delta('motionsLapsed'), allowanceBinding: delta('allowanceBinding'), policyErrors: delta('policyErrors'),
    }).toEqual({
      motions: 4, motionsPassed: 2, motionsByPresiding: 1, motionsByOthers: 3, tabledByTribune: 1, vetoes: 1,
      votesBought: 1, unanimousVotes: 1, consulChanges: 1, motionsLapsed: 0, allowanceBinding: 0, policyErrors: 0,
    });
    expect([g.treasury[b], g.treasury[c], g.treasury[d], g.stateTreasury, g.legionsBox]).toEqual([5, 4, 5, 90, 1]);
    expect([g.prestige[b], g.prestige[c], g.prestige[d]]).toEqual([9, 10, 10]);
    expect([g.tribunesReal[b], g.tribunesReal[c], g.tribunesReal[d]]).toEqual([0, 0, 0]);
  });
});

describe('review fixes after the first audit of the open Senate', () => {
  it('Consular Powers: no "no discussion" ruling on a prosecution, even when the Censor is of the Consul\'s faction', () => {
    const { g, c, b } = position({ variants: 'consular-powers' });
    const accused = own(g, b)[0]!;
    g.senConcessionTurn[accused] = g.turn; // collected concession income: open to a Minor charge
    g.censor = own(g, c).find((s) => s !== g.consul)!;
    let asked = 0;
    prosecutions(g, Array.from({ length: 3 }, (_, f) => stubPolicy({
      closeDebate: () => (asked++, true),
      propose: (_g, me, m) => {
        if (m.kind !== PROSECUTE || me !== c || g.stats.prosecutions > 0) return false;
        m.senator = accused;
        return true;
      },
      vote: () => (f === c ? 1 : -1),
    })));
    expect(g.stats.prosecutions).toBe(1);
    expect(asked).toBe(0);
    expect(g.stats.rulings).toBe(0);
  });

  it('Failure of motion: a censure that lapses for want of a co-sponsor may not be moved again unchanged this turn', () => {
    const { g, b, d } = position();
    let made = 0;
    openBusiness(g, Array.from({ length: 3 }, (_, f) => stubPolicy({
      propose: (_g, me, m) => {
        if (m.kind !== CENSURE || me !== b) return false;
        made++;
        m.target = d;
        m.count = 2;
        return true;
      },
      coSponsor: () => false,
    })));
    // Made once; in the next round the same motion is refused as already failed (a policy error), and the meeting ends.
    expect(made).toBe(2);
    expect(g.stats.motionsLapsed).toBe(1);
    expect(g.policyErrorLog).toEqual([expect.stringMatching(/already defeated this turn/)]);
    expect(g.treasury[d]).toBe(5);
  });

  it('Consular Powers: a penalised objector whose vote a later veto cancels loses no vote but pays 1 Talent', () => {
    const { g, c, b, d } = position({ variants: 'consular-powers' });
    g.tribunesReal[d] = 1;
    resetMotion(g.motion, RAISE, c);
    g.motion.count = 1;
    putToVote(g, Array.from({ length: 3 }, (_, f) => stubPolicy({
      closeDebate: () => true,
      objectToRuling: () => f === b,
      penalize: () => true,
      vote: () => -1,
      veto: () => f === d,
    })), g.motion);
    expect(g.motion.vetoedBy).toBe(d);
    expect([g.stats.votesRemoved, g.stats.penaltyFines]).toEqual([0, 1]);
    expect(g.treasury[b]).toBe(4);
    expect(g.stateTreasury).toBe(101);
  });
});
