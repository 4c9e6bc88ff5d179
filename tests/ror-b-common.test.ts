// ror-garrisons, ror-frontier, ror-assassination together: invariants of whole games with the modules
// on, no policy errors from the built-in players, the parametric player's use of the modules, and the
// list of parameters whose numbers the seeds do not give.
import { describe, expect, it } from 'vitest';
import { makePolicy, parsePolicies } from '../policies/index.js';
import { ParametricPolicy, OPPORTUNIST, STATESMAN } from '../policies/parametric.js';
import { gameSeed } from '../src/core/rng.js';
import { playGame, playOn, startGame } from '../src/legions/game.js';
import { GARRISON, newMotion } from '../src/legions/motion.js';
import { paramDocs } from '../src/legions/params.js';
import { OUT_OF_SEED_PARAMS } from '../src/legions/ror/sources.js';
import { GREEN, LILAC, SURVIVED } from '../src/legions/state.js';
import { VARIANT_NAMES } from '../src/legions/variants.js';
import { invariantViolations, policyErrorsBySeat } from './helpers.js';
import { activeWar, card, config, governor, own, position, recruit } from './ror-b-helpers.js';

const MODULES = ['ror-garrisons', 'ror-frontier', 'ror-assassination'] as const;

describe('invariants with the modules on', () => {
  const MIXES: readonly [number, string][] = [
    [3, 'random'], [3, 'competent'], [3, 'statesman,opportunist,random'],
    [5, 'random'], [5, 'competent'], [5, 'statesman'], [5, 'opportunist'], [5, 'statesman,opportunist,competent,random,opportunist'],
  ];
  // Revolts from RI 5 (revoltRIStep 5) and Deaths make the modules meet: garrisons fight, captives die.
  const VARIANTS = `${MODULES.join(',')},revolts,deaths`;
  for (const [players, spec] of MIXES) {
    it(`${players} players, ${spec}: money, the 30 senators, <= 7 State legions (garrisons included), RI >= 0 after every turn; no policy errors but the random player's`, () => {
      const cfg = config(players, VARIANTS, (p) => (p.revoltRIStep = 5));
      const problems: string[] = [];
      const fired = { garrison: 0, battle: 0, capture: 0, attempt: 0 };
      for (let i = 0; i < 60 && problems.length < 10; i++) {
        const pols = parsePolicies(spec, players);
        const g = startGame(cfg, gameSeed(`ror-inv/${players}/${spec}`, i), pols);
        for (let t = 1; t <= cfg.params.turns && g.lost === SURVIVED; t++) {
          playOn(g, pols, t);
          for (const v of invariantViolations(g, g.lost === SURVIVED, true)) problems.push(`game ${i} turn ${g.turn}: ${v}`);
        }
        const { bySeat } = policyErrorsBySeat(g);
        pols.forEach((p, f) => {
          if (p.name !== 'random' && bySeat[f]! > 0) problems.push(`game ${i}: ${p.name} seat ${f}: ${g.policyErrorLog.join(' | ')}`);
        });
        fired.garrison += g.stats.rorGarrisoned;
        fired.battle += g.stats.rorGarrisonBattles;
        fired.capture += g.stats.rorCaptures;
        fired.attempt += g.stats.rorAssassinAttempts;
      }
      expect(problems).toEqual([]);
      expect(fired.capture + fired.garrison + fired.attempt).toBeGreaterThan(0);
    }, 120_000);
  }
});

describe('the parametric player and the modules', () => {
  it('a self-seeker garrisons its own governor\'s province from the box; cooperating, a statesman keeps the legion for a war that wants it', () => {
    const g = position(5, 'ror-garrisons');
    const s = own(g, 1)[0]!;
    governor(g, s, 3, 2);
    g.legionsBox = 1;
    const m = newMotion(5);
    m.kind = GARRISON;
    const opp = new ParametricPolicy('opportunist', OPPORTUNIST);
    g.ri = 0; // far from collapse: the opportunist is not cooperating
    expect(opp.propose(g, 1, m, [])).toBe(true);
    expect([m.target, m.count]).toEqual([3, 1]);
    // A statesman cooperates: a war of 3 armies wants far more than the box's one legion.
    activeWar(g, 0, 3);
    const st = new ParametricPolicy('statesman', STATESMAN);
    const m2 = newMotion(5);
    m2.kind = GARRISON;
    expect(st.propose(g, 1, m2, [])).toBe(false);
    // Voting on a rival's garrison: the statesman opposes taking a legion the war wants.
    m.sponsor = 1;
    expect(st.vote(g, 2, m)).toBe(-1);
  });

  it('ransom: paid when the captive is worth it (his neutral bid plus income and votes for the turns left)', () => {
    const g = position(5, 'ror-frontier', 5);
    const lilac6 = card(LILAC, 6);
    const competent = makePolicy('competent');
    // Competent bids Influence + Status for a neutral (bidStatusOffset 0): 3 + 6, plus 5 turns x (1 + 3) = 29 >= 12.
    expect(competent.payRansom(g, 0, lilac6, 12)).toBe(true);
    expect(competent.payRansom(g, 0, lilac6, 30)).toBe(false);
    // A statesman bids Influence + 1 (offset 10): 4 + 20 = 24.
    const st = new ParametricPolicy('statesman', STATESMAN);
    expect(st.payRansom(g, 0, lilac6, 24)).toBe(true);
    expect(st.payRansom(g, 0, lilac6, 25)).toBe(false);
    g.turn = 10; // nothing left to earn: green-7 is worth his bid alone, 1 + 7 for the competent
    expect(competent.payRansom(g, 0, card(GREEN, 7), 8)).toBe(true);
    expect(competent.payRansom(g, 0, card(GREEN, 7), 14)).toBe(false);
  });

  it('assassination: the aggressive attempt on the leading rival when he leads by more than a capture costs and an Assassin is affordable; statesmen never', () => {
    const g = position(5, 'ror-assassination');
    const opp = new ParametricPolicy('opportunist', OPPORTUNIST);
    const st = new ParametricPolicy('statesman', STATESMAN);
    g.ri = 0;
    g.prestige[2] = 16; // the leader, 6 ahead of faction 0 (10)
    g.treasury[0] = 16; // one Assassin (10) and the 6 kept back
    const t = opp.assassinTarget(g, 0);
    expect(g.senOwner[t]).toBe(2);
    expect(t).toBe(Math.max(...own(g, 2))); // his senator of most votes
    expect(opp.hireAssassins(g, 0)).toBe(1);
    const a = opp.assassin(g, 0);
    expect(g.senOwner[a]).toBe(0);
    expect(a).toBe(Math.min(...own(g, 0).filter((s) => s !== g.consul && s !== g.censor))); // the least valuable
    expect(st.assassinTarget(g, 0)).toBe(-1);
    g.prestige[2] = 15; // a lead of 5 is not more than the 5 a capture costs
    expect(opp.assassinTarget(g, 0)).toBe(-1);
    g.prestige[2] = 16;
    g.treasury[0] = 15;
    expect(opp.assassinTarget(g, 0)).toBe(-1);
  });

  it('Bodyguards: enough to stop a kill when the target is worth them; the aggressive add one capture re-roll', () => {
    const g = position(3, 'ror-assassination', 5);
    const st = new ParametricPolicy('statesman', STATESMAN);
    const opp = new ParametricPolicy('opportunist', OPPORTUNIST);
    const t = card(LILAC, 4); // a statesman's worth: bid 3 + 1, plus 5 turns x (1 + 3) = 24
    recruit(g, t, 1);
    g.treasury[1] = 40;
    expect(st.bodyguards(g, 1, t, 4, 1)).toBe(1); // 4 + 1 = 5 kills: one Bodyguard makes it 4
    expect(st.bodyguards(g, 1, t, 5, 1)).toBe(2); // 6: two needed, 20 <= 24
    expect(st.bodyguards(g, 1, t, 6, 1)).toBe(0); // 7: three needed, more than the 2 allowed
    expect(st.bodyguards(g, 1, t, 3, 0)).toBe(0); // no kill: a statesman buys nothing
    expect(st.bodyguards(g, 1, t, 2, 0)).toBe(0); // the assassin is caught already
    const cheap = card(GREEN, 4); // worth 1 + 1 + 5 x (1 + 1) = 12 to a statesman: one Bodyguard, not two
    recruit(g, cheap, 1);
    expect(st.bodyguards(g, 1, cheap, 4, 1)).toBe(1);
    expect(st.bodyguards(g, 1, cheap, 5, 1)).toBe(0);
    // The aggressive add a capture re-roll when they can keep 6 Talents back.
    expect(opp.bodyguards(g, 1, t, 4, 1)).toBe(2);
    expect(opp.bodyguards(g, 1, t, 3, 0)).toBe(1);
    g.treasury[1] = 15;
    expect(opp.bodyguards(g, 1, t, 3, 0)).toBe(0);
  });
});

describe('sources of the numbers', () => {
  it('every module is a variation; every parameter listed as outside the seeds says so in its doc, and every ror parameter that says so is listed', () => {
    for (const m of MODULES) expect(VARIANT_NAMES).toContain(m);
    expect(Object.keys(OUT_OF_SEED_PARAMS).sort()).toEqual(VARIANT_NAMES.filter((n) => n.startsWith('ror-')).sort());
    const docs = new Map(paramDocs().map((d) => [d.key, d.doc]));
    const listed = new Set(Object.values(OUT_OF_SEED_PARAMS).flat());
    for (const k of listed) expect(docs.get(k), k).toMatch(/not in the seeds/i);
    for (const [k, doc] of docs) if (/^ror/.test(k) && /not in the seeds/i.test(doc)) expect(listed.has(k as never), k).toBe(true);
  });

  it('the modules play whole games at 3 and 5 players under every built-in player', () => {
    for (const players of [3, 5]) {
      for (const name of ['competent', 'statesman', 'opportunist', 'parametric', 'random']) {
        const r = playGame(config(players, MODULES.join(',')), 'ror-smoke', 0, parsePolicies(name, players));
        expect(r.outcome.turnsPlayed).toBeGreaterThan(0);
      }
    }
  });
});
