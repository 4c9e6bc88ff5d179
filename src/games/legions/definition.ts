// LEGIONS behind the runner's game contract (src/sim/game.ts): its identity fields, file formats,
// accumulator and per-game rows are exactly those of the runs before the contract existed, so
// fingerprints, checkpoints, shard files and the bench signature are unchanged.
import { z } from 'zod';
import { parsePolicies } from '../../../policies/index.js';
import { type GameConfig, playOutcome } from '../../legions/game.js';
import type { Outcome } from '../../legions/outcome.js';
import { VARIANT_NAMES } from '../../legions/variants.js';
import type { GameDefinition } from '../../sim/game.js';
import { seatLineups } from '../../sim/seats.js';
import { shortHash } from '../../sim/spec.js';
import { RunAccumulator } from './accumulator.js';
import { perGameHeader, perGameRow } from './pergame.js';

/** The variations switched on in a configuration, in their canonical order. */
export function enabledVariants(cfg: GameConfig): string[] {
  return VARIANT_NAMES.filter((n) => cfg.variants[n]);
}

export const game: GameDefinition<GameConfig, RunAccumulator> = {
  id: 'legions',
  moduleUrl: import.meta.url,
  seats: (cfg) => cfg.players,
  identity: (cfg) => ({
    players: cfg.players,
    variants: enabledVariants(cfg),
    turns: cfg.params.turns,
    rulesHash: shortHash(cfg.params),
    boardHash: shortHash(cfg.board),
  }),
  identitySchema: z.object({
    players: z.number().int(),
    variants: z.array(z.string()),
    turns: z.number().int(),
    rulesHash: z.string(),
    boardHash: z.string(),
  }),
  // In the order a mismatch is reported (the runner's own fields among them).
  identityNames: {
    players: '--players',
    policies: '--policies (or --field)',
    rotation: 'the seat rotation (--field)',
    variants: '--variants',
    seed: '--seed',
    games: '--games',
    turns: 'the rules (turns)',
    rulesHash: 'the rules (--rule/--rules; rules hash)',
    boardHash: 'the board (--board; board hash)',
  },
  // /2 and /3: the accumulator counts the Prestige spread over all games (spreadAll) instead of survived ones.
  formats: { checkpoint: 'legions-checkpoint/2', accumulator: 'legions-accumulator/3' },
  newAccumulator: (cfg) => new RunAccumulator(cfg.players),
  accumulatorFromJSON: (json) => RunAccumulator.fromJSON(json),
  batchPlayer(cfg, policies, rotation, seed) {
    // Seat s of game i plays policies[lineup[s]], lineup = lineups[i mod lineups.length] (a field's rotation).
    const lineups = seatLineups(cfg.players, rotation);
    const seated = lineups.map((l) => parsePolicies(l.map((k) => policies[k]!).join(','), cfg.players));
    return {
      play(i, acc) {
        const li = i % lineups.length;
        const o = playOutcome(cfg, seed, i, seated[li]!);
        acc.add(o, lineups[li]);
        return o;
      },
    };
  },
  perGameHeader: (cfg) => perGameHeader(cfg.players),
  perGameRow: (seed, i, o) => perGameRow(seed, i, o as Outcome),
};
