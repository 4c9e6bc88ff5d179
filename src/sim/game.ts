// What the runner needs of a game, and nothing more: the game-agnostic layer's contract. The runner
// (worker pool, shards, checkpoints, resume, merge) plays any game through it; each game lives in
// src/games/<id>/ and is listed in src/games/index.ts. Nothing in src/sim knows which game runs.
import type { z } from 'zod';
import type { OutcomeFieldDef } from './schema-accumulator.js';

/**
 * A game's run accumulator: integer counts only, so that merging batches, shards and resumed
 * sessions in any grouping gives the same bytes.
 */
export interface RunAcc {
  /** Games folded in. */
  readonly games: number;
  /** Adds another accumulator of the same run (a later range of games). */
  merge(other: this): void;
  toJSON(): unknown;
}

/** One worker's player of a run: plays game i into an accumulator. */
export interface BatchPlayer<A extends RunAcc> {
  /** Plays game `index` and folds it into `acc`; returns its outcome record (for perGameRow and the bench signature). */
  play(index: number, acc: A): unknown;
}

export interface GameDefinition<Cfg = unknown, A extends RunAcc = RunAcc> {
  /** The name given to --game (e.g. legions, caesar-xl). */
  readonly id: string;
  /**
   * URL of the compiled module that exports this definition as `game`: worker threads import it
   * themselves, because functions cannot cross into a worker.
   */
  readonly moduleUrl: string;
  /** Seats of one game under this configuration. */
  seats(cfg: Cfg): number;
  /**
   * The configuration's part of a run's identity (plain JSON, hashed into the run's fingerprint):
   * everything of the configuration that decides the results.
   */
  identity(cfg: Cfg): Record<string, unknown>;
  /** Schema of those identity fields, as a checkpoint or shard file holds them, and their names for messages. */
  readonly identitySchema: z.ZodType<Record<string, unknown>>;
  readonly identityNames: Readonly<Record<string, string>>;
  /** File formats of this game's checkpoints and accumulator files (a version bump refuses old files). */
  readonly formats: { readonly checkpoint: string; readonly accumulator: string };
  newAccumulator(cfg: Cfg): A;
  /** Rebuilds an accumulator from toJSON's output; throws on anything else. */
  accumulatorFromJSON(json: unknown): A;
  /** A worker's player: the seated policies of every lineup, built once per worker. */
  batchPlayer(cfg: Cfg, policies: readonly string[], rotation: 'none' | 'latin', seed: string): BatchPlayer<A>;
  /** Header line of the per-game CSV (with its newline), and the row of game `index` of master seed `seed`. */
  perGameHeader(cfg: Cfg): string;
  perGameRow(seed: string, index: number, outcome: unknown): string;
  /**
   * Games whose outcome is a flat record of integers: its fields, and a player returning game i's
   * record (what generic experiments compare arm by arm, src/sim/paired.ts).
   */
  readonly outcomeFields?: readonly OutcomeFieldDef[];
  outcomePlayer?(cfg: Cfg, policies: readonly string[], seed: string): (index: number) => Readonly<Record<string, number>>;
  /** Set by pairedGame: workers wrap the imported definition the same way. */
  readonly wrap?: 'paired';
}

/** The game of a file format name ("legions-accumulator/3" is legions'), or null. */
export function formatGame(format: unknown, games: readonly GameDefinition[]): GameDefinition | null {
  if (typeof format !== 'string') return null;
  return games.find((g) => format === g.formats.accumulator || format === g.formats.checkpoint || format.startsWith(`${g.id}-accumulator/`) || format.startsWith(`${g.id}-checkpoint/`)) ?? null;
}
