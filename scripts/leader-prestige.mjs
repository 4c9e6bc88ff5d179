// The share of base games whose leading faction ends with at least THRESHOLD Prestige: how often the
// Consul for Life's Prestige bar (rorCflPrestige, 30) is within a leader's reach (docs/rules.md).
// Usage: npm run build && node scripts/leader-prestige.mjs [GAMES=4000] [POLICY=competent] [THRESHOLD=30] [SEED=leader-prestige]
import { playOutcome } from '../dist/src/legions/game.js';
import { defaultParams } from '../dist/src/legions/params.js';
import { defaultBoard } from '../dist/src/legions/board.js';
import { noVariants } from '../dist/src/legions/variants.js';
import { parsePolicies } from '../dist/policies/index.js';

const fail = (why) => {
  process.stderr.write(`leader-prestige: ${why}\n`);
  process.exit(2);
};
const [gamesArg = '4000', policy = 'competent', thresholdArg = '30', seed = 'leader-prestige'] = process.argv.slice(2);
const games = Number(gamesArg);
const threshold = Number(thresholdArg);
if (!Number.isInteger(games) || games < 1) fail(`GAMES must be a positive whole number (got ${gamesArg})`);
if (!Number.isFinite(threshold)) fail(`THRESHOLD must be a number (got ${thresholdArg})`);
let policies;
try {
  policies = parsePolicies(policy, 5);
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}
const cfg = { players: 5, params: defaultParams(), board: defaultBoard(), variants: noVariants() };
let reached = 0;
for (let i = 0; i < games; i++) if (Math.max(...playOutcome(cfg, seed, i, policies).prestige) >= threshold) reached++;
process.stdout.write(`${policy}, ${games} games (seed ${seed}): the leader ends with ${threshold}+ Prestige in ${reached} (${((100 * reached) / games).toFixed(1)} %)\n`);
