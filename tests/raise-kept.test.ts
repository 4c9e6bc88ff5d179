// legionsToRaise and collapseClose (policies/lib.ts) are kept for the last state asked, under the wars'
// version (armies, faction legions and garrisons included: state.ts warsChanged) and what else each reads:
// the box, Treasury, cost of a legion and margin; the box, Treasury and turn. With checking on
// (tests/setup.ts), every kept answer is compared with a fresh one: none may be stale over whole games of
// the base game and every variation, mixed margins and rollout players copying states.
import { afterEach, describe, expect, it } from 'vitest';
import { fingerprint, FINGERPRINT_VARIANTS } from '../src/games/legions/fingerprint.js';
import { playGame } from '../src/legions/game.js';
import { setupGame } from '../src/legions/setup.js';
import { warsChanged } from '../src/legions/state.js';
import { parseVariants, VARIANT_NAMES } from '../src/legions/variants.js';
import { collapseClose, legionsToRaise, setVerifyWarsCensus, warsWant } from '../policies/lib.js';
import { parsePolicies } from '../policies/index.js';
import { BASE_AND_EVERY_VARIATION, makeConfig, srcWrites } from './helpers.js';

afterEach(() => setVerifyWarsCensus(true)); // (on for every test: tests/setup.ts)

describe('legionsToRaise kept for the last state asked', () => {
  for (const [name, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${name}: never stale over whole games, players of different margins (checked at every read)`, () => {
      setVerifyWarsCensus(true);
      const policies = parsePolicies('competent,statesman,parametric,opportunist,competent', 5);
      for (let i = 0; i < 300; i++) playGame(cfg, 'raise-kept', i, policies);
    });
  }

  it('never stale in the competent field under every variation set (checked at every read)', () => {
    setVerifyWarsCensus(true);
    for (const variants of Object.keys(FINGERPRINT_VARIANTS)) expect(fingerprint('competent', variants, 300)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('never stale with rollout players copying and replaying states', () => {
    setVerifyWarsCensus(true);
    const cfg = { ...makeConfig(5), variants: parseVariants(VARIANT_NAMES) };
    playGame(cfg, 'raise-kept', 0, parsePolicies('rollout,competent,rollout:classic,competent,competent', 5));
  });

  it('armies written without warsChanged are caught; with it the answer is read afresh', () => {
    setVerifyWarsCensus(true);
    const g = setupGame(makeConfig(5), 'raise-kept-write', false);
    g.stateTreasury = 1000;
    g.wars.status[0] = 1;
    g.wars.armies[0] = 4;
    warsChanged(g);
    const before = legionsToRaise(g, 1);
    expect(legionsToRaise(g, 1)).toBe(before); // kept
    expect(legionsToRaise(g, 3)).toBe(before + 2); // another margin: not the kept answer
    g.wars.armies[0] = 6; // the enemy reinforced behind the policies' back
    expect(() => legionsToRaise(g, 3)).toThrow(/warsChanged/);
    warsChanged(g);
    expect(legionsToRaise(g, 3)).toBe(before + 4);
    expect(warsWant(g, 1)).toBe(5); // armies 6 + margin 1, a rating of 2: 5 legions, none there
  });

  it('every write in src/ to the armies, a faction legion or a garrison is next to warsChanged (or a State legions move, which calls it)', () => {
    const write = /(\.armies|\.factionLegion|\.provGarrison|\blegion)\[[^\]]+\]!?\s*(=(?!=)|\+=|-=|\+\+|--)|(armies|factionLegion|provGarrison)\.fill\(/;
    const writes = srcWrites(write, 3, 3);
    for (const w of writes) expect(w.around, w.at).toMatch(/warsChanged\(|addDetStateLegions\(/);
    expect(writes.length).toBeGreaterThanOrEqual(14);
  });
});

describe('collapseClose kept for the last state asked', () => {
  it('is asked afresh when the Treasury, the box, the turn or the wars move; wars written without warsChanged are caught', () => {
    setVerifyWarsCensus(true);
    const g = setupGame(makeConfig(5), 'close-kept', false);
    g.ri = 0;
    g.stateTreasury = 1000;
    g.wars.status.fill(2); // every war won but one, none to come (the board's are due from turn 1)
    g.wars.status[0] = 1;
    warsChanged(g);
    expect(collapseClose(g)).toBe(false);
    expect(collapseClose(g)).toBe(false); // kept
    g.stateTreasury = 0; // below any reserve
    expect(collapseClose(g)).toBe(true);
    g.stateTreasury = 1000;
    expect(collapseClose(g)).toBe(false);
    g.legionsBox = 300; // their upkeep (4 a legion) now exceeds the Treasury
    expect(collapseClose(g)).toBe(true);
    g.legionsBox = 0;
    expect(collapseClose(g)).toBe(false);
    // A war due in the turn after next: close once the turn comes round to the one before it.
    g.wars.status[1] = 0;
    g.wars.turn[1] = g.turn + 2;
    warsChanged(g);
    expect(collapseClose(g)).toBe(false);
    g.turn++;
    expect(collapseClose(g)).toBe(true);
    g.wars.status[1] = 1; // a second war established behind the policies' back
    g.wars.turn[1] = -1;
    expect(() => collapseClose(g)).toThrow(/stale/);
    warsChanged(g);
    expect(collapseClose(g)).toBe(true); // two wars at once
  });
});
