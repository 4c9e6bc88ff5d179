// Combat and Adjustments pass over the war slots not yet begun (status 0) without resetting or reading
// them: a war never returns to status 0, and nothing writes a slot's per-turn record (result, victor,
// fought and lost masks, commander's faction, split-battle and Disaster/Standoff marks) unless it is
// fought. Checked here after every turn of whole games, in the base game and with every variation.
import { describe, expect, it } from 'vitest';
import { playOn, startGame } from '../src/legions/game.js';
import { gameSeed } from '../src/core/rng.js';
import { MAX_DET } from '../src/legions/state.js';
import { parsePolicies } from '../policies/index.js';
import { BASE_AND_EVERY_VARIATION } from './helpers.js';

describe('war slots not yet begun', () => {
  for (const [name, cfg] of BASE_AND_EVERY_VARIATION) {
    for (const seats of ['competent', 'random', 'statesman,opportunist,random,competent,random']) {
      it(`${name}, ${seats}: keep a blank record of the turn, and no begun war goes back to 0 (60 games, every turn)`, () => {
        let unbegunSeen = 0;
        for (let i = 0; i < 60; i++) {
          const policies = parsePolicies(seats, 5);
          const g = startGame(cfg, gameSeed('unbegun-wars', i), policies);
          const begun = g.wars.status.map(() => false);
          while (g.lost === 0 && g.rorCflWinner < 0 && g.turn < g.params.turns) {
            playOn(g, policies, g.turn + 1);
            const w = g.wars;
            for (let k = 0; k < w.status.length; k++) {
              if (w.status[k] !== 0) {
                begun[k] = true;
                continue;
              }
              expect(begun[k], `war ${k} went back to status 0`).toBe(false);
              unbegunSeen++;
              const record = [w.result[k], w.victor[k], w.foughtMask[k], w.lostMask[k], w.cmdFaction[k], w.ownCmdMask[k], w.dsUsed[k]];
              expect(record, `war ${k} turn ${g.turn}`).toEqual([0, -1, 0, 0, -1, 0, 0]);
              for (let d = 0; d < MAX_DET; d++) expect(w.foughtBy[k * MAX_DET + d]).toBe(-1);
              expect(w.stateLegions[k]).toBe(0);
              for (let f = 0; f < g.players; f++) expect(g.factionLegion[f]).not.toBe(k);
            }
          }
        }
        expect(unbegunSeen).toBeGreaterThan(500);
      });
    }
  }
});
