// What a multi-thread run pays to start: the bench's games played through the runner's worker pool
// (as `simulate` plays them), with the games finished in each second since the pool started (each
// batch's games spread over its own start and end on a clock all threads share). The first seconds
// show the workers' start and V8 compiling the game in every worker; the rest, the warm rate. Prints
// the seconds the run took, the warm rate (the median of the whole seconds after the third, the last
// partial second left out) and what the start cost against a run at the warm rate throughout.
// Build first (npx tsc -p tsconfig.json): dist/ is what runs.
// Usage: node scripts/warm-up.mjs [GAMES=200000] [THREADS=2]
import { runPool } from '../dist/src/sim/runner.js';
import { game } from '../dist/src/games/legions/definition.js';
import { benchField } from '../dist/src/cli/bench.js';
import { defaultBoard } from '../dist/src/legions/board.js';
import { defaultParams } from '../dist/src/legions/params.js';
import { noVariants } from '../dist/src/legions/variants.js';

const [gamesArg = '200000', threadsArg = '2'] = process.argv.slice(2);
if (![gamesArg, threadsArg].every((x) => /^[1-9][0-9]*$/.test(x))) {
  process.stderr.write(`warm-up: GAMES and THREADS must be positive whole numbers (got ${gamesArg}, ${threadsArg})\n`);
  process.exit(2);
}
const games = Number(gamesArg);
const threads = Number(threadsArg);
const field = benchField();
const cfg = { players: 5, params: defaultParams(), board: defaultBoard(), variants: noVariants() };
const spec = { game, cfg, policies: field.policies, rotation: field.rotation, seed: 'bench', games, start: 0, end: games, shard: null };
const t0 = performance.timeOrigin + performance.now();
const bins = [];
const run = await runPool(spec, { threads }, {
  onBatch(b) {
    const s = b.startedAt - t0;
    const e = b.endedAt - t0;
    const n = b.end - b.start;
    for (let t = Math.floor(s / 1000); t <= Math.floor(e / 1000); t++) {
      const part = Math.min(e, t * 1000 + 1000) - Math.max(s, t * 1000);
      if (part > 0) bins[t] = (bins[t] ?? 0) + (e > s ? (n * part) / (e - s) : n);
    }
  },
});
const perSecond = Array.from(bins, (x) => Math.round(x ?? 0));
const warm = perSecond.slice(3, -1).sort((a, b) => a - b);
process.stdout.write(`games finished in each second: ${perSecond.join(' ')}\n`);
if (warm.length === 0) {
  process.stdout.write(`${run.seconds.toFixed(2)} s; too short for a warm rate (give more games)\n`);
} else {
  const rate = warm[Math.floor(warm.length / 2)];
  const ideal = games / rate;
  process.stdout.write(
    `${run.seconds.toFixed(2)} s, ${Math.round(games / run.seconds)} games/s; warm ${rate} games/s; ` +
      `the start cost ${(run.seconds - ideal).toFixed(2)} s (${((100 * (run.seconds - ideal)) / run.seconds).toFixed(1)} % of the run)\n`,
  );
}
