// Plays the same games (master seed and index) in the base game and with one variation, and counts
// how their ends differ: fate (fallen or standing), the final Prestige totals, the Revolution Index's
// path turn by turn. The README's "the political modules change who wins, not whether Rome stands".
// Usage: npm run build && node scripts/paired-games.mjs VARIATION [GAMES=3000] [POLICY=competent] [SEED=paired]
import { playOutcome } from '../dist/src/legions/game.js';
import { defaultParams } from '../dist/src/legions/params.js';
import { defaultBoard } from '../dist/src/legions/board.js';
import { noVariants, parseVariants } from '../dist/src/legions/variants.js';
import { parsePolicies } from '../dist/policies/index.js';

const fail = (why) => {
  process.stderr.write(`paired-games: ${why}\n`);
  process.exit(2);
};
const [variation, gamesArg = '3000', policy = 'competent', seed = 'paired'] = process.argv.slice(2);
if (variation === undefined) fail('usage: node scripts/paired-games.mjs VARIATION [GAMES=3000] [POLICY=competent] [SEED=paired]');
const games = Number(gamesArg);
if (!Number.isInteger(games) || games < 1) fail(`GAMES must be a positive whole number (got ${gamesArg})`);
let variants;
let policies;
try {
  variants = parseVariants(variation);
  policies = parsePolicies(policy, 5);
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}
const config = (v) => ({ players: 5, params: defaultParams(), board: defaultBoard(), variants: v });
const base = config(noVariants());
const arm = config(variants);
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
let fate = 0;
let prestige = 0;
let riPath = 0;
for (let i = 0; i < games; i++) {
  // Each outcome copies what it keeps, so the second game's spare state does not write over the first's.
  const a = playOutcome(base, seed, i, policies);
  const b = playOutcome(arm, seed, i, policies);
  if ((a.cause === 0) !== (b.cause === 0)) fate++;
  if (!same(a.prestige, b.prestige)) prestige++;
  if (!same(a.riByTurn, b.riByTurn)) riPath++;
}
process.stdout.write(`${variation}, ${games} ${policy} games (seed ${seed}) against the base game: ` +
  `another fate in ${fate}, other Prestige totals in ${prestige}, another Revolution Index path in ${riPath}\n`);
