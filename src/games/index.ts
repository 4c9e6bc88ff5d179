// The games the command line can play (--game NAME): each one's runner definition (src/sim/game.ts)
// and what a finished run reports. Adding a game is adding its entry here.
import { InputError } from '../core/errors.js';
import type { ManifestInfo, Perf, PutFile } from '../report/outputs.js';
import type { GameDefinition, RunAcc } from '../sim/game.js';
import type { RunIdentity } from '../sim/spec.js';
import type { ArmReader } from '../experiment/schema-experiment.js';
import { caesarXl } from './caesar-xl/index.js';
import { legions } from './legions/index.js';

/** A finished run (simulate, or merged shards): its summary and outputs. */
export interface RunReport {
  /** summary.json's text. */
  json(perf: Perf): string;
  /** What simulate prints for a person. */
  headline(): string;
  /** Policy errors in all, and in how many games when the game counts that (null: it does not). */
  policyErrors: { total: number; games: number | null };
  /** Writes summary, tables, charts and the manifest (last) through `put`. */
  write(put: PutFile, info: ManifestInfo, charts: boolean): Promise<string[]>;
}

export interface GameEntry<Cfg = any, A extends RunAcc = any> {
  definition: GameDefinition<Cfg, A>;
  report(acc: A, id: RunIdentity, fingerprint: string, range: [number, number]): RunReport;
  /** Games with generic experiments (src/experiment/schema-experiment.ts): an arm's configuration and policies. */
  experimentArm?: ArmReader;
}

export const GAMES: Readonly<Record<string, GameEntry>> = { legions, 'caesar-xl': caesarXl };
export const GAME_IDS = Object.keys(GAMES);
export const DEFAULT_GAME = 'legions';

export function getGame(id: string): GameEntry {
  const g = GAMES[id];
  if (!g) throw new InputError(`--game: unknown game "${id}" (known: ${GAME_IDS.join(', ')})`);
  return g;
}
