// What every game's run outputs share: the tool's version and commit, the performance record and
// the manifest (written last, listing the files). Each game writes its own summary and charts
// (src/games/<id>/outputs.ts) through a transaction's staging folder (sim/transaction.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../core/paths.js';

export interface Perf {
  threads: number;
  /** Games played to make these results (all sessions and shards). */
  games: number;
  /** Seconds of play (all sessions; summed over shards for a merge). */
  seconds: number;
  gamesPerSecond: number | null;
  [k: string]: unknown;
}

export interface ManifestInfo {
  command: 'simulate' | 'merge';
  shard: string | null;
  shards?: number;
  perGame: string | null;
  perf: Perf;
}

export function toolVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** The commit of the working tree (LEGIONS_GIT_COMMIT overrides, e.g. in a container), or null. */
export function gitCommit(): string | null {
  if (process.env.LEGIONS_GIT_COMMIT) return process.env.LEGIONS_GIT_COMMIT;
  try {
    const out = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: packageRoot(), stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000, encoding: 'utf8' }).trim();
    if (!/^[0-9a-f]{40}$/.test(out)) return null;
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: packageRoot(), stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000, encoding: 'utf8' }).trim();
    return dirty ? `${out}-dirty` : out;
  } catch {
    return null;
  }
}

/** Where outputs go: a name relative to the output folder, and its content. */
export type PutFile = (name: string, data: string | Uint8Array) => void;

/** manifest.json of a run's outputs: what made them, from which configuration, and the files written. */
export function runManifest(info: ManifestInfo, config: unknown, games: number, files: readonly string[]): string {
  const manifest = {
    tool: 'legions',
    version: toolVersion(),
    gitCommit: gitCommit(),
    command: info.command,
    createdAt: new Date().toISOString(),
    config,
    shard: info.shard,
    ...(info.shards !== undefined ? { shards: info.shards } : {}),
    games,
    threads: info.perf.threads,
    throughput: { games: info.perf.games, seconds: info.perf.seconds, gamesPerSecond: info.perf.gamesPerSecond },
    perGame: info.perGame,
    files: [...files, 'accumulator.json'],
  };
  return JSON.stringify(manifest, null, 2) + '\n';
}
