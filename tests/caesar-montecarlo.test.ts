// The simulator and the exact solver agree: 20,000 seeded battles per setup, and each exact
// probability inside the 99.9 % Wilson interval of the simulated rate (the interval is computed here).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BattleRules, type BattleSetup, defaultPolicy, exactOdds, parseBattle, playBattle } from '../src/caesar/index.js';

const BATTLES = 20_000;
const Z = 3.2905267314919255; // two-sided 99.9 %

/** Wilson score interval for k successes in n trials. */
function wilson(k: number, n: number): [number, number] {
  const p = k / n;
  const z2 = Z * Z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At k = 0 or k = n the bound is 0 or 1 exactly; rounding must not move it.
  return [k === 0 ? 0 : centre - half, k === n ? 1 : centre + half];
}

const file = (name: string) => parseBattle(JSON.parse(readFileSync(join(__dirname, '..', 'battles', `${name}.json`), 'utf8')));
type UnitJson = Record<string, unknown>;
const battle = (att: UnitJson[], def: UnitJson[], rules: Record<string, unknown> = {}) => parseBattle({ attacker: { units: att }, defender: { units: def }, rules });
const L = { kind: 'legion' };
const VL = { kind: 'legion', veteran: true };
const A = { kind: 'allied' };
const leader = (swords: number, supreme = false) => ({ kind: 'leader', swords, supreme });
const rulebook = file('rulebook');

const cases: [string, BattleSetup, BattleRules, boolean][] = [
  ['legion duel', file('legion-duel'), file('legion-duel').rules, false],
  ['rulebook battle, to the finish', rulebook, rulebook.rules, false],
  ['rulebook battle, Pompeians retreat after round 1', { ...rulebook, defender: { ...rulebook.defender, retreatAfterRound: 1 } }, rulebook.rules, true],
  ['3 Legions v 3 Legions', battle([L, L, L], [L, L, L]), battle([L], [L]).rules, false],
  ['Caesar + 3 Legions v Pompey + 4 Legions', battle([leader(4, true), L, L, L], [leader(3, true), L, L, L, L]), battle([L], [L]).rules, false],
  ['Silver veterans', battle([VL, VL, leader(2)], [L, L, L, A]), { ...battle([L], [L]).rules, silverVeterans: true }, false],
  ['Gold breakthrough', battle([leader(3), A, L], [leader(2), L, L, A]), { ...battle([L], [L]).rules, breakthrough: true }, false],
  ['Gold many dice', battle([leader(3), L, L], [leader(2), L, L, L]), { ...battle([L], [L]).rules, manyDice: true }, false],
];

describe('Monte Carlo v exact odds (20,000 battles each)', () => {
  it.each(cases)('%s', (name, setup, rules, retreats) => {
    const exact = exactOdds(setup, rules, { retreatOrders: retreats });
    let wins = 0;
    let supreme = 0;
    let rounds = 0;
    let rounds2 = 0;
    const r1 = new Array<number>(exact.round1.attackerLosses.length).fill(0);
    for (let i = 0; i < BATTLES; i++) {
      const o = playBattle(setup, rules, [defaultPolicy, defaultPolicy], `mc-${name}`, i);
      wins += o.attackerWins;
      supreme += o.attackerSupremeLost;
      rounds += o.rounds;
      rounds2 += o.rounds * o.rounds;
      if (o.rounds === 1 && !retreats) r1[o.attackerLosses]!++;
    }
    const [lo, hi] = wilson(wins, BATTLES);
    expect(exact.attackerWins, `P(attacker wins) in [${lo}, ${hi}]`).toBeGreaterThanOrEqual(lo);
    expect(exact.attackerWins).toBeLessThanOrEqual(hi);
    const [slo, shi] = wilson(supreme, BATTLES);
    expect(exact.attackerSupremeLost).toBeGreaterThanOrEqual(slo);
    expect(exact.attackerSupremeLost).toBeLessThanOrEqual(shi);
    // Mean rounds: within Z standard errors of the sample mean.
    const mean = rounds / BATTLES;
    const se = Math.sqrt(Math.max(rounds2 / BATTLES - mean * mean, 0) / BATTLES);
    expect(Math.abs(exact.expectedRounds - mean)).toBeLessThanOrEqual(Z * se + 1e-12);
    // A battle settled in round 1 with the attacker wiped out shows its whole round-1 loss.
    if (!retreats) {
      const wiped = exact.round1.attackerLosses.length - 1;
      const [wlo, whi] = wilson(r1[wiped]!, BATTLES);
      expect(exact.round1.attackerLosses[wiped]).toBeGreaterThanOrEqual(wlo);
      expect(exact.round1.attackerLosses[wiped]).toBeLessThanOrEqual(whi);
    }
  });
});
