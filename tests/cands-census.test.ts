// The candidates' census the policies keep (policies/lib.ts): bestOwn and highestStatus read the game's
// list (g.cands) from a census kept under its listing number (state.ts candsChanged). With checking on
// (tests/setup.ts) every read is compared with a pass over the list, so a list or owner changed without
// candsChanged throws; without checking the stale answer would be played.
import { afterEach, describe, expect, it } from 'vitest';
import { setupGame } from '../src/legions/setup.js';
import { candsChanged, type GameState } from '../src/legions/state.js';
import { bestOwn, highestStatus, setVerifyCandsCensus } from '../policies/lib.js';
import { makeConfig } from './helpers.js';

afterEach(() => setVerifyCandsCensus(true)); // (on for every test: tests/setup.ts)

/** A game whose list holds senators 3, 12 and 25 of faction 0 and 5 of faction 1, and 7 of nobody. */
function listed(): GameState {
  const g = setupGame(makeConfig(5), 'cands-census', false);
  const owners: [number, number][] = [[3, 0], [5, 1], [7, -1], [12, 0], [25, 0]];
  g.cands.length = 0;
  for (const [s, f] of owners) {
    g.senOwner[s] = f;
    g.cands.push(s);
  }
  candsChanged(g);
  return g;
}

describe("the candidates' census kept by the policies", () => {
  it('reads the highest card and the highest Status of each owner from the list', () => {
    const g = listed();
    expect(bestOwn(g, 0, g.cands)).toBe(25);
    expect(bestOwn(g, 1, g.cands)).toBe(5);
    expect(bestOwn(g, 2, g.cands)).toBe(-1);
    // Status is card % 10 + 1: 25 and 5 are 6, 3 is 4, 12 is 3, 7 is 8; the lowest card among equals.
    expect(highestStatus(g, g.cands, 0)).toBe(25);
    expect(highestStatus(g, g.cands, -1)).toBe(7);
    expect(highestStatus(g, g.cands, -2)).toBe(7);
    // A list that is not the game's is read as it is.
    expect(highestStatus(g, [12, 3], 0)).toBe(3);
    expect(bestOwn(g, 0, [12, 3])).toBe(12);
  });

  it('a listed senator changing hands without candsChanged is caught by the check', () => {
    const g = listed();
    expect(bestOwn(g, 0, g.cands)).toBe(25);
    g.senOwner[25] = 1;
    expect(() => bestOwn(g, 0, g.cands)).toThrow(/census is stale/);
    expect(() => bestOwn(g, 1, g.cands)).toThrow(/census is stale/);
    candsChanged(g);
    expect(bestOwn(g, 0, g.cands)).toBe(12);
    expect(highestStatus(g, g.cands, 1)).toBe(5);
  });

  it('the list changed without candsChanged is caught by the check; without checking the kept answer stands', () => {
    const g = listed();
    expect(highestStatus(g, g.cands, -2)).toBe(7);
    g.cands[2] = 9; // senator 9 (Status 10, nobody's) in place of 7
    g.senOwner[9] = -1;
    expect(() => highestStatus(g, g.cands, -2)).toThrow(/census is stale/);
    const h = listed();
    setVerifyCandsCensus(false);
    expect(highestStatus(h, h.cands, -2)).toBe(7);
    h.cands[2] = 9;
    h.senOwner[9] = -1;
    expect(highestStatus(h, h.cands, -2)).toBe(7); // kept: the census is read, not the list
    candsChanged(h);
    expect(highestStatus(h, h.cands, -2)).toBe(9);
  });
});
