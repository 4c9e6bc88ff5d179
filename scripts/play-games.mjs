// Plays N five-player games of the bench's workload with playOutcome (compiled dist/, on this thread)
// and prints games/s and the outcome signature: the loop to profile (node --cpu-prof scripts/play-games.mjs).
// Usage: node scripts/play-games.mjs [GAMES=10000] [POLICY=competent]
import { playOutcome } from '../dist/src/legions/game.js';
import { defaultParams } from '../dist/src/legions/params.js';
import { defaultBoard } from '../dist/src/legions/board.js';
import { noVariants } from '../dist/src/legions/variants.js';
import { parsePolicies } from '../dist/policies/index.js';
import { Signature } from '../dist/src/sim/signature.js';

const games = Number(process.argv[2] ?? 10000);
const policy = process.argv[3] ?? 'competent';
const cfg = { players: 5, params: defaultParams(), board: defaultBoard(), variants: noVariants() };
const policies = parsePolicies(policy, 5);
const sig = new Signature();
const t0 = performance.now();
for (let i = 0; i < games; i++) sig.add(playOutcome(cfg, 'bench', i, policies));
const seconds = (performance.now() - t0) / 1000;
process.stdout.write(`${games} games in ${seconds.toFixed(2)} s: ${(games / seconds).toFixed(0)} games/s, signature ${sig.hex()}\n`);
