// Caesar XL battles behind the runner's contract (src/sim/game.ts): a run plays one battle setup
// (a --battle file) many times; seat 0 is the attacker's policy, seat 1 the defender's.
import { z } from 'zod';
import { type BattleOutcome, type BattleSetup, OUTCOME_FIELDS, playBattle, policyByName } from '../../caesar/index.js';
import { gameSeed } from '../../core/rng.js';
import type { GameDefinition } from '../../sim/game.js';
import { SchemaAccumulator } from '../../sim/schema-accumulator.js';
import { shortHash } from '../../sim/spec.js';

export interface CaesarConfig {
  /** The battle, as parsed from its file (plain data: it crosses into the workers). */
  setup: BattleSetup;
}

export const game: GameDefinition<CaesarConfig, SchemaAccumulator> = {
  id: 'caesar-xl',
  moduleUrl: import.meta.url,
  seats: () => 2,
  identity: (cfg) => ({ battleHash: shortHash(cfg.setup) }),
  identitySchema: z.object({ battleHash: z.string() }),
  identityNames: {
    game: '--game',
    battleHash: 'the battle (--battle; battle hash)',
    policies: '--policies',
    seed: '--seed',
    games: '--games',
  },
  formats: { checkpoint: 'caesar-xl-checkpoint/1', accumulator: 'caesar-xl-accumulator/1' },
  newAccumulator: () => new SchemaAccumulator(OUTCOME_FIELDS),
  accumulatorFromJSON: (json) => SchemaAccumulator.fromJSON(OUTCOME_FIELDS, json),
  batchPlayer(cfg, policies, _rotation, seed) {
    const battle = battlePlayer(cfg, policies, seed);
    return {
      play(i, acc) {
        const o = battle(i);
        acc.add(o as unknown as Record<string, number>);
        return o;
      },
    };
  },
  outcomeFields: OUTCOME_FIELDS,
  outcomePlayer: (cfg, policies, seed) => battlePlayer(cfg, policies, seed) as unknown as (i: number) => Record<string, number>,
  perGameRow: (seed, i, o) => perGameRow(seed, i, o as BattleOutcome),
  perGameHeader: () => ['battle', 'seed', ...OUTCOME_FIELDS.map((f) => f.name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase()))].join(',') + '\n',
};

/** Battle i of a run: the two sides' policies (attacker, defender) made once. */
function battlePlayer(cfg: CaesarConfig, policies: readonly string[], seed: string): (i: number) => BattleOutcome {
  const pols = [policyByName(policies[0]!), policyByName(policies[1]!)] as const;
  return (i) => playBattle(cfg.setup, cfg.setup.rules, pols, seed, i);
}

function perGameRow(seed: string, i: number, o: BattleOutcome): string {
  return [i, gameSeed(seed, i), ...OUTCOME_FIELDS.map((f) => o[f.name])].join(',') + '\n';
}
