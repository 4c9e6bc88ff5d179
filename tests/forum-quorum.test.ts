// The Forum keeps each faction's quorum (at least half its senators in Rome, rounded up, attending) as
// its census changes, instead of counting it for every test. Whenever the Forum asks a faction for bids
// or a knight payment, that faction must be quorate by a fresh count of the senators; and a faction asked
// about donating knights was asked to pay for knights first exactly when it was quorate with someone
// attending. The players stay away now and then, and attraction (between the bids and the knights) moves
// senators between factions, so quorums come and go within a Forum. (An attraction target may be asked of
// a faction that lost its quorum earlier in the same round: the rounds test the quorum at their start.)
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import type { GameView, Policy } from '../src/legions/policy.js';
import { AT_ROME } from '../src/legions/state.js';
import { makePolicy } from '../policies/index.js';
import { BASE_AND_EVERY_VARIATION, watchPolicy } from './helpers.js';

/** Faction f's senators in Rome and those of them attending, counted card by card. */
function counted(g: GameView, f: number): { inRome: number; attending: number } {
  let inRome = 0;
  let attending = 0;
  for (let s = 0; s < 30; s++) {
    if (g.senOwner[s] !== f || g.senWhere[s] !== AT_ROME) continue;
    inRome++;
    attending += g.senPresent[s]!;
  }
  return { inRome, attending };
}

function quorate(g: GameView, f: number): boolean {
  const { inRome, attending } = counted(g, f);
  return attending >= Math.ceil(inRome / 2);
}

interface Asked { bids: number; knights: number; donations: number; absent: number }

/** The player, staying away for about a third of its senators, with each Forum ask checked against a fresh count. */
function checked(name: string, asked: Asked): Policy {
  const spentTurn: number[] = []; // the turn in which each faction was last asked to pay for a knight
  return watchPolicy(makePolicy(name), (p) => ({
    attend: (g, me, s) => {
      if ((s * 7 + g.turn * 3 + me) % 3 === 0) {
        asked.absent++;
        return false;
      }
      return p.attend(g, me, s);
    },
    neutralBid: (g, me, s) => {
      expect(quorate(g, me)).toBe(true);
      asked.bids++;
      return p.neutralBid(g, me, s);
    },
    knightSpend: (g, me, s) => {
      expect(quorate(g, me)).toBe(true);
      spentTurn[me] = g.turn;
      asked.knights++;
      return p.knightSpend(g, me, s);
    },
    knightDonations: (g, me) => {
      expect(spentTurn[me] === g.turn).toBe(quorate(g, me) && counted(g, me).attending > 0);
      asked.donations++;
      return p.knightDonations(g, me);
    },
  }));
}

describe("the Forum's quorum", () => {
  for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${label}: every faction asked to bid or recruit is quorate by a fresh count`, () => {
      const lineup = ['competent', 'statesman', 'opportunist', 'competent', 'parametric'];
      const asked: Asked = { bids: 0, knights: 0, donations: 0, absent: 0 };
      for (let i = 0; i < 60; i++) playGame(cfg, 'forum-quorum', i, lineup.map((n) => checked(n, asked)));
      expect(asked.bids).toBeGreaterThan(300);
      expect(asked.knights).toBeGreaterThan(1000);
      expect(asked.donations).toBeGreaterThan(100);
      expect(asked.absent).toBeGreaterThan(1000);
    });
  }
});
