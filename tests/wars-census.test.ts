// The wars' census the policies keep (policies/lib.ts) is taken afresh only when the wars change
// version (state.ts warsChanged). With checking on, every kept census is compared with a fresh one:
// over every field and variation set, and rollout players copying states, none may be stale.
import { afterEach, describe, expect, it } from 'vitest';
import { fingerprint, FINGERPRINT_FIELDS, FINGERPRINT_VARIANTS } from '../src/games/legions/fingerprint.js';
import { playGame } from '../src/legions/game.js';
import { setupGame } from '../src/legions/setup.js';
import { type GameState, warsChanged } from '../src/legions/state.js';
import { parseVariants, VARIANT_NAMES } from '../src/legions/variants.js';
import { collapseClose, nextActiveWar, setVerifyWarsCensus, stateReserve, warDueNextTurn } from '../policies/lib.js';
import { parsePolicies } from '../policies/index.js';
import { makeConfig, srcWrites } from './helpers.js';

afterEach(() => setVerifyWarsCensus(true)); // (on for every test: tests/setup.ts)

describe("the wars' census kept by the policies", () => {
  for (const field of FINGERPRINT_FIELDS) {
    it(`${field}: never stale under any variation set (150 games each, checked at every read)`, () => {
      setVerifyWarsCensus(true);
      for (const variants of Object.keys(FINGERPRINT_VARIANTS)) expect(fingerprint(field, variants, 150)).toMatch(/^[0-9a-f]{16}$/);
    });
  }

  it('never stale with rollout players copying and replaying states', () => {
    setVerifyWarsCensus(true);
    const cfg = { ...makeConfig(5), variants: parseVariants(VARIANT_NAMES) };
    for (let i = 0; i < 2; i++) playGame(cfg, 'census', i, parsePolicies('rollout,competent,rollout:classic,competent,competent', 5));
  });

  it("every write in src/ to what the census reads (a war's status, turn, commander, State legions) is followed by warsChanged within five lines", () => {
    // An assignment (=, +=, -=, ++, --) to one of those arrays, or a fill of one.
    const write = /(\.status|\.turn|\.commander|\.stateLegions)\[[^\]]+\]!?\s*(=(?!=)|\+=|-=|\+\+|--)|(status|turn|commander|stateLegions)\.fill\(/;
    // Two modules have arrays of their own named status, not the wars'.
    const writes = srcWrites(write, 0, 6).filter((w) => !/odds\.ts:|outcome\.ts:/.test(w.at));
    for (const w of writes) expect(w.around, w.at).toMatch(/warsChanged\(/);
    expect(writes.length).toBeGreaterThanOrEqual(12);
  });

  it('collapseClose, stateReserve, warDueNextTurn and nextActiveWar read from the census equal the old one-pass scan, long games and odd turns included', () => {
    // The scan they replaced (commit efa43aa), written out here as the reference.
    const reference = (g: GameState): boolean => {
      if (g.ri >= 8) return true;
      const w = g.wars;
      const next = g.turn + 1;
      let active = 0;
      let commanders = 0;
      let legions = 0;
      let due = false;
      for (let i = 0; i < w.status.length; i++) {
        const st = w.status[i];
        if (st === 1) {
          if (++active >= 2 || due) return true;
        } else if (st === 0 && w.turn[i] === next) {
          if (active > 0) return true;
          due = true;
        }
        if (w.commander[i]! >= 0) commanders++;
        legions += w.stateLegions[i]!;
      }
      const p = g.params;
      return g.stateTreasury < p.warCost * (active + 1) + p.legionUpkeep * (g.legionsBox + legions) + commanders + 10;
    };
    const referenceReserve = (g: GameState): number => {
      const w = g.wars;
      let active = 0;
      let commanders = 0;
      let legions = 0;
      for (let i = 0; i < w.status.length; i++) {
        if (w.status[i] === 1) active++;
        if (w.commander[i]! >= 0) commanders++;
        legions += w.stateLegions[i]!;
      }
      return g.params.warCost * (active + 1) + g.params.legionUpkeep * (g.legionsBox + legions) + commanders + 10;
    };
    let seed = 12345;
    const draw = (n: number): number => {
      // mulberry32: a small generator whose low bits are as good as its high ones.
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const g = setupGame(makeConfig(5), 'census-reference', false);
    let closeSeen = 0;
    let lateDue = 0;
    for (let k = 0; k < 20000; k++) {
      const w = g.wars;
      for (let i = 0; i < w.status.length; i++) {
        w.status[i] = draw(10) < 7 ? 0 : draw(2) + 1;
        w.turn[i] = draw(60) - 5;
        w.commander[i] = draw(3) === 0 ? draw(30) : -1;
        w.stateLegions[i] = draw(4);
      }
      warsChanged(g);
      g.ri = draw(10);
      g.stateTreasury = draw(150);
      g.legionsBox = draw(5);
      // Read twice under one version at different turns: the due turn is asked of the kept census.
      for (const turn of [draw(58) - 3, draw(58) - 3]) {
        g.turn = turn;
        const want = reference(g);
        expect(collapseClose(g), `case ${k}, turn ${turn}`).toBe(want);
        expect(stateReserve(g), `case ${k}`).toBe(referenceReserve(g));
        expect(warDueNextTurn(g), `case ${k}, turn ${turn}`).toBe(g.wars.status.some((st, i) => st === 0 && g.wars.turn[i] === turn + 1));
        const visited: number[] = [];
        for (let w = nextActiveWar(g, 0); w >= 0; w = nextActiveWar(g, w + 1)) visited.push(w);
        expect(visited, `case ${k}`).toEqual([...g.wars.status.keys()].filter((i) => g.wars.status[i] === 1));
        if (want) closeSeen++;
        // Close only because one war is on and another is due next turn, in a turn past 30 (read from the wars).
        if (want && turn >= 30 && g.ri < 8 && !reference({ ...g, wars: { ...g.wars, turn: g.wars.turn.map(() => -99) } })) lateDue++;
      }
    }
    expect(closeSeen).toBeGreaterThan(1000);
    expect(closeSeen).toBeLessThan(39000);
    expect(lateDue).toBeGreaterThan(50);
  });

  it('a write without warsChanged is caught; with it the census is taken afresh', () => {
    setVerifyWarsCensus(true);
    const g = setupGame(makeConfig(5), 'census-write', false);
    g.stateTreasury = 1000;
    expect(collapseClose(g)).toBe(false);
    const before = stateReserve(g);
    g.wars.status[0] = 1; // a war made active behind the census's back
    expect(() => collapseClose(g)).toThrow(/warsChanged/);
    warsChanged(g);
    expect(stateReserve(g)).toBe(before + g.params.warCost);
  });
});
