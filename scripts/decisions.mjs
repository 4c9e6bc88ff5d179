// How many decisions a game asks of its players, by method, and what a game costs per decision
// (engine and players together): the bench's games (five players of POLICY, default board, no
// variations), timed on this thread after a warm-up with the players as they are, then played again
// with each seat wrapped to count the engine's calls (calls a player makes to its own methods are not
// counted). ROOT is a checkout with dist/ built, so an older commit can be measured the same way
// (`git worktree add --detach DIR COMMIT`, `npx tsc -p tsconfig.json` in it).
// Usage: node scripts/decisions.mjs [GAMES=3000] [POLICY=competent] [ROOT=this checkout]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { POLICY_METHODS } from './policy-methods.mjs';

const [gamesArg = '3000', policy = 'competent', rootArg] = process.argv.slice(2);
const games = Number(gamesArg);
if (!Number.isInteger(games) || games < 1) {
  process.stderr.write(`decisions: GAMES must be a positive whole number (got ${gamesArg})\n`);
  process.exit(2);
}
const root = rootArg ? resolve(rootArg) : resolve(import.meta.dirname, '..');
const load = (rel) => import(pathToFileURL(resolve(root, 'dist', rel)).href);
const [game, params, board, variants, pol] = await Promise.all([
  load('src/legions/game.js'), load('src/legions/params.js'), load('src/legions/board.js'),
  load('src/legions/variants.js'), load('policies/index.js'),
]);
const cfg = { players: 5, params: params.defaultParams(), board: board.defaultBoard(), variants: variants.noVariants() };
let players;
try {
  players = pol.parsePolicies(policy, 5);
} catch (e) {
  process.stderr.write(`decisions: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(2);
}

// Timed first, with the players unwrapped: 1,000 games of warm-up, then GAMES games.
for (let i = 0; i < 1000; i++) game.playGame(cfg, 'warm-up', i, players);
const t0 = performance.now();
for (let i = 0; i < games; i++) game.playGame(cfg, 'bench', i, players);
const usPerGame = ((performance.now() - t0) * 1000) / games;

/** Calls per method, over all seats. */
const calls = new Map();
/** Seat p behind a counter: the engine's calls go through it, p's calls to itself do not. */
function counted(p) {
  const o = Object.create(p);
  for (const k of POLICY_METHODS) {
    if (typeof p[k] !== 'function') continue;
    calls.set(k, calls.get(k) ?? 0);
    o[k] = (...a) => {
      calls.set(k, calls.get(k) + 1);
      return p[k](...a);
    };
  }
  o.init = (me, rng) => p.init(me, rng);
  return o;
}
const countedPlayers = pol.parsePolicies(policy, 5).map(counted);
let turns = 0;
for (let i = 0; i < games; i++) turns += game.playGame(cfg, 'bench', i, countedPlayers).state.turn;

const rows = [...calls].filter(([k, n]) => n > 0 && k !== 'beginTurn').sort((a, b) => b[1] - a[1]);
const decisions = rows.reduce((sum, [, n]) => sum + n, 0) / games;
process.stdout.write(
  `${policy} (${root}): ${games} games, ${(turns / games).toFixed(2)} turns a game, ${decisions.toFixed(0)} decisions a game; ` +
    `${usPerGame.toFixed(1)} us a game on this thread, ${((usPerGame * 1000) / decisions).toFixed(0)} ns a decision (engine and players)\n`,
);
process.stdout.write(`${rows.map(([k, n]) => `${k} ${(n / games).toFixed(1)}`).join(', ')}\n`);
