// The Senate roster (src/legions/senate/roster.ts) keeps, while a meeting runs, who is present, the
// Forum's neutrals and each faction's votes, updated by senatorMoved. With checking on (tests/setup.ts
// turns it on for every test) a change made behind its back throws at the next read.
import { afterEach, describe, expect, it } from 'vitest';
import { setupGame } from '../src/legions/setup.js';
import { presidingFaction } from '../src/legions/common.js';
import { closeRoster, countPower, presentFactionMask, presentSenators, senatorMoved, setVerifyRoster, takeAttendance } from '../src/legions/senate/roster.js';
import { AT_COMMANDER, AT_ROME, type GameState } from '../src/legions/state.js';
import { makeConfig, stubPolicies } from './helpers.js';

afterEach(() => setVerifyRoster(true));

/** A game's roster opened, every faction senator in Rome attending, on one of them (returned). */
function meetingWithSenator(): { g: GameState; s: number } {
  const g = setupGame(makeConfig(5), 'roster', false);
  takeAttendance(g, stubPolicies(5)); // (stub players attend with every senator)
  const s = g.senOwner.findIndex((o, x) => o >= 0 && g.senWhere[x] === AT_ROME);
  return { g, s };
}

describe('the Senate roster', () => {
  it('follows a senator moved with senatorMoved: presence, factions present and votes', () => {
    const { g, s } = meetingWithSenator();
    const f = g.senOwner[s]!;
    /** Faction f's votes counted by hand: its present senators' Influence, plus its knights if any is present. */
    const byHand = (): number => {
      let v = 0;
      for (let x = 0; x < 30; x++) if (g.senOwner[x] === f && g.senWhere[x] === AT_ROME && g.senPresent[x]) v += Math.floor(x / 10) + 1;
      return v > 0 ? v + g.knights[f]! : 0;
    };
    g.knights[f] = 2;
    takeAttendance(g, stubPolicies(5)); // (knights are set before the meeting, as in the Forum)
    const power = [0, 0, 0, 0, 0];
    countPower(g, power);
    expect(power[f]).toBe(byHand());
    expect(presentSenators(g) & (1 << s)).not.toBe(0);
    g.senWhere[s] = AT_COMMANDER;
    g.senPresent[s] = 0;
    senatorMoved(g, s);
    expect(presentSenators(g) & (1 << s)).toBe(0);
    countPower(g, power);
    expect(power[f]).toBe(byHand());
    expect((presentFactionMask(g) & (1 << f)) !== 0).toBe(power[f]! > 0);
    closeRoster(g);
  });

  it('moves the votes of a present senator who changes faction, and checks each faction\'s set of senators present', () => {
    const { g, s } = meetingWithSenator();
    const from = g.senOwner[s]!;
    const to = (from + 1) % g.players;
    /** Faction f's votes counted by hand. */
    const byHand = (f: number): number => {
      let v = 0;
      for (let x = 0; x < 30; x++) if (g.senOwner[x] === f && g.senWhere[x] === AT_ROME && g.senPresent[x]) v += Math.floor(x / 10) + 1;
      return v > 0 ? v + g.knights[f]! : 0;
    };
    const power = [0, 0, 0, 0, 0];
    g.senOwner[s] = to; // (checking is on: a set or a count left behind throws at the next read)
    senatorMoved(g, s);
    countPower(g, power);
    expect(power[from]).toBe(byHand(from));
    expect(power[to]).toBe(byHand(to));
    // Two present senators of one Influence swap factions behind the roster's back: every count still
    // adds up, only the sets of senators present are stale.
    const present = (x: number): boolean => g.senOwner[x]! >= 0 && g.senWhere[x] === AT_ROME && g.senPresent[x] === 1;
    let a = -1;
    let b = -1;
    for (let x = 0; x < 30 && b < 0; x++) {
      for (let y = x + 1; y < 30; y++) {
        if (present(x) && present(y) && g.senOwner[x] !== g.senOwner[y] && Math.floor(x / 10) === Math.floor(y / 10)) {
          a = x;
          b = y;
          break;
        }
      }
    }
    expect(b).toBeGreaterThanOrEqual(0);
    const oa = g.senOwner[a]!;
    g.senOwner[a] = g.senOwner[b]!;
    g.senOwner[b] = oa;
    expect(() => countPower(g, power)).toThrow(/sets of each faction/);
    closeRoster(g);
  });

  it('with checking on, a senator moved without senatorMoved, or knights changed, is caught at the next read', () => {
    const { g, s } = meetingWithSenator();
    const power = [0, 0, 0, 0, 0];
    countPower(g, power);
    g.senWhere[s] = AT_COMMANDER; // behind the roster's back
    expect(() => presentSenators(g)).toThrow(/senatorMoved/);
    senatorMoved(g, s);
    countPower(g, power);
    const f = power.findIndex((p) => p > 0);
    g.knights[f]!++; // knights change only in the Forum, never during a meeting
    expect(() => countPower(g, power)).toThrow(/stale/);
    closeRoster(g);
  });

  it('with checking off, what it keeps is read as kept (the check is what catches it)', () => {
    setVerifyRoster(false);
    const { g, s } = meetingWithSenator();
    const kept = presentSenators(g);
    g.senWhere[s] = AT_COMMANDER;
    expect(presentSenators(g)).toBe(kept);
    closeRoster(g);
  });

  it('takes the attendance and opens the roster from the answers as they are given', () => {
    const g = setupGame(makeConfig(5), 'roster', false);
    g.knights[0] = 3;
    // Every other card attends; the policies are asked about their own senators in Rome only.
    const asked: number[] = [];
    const policies = stubPolicies(5, (f) => ({ attend: (_g, me, s) => (asked.push(s), expect(me).toBe(f), s % 2 === 0) }));
    g.senPresent.fill(1); // (stale answers from an earlier meeting: every senator is answered afresh)
    takeAttendance(g, policies);
    const inRome = [...Array(30).keys()].filter((s) => g.senOwner[s]! >= 0 && g.senWhere[s] === AT_ROME);
    // Asked around the table from the presiding faction's left, the presiding faction last, each in card order.
    const chair = presidingFaction(g);
    const seat = (s: number) => (g.senOwner[s]! - chair - 1 + 10) % 5;
    expect(asked).toEqual([...inRome].sort((a, b) => seat(a) - seat(b) || a - b));
    expect(new Set(asked.map((s) => g.senOwner[s])).size).toBe(5);
    const attending = inRome.filter((s) => s % 2 === 0);
    for (let s = 0; s < 30; s++) expect(g.senPresent[s]).toBe(attending.includes(s) ? 1 : 0);
    expect(presentSenators(g)).toBe(attending.reduce((m, s) => m | (1 << s), 0));
    // Each faction's votes by hand: its attending senators' Influence, plus its knights if any attends.
    const byHand = [0, 0, 0, 0, 0];
    for (const s of attending) byHand[g.senOwner[s]!] += Math.floor(s / 10) + 1;
    for (let f = 0; f < 5; f++) if (byHand[f]! > 0) byHand[f] += g.knights[f]!;
    const power = [0, 0, 0, 0, 0];
    countPower(g, power);
    expect(power).toEqual(byHand);
    closeRoster(g);
  });
});
