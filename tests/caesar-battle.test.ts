// Caesar XL battles played with dice (src/caesar/play.ts): the rulebook's Battle Example step by
// step with forced dice, each optional rule at the roll that matters, policies, and determinism.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makePrng } from '../src/core/rng.js';
import {
  ATTACKER,
  type BattlePolicy,
  type BattleSetup,
  cautiousPolicy,
  DEFENDER,
  defaultPolicy,
  fightBattle,
  OUTCOME_FIELDS,
  parseBattle,
  playBattle,
  policyByName,
  POLICY_NAMES,
  randomPolicy,
  scriptedDice,
  seededDice,
} from '../src/caesar/index.js';

const rulebook = () => parseBattle(JSON.parse(readFileSync(join(__dirname, '..', 'battles', 'rulebook.json'), 'utf8')));
const streams = () => [makePrng('a'), makePrng('d')] as const;

/** Plays `setup` with forced dice (then seeded ones) and returns the outcome and the trace. */
function scripted(setup: BattleSetup, rolls: number[], policies: readonly [BattlePolicy, BattlePolicy] = [defaultPolicy, defaultPolicy], rules = setup.rules) {
  const trace: string[] = [];
  const outcome = fightBattle(setup, rules, policies, scriptedDice(rolls, seededDice(makePrng('rest'))), streams(), trace);
  return { outcome, trace };
}

type UnitJson = Record<string, unknown>;
const battle = (att: UnitJson[], def: UnitJson[], rules: Record<string, unknown> = {}, defenderRetreat: number | null = null) =>
  parseBattle({ attacker: { units: att, tactic: null }, defender: { units: def, tactic: null, retreatAfterRound: defenderRetreat }, rules });

describe('the Battle Example (Bronze 10.0), with the dice the text gives', () => {
  it('round 1, the Pompeian retreat, Cato, the pursuit and the promotion', () => {
    // The text gives these rolls: the Allied 2 (a miss), the veteran Legion 3 (a hit), the first
    // Pompeian Legion 5. It only says the other Legions trade one hit each, Caesar hits and Cato
    // misses, so those rolls are chosen to match; the pursuit scores exactly one hit of three dice.
    const rolls = [2, 3, 5, 6, 4, 2, 6, 5, 1, 3, 5, 2, 6];
    // The Pompeians are down to 5 swords against 9 after round 1: the cautious player leaves.
    const { outcome, trace } = scripted(rulebook(), rolls, [defaultPolicy, cautiousPolicy]);
    expect(trace).toEqual([
      'round 1: attacker leads',
      '  Light: defender Allied 1 (1 sword) rolls 2: miss',
      '  Heavy: attacker veteran Legion 1 (3 swords) rolls 3: hit; defender loses Allied 1',
      '  Heavy: defender Legion 1 (4 swords) rolls 5: miss',
      '  Heavy: attacker Legion 2 (2 swords) rolls 6: miss',
      '  Heavy: defender Legion 2 (4 swords) rolls 4: hit; attacker loses Legion 2',
      '  Heavy: attacker Legion 3 (2 swords) rolls 2: hit; defender loses Legion 1',
      '  Heavy: defender Legion 3 (4 swords) rolls 6: miss',
      '  Heavy: defender Legion 4 (4 swords) rolls 5: miss',
      '  Leader: attacker Caesar (4 swords) rolls 1: hit; defender loses Legion 2',
      '  Leader: defender Cato (2 swords) rolls 3: miss',
      'attacker stays',
      'defender retreats',
      'Cato does not survive the retreat',
      'pursuit: attacker rolls 5,2,6: 1 hit; defender loses Legion 3',
      'attacker holds the field and promotes Legion 3 to its veteran side',
    ]);
    expect(outcome).toMatchObject({
      attackerWins: 1,
      defenderWins: 0,
      defenderLed: 0,
      rounds: 1,
      attackerLosses: 1,
      defenderLosses: 5,
      defenderLeadersLost: 1,
      defenderSupremeLost: 0,
      attackerSurvivors: 3,
      defenderSurvivors: 1,
      defenderRetreated: 1,
      pursuitHits: 1,
      promotions: 1,
      policyErrors: 0,
    });
  });

  it('Leadership: Caesar 4 against Cato 1 + 1 from Double Line; a tie goes to the defender', () => {
    expect(scripted(rulebook(), [2, 3, 5, 6, 4, 2, 6, 5, 1, 3], [defaultPolicy, defaultPolicy]).trace[0]).toBe('round 1: attacker leads');
    const tie = battle([{ kind: 'leader', swords: 2 }, { kind: 'legion' }], [{ kind: 'leader', swords: 2 }, { kind: 'legion' }]);
    expect(scripted(tie, [6, 6, 6, 6, 1]).trace.slice(0, 2)).toEqual(['round 1: defender leads', '  Heavy: defender Legion 1 (2 swords) rolls 6: miss']);
  });
});

describe('rules at the roll that matters', () => {
  it('a side with more units of a type rolls its extra ones in a row; the Lead Player starts every segment', () => {
    const setup = battle([{ kind: 'allied' }, { kind: 'legion' }], [{ kind: 'allied' }, { kind: 'allied' }, { kind: 'allied' }, { kind: 'legion' }]);
    const { trace } = scripted(setup, [6, 6, 6, 6, 6, 6]);
    expect(trace.slice(0, 7)).toEqual([
      'round 1: defender leads',
      '  Light: defender Allied 1 (1 sword) rolls 6: miss',
      '  Light: attacker Allied 1 (1 sword) rolls 6: miss',
      '  Light: defender Allied 2 (1 sword) rolls 6: miss',
      '  Light: defender Allied 3 (1 sword) rolls 6: miss',
      '  Heavy: defender Legion 1 (2 swords) rolls 6: miss',
      '  Heavy: attacker Legion 1 (2 swords) rolls 6: miss',
    ]);
  });

  it('a hit may take an enemy unit that has not rolled yet, which then never rolls this round', () => {
    // The Lead (defender) Legion hits; the attacker has only one unit of each type left.
    const setup = battle([{ kind: 'legion' }, { kind: 'leader', swords: 1 }], [{ kind: 'legion' }, { kind: 'leader', swords: 2 }]);
    const { trace } = scripted(setup, [1, 6, 6, 6]);
    expect(trace[1]).toBe('  Heavy: defender Legion 1 (2 swords) rolls 1: hit; attacker loses Legion 1');
    expect(trace[2]).toBe('  Leader: defender Leader 1 (2 swords) rolls 6: miss');
  });

  it('Silver 10.1: a veteran takes a hit by flipping to its regular side (one sword less)', () => {
    const setup = battle([{ kind: 'legion', veteran: true }], [{ kind: 'legion' }], { silverVeterans: true });
    // Round 2: the defender hits again, and the now regular Legion is eliminated.
    const { outcome, trace } = scripted(setup, [1, 6, 1]);
    expect(trace[1]).toBe("  Heavy: defender Legion 1 (2 swords) rolls 1: hit; attacker's veteran Legion 1 flips to its regular side");
    expect(trace[2]).toBe('  Heavy: attacker veteran Legion 1 (2 swords) rolls 6: miss');
    expect(outcome).toMatchObject({ attackerAbsorbed: 1, attackerLosses: 1, defenderWins: 1, rounds: 2 });
  });

  it('Silver 10.2: the victor loots 1 Gold per Light or Heavy unit of the loser eliminated, leaders not counted', () => {
    const setup = battle([{ kind: 'legion', swords: 6 }, { kind: 'leader', swords: 6 }], [{ kind: 'allied' }, { kind: 'legion' }, { kind: 'leader', swords: 1 }], { loot: true });
    const { outcome } = scripted(setup, [6, 1, 6, 1, 6, 1]);
    expect(outcome.attackerWins).toBe(1);
    expect(outcome.defenderLosses).toBe(3);
    expect(outcome.lootGold).toBe(2);
    expect(scripted(setup, [6, 1, 6, 1, 6, 1], undefined, { ...setup.rules, loot: false }).outcome.lootGold).toBe(0);
  });

  it('Gold 10.4: a unit whose type the enemy no longer fields rolls with one sword more, from that moment', () => {
    const setup = battle([{ kind: 'leader', swords: 1 }, { kind: 'legion' }], [{ kind: 'leader', swords: 1 }, { kind: 'legion' }, { kind: 'legion' }], { breakthrough: true });
    // The defender leads (1 v 1); its first Legion kills the attacker's only Legion.
    const { trace } = scripted(setup, [1, 6, 6, 6]);
    expect(trace.slice(1, 5)).toEqual([
      '  Heavy: defender Legion 1 (2 swords) rolls 1: hit; attacker loses Legion 1',
      '  Heavy: defender Legion 2 (3 swords) rolls 6: miss',
      '  Leader: defender Leader 1 (1 sword) rolls 6: miss',
      '  Leader: attacker Leader 1 (1 sword) rolls 6: miss',
    ]);
    // Checked once a round instead, the bonus waits for round 2.
    const atRound = scripted(setup, [1, 6, 6, 6, 6], undefined, { ...setup.rules, breakthroughAt: 'round' }).trace;
    expect(atRound[2]).toBe('  Heavy: defender Legion 2 (2 swords) rolls 6: miss');
    expect(atRound[atRound.indexOf('round 2: defender leads') + 1]).toBe('  Heavy: defender Legion 1 (3 swords) rolls 6: miss');
  });

  it('Gold 10.5: many dice; a Legion hits at most once, a leader once per 1', () => {
    const setup = battle([{ kind: 'legion' }, { kind: 'leader', swords: 3 }], [{ kind: 'legion' }, { kind: 'legion' }, { kind: 'legion' }, { kind: 'legion' }], { manyDice: true });
    const { trace } = scripted(setup, [1, 1, 5, 5, 5, 5, 5, 5, 1, 1, 4]);
    expect(trace.slice(0, 6)).toEqual([
      'round 1: attacker leads',
      '  Heavy: attacker Legion 1 (2 swords) rolls 1,1: 1 hit; defender loses Legion 1',
      '  Heavy: defender Legion 2 (2 swords) rolls 5,5: miss',
      '  Heavy: defender Legion 3 (2 swords) rolls 5,5: miss',
      '  Heavy: defender Legion 4 (2 swords) rolls 5,5: miss',
      '  Leader: attacker Leader 1 (3 swords) rolls 1,1,4: 2 hits; defender loses Legion 2; defender loses Legion 3',
    ]);
  });

  it('a retreat order, then pursuit dice that hit on at most the swords, or with pursuitHit = one only on a 1', () => {
    const setup = battle([{ kind: 'legion', swords: 4 }], [{ kind: 'legion' }, { kind: 'legion' }], {}, 1);
    const swords = scripted(setup, [6, 6, 6, 4]);
    expect(swords.trace.slice(4)).toEqual(['attacker stays', 'defender retreats', 'pursuit: attacker rolls 4: 1 hit; defender loses Legion 1',
      'attacker holds the field and promotes Legion 1 to its veteran side',
    ]);
    expect(swords.outcome).toMatchObject({ attackerWins: 1, defenderRetreated: 1, pursuitHits: 1, defenderLosses: 1, defenderSurvivors: 1, promotions: 1 });
    const one = scripted(setup, [6, 6, 6, 4], undefined, { ...setup.rules, pursuitHit: 'one' });
    expect(one.trace.at(-2)).toBe('pursuit: attacker rolls 4: 0 hits');
  });
});

describe('policies', () => {
  it('a policy answer that breaks the rules is counted and replaced by the default choice', () => {
    const bad: BattlePolicy = { name: 'bad', commit: () => 99, loss: () => -1, retreat: () => false };
    const setup = battle([{ kind: 'legion' }], [{ kind: 'legion' }]);
    // Round 1: both miss (the attacker's commit is replaced); round 2: the defender hits first (the loss is replaced).
    const { outcome } = scripted(setup, [6, 6, 1], [bad, defaultPolicy]);
    expect(outcome.policyErrors).toBe(2);
    expect(outcome.attackerWins).toBe(0);
  });

  it('random draws from its own stream: same seed and index, same battle; the dice are unchanged by it', () => {
    const setup = rulebook();
    // A policy that draws from its stream but decides as the default one leaves every battle as it was.
    const noisy: BattlePolicy = { ...defaultPolicy, name: 'noisy', commit: (v, side, rng) => (rng.int32(), defaultPolicy.commit(v, side, rng)) };
    for (let i = 0; i < 20; i++) expect(playBattle(setup, setup.rules, [noisy, noisy], 'seed', i)).toEqual(playBattle(setup, setup.rules, [defaultPolicy, defaultPolicy], 'seed', i));
    const a = playBattle(setup, setup.rules, [randomPolicy, randomPolicy], 'seed', 7);
    expect(playBattle(setup, setup.rules, [randomPolicy, randomPolicy], 'seed', 7)).toEqual(a);
    let retreats = 0;
    for (let i = 0; i < 200; i++) {
      const o = playBattle(setup, setup.rules, [randomPolicy, randomPolicy], 'seed', i);
      retreats += o.attackerRetreated + o.defenderRetreated;
    }
    expect(retreats).toBeGreaterThan(0);
  });

  it('cautious retreats when it has fewer swords than the enemy after a round; default never does', () => {
    const setup = battle([{ kind: 'allied' }], [{ kind: 'legion' }, { kind: 'legion' }]);
    let retreats = 0;
    for (let i = 0; i < 50; i++) {
      const c = playBattle(setup, setup.rules, [cautiousPolicy, defaultPolicy], 's', i);
      expect(c.attackerWins + c.attackerRetreated, `battle ${i}`).toBeLessThanOrEqual(1);
      // Nobody was wiped out: the lone Allied unit (1 sword against 2 or 4) left after round 1.
      if (c.attackerSurvivors > 0 && c.defenderSurvivors > 0) expect(c).toMatchObject({ attackerRetreated: 1, rounds: 1 });
      retreats += c.attackerRetreated;
      const d = playBattle(setup, setup.rules, [defaultPolicy, defaultPolicy], 's', i);
      expect(d.attackerRetreated + d.defenderRetreated).toBe(0);
    }
    expect(retreats).toBeGreaterThan(10);
  });

  it('are found by name', () => {
    expect(POLICY_NAMES).toEqual(['default', 'random', 'cautious']);
    expect(policyByName('cautious')).toBe(cautiousPolicy);
    expect(() => policyByName('brave')).toThrow('unknown battle policy "brave" (known: default, random, cautious)');
  });
});

describe('playBattle', () => {
  it('is deterministic in (seed, index), and different indices give different battles', () => {
    const setup = rulebook();
    const run = (seed: string) => Array.from({ length: 30 }, (_, i) => playBattle(setup, setup.rules, [defaultPolicy, defaultPolicy], seed, i));
    const a = run('alpha');
    expect(run('alpha')).toEqual(a);
    expect(new Set(a.map((o) => JSON.stringify(o))).size).toBeGreaterThan(5);
    expect(run('beta')).not.toEqual(a);
  });

  it('pins the first battles of a fixed seed (a change in the dice stream is never silent)', () => {
    const setup = rulebook();
    const sig = Array.from({ length: 12 }, (_, i) => {
      const o = playBattle(setup, setup.rules, [defaultPolicy, defaultPolicy], 'pinned', i);
      return `${o.attackerWins}${o.rounds}${o.attackerLosses}${o.defenderLosses}`;
    }).join(' ');
    expect(sig).toMatchInlineSnapshot(`"0140 0143 0141 0343 0242 0241 0140 0342 0243 0241 0342 0241"`);
  });

  it('yields every OUTCOME_FIELDS field, and nothing else, as integers', () => {
    const setup = rulebook();
    const o = playBattle(setup, { ...setup.rules, loot: true, silverVeterans: true }, [randomPolicy, cautiousPolicy], 'fields', 3);
    expect(Object.keys(o).sort()).toEqual(OUTCOME_FIELDS.map((f) => f.name).sort());
    for (const v of Object.values(o)) expect(Number.isInteger(v)).toBe(true);
    expect(o.attackerWins + o.defenderWins).toBe(1);
    expect(o.attackerLosses + o.attackerSurvivors).toBe(4);
    expect(o.defenderLosses + o.defenderSurvivors).toBe(6);
    expect([ATTACKER, DEFENDER]).toEqual([0, 1]);
  });
});
