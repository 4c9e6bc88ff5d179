// ror-assassination (RoR 1.09.7-1.09.74; errata 9.8, 9.82-9.84, Senate item Z): the exact outcome
// table for 0-2 Assassins x 0-2 Bodyguards, attempts through the engine with their own die stream,
// the caught assassin's punishment and his leader's trial, and "on but untriggered equals the base game".
import { describe, expect, it } from 'vitest';
import { defaultParams } from '../src/legions/params.js';
import { type Policy } from '../src/legions/policy.js';
import { assassinations, factionLeader, resolveAttempt, type AttemptResult } from '../src/legions/ror/assassination.js';
import { AT_DECK, AT_ROME, type GameState } from '../src/legions/state.js';
import { forcedCards, invariantViolations } from './helpers.js';
import { governor, own, position, stubs, untriggeredEqualsBase } from './ror-b-helpers.js';

// ---- exact fractions ----
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const frac = (n: number, d: number): string => (n === 0 ? '0' : `${n / gcd(n, d)}/${d / gcd(n, d)}`);

/**
 * Every sequence of die faces (the first roll, then one re-roll per Bodyguard), each equally likely:
 * counts of kills, captures, and kills with escape, as numerators over 6^(1 + b).
 */
function enumerate(b: number, outcome: (rolls: number[]) => { killed: boolean; caught: boolean }): { kill: number; caught: number; killEscape: number; total: number } {
  const total = 6 ** (1 + b);
  let kill = 0;
  let caught = 0;
  let killEscape = 0;
  for (let code = 0; code < total; code++) {
    const rolls: number[] = [];
    for (let k = 0, c = code; k <= b; k++, c = Math.floor(c / 6)) rolls.push((c % 6) + 1);
    const o = outcome(rolls);
    if (o.killed) kill++;
    if (o.caught) caught++;
    if (o.killed && !o.caught) killEscape++;
  }
  return { kill, caught, killEscape, total };
}

/** The rule in words, independently of the engine: d6 + a - b; >= 5 kills, <= 2 caught; each Bodyguard a capture re-roll with the same modifiers. */
function byTheRule(a: number, b: number, rolls: number[]): { killed: boolean; caught: boolean } {
  const mod = a - b;
  const killed = rolls[0]! + mod >= 5;
  let caught = rolls[0]! + mod <= 2;
  for (let i = 1; i <= b; i++) if (rolls[i]! + mod <= 2) caught = true; // re-rolls after a capture change nothing
  return { killed, caught };
}

/** The engine's resolution of the same sequence. */
function byTheEngine(a: number, b: number, rolls: number[]): AttemptResult {
  let i = 1;
  return resolveAttempt(defaultParams(), rolls[0]!, a, b, () => rolls[i++]!, { modified: 0, killed: false, caught: false });
}

/** The design study's table (shared/design/ror-modules.md, module 3), as a cross-check: [kill, caught]. */
const STUDY: Record<string, [string, string]> = {
  '0,0': ['1/3', '1/3'], '0,1': ['1/6', '3/4'], '0,2': ['0', '26/27'],
  '1,0': ['1/2', '1/6'], '1,1': ['1/3', '5/9'], '1,2': ['1/6', '7/8'],
  '2,0': ['2/3', '0'], '2,1': ['1/2', '11/36'], '2,2': ['1/3', '19/27'],
};

describe('ror-assassination: the exact outcome table (Assassins and Bodyguards fixed in advance)', () => {
  for (let a = 0; a <= 2; a++) {
    for (let b = 0; b <= 2; b++) {
      it(`${a} assassins x ${b} bodyguards`, () => {
        const rule = enumerate(b, (r) => byTheRule(a, b, r));
        const engine = enumerate(b, (r) => byTheEngine(a, b, r));
        expect(engine).toEqual(rule);
        expect([frac(engine.kill, engine.total), frac(engine.caught, engine.total)]).toEqual(STUDY[`${a},${b}`]);
      });
    }
  }

  it('kill and escape at (1, 1): 2/9', () => {
    const e = enumerate(1, (r) => byTheEngine(1, 1, r));
    expect(frac(e.killEscape, e.total)).toBe('2/9');
  });

  it('a forced 5 with one Bodyguard: 4, no kill; a re-roll of 2 then means caught (2 - 1 = 1 <= 2)', () => {
    const r = byTheEngine(0, 1, [5, 2]);
    expect(r).toEqual({ modified: 4, killed: false, caught: true });
    expect(byTheEngine(0, 1, [5, 4])).toEqual({ modified: 4, killed: false, caught: false });
  });

  it('the defaults: d6, kill from 5, caught at 2 or less, +1 per Assassin, -1 per Bodyguard, 10 Talents each, at most 2, 5 Prestige', () => {
    const p = defaultParams();
    expect([p.rorAssassinDie, p.rorAssassinKillRoll, p.rorAssassinCaughtRoll, p.rorAssassinBonus, p.rorBodyguardMalus]).toEqual([6, 5, 2, 1, 1]);
    expect([p.rorAssassinCost, p.rorMaxAssassins, p.rorBodyguardCost, p.rorMaxBodyguards, p.rorAssassinCaughtPrestige]).toEqual([10, 2, 10, 2, 5]);
  });
});

describe('ror-assassination: attempts in the Senate', () => {
  /** Turn 3, Senate: faction 0 (treasury 30) attacks `target` with its lowest card and `hire` Assassins; faction 1 (treasury 30) hires `guards`. */
  function attack(die: number[], target: (g: GameState) => number, hire: number, guards: number, over: (f: number) => Partial<Policy> = () => ({})) {
    const g = position(3, 'ror-assassination');
    g.treasury[0] = 30;
    g.treasury[1] = 30;
    const dice = forcedCards(die);
    g.rng.rorAssassination = dice;
    const t = target(g);
    const a = own(g, 0)[0]!;
    const asked: unknown[][] = [];
    const pols = stubs(3, (f) => ({
      assassinTarget: () => (f === 0 ? t : -1),
      assassin: (_g, _me, tt) => (asked.push(['assassin', tt]), a),
      hireAssassins: () => hire,
      bodyguards: (_g, me, tt, roll, k) => (asked.push(['bodyguards', me, tt, roll, k]), guards),
      ...over(f),
    }));
    const leader = factionLeader(g, 0);
    assassinations(g, pols);
    return { g, t, a, leader, dice, asked };
  }
  /** Faction 1's highest card that holds no office. */
  const victim = (g: GameState): number => own(g, 1).filter((s) => s !== g.consul && s !== g.censor).pop()!;

  it('a kill: 4 + 1 Assassin = 5; the target dies, 10 Talents paid, one die drawn from the module\'s own stream', () => {
    const { g, t, dice, asked } = attack([4], victim, 1, 0);
    expect(g.senWhere[t]).toBe(AT_DECK);
    expect(g.senOwner[t]).toBe(-1);
    expect(g.treasury[0]).toBe(30 - 10);
    expect(dice.used()).toBe(1); // and no card drawn: the card stream is a forced empty one
    expect(asked).toEqual([['assassin', t], ['bodyguards', 1, t, 4, 1]]);
    const s = g.stats;
    expect([s.rorAssassinAttempts, s.rorAssassinEffective, s.rorAssassinKills, s.rorAssassinsCaught, s.senatorsKilled]).toEqual([1, 1, 1, 0, 1]);
    expect(g.prestige[0]).toBe(10);
    expect(invariantViolations(g, false, false)).toEqual([]);
  });

  it('caught: 1 + 1 = 2; the assassin dies, his faction loses 5 Prestige, its leader is tried at once — no veto — and executed when convicted', () => {
    let vetoAsked = 0;
    const { g, t, a, leader } = attack([1], victim, 1, 0, (f) => ({
      vote: (_g, me) => (me === 0 ? -1 : 1),
      veto: () => (vetoAsked++, true),
    }));
    expect(g.senWhere[t]).toBe(AT_ROME);
    expect(g.senWhere[a]).toBe(AT_DECK);
    expect(g.prestige[0]).toBe(10 - 5);
    expect(leader).not.toBe(a);
    expect(g.senWhere[leader]).toBe(AT_DECK);
    expect(vetoAsked).toBe(0);
    const s = g.stats;
    expect([s.rorAssassinsCaught, s.rorAssassinTrials, s.rorAssassinConvictions, s.senatorsExecuted, s.senatorsKilled]).toEqual([1, 1, 1, 1, 1]);
    expect([s.prosecutions, s.convictions]).toEqual([0, 0]); // outside the Censor's prosecutions
    expect(invariantViolations(g, false, false)).toEqual([]);
  });

  it('the trial cannot be vetoed even by factions holding real tribunes; acquitted, the leader lives', () => {
    const g = position(3, 'ror-assassination');
    g.treasury[0] = 30;
    for (let f = 0; f < 3; f++) g.tribunesReal[f] = 1;
    g.rng.rorAssassination = forcedCards([1]);
    const t = victim(g);
    let vetoAsked = 0;
    const leader = factionLeader(g, 0);
    assassinations(g, stubs(3, (f) => ({
      assassinTarget: () => (f === 0 ? t : -1),
      assassin: () => own(g, 0)[0]!,
      hireAssassins: () => 1,
      veto: () => (vetoAsked++, true),
    }))); // the stubs vote against: acquitted
    expect(vetoAsked).toBe(0);
    expect(g.stats.vetoes).toBe(0);
    expect([g.stats.rorAssassinTrials, g.stats.rorAssassinConvictions]).toEqual([1, 0]);
    expect(g.senWhere[leader]).toBe(AT_ROME);
    expect(g.tribunesReal).toEqual([1, 1, 1]);
  });

  it('Bodyguards after the roll: 6 with 2 Bodyguards is 4, no kill; the first re-roll 3 - 2 = 1 catches the assassin', () => {
    const { g, t, a, dice, asked } = attack([6, 3], victim, 0, 2);
    expect(asked[1]).toEqual(['bodyguards', 1, t, 6, 0]);
    expect(dice.used()).toBe(2);
    expect(g.treasury[1]).toBe(30 - 20);
    expect(g.senWhere[t]).toBe(AT_ROME);
    expect(g.senWhere[a]).toBe(AT_DECK);
    expect(g.stats.rorAssassinsCaught).toBe(1);
  });

  it('the design study\'s forced 5 with one Bodyguard, re-roll 2: no kill, caught', () => {
    const { g, t, a, dice } = attack([5, 2], victim, 0, 1);
    expect(dice.used()).toBe(2);
    expect(g.senWhere[t]).toBe(AT_ROME);
    expect(g.senWhere[a]).toBe(AT_DECK);
  });

  it('a kill and a capture together: 6 + 1 = 7 kills even with one Bodyguard (6), and the re-roll 2 + 0 catches', () => {
    const { g, t, a } = attack([6, 2], victim, 1, 1);
    expect(g.senWhere[t]).toBe(AT_DECK);
    expect(g.senWhere[a]).toBe(AT_DECK);
    expect([g.stats.rorAssassinKills, g.stats.rorAssassinsCaught]).toEqual([1, 1]);
  });

  it('a caught leader is killed outright, untried (errata 9.84); a leader away from Rome is not tried but his faction still loses 5', () => {
    const g = position(3, 'ror-assassination');
    g.rng.rorAssassination = forcedCards([1]);
    const lead = factionLeader(g, 0);
    const t = victim(g);
    assassinations(g, stubs(3, (f) => ({ assassinTarget: () => (f === 0 ? t : -1), assassin: () => lead })));
    expect(g.senWhere[lead]).toBe(AT_DECK);
    expect([g.stats.rorAssassinsCaught, g.stats.rorAssassinTrials]).toEqual([1, 0]);
    expect(g.prestige[0]).toBe(5);

    const h = position(3, 'ror-assassination');
    h.rng.rorAssassination = forcedCards([1]);
    const away = factionLeader(h, 0);
    if (away === h.consul) h.consul = -1; // he cannot govern as Consul
    h.provConquered[0] = 1;
    governor(h, away, 0, 2);
    const th = victim(h);
    assassinations(h, stubs(3, (f) => ({ assassinTarget: () => (f === 0 ? th : -1), assassin: () => own(h, 0)[0]! })));
    expect(h.stats.rorAssassinTrials).toBe(0);
    expect(h.senOwner[away]).toBe(0);
    expect(h.prestige[0]).toBe(5);
  });

  it('no faction is targeted twice in a turn; an illegal target or assassin is a policy error and no attempt', () => {
    const g = position(3, 'ror-assassination');
    g.rng.rorAssassination = forcedCards([3]); // one attempt only: nothing happens
    const t = victim(g);
    const t2 = own(g, 1)[0]!;
    assassinations(g, stubs(3, (f) => ({
      assassinTarget: () => (f === 0 ? t : f === 2 ? t2 : -1),
      assassin: (_g, me) => own(g, me)[0]!,
    })));
    expect(g.stats.rorAssassinAttempts).toBe(1);
    expect(g.stats.rorAssassinEffective).toBe(0); // nothing happened and nothing was paid
    expect(g.stats.policyErrors).toBe(1);
    expect(g.policyErrorLog[0]).toMatch(/not yet targeted/);

    const h = position(3, 'ror-assassination');
    assassinations(h, stubs(3, (f) => ({
      assassinTarget: () => (f === 0 ? own(h, 0)[1]! : f === 1 ? victim(h) : -1), // 0 names its own senator
      assassin: (_g, me) => (me === 1 ? own(h, 0)[0]! : -1), // 1 names another faction's assassin
    })));
    expect(h.stats.policyErrors).toBe(2);
    expect(h.stats.rorAssassinAttempts).toBe(0);
  });

  it('more Assassins than allowed or affordable: a policy error, and the attempt goes on with none', () => {
    const g = position(3, 'ror-assassination');
    g.treasury[0] = 15; // one Assassin affordable
    g.rng.rorAssassination = forcedCards([3]);
    const t = victim(g);
    assassinations(g, stubs(3, (f) => ({ assassinTarget: () => (f === 0 ? t : -1), assassin: () => own(g, 0)[0]!, hireAssassins: () => 2 })));
    expect(g.policyErrorLog[0]).toMatch(/assassins hired 2 not in 0..1/);
    expect(g.treasury[0]).toBe(15);
    expect(g.stats.rorAssassinAttempts).toBe(1);
  });

  it('a faction that cannot pay for an Assassin or a Bodyguard is not asked for one', () => {
    const g = position(3, 'ror-assassination');
    g.treasury[0] = 9;
    g.treasury[1] = 9;
    g.rng.rorAssassination = forcedCards([5]);
    const t = victim(g);
    let asked = 0;
    assassinations(g, stubs(3, (f) => ({
      assassinTarget: () => (f === 0 ? t : -1),
      assassin: () => own(g, 0)[0]!,
      hireAssassins: () => (asked++, 0),
      bodyguards: () => (asked++, 0),
    })));
    expect(asked).toBe(0);
    expect(g.senWhere[t]).toBe(AT_DECK); // a bare 5 kills
    expect([g.treasury[0], g.treasury[1]]).toEqual([9, 9]);
  });

  it('no attempt while the Temporary Consul presides (turn 1)', () => {
    const g = position(3, 'ror-assassination', 1);
    g.temporaryConsul = true;
    let asked = 0;
    assassinations(g, stubs(3, () => ({ assassinTarget: () => (asked++, -1) })));
    expect(asked).toBe(0);
  });
});

describe('ror-assassination: switched on but never triggered', () => {
  it('statesmen never attempt (aggression 0): every game is exactly the base game', () => {
    const [compared, triggered] = untriggeredEqualsBase(5, 'statesman', 'ror-assassination', 'rorAssassinAttempts', 20);
    expect([compared, triggered]).toEqual([20, 0]);
  });

  for (const field of ['competent', 'opportunist'] as const) {
    it(`${field} players: every game without an attempt that changed something is exactly the base game`, () => {
      const [compared, triggered] = untriggeredEqualsBase(5, field, 'ror-assassination', 'rorAssassinEffective', 30);
      expect(compared).toBeGreaterThan(0);
      if (field === 'competent') expect(triggered).toBeGreaterThan(0);
    });
  }
});
