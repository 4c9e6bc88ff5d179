// Invariants with the Republic of Rome modules of ror-a switched on (alone and together), over seeded
// games of random, statesman, opportunist and competent seats: money, the 30 senator cards, at most 7
// State legions, the Revolution Index, offices, detachments; and no policy error from a scripted seat.
import { describe, expect, it } from 'vitest';
import { parsePolicies } from '../policies/index.js';
import { gameSeed } from '../src/core/rng.js';
import { playOn, startGame } from '../src/legions/game.js';
import { SURVIVED } from '../src/legions/state.js';
import { parseVariants, VARIANT_NAMES } from '../src/legions/variants.js';
import { invariantViolations, makeConfig, policyErrorsBySeat } from './helpers.js';

const MODULES = ['ror-leaderless-legions', 'ror-reinforcements', 'ror-disaster-standoff', 'ror-multiple-commanders', 'ror-repopulation'];
const ARMS: readonly [string, (p: ReturnType<typeof makeConfig>['params']) => void][] = [
  ...MODULES.map((m) => [m, () => {}] as [string, () => void]),
  // All together, with a repopulation threshold that fires and four commanders a war.
  [MODULES.join(','), (p) => {
    p.rorRepopulationThreshold = [8, 13];
    p.rorMaxCommanders = 4;
  }],
  ['ror-multiple-commanders,ror-leaderless-legions,deaths', (p) => (p.rorSharedCredit = 1)],
  // Every variation and every Republic of Rome module at once: the modules of other branches meet here.
  [VARIANT_NAMES.join(','), (p) => {
    p.rorRepopulationThreshold = [8, 13];
    p.rorGarrisonDeterrence = 1;
  }],
];
const MIXES: readonly [number, string][] = [
  [5, 'random'],
  [5, 'statesman,opportunist,random,competent,random'],
  [5, 'opportunist'],
  [5, 'competent'],
  [3, 'random,statesman,opportunist'],
];
const GAMES = 60;

describe('invariants with the ror-a modules on', () => {
  for (const [variants, tweak] of ARMS) {
    for (const [players, spec] of MIXES) {
      it(`${variants} — ${players} players, ${spec}: ${GAMES} games`, () => {
        const cfg = { ...makeConfig(players, tweak), variants: parseVariants(variants) };
        const problems: string[] = [];
        for (let i = 0; i < GAMES && problems.length < 10; i++) {
          const pols = parsePolicies(spec, players);
          const g = startGame(cfg, gameSeed(`ror-a-invariants/${variants}/${spec}`, i), pols);
          for (let t = 1; t <= cfg.params.turns && g.lost === SURVIVED; t++) {
            playOn(g, pols, t);
            for (const v of invariantViolations(g, g.lost === SURVIVED, true)) problems.push(`game ${i} turn ${g.turn}: ${v}`);
          }
          const { bySeat } = policyErrorsBySeat(g);
          pols.forEach((p, f) => {
            if (p.name !== 'random' && bySeat[f]! > 0) problems.push(`game ${i}: ${bySeat[f]} policy errors by ${p.name}: ${g.policyErrorLog.join(' | ')}`);
          });
        }
        expect(problems).toEqual([]);
      }, 120_000);
    }
  }
});
