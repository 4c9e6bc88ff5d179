// The Republic of Rome modules of the Senate: ror-senate-errata (each sub-rule and its switch),
// ror-dictator (with the Master of Horse) and ror-consul-for-life. Hand-built positions with scripted
// stub policies and exact expectations, recomputed from the rules parameters rather than pasted;
// then "switched on but never triggered" equals the base game, and the invariants of whole games.
import { describe, expect, it } from 'vitest';
import { parsePolicies } from '../policies/index.js';
import { gameSeed } from '../src/core/rng.js';
import { ADDITIONAL_LOSSES, combatStep, ratioColumn } from '../src/legions/combat.js';
import { presidingFaction } from '../src/legions/common.js';
import { killSenator } from '../src/legions/deaths.js';
import { forumStep } from '../src/legions/forum.js';
import { playGame, playOn, startGame } from '../src/legions/game.js';
import {
  APPOINT_GOVERNOR, DISPATCH, ELECT_CONSUL, ELECT_CONSUL_FOR_LIFE, ELECT_DICTATOR, LAND_ACT, type Motion, NAME_MASTER_OF_HORSE,
  PROSECUTE, RAISE, RECALL, REPEAL_LAND_ACT, REPLACE_COMMANDER, resetMotion, TRANSFER,
} from '../src/legions/motion.js';
import { makeOutcome, type Outcome } from '../src/legions/outcome.js';
import { defaultParams } from '../src/legions/params.js';
import { nextChair, type Policy } from '../src/legions/policy.js';
import { cflAutoCheck, cflBonusVotes, cflCandidates, cflEndOfTurn, cflItem } from '../src/legions/ror/consul-for-life.js';
import { battleRating, commandRating, dictatorItem, dictatorWarranted, endDictatorship } from '../src/legions/ror/dictator.js';
import { OUT_OF_SEED_PARAMS } from '../src/legions/ror/sources.js';
import { elections } from '../src/legions/senate/elections.js';
import { appointGovernors } from '../src/legions/senate/governors.js';
import { landActRules, repealRules } from '../src/legions/senate/land-acts.js';
import { militaryRules } from '../src/legions/senate/military.js';
import { openBusiness } from '../src/legions/senate/open-business.js';
import { majorEligible, prosecutions } from '../src/legions/senate/prosecutions.js';
import { putToVote } from '../src/legions/senate/voting.js';
import { type GameConfig, setupGame } from '../src/legions/setup.js';
import {
  AT_COMMANDER, AT_DECK, AT_MASTER_OF_HORSE, AT_ROME, type GameState, militaryRatingOf, SENATORS, statusOf, SURVIVED,
} from '../src/legions/state.js';
import { parseVariants, VARIANT_NAMES } from '../src/legions/variants.js';
import { RunAccumulator } from '../src/games/legions/accumulator.js';
import { summarise } from '../src/games/legions/summary.js';
import { TRIGGERS } from '../src/games/legions/triggers.js';
import { forcedCards, invariantViolations, makeConfig, stubPolicy, takeFromDeck } from './helpers.js';

type Tweak = Parameters<typeof makeConfig>[1];
const card = (colour: number, status: number): number => colour * 10 + status - 1;
const GREEN = 0;
const BLUE = 1;
const LILAC = 2;

function config(players: number, variants: string, tweak?: Tweak): GameConfig {
  return { ...makeConfig(players, tweak), variants: parseVariants(variants) };
}

/**
 * Turn `turn` of a 3-player game: the dealt Consul presides (no longer temporary), every faction
 * senator in Rome is present, Prestige 10 each, no Censor, no card may be drawn. c is the Consul's
 * faction, b the one on his left, d the next.
 */
function position(variants: string, tweak?: Tweak, turn = 3) {
  const g = setupGame(config(3, variants, tweak), 'ror-senate', false);
  g.turn = turn;
  g.step = 'senate';
  g.temporaryConsul = false;
  for (let f = 0; f < 3; f++) g.prestige[f] = 10;
  for (let s = 0; s < SENATORS; s++) g.senPresent[s] = g.senOwner[s]! >= 0 && g.senWhere[s] === AT_ROME ? 1 : 0;
  g.rng.cards = forcedCards([]);
  const c = g.senOwner[g.consul]!;
  return { g, c, b: (c + 1) % 3, d: (c + 2) % 3 };
}

function own(g: GameState, f: number): number[] {
  const r: number[] = [];
  for (let s = 0; s < SENATORS; s++) if (g.senOwner[s] === f) r.push(s);
  return r;
}

/** Puts card s into faction f in Rome, present (from the deck, or from another faction). */
function give(g: GameState, s: number, f: number): void {
  if (g.senWhere[s] === AT_DECK) takeFromDeck(g, s);
  g.senOwner[s] = f;
  g.senWhere[s] = AT_ROME;
  g.senPresent[s] = 1;
}

const never = (what: string) => (): never => {
  throw new Error(`${what} must not be asked`);
};

/** Stub policies (decline everything, vote against) with per-faction overrides. */
function stubs(n: number, over: (f: number) => Partial<Policy> = () => ({})): Policy[] {
  return Array.from({ length: n }, (_, f) => stubPolicy(over(f)));
}

describe('the modules as variations', () => {
  it('are named after the base variations, off by default, and each has a trigger counter and a source list', () => {
    expect(VARIANT_NAMES.slice(-3)).toEqual(['ror-senate-errata', 'ror-dictator', 'ror-consul-for-life']);
    for (const v of ['ror-senate-errata', 'ror-dictator', 'ror-consul-for-life'] as const) {
      expect(makeConfig(3).variants[v]).toBe(false);
      expect(parseVariants(v)[v]).toBe(true);
      expect(TRIGGERS[v].detail).toContain(TRIGGERS[v].main);
      const p = defaultParams() as unknown as Record<string, number>;
      for (const k of OUT_OF_SEED_PARAMS[v]!) expect(typeof p[k], k).toBe('number');
    }
  });

  it('each of their parameters is documented under its module, and says "not in the seeds" exactly when it is listed so', async () => {
    const { paramDocs } = await import('../src/legions/params.js');
    const mine = ['ror-senate-errata', 'ror-dictator', 'ror-consul-for-life'];
    const listed = new Set(mine.flatMap((v) => OUT_OF_SEED_PARAMS[v]!) as string[]);
    let n = 0;
    for (const p of paramDocs()) {
      const module = mine.find((v) => p.doc.startsWith(v));
      if (!module) continue;
      n++;
      expect(p.key.startsWith('ror'), p.key).toBe(true);
      expect(/not in the seeds/i.test(p.doc), p.key).toBe(listed.has(p.key));
    }
    expect(n).toBe(17); // 9 of the errata, 5 of the Dictator, 3 of the Consul for Life
    for (const k of listed) expect(paramDocs().some((p) => p.key === k), k).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
describe('ror-senate-errata: step down (errata 9.34)', () => {
  /** The chair's faction moves a levy everyone else votes down. */
  function defeat(g: GameState, pols: Policy[], sponsor: number): boolean {
    const m = g.motion;
    resetMotion(m, RAISE, sponsor);
    m.count = 1;
    return putToVote(g, pols, m);
  }

  it('the chair passes to the Censor, then to the senior senator present; no Prestige is lost', () => {
    const { g, c, b } = position('ror-senate-errata');
    g.censor = own(g, b)[0]!;
    const pols = stubs(3, () => ({ vote: (_g, me, m) => (m.sponsor === me ? 1 : -1), stepDown: () => true }));
    expect(nextChair(g)).toBe(g.censor);
    expect(defeat(g, pols, c)).toBe(false);
    expect(g.prestige[c]).toBe(10);
    expect(g.actingChair).toBe(g.censor);
    expect(presidingFaction(g)).toBe(b);
    expect(g.stats.rorStepDowns).toBe(1);
    // The new chair's own motion defeated by all: the chair goes on to the senior present senator.
    let senior = -1;
    for (let s = 0; s < SENATORS; s++) if (s !== g.consul && s !== g.censor && g.senOwner[s]! >= 0 && g.senPresent[s]) senior = s;
    expect(nextChair(g)).toBe(senior);
    defeat(g, pols, b);
    expect(g.actingChair).toBe(senior);
    expect(presidingFaction(g)).toBe(g.senOwner[senior]);
    expect([g.prestige[b], g.stats.rorStepDowns, g.stats.rorErrataChanges]).toEqual([10, 2, 2]);
  });

  it('declining to step down, the switch off, or the base game: the chair pays consulDefeatPrestige', () => {
    for (const [variants, tweak, asked] of [
      ['ror-senate-errata', undefined, true],
      ['ror-senate-errata', (p: ReturnType<typeof defaultParams>) => (p.rorStepDown = 0), false],
      ['', undefined, false],
    ] as const) {
      const { g, c, b } = position(variants, tweak);
      g.censor = own(g, b)[0]!;
      let askedNow = false;
      const pols = stubs(3, () => ({
        vote: (_g, me, m) => (m.sponsor === me ? 1 : -1),
        stepDown: () => {
          askedNow = true;
          return false;
        },
      }));
      defeat(g, pols, c);
      expect(askedNow).toBe(asked);
      expect(g.prestige[c]).toBe(10 - g.params.consulDefeatPrestige);
      expect(g.actingChair).toBe(-1);
      expect(presidingFaction(g)).toBe(c);
    }
  });

  it('not offered without unanimity (one faction abstains), nor when nobody else is present to take the chair', () => {
    const { g, c, d } = position('ror-senate-errata');
    defeat(g, stubs(3, (f) => ({ vote: (_g, me, m) => (m.sponsor === me ? 1 : f === d ? 0 : -1), stepDown: never('stepDown') })), c);
    expect(g.prestige[c]).toBe(10); // no unanimity: no penalty either
    for (let s = 0; s < SENATORS; s++) g.senPresent[s] = s === g.consul ? 1 : 0;
    expect(nextChair(g)).toBe(-1);
  });

  it('a new Consul takes the chair back; the meeting\'s end clears it', () => {
    const { g, c, b } = position('ror-senate-errata');
    g.censor = own(g, b)[0]!;
    g.actingChair = g.censor;
    // Faction c nominates its best senator other than the Consul, and every faction votes for.
    const pols = stubs(3, (f) => ({
      propose: (_g, me, m, cands) => {
        if (m.kind !== ELECT_CONSUL || f !== c) return false;
        m.senator = Math.max(...cands.filter((s) => g.senOwner[s] === me));
        return true;
      },
      vote: (_g, _me, m) => (m.kind === ELECT_CONSUL ? 1 : -1),
    }));
    elections(g, pols);
    expect(g.senOwner[g.consul]).toBe(c);
    expect(g.actingChair).toBe(-1);
  });
});

describe('ror-senate-errata: the Censor pays for a prosecution defeated unanimously (errata 9.34)', () => {
  function prosecution(g: GameState, cf: number, accused: number, pols: Policy[]): void {
    const m = g.motion;
    resetMotion(m, PROSECUTE, cf);
    m.senator = accused;
    m.tabledBy = cf;
    putToVote(g, pols, m);
  }
  const votes = (): Partial<Policy> => ({ vote: (_g, me, m) => (m.sponsor === me ? 1 : -1), stepDown: never('stepDown') });

  it('a Censor of another faction than the Consul\'s: his faction loses rorCensorDefeatPrestige; the base game takes nothing', () => {
    for (const on of [true, false]) {
      const { g, c, b, d } = position(on ? 'ror-senate-errata' : '');
      g.censor = own(g, b)[0]!;
      prosecution(g, b, own(g, d)[0]!, stubs(3, votes));
      expect([g.prestige[c], g.prestige[b]]).toEqual([10, on ? 10 - g.params.rorCensorDefeatPrestige : 10]);
      expect(g.stats.rorCensorPenalties).toBe(on ? 1 : 0);
    }
  });

  it('a Censor of the Consul\'s faction pays once (as in the base game, and not counted as a change); never a step-down', () => {
    for (const on of [true, false]) {
      const { g, c, d } = position(on ? 'ror-senate-errata' : '');
      g.censor = own(g, c).find((s) => s !== g.consul)!;
      prosecution(g, c, own(g, d)[0]!, stubs(3, votes));
      expect(g.prestige[c]).toBe(9);
      expect(g.stats.rorCensorPenalties).toBe(0);
    }
  });

  it('switched off (rorCensorPays 0) the base rule stands', () => {
    const { g, b, d } = position('ror-senate-errata', (p) => (p.rorCensorPays = 0));
    g.censor = own(g, b)[0]!;
    prosecution(g, b, own(g, d)[0]!, stubs(3, votes));
    expect(g.prestige[b]).toBe(10);
  });
});

describe('ror-senate-errata: Censor succession (Office Eligibility 6)', () => {
  /**
   * Turn 3: the Consul's faction c elects a new Consul of its own; each faction nominates its own
   * Censor candidate, and votes `censorVote` on Censor nominations. X (green-1 of b) is the sitting
   * Censor; Y (green-1 of d) has been Consul; the outgoing Consul is absent.
   */
  function run(variants: string, yPresent: boolean, tweak?: Tweak) {
    const { g, c, b, d } = position(variants, tweak);
    const x = own(g, b)[0]!;
    const y = own(g, d)[0]!;
    g.censor = x;
    g.senCensorEligible[x] = 1;
    g.senCensorEligible[y] = 1;
    g.senPresent[y] = yPresent ? 1 : 0;
    g.senPresent[g.consul] = 0;
    const pols = stubs(3, (f) => ({
      propose: (_g, me, m, cands) => {
        const mine = cands.filter((s) => g.senOwner[s] === me);
        if (m.kind === ELECT_CONSUL && f !== c) return false;
        if (!mine.length) return false;
        m.senator = Math.max(...mine);
        return true;
      },
      vote: () => 1,
    }));
    elections(g, pols);
    return { g, x, y };
  }

  it('the sitting Censor cannot stand: the other candidate is appointed (base: the sitting Censor, first nominated, is re-elected)', () => {
    const on = run('ror-senate-errata', true);
    expect(on.g.censor).toBe(on.y);
    expect(on.g.stats.rorCensorBarred).toBe(1); // his faction would have nominated him
    const off = run('', true);
    expect(off.g.censor).toBe(off.x);
    expect(off.g.stats.rorCensorBarred).toBe(0);
  });

  it('with no other Censor appointed he continues without a vote', () => {
    const on = run('ror-senate-errata', false);
    expect(on.g.censor).toBe(on.x);
    expect([on.g.stats.rorCensorContinued, on.g.stats.rorErrataChanges]).toEqual([1, 2]);
  });

  it('switched off (rorCensorSuccession 0): he stands again like anyone', () => {
    const r = run('ror-senate-errata', true, (p) => (p.rorCensorSuccession = 0));
    expect(r.g.censor).toBe(r.x);
    expect(r.g.stats.rorErrataChanges).toBe(0);
  });
});

describe('ror-senate-errata: a returning governor cannot refuse as the only candidate (errata 9.621)', () => {
  function run(variants: string, other: boolean) {
    const { g, b, d } = position(variants);
    const r = own(g, b)[0]!;
    g.provConquered[0] = 1;
    for (let s = 0; s < SENATORS; s++) g.senPresent[s] = 0;
    g.senPresent[r] = 1;
    g.senGovReturnTurn[r] = g.turn;
    const z = own(g, d)[0]!;
    if (other) g.senPresent[z] = 1;
    let consentAsked = 0;
    const pols = stubs(3, (f) => ({
      propose: (_g, _me, m) => {
        if (m.kind !== APPOINT_GOVERNOR || f !== b) return false;
        m.senator = r;
        return true;
      },
      vote: () => 1,
      consent: () => {
        consentAsked++;
        return false;
      },
    }));
    appointGovernors(g, pols);
    return { g, r, z, consentAsked };
  }

  it('asked as in the base game; refusing, he serves all the same (base: the province stays vacant)', () => {
    const on = run('ror-senate-errata', false);
    expect(on.consentAsked).toBe(1);
    expect(on.g.provGovernor[0]).toBe(on.r);
    expect(on.g.stats.rorGovernorsCompelled).toBe(1);
    const off = run('', false);
    expect(off.consentAsked).toBe(1);
    expect(off.g.provGovernor[0]).toBe(-1);
  });

  it('with another candidate his refusal stands', () => {
    const on = run('ror-senate-errata', true);
    expect(on.g.provGovernor[0]).toBe(on.z);
    expect(on.g.stats.rorGovernorsCompelled).toBe(0);
  });
});

describe('ror-senate-errata: the reward of a Major conviction (errata 9.41)', () => {
  function reward(variants: string, status: number, tweak?: Tweak): { gain: number; changed: number } {
    const { g, b, d } = position(variants, tweak);
    const accused = card(GREEN, status);
    give(g, accused, d);
    g.censor = own(g, b).find((s) => s !== accused)!;
    g.outgoingConsul = accused; // open to a Major charge
    const pols = stubs(3, (f) => ({
      propose: (_g, _me, m) => {
        if (m.kind !== PROSECUTE || f !== b) return false;
        m.senator = accused;
        m.major = true;
        return true;
      },
      vote: () => 1,
    }));
    prosecutions(g, pols);
    expect(g.senWhere[accused]).toBe(AT_DECK); // executed
    return { gain: g.prestige[b]! - 10, changed: g.stats.rorRewardsChanged };
  }

  it('half the executed senator\'s Status, rounded up (Status 9: +5); counted when it differs from the base 3', () => {
    const base = defaultParams().prosecutionCensorPrestige;
    for (let s = 1; s <= 10; s++) {
      const half = Math.ceil(s / defaultParams().rorRewardDivisor);
      expect(reward('ror-senate-errata', s), `Status ${s}`).toEqual({ gain: half, changed: half === base ? 0 : 1 });
    }
    expect(reward('ror-senate-errata', 9).gain).toBe(5);
  });

  it('rounded down with rorRewardRoundUp 0; the base 3 with the switch off or without the module', () => {
    for (let s = 1; s <= 10; s++) {
      expect(reward('ror-senate-errata', s, (p) => (p.rorRewardRoundUp = 0)).gain).toBe(Math.floor(s / 2));
      expect(reward('ror-senate-errata', s, (p) => (p.rorReward = 0)).gain).toBe(3);
      expect(reward('', s).gain).toBe(3);
    }
  });
});

describe('ror-senate-errata: land bills (Senate overview 9-10, with land-acts)', () => {
  /** The Consul's faction moves a Type I act, then (asked again) a Type II act; b seconds; all vote `vote`. */
  function acts(variants: string, vote = 1) {
    const { g, c, b } = position(variants);
    g.ri = 10;
    const moved: number[] = [];
    const pols = stubs(3, (f) => ({
      propose: (_g, _me, m) => {
        if (m.kind !== LAND_ACT || f !== c || moved.length >= 2) return false;
        m.count = moved.length + 1;
        moved.push(m.count);
        return true;
      },
      coSponsor: () => f === b,
      vote: (_g, me, m) => (m.sponsor === me ? 1 : vote),
    }));
    openBusiness(g, pols);
    return { g, moved };
  }

  it('a Type I and a Type II act pass in the same turn: RI down by both (10 - 1 - 3 = 6)', () => {
    const { g, moved } = acts('land-acts,ror-senate-errata');
    expect(moved).toEqual([1, 2]);
    expect(g.ri).toBe(10 - g.params.landActType1RI - g.params.landActType2RI);
    expect(g.ri).toBe(6);
    expect([g.landActsType1, g.landActsType2, g.stats.rorLandBillsExtra]).toEqual([1, 1, 1]);
  });

  it('base game: once the Type I act passed no other act is moved this turn', () => {
    const { g, moved } = acts('land-acts');
    expect(moved).toEqual([1]);
    expect(g.ri).toBe(9);
  });

  it('a defeated act closes its type for the turn; the other type stays open', () => {
    const { g } = acts('land-acts,ror-senate-errata', -1);
    const m = g.motion;
    resetMotion(m, LAND_ACT, 0);
    m.count = 2;
    expect(landActRules.check(g, m)).toMatch(/already moved/);
    m.count = 1;
    expect(landActRules.check(g, m)).toMatch(/already moved/); // both were voted down
    g.rorLandType1Turn = 0;
    expect(landActRules.check(g, m)).toBeNull();
  });

  it('one repeal motion a turn, passed or not (base: another act may still be repealed after a failed repeal)', () => {
    for (const on of [true, false]) {
      const { g } = position(on ? 'land-acts,ror-senate-errata' : 'land-acts');
      g.landActsType2 = 2;
      g.landActType2Turn.push(1, 2);
      g.landActType2Sponsor.push(0, 1);
      g.landActType2CoSponsor.push(1, 2);
      const m = g.motion;
      resetMotion(m, REPEAL_LAND_ACT, 0);
      m.target = 0;
      const passed = putToVote(g, stubs(3, () => ({ vote: (_g, me, mm) => (mm.sponsor === me ? 1 : -1) })), m);
      expect(passed).toBe(false);
      repealRules.execute(g, [], m, passed);
      expect(repealRules.applicable!(g)).toBe(!on);
    }
  });
});

// ---------------------------------------------------------------------------------------------
describe('ror-dictator: when a Dictator may be chosen (errata overview 2, rescaled)', () => {
  it('5 armies: no; 6 armies: yes; two active wars: yes (rorDictatorWars 2, rorDictatorArmies 6)', () => {
    const { g } = position('ror-dictator');
    const p = g.params;
    g.wars.status[0] = 1;
    g.wars.armies[0] = p.rorDictatorArmies - 1;
    expect(dictatorWarranted(g)).toBe(false);
    g.wars.armies[0] = p.rorDictatorArmies;
    expect(dictatorWarranted(g)).toBe(true);
    g.wars.armies[0] = 1;
    g.wars.status[1] = 1;
    g.wars.armies[1] = 1;
    expect(p.rorDictatorWars).toBe(2);
    expect(dictatorWarranted(g)).toBe(true);
  });
});

describe('ror-dictator: election, appointment and the Master of Horse', () => {
  /** Two active wars; the chair c nominates its senators from the highest card down; all vote `vote`. */
  function setup(variants: string, tweak?: Tweak, over: (f: number) => Partial<Policy> = () => ({})) {
    const r = position(variants, tweak);
    const { g } = r;
    for (const w of [0, 1]) {
      g.wars.status[w] = 1;
      g.wars.armies[w] = 2;
    }
    const pols = stubs(3, (f) => ({
      propose: (_g, me, m, cands) => {
        if (m.kind === ELECT_DICTATOR && f === r.c) {
          const mine = cands.filter((s) => g.senOwner[s] === me);
          if (!mine.length) return false;
          m.senator = Math.max(...mine);
          return true;
        }
        if (m.kind === NAME_MASTER_OF_HORSE) {
          m.senator = cands.find((s) => g.senOwner[s] !== me) ?? cands[0]!;
          return true;
        }
        return false;
      },
      vote: () => 1,
      ...over(f),
    }));
    return { ...r, pols };
  }

  it('elected: the chair nominates, the Senate votes; he names a Master of Horse of any faction (not the Consul)', () => {
    const { g, c, pols } = setup('ror-dictator');
    dictatorItem(g, pols);
    const d = g.rorDictator;
    expect(d).toBe(Math.max(...own(g, c).filter((s) => s !== g.consul)));
    expect(g.rorMasterOfHorse).toBeGreaterThanOrEqual(0);
    expect(g.senOwner[g.rorMasterOfHorse]).not.toBe(c);
    expect(g.rorMasterOfHorse).not.toBe(g.consul);
    expect([g.stats.rorDictators, g.stats.rorDictatorVotes, g.rorDictatorTurn]).toEqual([1, 1, g.turn]);
    // One a turn: the chair is not asked again.
    dictatorItem(g, stubs(3, () => ({ propose: never('propose') })));
    expect(g.stats.rorDictators).toBe(1);
  });

  it('not warranted, or nothing asked: no Dictator and nobody is asked', () => {
    const { g } = position('ror-dictator');
    g.wars.status[0] = 1;
    g.wars.armies[0] = 5;
    dictatorItem(g, stubs(3, () => ({ propose: never('propose') })));
    expect(g.rorDictator).toBe(-1);
  });

  it('appointed (rorDictatorAppointed 1): no vote at all', () => {
    const { g, pols } = setup('ror-dictator', (p) => (p.rorDictatorAppointed = 1), () => ({ vote: never('vote'), veto: never('veto') }));
    dictatorItem(g, pols);
    expect(g.rorDictator).toBeGreaterThanOrEqual(0);
    expect(g.stats.rorDictatorVotes).toBe(0);
  });

  it('an election may be vetoed; the chair may then nominate another candidate (errata 9.72, 9.91)', () => {
    const { g, c, b, pols } = setup('ror-dictator');
    g.tribunesReal[b] = 1;
    // b vetoes the first nomination (the chair's highest card) only.
    const first = Math.max(...own(g, c).filter((s) => s !== g.consul));
    pols[b] = { ...pols[b]!, veto: (_g, _me, m) => m.senator === first };
    dictatorItem(g, pols);
    expect(g.stats.vetoes).toBe(1);
    expect(g.rorDictator).not.toBe(first);
    expect(g.senOwner[g.rorDictator]).toBe(c);
    expect(g.stats.rorDictatorVotes).toBe(2);
  });

  it('a Censor chosen Dictator or Master of Horse leaves the censorship (one office at a time)', () => {
    const { g, c, pols } = setup('ror-dictator');
    const censor = Math.max(...own(g, c).filter((s) => s !== g.consul));
    g.censor = censor;
    dictatorItem(g, pols);
    expect(g.rorDictator).toBe(censor);
    expect(g.censor).toBe(-1);
  });

  it('the Master of Horse must be named: a faction that declines commits a policy error and the senior candidate serves', () => {
    const { g, c, pols } = setup('ror-dictator');
    const p = pols[c]!;
    pols[c] = { ...p, propose: (gg, me, m, cands) => (m.kind === NAME_MASTER_OF_HORSE ? false : p.propose(gg, me, m, cands)) };
    dictatorItem(g, pols);
    let senior = -1;
    for (let s = 0; s < SENATORS; s++) if (s !== g.consul && s !== g.rorDictator && g.senOwner[s]! >= 0 && g.senPresent[s]) senior = s;
    expect(g.rorMasterOfHorse).toBe(senior);
    expect(g.stats.policyErrors).toBe(1);
  });

  it('the Dictator cannot be nominated Consul; his Master of Horse can; both offices end with the election', () => {
    const { g, c, pols } = setup('ror-dictator');
    dictatorItem(g, pols);
    const d = g.rorDictator;
    const h = g.rorMasterOfHorse;
    g.turn++;
    const errors = g.stats.policyErrors;
    const nominate = (target: number) => stubs(3, (f) => ({
      propose: (_g, _me, m) => {
        if (m.kind !== ELECT_CONSUL || f !== c) return false;
        m.senator = target;
        return true;
      },
      vote: () => 1,
    }));
    elections(g, nominate(d));
    expect(g.stats.policyErrors).toBeGreaterThan(errors); // an illegal nomination
    expect(g.consul).not.toBe(d);
    expect(g.rorDictator).toBe(-1); // the dictatorship ended with the election
    expect([g.rorExDictator, g.rorExMasterOfHorse]).toEqual([d, h]);
    expect(majorEligible(g, h)).toBe(true); // an office held last turn
  });
});

describe('ror-dictator: in the field (errata 10.11, General Recall rules)', () => {
  /**
   * The Dictator lilac-9 (MR 3) of faction c commands war 0 (6 armies, 4 State legions); his Master of
   * Horse blue-5 (MR 2) of faction b is with him unless `mohAway`.
   */
  function field(mohAway = false) {
    const r = position('ror-dictator');
    const { g, c, b } = r;
    const d = card(LILAC, 9);
    const h = card(BLUE, 5);
    give(g, d, c);
    give(g, h, b);
    g.rorDictator = d;
    g.rorMasterOfHorse = h;
    g.rorDictatorTurn = g.turn;
    g.wars.status[0] = 1;
    g.wars.armies[0] = 6;
    g.wars.originalArmies[0] = 6;
    g.wars.stateLegions[0] = 4;
    g.wars.commander[0] = d;
    g.senWhere[d] = AT_COMMANDER;
    g.senPost[d] = 0;
    g.senPresent[d] = 0;
    if (!mohAway) {
      g.senWhere[h] = AT_MASTER_OF_HORSE;
      g.senPost[h] = 0;
      g.senPresent[h] = 0;
    }
    return { ...r, d, h };
  }

  it('Dictator Status 9 + Master of Horse Status 5, 4 legions, half random difference 2: attack 10 (9 without him)', () => {
    for (const away of [false, true]) {
      const { g, d, h } = field(away);
      g.step = 'combat';
      const legions = 4;
      const mr = militaryRatingOf(d) + (away ? 0 : militaryRatingOf(h));
      const attack = legions + Math.min(mr, legions) + Math.ceil(Math.abs(5 - 1) / 2);
      expect(attack).toBe(away ? 9 : 10);
      const enemy = 6 + Math.ceil(Math.abs(3 - 3) / 2);
      const enemyLost = Math.min(attack - enemy, 6);
      const romanLost = ADDITIONAL_LOSSES[enemyLost - 1]![ratioColumn(attack, enemy)]!;
      // Roman cards 5 and 1, enemy 3 and 3; a death draw of 9 (the Dictator, Status 9, survives) when half are lost.
      const heavy = 2 * romanLost >= legions;
      g.rng.cards = forcedCards(heavy ? [5, 1, 3, 3, 9] : [5, 1, 3, 3]);
      g.rng.dictator = forcedCards(heavy && !away ? [6] : []); // the Master of Horse's draw: 6 > 5 kills him
      combatStep(g, stubs(3));
      expect(g.wars.armies[0]).toBe(6 - enemyLost);
      expect(g.wars.stateLegions[0]).toBe(legions - romanLost);
      expect(g.stats.rorDictatorBattles).toBe(away ? 0 : 1);
      if (!away) {
        expect([enemyLost, romanLost]).toEqual([4, 2]);
        expect(g.senWhere[h]).toBe(AT_DECK); // he faced the death check, from the module's own stream
        expect(g.rorMasterOfHorse).toBe(-1);
        expect(g.stats.senatorsKilled).toBe(1);
        expect(g.wars.commander[0]).toBe(d);
      } else expect([enemyLost, romanLost]).toEqual([3, 1]);
    }
  });

  it('the rating is capped by the legions like any commander\'s; battleRating counts only a raised attack', () => {
    const { g, d, h } = field();
    expect(commandRating(g, d, 0)).toBe(militaryRatingOf(d) + militaryRatingOf(h));
    expect(commandRating(g, d, 1)).toBe(militaryRatingOf(d)); // not with him at another war
    battleRating(g, 0, d, 3); // 3 legions: MR 3 alone already fills the cap
    expect(g.stats.rorDictatorBattles).toBe(0);
    battleRating(g, 0, d, 4);
    expect(g.stats.rorDictatorBattles).toBe(1);
  });

  it('the Dictator killed: his Master of Horse comes home and the dictatorship ends (errata 10.12)', () => {
    const { g, d, h } = field();
    killSenator(g, d);
    expect([g.rorDictator, g.rorMasterOfHorse]).toEqual([-1, -1]);
    expect(g.senWhere[h]).toBe(AT_ROME);
    expect(g.wars.commander[0]).toBe(-1);
  });

  it('his forces can be neither recalled, reinforced, transferred, nor he replaced, until the dictatorship ends', () => {
    const { g, c } = field(true);
    g.legionsBox = 2;
    g.wars.status[1] = 1;
    g.wars.armies[1] = 1;
    g.wars.stateLegions[1] = 2;
    const e = own(g, c).find((s) => s !== g.consul && s !== g.rorDictator)!;
    g.wars.commander[1] = e;
    g.senWhere[e] = AT_COMMANDER;
    g.senPost[e] = 1;
    g.wars.lossTurn[0] = g.turn - 1;
    const m = g.motion;
    const motions: [number, (mm: Motion) => void, { check(g: GameState, m: Motion): string | null }][] = [
      [RECALL, (mm) => { mm.target = 0; mm.count = 1; }, militaryRules.recall],
      [DISPATCH, (mm) => { mm.target = 0; mm.count = 1; }, militaryRules.dispatch],
      [TRANSFER, (mm) => { mm.target = 0; mm.target2 = 1; mm.count = 1; }, militaryRules.transfer],
      [TRANSFER, (mm) => { mm.target = 1; mm.target2 = 0; mm.count = 1; }, militaryRules.transfer],
    ];
    for (const [kind, fill, rules] of motions) {
      resetMotion(m, kind, c);
      fill(m);
      expect(rules.check(g, m), `kind ${kind}`).toMatch(/Dictator/);
    }
    resetMotion(m, REPLACE_COMMANDER, c);
    m.target = 0;
    m.senator = own(g, (c + 1) % 3)[0]!;
    militaryRules.replace.candidates!(g);
    expect(militaryRules.replace.check(g, m)).toMatch(/Dictator/);
    endDictatorship(g); // the next Consul election: an ordinary commander again
    for (const [kind, fill, rules] of motions) {
      resetMotion(m, kind, c);
      fill(m);
      expect(rules.check(g, m), `kind ${kind}`).toBeNull();
    }
  });

  it('dispatched, he takes his Master of Horse along; victorious, both come home; the offices end at the next Consul election', () => {
    const r = position('ror-dictator');
    const { g, c, b } = r;
    const d = Math.max(...own(g, c).filter((s) => s !== g.consul));
    const h = own(g, b)[0]!;
    g.rorDictator = d;
    g.rorMasterOfHorse = h;
    g.wars.status[0] = 1;
    g.wars.armies[0] = 1;
    g.wars.originalArmies[0] = 1;
    g.legionsBox = 3;
    const m = g.motion;
    resetMotion(m, DISPATCH, c);
    m.target = 0;
    m.senator = d;
    m.count = 3;
    militaryRules.dispatch.candidates!(g);
    expect(g.cands).toContain(d); // the Dictator is a commander candidate; his Master of Horse is not
    expect(g.cands).not.toContain(h);
    expect(militaryRules.dispatch.check(g, m)).toBeNull();
    militaryRules.dispatch.execute(g, [], m, true);
    expect([g.senWhere[d], g.senWhere[h], g.senPost[h]]).toEqual([AT_COMMANDER, AT_MASTER_OF_HORSE, 0]);
    // Endless victory: Roman 3 + 3 + 0 against 1 + 0.
    g.step = 'combat';
    g.rng.cards = forcedCards([1, 1, 1, 1]);
    combatStep(g, stubs(3));
    expect(g.wars.status[0]).toBe(2);
    expect([g.senWhere[d], g.senWhere[h]]).toEqual([AT_ROME, AT_ROME]);
    // Still in office until the next Consul election.
    expect([g.rorDictator, g.rorMasterOfHorse]).toEqual([d, h]);
  });

  it('at the Consul election the Master of Horse comes home from the war, present; the Dictator stays as an ordinary commander', () => {
    const { g, d, h } = field();
    endDictatorship(g);
    expect([g.senWhere[h], g.senPresent[h]]).toEqual([AT_ROME, 1]);
    expect([g.senWhere[d], g.wars.commander[0]]).toEqual([AT_COMMANDER, d]);
    expect(commandRating(g, d, 0)).toBe(militaryRatingOf(d));
  });
});

// ---------------------------------------------------------------------------------------------
describe('ror-consul-for-life: nomination and vote (1.09.821; errata X, 9.67)', () => {
  it('a faction at rorCflPrestige - 1 (29) has no candidate; at 30 its present senators in Rome are candidates', () => {
    const { g, c } = position('ror-consul-for-life');
    g.prestige[c] = g.params.rorCflPrestige - 1;
    cflCandidates(g);
    expect(g.cands).toEqual([]);
    g.prestige[c] = g.params.rorCflPrestige;
    cflCandidates(g);
    expect(g.cands).toEqual(own(g, c));
    expect(g.params.rorCflPrestige).toBe(30);
  });

  it('a Status 7 nominee adds 7 votes for him; nobody may veto', () => {
    const { g, c, b } = position('ror-consul-for-life');
    const s = card(BLUE, 7);
    give(g, s, c);
    g.tribunesReal[b] = 1;
    const m = g.motion;
    resetMotion(m, ELECT_CONSUL_FOR_LIFE, c);
    m.senator = s;
    expect(cflBonusVotes(g, m)).toBe(statusOf(s) * g.params.rorCflStatusVotes);
    expect(cflBonusVotes(g, m)).toBe(7);
    putToVote(g, stubs(3, () => ({ vote: (_g, me, mm) => (mm.sponsor === me ? 1 : 0), veto: never('veto') })), m);
    expect(m.votesFor).toBe(m.power[c]! + 7);
  });

  it('item 3a: the chair nominates first; once a nomination is voted, no other this turn', () => {
    const { g, c } = position('ror-consul-for-life');
    g.prestige[c] = 30;
    const pols = stubs(3, (f) => ({
      propose: (_g, me, m, cands) => {
        if (m.kind !== ELECT_CONSUL_FOR_LIFE || f !== c) return false;
        m.senator = cands.find((s) => g.senOwner[s] === me)!;
        return true;
      },
      vote: (_g, me, m) => (g.senOwner[m.senator] === me ? 1 : -1),
    }));
    cflItem(g, pols);
    expect([g.stats.rorCflVotes, g.rorCfl, g.rorCflVoteTurn]).toEqual([1, -1, g.turn]);
    cflItem(g, stubs(3, () => ({ propose: never('propose') })));
    expect(g.stats.rorCflVotes).toBe(1);
  });

  it('another faction nominates only by playing a real tribune; elected, he is Consul for Life this turn', () => {
    const { g, c, b } = position('ror-consul-for-life');
    g.prestige[b] = 30;
    g.tribunesReal[b] = 1;
    const asked: number[] = [];
    const pols = stubs(3, (f) => ({
      propose: (_g, me, m, cands) => {
        asked.push(f);
        if (f === c) return false;
        m.senator = cands.find((s) => g.senOwner[s] === me)!;
        return true;
      },
      vote: () => 1,
    }));
    cflItem(g, pols);
    expect(asked).toEqual([c, b]); // d holds no tribune: not asked
    expect(g.tribunesReal[b]).toBe(0);
    expect(g.senOwner[g.rorCfl]).toBe(b);
    expect([g.rorCflTurn, g.stats.rorCflAppointed]).toEqual([g.turn, 1]);
  });

  it('he cannot be attracted to another faction in the Forum', () => {
    const { g, b, d } = position('ror-consul-for-life');
    g.step = 'forum';
    const s = own(g, b)[0]!;
    g.rorCfl = s;
    g.treasury[d] = 20;
    const pols = stubs(3, (f) => ({ attractTarget: () => (f === d ? s : -1), attractRaise: () => 1 }));
    g.rng.cards = forcedCards(Array(20).fill(1));
    forumStep(g, pols);
    expect(g.senOwner[s]).toBe(b);
    expect(g.policyErrorLog.some((l) => l.includes('attraction target'))).toBe(true);
  });
});

describe('ror-consul-for-life: automatic appointment and the end of the game (1.09.822-823; errata 12.31)', () => {
  it('a faction reaching rorCflAutoPrestige (45): its senior senator in Rome; two at once: the more Prestige wins', () => {
    const { g, b, d } = position('ror-consul-for-life');
    g.prestige[b] = 44;
    cflAutoCheck(g);
    expect(g.rorCfl).toBe(-1);
    g.prestige[b] = 45;
    g.prestige[d] = 46;
    cflAutoCheck(g);
    expect(g.rorCfl).toBe(Math.max(...own(g, d)));
    expect([g.stats.rorCflAuto, g.stats.rorCflEvents]).toEqual([1, 1]);
  });

  it('equal Prestige: the greater total Status', () => {
    const { g, b, d } = position('ror-consul-for-life');
    g.prestige[b] = 50;
    g.prestige[d] = 50;
    give(g, card(GREEN, 10), b);
    cflAutoCheck(g);
    expect(g.senOwner[g.rorCfl]).toBe(b);
  });

  it('killed before the turn ends: no win, the game goes on', () => {
    const { g, b } = position('ror-consul-for-life');
    g.rorCfl = own(g, b)[0]!;
    killSenator(g, g.rorCfl);
    expect(g.rorCfl).toBe(-1);
    expect(cflEndOfTurn(g)).toBe(false);
    expect(g.rorCflWinner).toBe(-1);
  });

  it('alive when the turn ends: his faction is the sole winner, the game ends, its turn is recorded', () => {
    let found = 0;
    for (let i = 0; i < 40 && found < 3; i++) {
      const cfg = config(5, 'ror-consul-for-life');
      const pols = parsePolicies('competent', 5);
      const g = startGame(cfg, gameSeed('ror-cfl-end', i), pols);
      playOn(g, pols, 3);
      if (g.lost !== SURVIVED) continue;
      // A senator of the last faction in Rome becomes Consul for Life before turn 4.
      const f = 4;
      let s = -1;
      for (let x = 0; x < SENATORS; x++) if (g.senOwner[x] === f && g.senWhere[x] === AT_ROME) s = x;
      if (s < 0) continue;
      g.rorCfl = s;
      g.rorCflTurn = 4;
      playOn(g, pols);
      const o = makeOutcome(g);
      if (o.cause !== SURVIVED || g.rorCfl !== s) continue; // the Republic fell, or he died: no win
      found++;
      expect(g.turn).toBe(4);
      expect(o.winners).toBe(1 << f);
      expect([o.turnsPlayed, o.cflTurn, o.rorCflWins]).toEqual([4, 4, 1]);
      expect(o.riByTurn.length).toBe(4);
      for (const v of invariantViolations(g, true)) expect.fail(v);
    }
    expect(found).toBeGreaterThan(0);
  });

  it('the summary no longer counts a game won by a Consul for Life as at risk after its turn', () => {
    const cfg = config(3, 'ror-consul-for-life');
    const acc = new RunAccumulator(3);
    const base = playGame(cfg, 'ror-summary', 0, parsePolicies('statesman', 3)).outcome;
    const survived: Outcome = { ...base, cause: 0, lostTurn: 0, turnsPlayed: 10, cflTurn: 0, rorCflWins: 0, winners: 1 };
    const ended: Outcome = { ...survived, turnsPlayed: 4, cflTurn: 4, rorCflWins: 1, winners: 2, riByTurn: base.riByTurn.slice(0, 4) };
    acc.add(survived);
    acc.add(ended);
    const s = summarise(acc, { players: 3, policies: ['statesman'], variants: ['ror-consul-for-life'], seed: 'x', games: 2, turns: 10, rulesHash: '', boardHash: '' }, '', [0, 2]);
    expect(s.byTurn.map((r) => r.atRisk)).toEqual([2, 2, 2, 2, 1, 1, 1, 1, 1, 1]);
    expect(s.byTurn.every((r) => r.hazard === 0)).toBe(true);
    expect(s.survival.count).toBe(2);
    expect(s.winRate.bySeat.map((r) => r.count)).toEqual([1, 1, 0]);
  });
});

// ---------------------------------------------------------------------------------------------
describe('switched on but never triggered: exactly the base game (competent, statesman and opportunist players)', () => {
  const GAMES = 10;
  const fields = (players: number): string[] => ['competent', ['statesman', 'opportunist', 'competent', 'statesman', 'opportunist'].slice(0, players).join(',')];

  function compare(variants: string, tweak: Tweak | undefined, fired: (o: Outcome) => number): { compared: number; firedGames: number } {
    let compared = 0;
    let firedGames = 0;
    for (const players of [3, 5]) {
      for (const field of fields(players)) {
        for (let i = 0; i < GAMES; i++) {
          const base = playGame(config(players, '', tweak), 'ror-untriggered', i, parsePolicies(field, players)).outcome;
          const v = playGame(config(players, variants, tweak), 'ror-untriggered', i, parsePolicies(field, players)).outcome;
          if (fired(v) > 0) {
            firedGames++;
            continue;
          }
          expect(v, `${players} players, ${field}, game ${i}`).toEqual(base);
          compared++;
        }
      }
    }
    return { compared, firedGames };
  }

  it('ror-senate-errata with every sub-rule switched off', () => {
    const off: Tweak = (p) => {
      p.rorStepDown = 0;
      p.rorCensorPays = 0;
      p.rorCensorSuccession = 0;
      p.rorNoRefusal = 0;
      p.rorReward = 0;
      p.rorLandBills = 0;
    };
    expect(compare('ror-senate-errata', off, () => 0).compared).toBe(4 * GAMES);
  });

  it('ror-senate-errata in one-turn games in which no sub-rule changed anything', () => {
    const r = compare('ror-senate-errata', (p) => (p.turns = 1), (o) => o.rorErrataChanges);
    expect(r.compared).toBeGreaterThan(0);
  });

  it('ror-dictator when wars never warrant one (rorDictatorWars 20, rorDictatorArmies 100), and whole games with no Dictator', () => {
    const never: Tweak = (p) => {
      p.rorDictatorWars = 20;
      p.rorDictatorArmies = 100;
    };
    expect(compare('ror-dictator', never, () => 0).compared).toBe(4 * GAMES);
    const r = compare('ror-dictator', undefined, (o) => o.rorDictators);
    expect(r.compared + r.firedGames).toBe(4 * GAMES);
    expect(r.compared).toBeGreaterThan(0);
  });

  it('ror-consul-for-life out of reach (both thresholds 1000), and whole games with no nomination or appointment', () => {
    const never: Tweak = (p) => {
      p.rorCflPrestige = 1000;
      p.rorCflAutoPrestige = 1000;
    };
    expect(compare('ror-consul-for-life', never, () => 0).compared).toBe(4 * GAMES);
    expect(compare('ror-consul-for-life', undefined, (o) => o.rorCflEvents).compared).toBeGreaterThan(0);
  });
});

describe('invariants of whole games with the modules on', () => {
  const MIXES: readonly [number, string][] = [
    [3, 'random'],
    [5, 'random'],
    [5, 'competent'],
    [5, 'statesman'],
    [5, 'opportunist'],
    [3, 'statesman,opportunist,random'],
    [5, 'competent,random,statesman,opportunist,competent'],
  ];
  for (const variants of ['ror-senate-errata,ror-dictator,ror-consul-for-life', 'ror-senate-errata,ror-dictator,ror-consul-for-life,deaths,land-acts,revolts,bills']) {
    for (const [players, spec] of MIXES) {
      it(`${players} players, ${spec}, ${variants}: 60 games`, () => {
        const cfg = config(players, variants, (p) => (p.rorCflPrestige = 20));
        const problems: string[] = [];
        for (let i = 0; i < 60 && problems.length < 10; i++) {
          const pols = parsePolicies(spec, players);
          const g = startGame(cfg, gameSeed(`ror-invariants/${players}/${spec}/${variants}`, i), pols);
          for (let t = 1; t <= cfg.params.turns && g.lost === SURVIVED && g.rorCflWinner < 0; t++) {
            playOn(g, pols, t);
            for (const v of invariantViolations(g, g.lost === SURVIVED, true)) problems.push(`game ${i} turn ${g.turn}: ${v}`);
          }
          const o = makeOutcome(g);
          if (g.rorCflWinner >= 0) {
            if (o.winners !== 1 << g.rorCflWinner || o.turnsPlayed !== g.turn || o.cflTurn !== g.turn) problems.push(`game ${i}: bad Consul for Life end`);
          } else if (o.cause === SURVIVED && g.turn !== cfg.params.turns) problems.push(`game ${i}: survived but ended at turn ${g.turn}`);
          if (o.policyErrors) problems.push(`game ${i}: policy errors ${g.policyErrorLog.join('; ')}`);
        }
        expect(problems).toEqual([]);
      });
    }
  }
});
