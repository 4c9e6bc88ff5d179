// What a multi-thread run pays to start: the bench's games played through the runner's worker pool
// (as `simulate` plays them), with the games finished in each second since the pool started (each
// batch's games spread over its own start and end on a clock all threads share). The first seconds
// show the workers' start and V8 compiling the game in every worker; the rest, the warm rate. Prints
// the seconds the run took, the warm rate (the median of the whole seconds after the third, the last
// partial second left out) and what the start cost against a run at the warm rate throughout (that
// figure also holds the end's drain, when one thread waits for the other's last batch: some 0.1 s).
// Build first (npx tsc -p tsconfig.json): dist/ is what runs.
// Usage: node scripts/warm-up.mjs [GAMES=200000] [THREADS=2]
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [gamesArg = '200000', threadsArg = '2'] = process.argv.slice(2);
if (![gamesArg, threadsArg].every((x) => /^[1-9][0-9]*$/.test(x))) {
  process.stderr.write(`warm-up: GAMES and THREADS must be positive whole numbers (got ${gamesArg}, ${threadsArg})\n`);
  process.exit(2);
}
if (process.argv.length > 4) {
  process.stderr.write(`warm-up: too many arguments (usage: node scripts/warm-up.mjs [GAMES=200000] [THREADS=2])\n`);
  process.exit(2);
}
const dist = resolve(import.meta.dirname, '..', 'dist');
if (!existsSync(resolve(dist, 'src/sim/runner.js'))) {
  process.stderr.write(`warm-up: ${dist} has no build (run npx tsc -p tsconfig.json first)\n`);
  process.exit(2);
}
const load = (rel) => import(pathToFileURL(resolve(dist, rel)).href);
const [{ runPool }, { game }, { benchField }, { defaultBoard }, { defaultParams }, { noVariants }] = await Promise.all([
  load('src/sim/runner.js'), load('src/games/legions/definition.js'), load('src/cli/bench.js'), load('src/legions/board.js'),
  load('src/legions/params.js'), load('src/legions/variants.js'),
]);
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
    if (e <= s) {
      bins[Math.floor(s / 1000)] = (bins[Math.floor(s / 1000)] ?? 0) + n; // (a batch timed as instant: all in its second)
      return;
    }
    for (let t = Math.floor(s / 1000); t <= Math.floor(e / 1000); t++) {
      const part = Math.min(e, t * 1000 + 1000) - Math.max(s, t * 1000);
      if (part > 0) bins[t] = (bins[t] ?? 0) + (n * part) / (e - s);
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
