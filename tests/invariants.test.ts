// Invariants over 10,200 seeded games (3 and 5 players, mixes of random / statesman / opportunist),
// checked after setup and after every turn: money, the 30 senator cards, legions, tracks, offices,
// the end of the game and policy errors of the scripted seats.
import { describe, expect, it } from 'vitest';
import { gameSeed } from '../src/core/rng.js';
import { playOn, startGame } from '../src/legions/game.js';
import { makeOutcome } from '../src/legions/outcome.js';
import { BANKRUPTCY, REVOLT, SURVIVED, WARS } from '../src/legions/state.js';
import { parsePolicies } from '../policies/index.js';
import { invariantViolations, makeConfig, policyErrorsBySeat } from './helpers.js';

const GAMES_PER_MIX = 850;

const MIXES: readonly [number, string][] = [
  [3, 'random'],
  [3, 'statesman'],
  [3, 'opportunist'],
  [3, 'statesman,opportunist,random'],
  [3, 'random,random,statesman'],
  [3, 'opportunist,statesman,statesman'],
  [5, 'random'],
  [5, 'statesman'],
  [5, 'opportunist'],
  [5, 'statesman,opportunist,random,statesman,opportunist'],
  [5, 'random,statesman,random,opportunist,random'],
  [5, 'opportunist,opportunist,statesman,statesman,random'],
];

describe('invariants of random games', () => {
  for (const [players, spec] of MIXES) {
    it(`${players} players, ${spec}: ${GAMES_PER_MIX} games`, () => {
      const cfg = makeConfig(players);
      const turns = cfg.params.turns;
      const problems: string[] = [];
      const causes = [0, 0, 0, 0];
      const note = (i: number, turn: number, what: string): void => {
        if (problems.length < 20) problems.push(`game ${i} turn ${turn}: ${what}`);
      };
      for (let i = 0; i < GAMES_PER_MIX && problems.length < 20; i++) {
        const pols = parsePolicies(spec, players);
        const seats = pols.map((p) => p.name);
        const g = startGame(cfg, gameSeed(`invariants/${players}/${spec}`, i), pols);
        for (const v of invariantViolations(g, true)) note(i, 0, v);
        for (let t = 1; t <= turns && g.lost === SURVIVED; t++) {
          playOn(g, pols, t);
          // A game lost mid-turn stops mid-step: only the always-true invariants then.
          for (const v of invariantViolations(g, g.lost === SURVIVED, true)) note(i, g.turn, v);
          if (g.lost === SURVIVED && g.turn !== t) note(i, g.turn, `playOn to turn ${t} stopped at ${g.turn}`);
        }
        // The game ends by turn 10 or with a loss cause.
        if (g.lost === SURVIVED) {
          if (g.turn !== turns) note(i, g.turn, `survived but ended at turn ${g.turn}`);
        } else if (![REVOLT, BANKRUPTCY, WARS].includes(g.lost) || g.lostTurn !== g.turn || g.turn > turns || g.turn < 1) {
          note(i, g.turn, `bad end: cause ${g.lost} at turn ${g.lostTurn}`);
        }
        causes[g.lost]!++;
        const before = g.turn;
        playOn(g, pols, turns);
        if (g.turn !== before) note(i, g.turn, 'a finished game played on');
        const o = makeOutcome(g);
        if (o.turnsPlayed !== g.turn || o.cause !== g.lost || (o.winners !== 0) !== (g.lost === SURVIVED)) {
          note(i, g.turn, `outcome ${o.turnsPlayed}/${o.cause}/${o.winners} disagrees with the state`);
        }
        // Policy errors: none from the statesman and opportunist seats.
        const { bySeat, complete } = policyErrorsBySeat(g);
        seats.forEach((name, f) => {
          if (name !== 'random' && bySeat[f]! > 0) note(i, g.turn, `${bySeat[f]} policy errors by ${name} seat ${f}: ${g.policyErrorLog.join(' | ')}`);
        });
        if (!complete && seats.some((n) => n !== 'random')) note(i, g.turn, `error log overflowed (${g.stats.policyErrors}): cannot attribute`);
      }
      expect(problems).toEqual([]);
      expect(causes.reduce((a, b) => a + b, 0)).toBe(GAMES_PER_MIX);
    }, 60_000);
  }
});
