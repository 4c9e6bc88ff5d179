// The wars' census the policies keep (policies/lib.ts) is taken afresh only when the wars change
// version (state.ts warsChanged). With checking on, every kept census is compared with a fresh one:
// over every field and variation set, and rollout players copying states, none may be stale.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fingerprint, FINGERPRINT_FIELDS, FINGERPRINT_VARIANTS } from '../src/games/legions/fingerprint.js';
import { playGame } from '../src/legions/game.js';
import { setupGame } from '../src/legions/setup.js';
import { warsChanged } from '../src/legions/state.js';
import { parseVariants, VARIANT_NAMES } from '../src/legions/variants.js';
import { collapseClose, setVerifyWarsCensus, stateReserve } from '../policies/lib.js';
import { parsePolicies } from '../policies/index.js';
import { makeConfig } from './helpers.js';

afterEach(() => setVerifyWarsCensus(false));

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

  it('every write in src/ to what the census reads is followed by warsChanged within five lines', () => {
    // An assignment (=, +=, -=, ++, --) to a war's status, commander or State legions, or to a garrison.
    const write = /(\.status|\.commander|\.stateLegions|provGarrison)\[[^\]]+\]\s*(=(?!=)|\+=|-=|\+\+|--)/;
    const files = readdirSync(join(__dirname, '../src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    let writes = 0;
    for (const f of files) {
      const lines = readFileSync(join(__dirname, '../src', f), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (!write.test(line) || line.trim().startsWith('//') || line.trim().startsWith('*')) return;
        if (/odds\.ts$|outcome\.ts$/.test(f)) return; // their own arrays named status, not the wars'
        writes++;
        expect(lines.slice(i, i + 6).join('\n'), `${f}:${i + 1}`).toMatch(/warsChanged\(/);
      });
    }
    expect(writes).toBeGreaterThanOrEqual(12);
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
