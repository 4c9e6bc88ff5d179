// Faction Incomes pay per senator a faction holds, wherever he is: incomeStep counts every faction's
// senators in one number, five bits a faction. Checked against a count card by card for deals from
// none to all 30 senators to one faction, in three- and five-player games.
import { describe, expect, it } from 'vitest';
import { incomeStep } from '../src/legions/income.js';
import { setupGame } from '../src/legions/setup.js';
import { AT_DECK, AT_GOVERNOR, AT_ROME, SENATORS } from '../src/legions/state.js';
import { makeConfig, stubPolicies } from './helpers.js';

describe('Faction Incomes: senators counted per faction', () => {
  for (const players of [3, 5]) {
    it(`${players} players: base + per senator + knights, for any number of senators up to all 30 in one faction`, () => {
      const cfg = makeConfig(players);
      const p = cfg.params;
      for (let trial = 0; trial < 200; trial++) {
        const g = setupGame(cfg, `income-senators-${players}-${trial}`, false);
        g.turn = 1;
        // Deal every card anew: trial 0 gives all 30 to the last faction, trial 1 none to anyone, then mixed deals.
        for (let s = 0; s < SENATORS; s++) {
          const owner = trial === 0 ? players - 1 : trial === 1 ? -1 : ((s * 7 + trial * 13) % (players + 2)) - 2;
          g.senOwner[s] = owner < 0 ? -1 : owner;
          g.senWhere[s] = owner < 0 ? AT_DECK : s % 4 === 0 ? AT_GOVERNOR : AT_ROME;
          g.senPost[s] = -1;
        }
        for (let f = 0; f < players; f++) g.knights[f] = (trial + f) % 9;
        const before = g.treasury.slice();
        incomeStep(g, stubPolicies(players));
        for (let f = 0; f < players; f++) {
          let own = 0;
          for (let s = 0; s < SENATORS; s++) if (g.senOwner[s] === f) own++;
          const expected = before[f]! + p.factionBaseIncome + p.senatorIncome * own + Math.floor(g.knights[f]! / p.knightsPerTalent);
          expect(g.treasury[f], `trial ${trial} faction ${f} (${own} senators)`).toBe(expected);
        }
      }
    });
  }
});
