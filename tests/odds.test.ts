// Exact combat odds (src/legions/odds.ts) against hand computations, and the `legions odds` command.
import { afterEach, describe, expect, it, vi } from 'vitest';
import yargs from 'yargs';
import { oddsCommand } from '../src/cli/odds.js';
import { type Battle, commanderKilled, resolveBattle } from '../src/legions/combat.js';
import { combatOdds, militaryRating } from '../src/legions/odds.js';
import { InputError } from '../src/legions/params.js';

const EPS = 1e-12;
const sum = (xs: number[]): number => xs.reduce((s, x) => s + x, 0);
// P(HRD = 0..5), rules-notes 3.
const P = [0.1, 0.34, 0.26, 0.18, 0.1, 0.02];

describe('hand-computed single battles', () => {
  // 1 legion, Status 1 (MR 1), 1 army: Roman attack 2 + r, enemy 1 + e.
  //  Rome wins when r >= e: P = .1·1 + .34·.9 + .26·.56 + .18·.3 + .1·.12 + .02·.02 = .618; the army is gone.
  //  Stalemate when e = r + 1: .1·.34 + .34·.26 + .26·.18 + .18·.1 + .1·.02 = .1892.
  //  Enemy wins when e >= r + 2; Rome loses its legion and the enemy loses 1 more (row 1) when
  //  (1+e):(2+r) < 1½, i.e. (r,e) = (1,3), (2,4), (3,5): .34·.18 + .26·.1 + .18·.02 = .0908 -> both at 0, victory.
  //  Otherwise wiped out: (0,2..5) .1·.56 + (1,4..5) .34·.12 + (2,5) .26·.02 = .102.
  //  Rome also loses its legion when it wins at under 1½:1: (2,2), (3,3), (4,4), (5,4), (5,5):
  //  .26² + .18² + .1² + .02·.1 + .02² = .1124, so P(1 lost) = .1124 + .0908 + .102 = .3052.
  it('1 legion, Status 1, 1 army', () => {
    const r = combatOdds({ legions: 1, status: 1, armies: 1 });
    expect(r.mr).toBe(1);
    expect(Math.abs(r.victory - 0.7088)).toBeLessThan(EPS);
    expect(Math.abs(r.stalemate - 0.1892)).toBeLessThan(EPS);
    expect(Math.abs(r.continuing - 0.1892)).toBeLessThan(EPS); // only a stalemate leaves both with forces
    expect(Math.abs(r.romanWipedOut - 0.102)).toBeLessThan(EPS);
    expect(Math.abs(r.romanLosses[0]! - 0.6948)).toBeLessThan(EPS);
    expect(Math.abs(r.romanLosses[1]! - 0.3052)).toBeLessThan(EPS);
    expect(Math.abs(r.enemyLosses[0]! - 0.2912)).toBeLessThan(EPS);
    expect(Math.abs(r.enemyLosses[1]! - 0.7088)).toBeLessThan(EPS);
    // Losing the only legion is "half or more"; the draw 1..10 beats Status 1 nine times in ten.
    expect(Math.abs(r.commanderKilled - 0.3052 * 0.9)).toBeLessThan(EPS);
  });

  it('a higher Status only changes the death draw when the MR is capped by 1 legion', () => {
    const s1 = combatOdds({ legions: 1, status: 1, armies: 1 });
    for (const status of [5, 7, 8, 10]) {
      const r = combatOdds({ legions: 1, status, armies: 1 });
      expect(r.mr).toBe(militaryRating(status));
      expect(r.victory).toBe(s1.victory);
      expect(r.romanLosses).toEqual(s1.romanLosses);
      expect(Math.abs(r.commanderKilled - (0.3052 * (10 - status)) / 10)).toBeLessThan(EPS);
    }
  });

  it('1 legion, Status 1, 1 army, Roman:Enemy ratio: an enemy win always costs it its army', () => {
    // Column <1:1, row 1 = 1: every enemy win (P .1928) leaves both sides at 0.
    const r = combatOdds({ legions: 1, status: 1, armies: 1, romanEnemyRatio: true });
    expect(Math.abs(r.victory - (0.618 + 0.0908 + 0.102))).toBeLessThan(EPS);
    expect(r.romanWipedOut).toBe(0);
    expect(Math.abs(r.commanderKilled - 0.3052 * 0.9)).toBeLessThan(EPS);
  });

  // The worked examples' war: 5 legions, MR 1, 3 armies: Roman 6 + r, enemy 3 + e.
  //  Victory when the enemy loses 3, i.e. r >= e: .618. Stalemate when e = r + 3: .1·.18 + .34·.1 + .26·.02 = .0572.
  //  Rome loses 2 at (r,e) = (0,5) (enemy wins by 2), (4,4) and (5,5) (3 armies lost at under 1½:1, row 3 col 1:1):
  //  .1·.02 + .1·.1 + .02·.02 = .0124. Never 3 or more, so the commander (Status 3) cannot die.
  it('5 legions, Status 3, 3 armies', () => {
    const r = combatOdds({ legions: 5, status: 3, armies: 3 });
    expect(Math.abs(r.victory - 0.618)).toBeLessThan(EPS);
    expect(Math.abs(r.stalemate - 0.0572)).toBeLessThan(EPS);
    expect(Math.abs(r.continuing - 0.382)).toBeLessThan(EPS);
    expect(r.romanWipedOut).toBe(0);
    expect(r.commanderKilled).toBe(0);
    expect(Math.abs(r.romanLosses[2]! - 0.0124)).toBeLessThan(EPS);
    expect(r.romanLosses.slice(3)).toEqual([0, 0, 0]);
    expect(Math.abs(r.enemyLosses[0]! - 0.0572)).toBeLessThan(EPS); // only a stalemate spares the enemy
  });

  it('2 legions, Status 1, 1 army: the commander dies on losing 1 of 2 legions (half) to a draw above 1', () => {
    // Roman 3 + r, enemy 1 + e. Rome loses 1 or 2 only when the enemy wins (e >= r + 3), or when Rome
    // wins (e <= r + 1) at under 1½:1, i.e. 3e > 3 + 2r: (1,2), (2,3), (3,4), (4,4), (4,5), (5,5).
    // Enemy wins: (0,3) (0,4) (0,5) (1,4) (1,5) (2,5) = .1·.3 + .34·.12 + .26·.02 = .0760.
    // Rome wins with a loss: .34·.26 + .26·.18 + .18·.1 + .1·.1 + .1·.02 + .02·.02 = .1656.
    const r = combatOdds({ legions: 2, status: 1, armies: 1 });
    expect(Math.abs(r.commanderKilled - (0.076 + 0.1656) * 0.9)).toBeLessThan(EPS);
  });
});

describe('distributions are complete', () => {
  const cases: [number, number, number, boolean][] = [];
  for (const legions of [1, 2, 3, 5, 8, 13]) {
    for (const status of [1, 4, 5, 9, 10]) for (const armies of [1, 2, 4, 7, 12]) for (const rer of [false, true]) cases.push([legions, status, armies, rer]);
  }

  it('victory + continuing + wiped out = 1, loss distributions sum to 1', () => {
    for (const [legions, status, armies, romanEnemyRatio] of cases) {
      const r = combatOdds({ legions, status, armies, romanEnemyRatio });
      expect(Math.abs(r.victory + r.continuing + r.romanWipedOut - 1)).toBeLessThan(EPS);
      expect(r.romanLosses).toHaveLength(legions + 1);
      expect(r.enemyLosses).toHaveLength(armies + 1);
      expect(Math.abs(sum(r.romanLosses) - 1)).toBeLessThan(EPS);
      expect(Math.abs(sum(r.enemyLosses) - 1)).toBeLessThan(EPS);
      expect(r.stalemate).toBeLessThanOrEqual(r.continuing);
      expect(r.romanLosses[legions]! + EPS).toBeGreaterThanOrEqual(r.romanWipedOut); // all lost: wiped out, or both at 0
      expect(Math.abs(r.enemyLosses[armies]! - r.victory)).toBeLessThan(EPS);
      // Death needs half or more lost and a draw above Status: bounded by P(heavy losses)·(10 − Status)/10.
      const heavy = sum(r.romanLosses.filter((_, k) => k > 0 && 2 * k >= legions));
      expect(r.commanderKilled).toBeLessThanOrEqual((heavy * (10 - status)) / 10 + EPS);
      expect(Math.abs(r.commanderKilled - (heavy * (10 - status)) / 10)).toBeLessThan(EPS);
    }
  });

  it('turn by turn: victory, wipe-out, commander lost and still fighting sum to 1', () => {
    for (const [legions, status, armies, romanEnemyRatio] of cases) {
      const r = combatOdds({ legions, status, armies, romanEnemyRatio, turns: 6 });
      expect(r.turns).toBe(6);
      for (let t = 0; t < 6; t++) {
        const total = r.victoryByTurn![t]! + r.wipedOutByTurn![t]! + r.commanderLostByTurn![t]! + r.ongoingByTurn![t]!;
        expect(Math.abs(total - 1)).toBeLessThan(EPS);
      }
    }
  });

  it('the largest input is fast and complete', () => {
    const r = combatOdds({ legions: 50, status: 10, armies: 50, turns: 20 });
    expect(Math.abs(sum(r.romanLosses) - 1)).toBeLessThan(EPS);
    expect(Math.abs(r.victoryByTurn![19]! + r.wipedOutByTurn![19]! + r.commanderLostByTurn![19]! + r.ongoingByTurn![19]! - 1)).toBeLessThan(1e-11);
  });
});

describe('victory by turn', () => {
  it('is monotone, starts at the one-battle victory and has one entry per turn', () => {
    for (const [legions, status, armies] of [[1, 1, 1], [3, 2, 4], [6, 9, 5], [2, 10, 6], [10, 4, 10]] as const) {
      const r = combatOdds({ legions, status, armies, turns: 12 });
      expect(r.victoryByTurn).toHaveLength(12);
      expect(r.victoryByTurn![0]).toBe(r.victory);
      expect(r.wipedOutByTurn![0]).toBe(r.romanWipedOut);
      for (let t = 1; t < 12; t++) expect(r.victoryByTurn![t]!).toBeGreaterThanOrEqual(r.victoryByTurn![t - 1]!);
    }
  });

  it('1 legion, Status 1, 1 army: only a stalemate (P .1892) carries on, so V(t) = .7088 · Σ .1892^k', () => {
    const r = combatOdds({ legions: 1, status: 1, armies: 1, turns: 3 });
    expect(Math.abs(r.victoryByTurn![1]! - 0.7088 * (1 + 0.1892))).toBeLessThan(EPS);
    expect(Math.abs(r.victoryByTurn![2]! - 0.7088 * (1 + 0.1892 + 0.1892 ** 2))).toBeLessThan(EPS);
    expect(Math.abs(r.ongoingByTurn![2]! - 0.1892 ** 3)).toBeLessThan(EPS);
    expect(r.commanderLostByTurn).toEqual([0, 0, 0]); // he can only fall with his only legion: a wipe-out or victory
  });

  it('agrees with a direct enumeration of two turns through resolveBattle', () => {
    for (const [legions, status, armies, rer] of [[3, 2, 2, false], [4, 6, 5, true], [2, 1, 3, false]] as const) {
      const r = combatOdds({ legions, status, armies, turns: 2, romanEnemyRatio: rer });
      const d = twoTurns(legions, status, armies, rer);
      expect(Math.abs(r.victoryByTurn![1]! - d.victory)).toBeLessThan(EPS);
      expect(Math.abs(r.wipedOutByTurn![1]! - d.wipedOut)).toBeLessThan(EPS);
      expect(Math.abs(r.commanderLostByTurn![1]! - d.commanderLost)).toBeLessThan(EPS);
    }
  });
});

/** Brute force over both turns' HRD pairs and death draws, independent of the module's DP. */
function twoTurns(legions: number, status: number, armies: number, rer: boolean) {
  const acc = { victory: 0, wipedOut: 0, commanderLost: 0 };
  const b: Battle = { romanAttack: 0, enemyAttack: 0, romanLost: 0, enemyLost: 0 };
  const step = (l: number, a: number, p: number, turnsLeft: number): void => {
    for (let rh = 0; rh < 6; rh++) {
      for (let eh = 0; eh < 6; eh++) {
        resolveBattle(l, Math.ceil(status / 4), a, rh, eh, rer, b);
        const l2 = l - b.romanLost;
        const a2 = a - b.enemyLost;
        const lost = b.romanLost;
        for (let draw = 1; draw <= 10; draw++) {
          const q = (p * P[rh]! * P[eh]!) / 10;
          if (a2 === 0) acc.victory += q;
          else if (l2 === 0) acc.wipedOut += q;
          else if (commanderKilled(l, lost, draw, status)) acc.commanderLost += q;
          else if (turnsLeft > 1) step(l2, a2, q, turnsLeft - 1);
        }
      }
    }
  };
  step(legions, armies, 1, 2);
  return acc;
}

describe('input validation', () => {
  it.each([
    [{ legions: 0, status: 1, armies: 1 }, /--legions .* 1 to 50, got 0/],
    [{ legions: 51, status: 1, armies: 1 }, /--legions/],
    [{ legions: 1.5, status: 1, armies: 1 }, /--legions/],
    [{ legions: Number.NaN, status: 1, armies: 1 }, /--legions .* got NaN/],
    [{ legions: 1, status: 0, armies: 1 }, /--status .* 1 to 10/],
    [{ legions: 1, status: 11, armies: 1 }, /--status/],
    [{ legions: 1, status: 1, armies: 0 }, /--armies .* 1 to 50/],
    [{ legions: 1, status: 1, armies: 51 }, /--armies/],
    [{ legions: 1, status: 1, armies: 1, turns: 0 }, /--turns .* 1 to 20/],
    [{ legions: 1, status: 1, armies: 1, turns: 21 }, /--turns/],
    [{ status: 1, armies: 1 } as never, /--legions is required/],
  ])('%o is refused', (input, msg) => {
    let err: unknown;
    try {
      combatOdds(input);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toMatch(msg);
    expect((err as Error).message).not.toContain('\n');
  });
});

describe('legions odds command', () => {
  afterEach(() => vi.restoreAllMocks());

  async function run(args: string[]): Promise<string> {
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
      out += String(s);
      return true;
    });
    // As the main CLI does: errors thrown by the handler propagate.
    await yargs(args)
      .command(oddsCommand)
      .strict()
      .fail((msg, err) => {
        throw err ?? new Error(msg);
      })
      .parseAsync();
    return out;
  }

  it('prints a table with percentages to 2 decimals', async () => {
    const out = await run(['odds', '--legions', '1', '--status', '1', '--armies', '1', '--turns', '2']);
    expect(out).toContain('1 legion, commander Status 1 (MR 1), 1 army');
    expect(out).toMatch(/Victory \(no armies left\)\s+70\.88%/);
    expect(out).toMatch(/of which stalemate\s+18\.92%/);
    expect(out).toMatch(/Roman legions wiped out\s+10\.20%/);
    expect(out).toMatch(/Commander killed\s+27\.47%/);
    expect(out).toMatch(/^\s+2\s+84\.29%/m);
  });

  it('prints the JSON object with --json and honours --roman-enemy-ratio', async () => {
    const out = await run(['odds', '--legions', '4', '--status', '6', '--armies', '5', '--turns', '3', '--json', '--roman-enemy-ratio']);
    expect(JSON.parse(out)).toEqual(combatOdds({ legions: 4, status: 6, armies: 5, turns: 3, romanEnemyRatio: true }));
  });

  it('throws InputError on bad numbers', async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    await expect(run(['odds', '--legions', '0', '--status', '1', '--armies', '1'])).rejects.toBeInstanceOf(InputError);
    await expect(run(['odds', '--legions', 'x', '--status', '1', '--armies', '1'])).rejects.toThrow(/--legions .* got NaN/);
    await expect(run(['odds', '--status', '1', '--armies', '1'])).rejects.toThrow(/Missing required argument: legions/);
  });
});
