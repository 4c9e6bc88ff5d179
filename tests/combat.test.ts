// 6. Combat Resolution and ADDITIONAL LOSSES: worked examples, the table, ratio columns, caps.
import { describe, expect, it } from 'vitest';
import {
  ADDITIONAL_LOSSES, additionalLosses, type Battle, commanderKilled, ratioColumn, resolveBattle,
} from '../src/legions/combat.js';
import { hrdDistribution } from '../src/legions/common.js';

const battle = (legions: number, mr: number, armies: number, rh: number, eh: number, romanEnemyRatio = false): Battle =>
  resolveBattle(legions, mr, armies, rh, eh, romanEnemyRatio, { romanAttack: 0, enemyAttack: 0, romanLost: 0, enemyLost: 0 });

describe('worked examples (6. Combat Resolution, ADDITIONAL LOSSES)', () => {
  it('5 legions, MR 1, 3 armies, HRD 1 vs 2: 7 vs 5, ratio 1:1, enemy loses 2, Rome 1, war continues', () => {
    const b = battle(5, 1, 3, 1, 2);
    expect(b).toEqual({ romanAttack: 7, enemyAttack: 5, romanLost: 1, enemyLost: 2 });
    expect(ratioColumn(7, 5)).toBe(1); // 1.4 rounded down to 1:1
    expect(3 - b.enemyLost).toBeGreaterThan(0);
    expect(5 - b.romanLost).toBeGreaterThan(0);
  });

  it('5 legions, MR 1, 3 armies, HRD 2 vs 2: 8 vs 5, ratio 1½:1, enemy loses 3, Rome 1, victory', () => {
    const b = battle(5, 1, 3, 2, 2);
    expect(b).toEqual({ romanAttack: 8, enemyAttack: 5, romanLost: 1, enemyLost: 3 });
    expect(ratioColumn(8, 5)).toBe(2); // 1.6 rounded down to 1½:1
    expect(3 - b.enemyLost).toBe(0);
  });
});

describe('Additional Losses table', () => {
  const table = [
    // <1:1, 1:1, 1½:1, 2:1, 2½:1, 3:1+ (the rules text, row by row)
    [1, 1, 0, 0, 0, 0],
    [2, 1, 1, 1, 0, 0],
    [2, 2, 1, 1, 1, 0],
    [3, 2, 2, 1, 1, 1],
    [3, 3, 2, 2, 1, 1],
    [4, 3, 3, 2, 2, 1],
  ];

  it('matches the printed table exactly', () => {
    expect(ADDITIONAL_LOSSES).toEqual(table);
    for (let row = 1; row <= 6; row++) for (let col = 0; col < 6; col++) expect(additionalLosses(row, col)).toBe(table[row - 1]![col]);
  });

  it('uses the "6+" row for 6 or more forces lost', () => {
    for (const lost of [6, 7, 10, 50]) for (let col = 0; col < 6; col++) expect(additionalLosses(lost, col)).toBe(table[5]![col]);
  });
});

describe('ratio columns (rounded down to the nearest ratio shown)', () => {
  it.each([
    [4, 5, 0], // below 1:1
    [9, 10, 0],
    [1, 1, 1],
    [5, 5, 1],
    [7, 5, 1], // 1.4
    [14, 10, 1], // 1.4
    [3, 2, 2], // exactly 1½
    [8, 5, 2], // 1.6
    [19, 10, 2],
    [2, 1, 3], // exactly 2
    [4, 2, 3],
    [12, 5, 3], // 2.4
    [5, 2, 4], // exactly 2½
    [29, 10, 4],
    [3, 1, 5], // exactly 3
    [6, 2, 5],
    [20, 1, 5],
  ])('%i:%i -> column %i', (a, b, col) => {
    expect(ratioColumn(a, b)).toBe(col);
  });
});

describe('resolveBattle', () => {
  it('stalemate on equal attacks: nobody loses', () => {
    expect(battle(3, 1, 4, 2, 2)).toEqual({ romanAttack: 6, enemyAttack: 6, romanLost: 0, enemyLost: 0 });
  });

  it('adds the MR at most up to the number of legions (rules-notes 20)', () => {
    expect(battle(1, 3, 5, 0, 0).romanAttack).toBe(2);
    expect(battle(2, 3, 5, 0, 0).romanAttack).toBe(4);
    expect(battle(3, 3, 5, 0, 0).romanAttack).toBe(6);
    expect(battle(4, 3, 5, 0, 0).romanAttack).toBe(7);
  });

  it('the loser loses no more forces than it has', () => {
    // Rome 1 legion (+1 MR) attacks 2 vs enemy 1 + 5 = 6: a difference of 4, only 1 legion to lose.
    expect(battle(1, 1, 1, 0, 5)).toEqual({ romanAttack: 2, enemyAttack: 6, romanLost: 1, enemyLost: 0 });
    // Enemy loses 8 by difference but has 3 armies.
    expect(battle(5, 1, 3, 5, 0).enemyLost).toBe(3);
  });

  it('the Additional Losses row is what the loser actually lost (rules-notes 12)', () => {
    // 11 vs 3 (3:1+): the enemy loses its 3 armies, row 3 column 3:1+ = 0 (row 6+ would give 1).
    expect(battle(5, 1, 3, 5, 0)).toEqual({ romanAttack: 11, enemyAttack: 3, romanLost: 0, enemyLost: 3 });
  });

  it('the winner loses no more forces than it has', () => {
    // Roman:Enemy reading: 2 vs 6, Rome loses its 2 legions; row 2 column <1:1 = 2, but 1 army is all there is.
    expect(battle(2, 0, 1, 0, 5, true)).toEqual({ romanAttack: 2, enemyAttack: 6, romanLost: 2, enemyLost: 1 });
  });

  it('default reading: winner:loser ratio when the enemy wins', () => {
    // 2 vs 4: enemy wins 2:1 (column 3), Rome loses 1 (capped), row 1 column 2:1 = 0.
    expect(battle(1, 1, 1, 0, 3)).toEqual({ romanAttack: 2, enemyAttack: 4, romanLost: 1, enemyLost: 0 });
    // 6 vs 7: enemy wins 7:6 (column 1:1), Rome loses 1, row 1 column 1:1 = 1.
    expect(battle(5, 1, 2, 0, 5)).toEqual({ romanAttack: 6, enemyAttack: 7, romanLost: 1, enemyLost: 1 });
  });

  it('Roman:Enemy switch uses column <1:1 when the enemy wins (rules-notes 12)', () => {
    // 2 vs 4: ratio 1:2 -> column 0, row 1 -> the enemy loses 1.
    expect(battle(1, 1, 1, 0, 3, true)).toEqual({ romanAttack: 2, enemyAttack: 4, romanLost: 1, enemyLost: 1 });
    // 6 vs 11: Rome loses 5; row 5 column <1:1 = 3, where winner:loser 11:6 (1½:1) gives 2.
    expect(battle(5, 1, 6, 0, 5, true).enemyLost).toBe(3);
    expect(battle(5, 1, 6, 0, 5, false).enemyLost).toBe(2);
    // 4 vs 9: Rome loses 3 (capped), row 3: column <1:1 = 2 vs winner:loser 2:1 = 1.
    expect(battle(3, 1, 4, 0, 5, true).enemyLost).toBe(2);
    expect(battle(3, 1, 4, 0, 5, false).enemyLost).toBe(1);
  });

  it('the switch changes nothing when Rome wins or on a stalemate', () => {
    for (let rh = 0; rh <= 5; rh++) {
      for (let eh = 0; eh <= 5; eh++) {
        const a = battle(4, 2, 3, rh, eh, false);
        if (a.romanAttack >= a.enemyAttack) expect(battle(4, 2, 3, rh, eh, true)).toEqual(a);
      }
    }
  });
});

describe('commander death (half or more lost, draw above Status)', () => {
  it('needs half or more of the legions lost, and at least one', () => {
    expect(commanderKilled(5, 2, 10, 1)).toBe(false); // 2 of 5 is less than half
    expect(commanderKilled(5, 3, 10, 1)).toBe(true);
    expect(commanderKilled(4, 2, 10, 1)).toBe(true); // exactly half
    expect(commanderKilled(1, 0, 10, 1)).toBe(false);
    expect(commanderKilled(1, 1, 10, 1)).toBe(true);
  });

  it('dies only on a draw strictly above his Status', () => {
    expect(commanderKilled(2, 2, 5, 5)).toBe(false);
    expect(commanderKilled(2, 2, 6, 5)).toBe(true);
    for (let draw = 1; draw <= 10; draw++) expect(commanderKilled(2, 2, draw, 10)).toBe(false);
  });
});

describe('half random difference (rules-notes 3)', () => {
  it('is distributed 10, 34, 26, 18, 10, 2 out of 100', () => {
    expect(hrdDistribution()).toEqual([10, 34, 26, 18, 10, 2]);
  });
});
