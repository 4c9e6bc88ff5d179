// openTally (src/legions/senate/roster.ts) opens a vote's tally in one pass: the votes each faction
// commands (as countPower gives them) and zero stances and purchases, whether the game's meeting is
// open (the roster's kept count) or not (a fresh count), over tallies left dirty by an earlier vote.
import { describe, expect, it } from 'vitest';
import { setupGame } from '../src/legions/setup.js';
import { closeRoster, countPower, openTally, takeAttendance } from '../src/legions/senate/roster.js';
import { AT_ROME } from '../src/legions/state.js';
import { makeConfig, stubPolicies } from './helpers.js';

describe('openTally', () => {
  for (const players of [3, 5]) {
    it(`gives countPower's votes and zero stances and purchases, in a meeting and out of one (${players} players)`, () => {
      const g = setupGame(makeConfig(players), `tally-${players}`, false);
      for (let f = 0; f < players; f++) g.knights[f] = f; // (knights count only with a senator present)
      // Out of a meeting the count is fresh: every faction senator in Rome attends, as the stub players will.
      for (let s = 0; s < 30; s++) g.senPresent[s] = g.senOwner[s]! >= 0 && g.senWhere[s] === AT_ROME ? 1 : 0;
      for (const inMeeting of [false, true]) {
        if (inMeeting) takeAttendance(g, stubPolicies(players));
        const expected = new Array<number>(players).fill(-7);
        countPower(g, expected);
        // A tally left over from an earlier vote: every entry written.
        const power = new Array<number>(players).fill(99);
        const stance = Array.from({ length: players }, (_, f) => (f % 3) - 1);
        const bought = Array.from({ length: players }, (_, f) => f + 2);
        openTally(g, power, stance, bought);
        expect(power).toEqual(expected);
        expect(stance).toEqual(new Array<number>(players).fill(0));
        expect(bought).toEqual(new Array<number>(players).fill(0));
        expect(expected.some((v) => v > 0)).toBe(true); // (someone is in Rome: the count is not trivially zero)
      }
      closeRoster(g);
    });
  }
});
