// legions simulate: many games of one configuration, summarised (single thread for now).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { playGame } from '../legions/game.js';
import { InputError } from '../legions/params.js';
import { SummaryAccumulator } from '../sim/summary.js';
import { buildConfig, buildPolicies, type GameArgs, withGameOptions } from './options.js';

interface SimArgs extends GameArgs {
  games: number;
  out?: string;
  json: boolean;
  quiet: boolean;
}

/** Writes a file atomically: a temporary file renamed into place. */
export function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

export const simulateCommand: CommandModule<object, SimArgs> = {
  command: 'simulate',
  describe: 'Play many games and summarise collapse rates, win rates and Prestige spread',
  builder: (y) =>
    withGameOptions(y)
      .option('games', { type: 'number', default: 10000, describe: 'Number of games' })
      .option('out', { type: 'string', describe: 'Output folder for summary.json' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the summary JSON on stdout' })
      .option('quiet', { type: 'boolean', default: false, describe: 'No progress output' }) as never,
  handler: (a) => {
    if (!Number.isInteger(a.games) || a.games < 1) throw new InputError(`--games must be a positive integer, got ${a.games}`);
    const cfg = buildConfig(a);
    const pols = buildPolicies(a);
    if (a.out) {
      try {
        mkdirSync(a.out, { recursive: true });
      } catch {
        throw new InputError(`--out ${a.out}: cannot create the folder`);
      }
    }
    const acc = new SummaryAccumulator(a.players, pols.map((p) => p.name));
    const t0 = Date.now();
    for (let i = 0; i < a.games; i++) {
      acc.add(playGame(cfg, a.seed, i, pols).outcome);
      if (!a.quiet && (i + 1) % 5000 === 0) process.stderr.write(`${i + 1}/${a.games} games\n`);
    }
    const summary: Record<string, unknown> = { ...acc.summary(), seed: a.seed, perf: { seconds: (Date.now() - t0) / 1000 } };
    const text = JSON.stringify(summary, null, 2) + '\n';
    if (a.out) writeAtomic(join(a.out, 'summary.json'), text);
    if (a.json) process.stdout.write(text);
    else {
      const c = summary.collapse as { rate: number; ci95: [number, number] };
      process.stdout.write(`${a.games} games: collapse ${(100 * c.rate).toFixed(2)} % [${(100 * c.ci95[0]).toFixed(2)}, ${(100 * c.ci95[1]).toFixed(2)}]${a.out ? `; summary in ${join(a.out, 'summary.json')}` : ''}\n`);
    }
  },
};
