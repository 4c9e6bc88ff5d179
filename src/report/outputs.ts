// Everything a run leaves in its --out folder: summary.json, summary.csv, per-turn.csv,
// charts/*.vl.json|svg|png and manifest.json (written last), staged and committed as one transaction.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../core/paths.js';
import type { RunAccumulator } from '../sim/accumulator.js';
import { type Summary, summaryText } from '../sim/summary.js';
import { buildCharts } from './charts.js';
import { perTurnCsv, summaryCsv } from './csv.js';

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

/**
 * Writes the outputs through `sink` (a transaction's staging folder, see sim/transaction.ts), the
 * manifest last.
 */
export async function writeOutputs(sink: PutFile, s: Summary, acc: RunAccumulator, info: ManifestInfo, charts: boolean): Promise<string[]> {
  const files: string[] = [];
  const put = (name: string, data: string | Uint8Array) => {
    sink(name, data);
    files.push(name);
  };
  put('summary.json', summaryText(s, info.perf));
  put('summary.csv', summaryCsv(s));
  put('per-turn.csv', perTurnCsv(s));
  if (charts) {
    // Loaded only here: vega and vega-lite take about half a second to import.
    const { renderSvg, svgToPng } = await import('./render.js');
    for (const c of buildCharts(s, acc)) {
      put(`charts/${c.name}.vl.json`, JSON.stringify(c.spec, null, 2) + '\n');
      const svg = await renderSvg(c.spec);
      put(`charts/${c.name}.svg`, svg);
      put(`charts/${c.name}.png`, svgToPng(svg));
    }
  }
  const manifest = {
    tool: 'legions',
    version: toolVersion(),
    gitCommit: gitCommit(),
    command: info.command,
    createdAt: new Date().toISOString(),
    config: s.config,
    shard: info.shard,
    ...(info.shards !== undefined ? { shards: info.shards } : {}),
    games: s.games,
    threads: info.perf.threads,
    throughput: { games: info.perf.games, seconds: info.perf.seconds, gamesPerSecond: info.perf.gamesPerSecond },
    perGame: info.perGame,
    files: [...files, 'accumulator.json'],
  };
  put('manifest.json', JSON.stringify(manifest, null, 2) + '\n');
  return files;
}
