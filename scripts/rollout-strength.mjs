// Strength of a rollout player on common random numbers: game i of seed S seats POLICY in seat i mod 5
// and OPPONENT (default: the competent player) in the other four; a rollout player simulates the others
// as competent whoever they are, so another OPPONENT tests it against players it does not model. Two
// runs with the same seed, range and opponent play the same games and pair game by game (compiled dist/).
// Usage: node scripts/rollout-strength.mjs play POLICY GAMES [SEED=strength] [START=0] [OPPONENT=competent] > a.jsonl
//        node scripts/rollout-strength.mjs compare a.jsonl b.jsonl   (b minus a, paired on the game index)
import { readFileSync } from 'node:fs';
import { gameSeed } from '../dist/src/core/rng.js';
import { initPolicies, playOn } from '../dist/src/legions/game.js';
import { defaultParams } from '../dist/src/legions/params.js';
import { defaultBoard } from '../dist/src/legions/board.js';
import { noVariants } from '../dist/src/legions/variants.js';
import { setupGame } from '../dist/src/legions/setup.js';
import { winnersOf } from '../dist/src/legions/outcome.js';
import { popcount } from '../dist/src/legions/common.js';
import { parsePolicies } from '../dist/policies/index.js';
import { wilson } from '../dist/src/stats/intervals.js';

const Z = 1.959963984540054;
const [mode, ...args] = process.argv.slice(2);

if (mode === 'play') {
  const [policy, gamesArg, seed = 'strength', startArg = '0', opponent = 'competent'] = args;
  const cfg = { players: 5, params: defaultParams(), board: defaultBoard(), variants: noVariants() };
  const start = Number(startArg);
  for (let i = start; i < start + Number(gamesArg); i++) {
    const seat = i % 5;
    const names = Array.from({ length: 5 }, (_, s) => (s === seat ? policy : opponent));
    const pols = parsePolicies(names.join(','), 5);
    const g = setupGame(cfg, gameSeed(seed, i), false);
    initPolicies(g, pols);
    playOn(g, pols);
    const w = g.lost ? 0 : winnersOf(g);
    const p = pols[seat];
    const row = {
      i, seat, win: w & (1 << seat) ? 1 / popcount(w) : 0, survived: g.lost ? 0 : 1,
      decisions: p.decisions ?? 0, millis: p.millis ?? 0, playouts: p.playouts ?? 0, chosen: p.chosen ?? [],
    };
    process.stdout.write(JSON.stringify(row) + '\n');
  }
} else if (mode === 'compare') {
  const read = (f) => new Map(readFileSync(f, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).map((r) => [r.i, r]));
  const a = read(args[0]);
  const b = read(args[1]);
  const both = [...a.keys()].filter((i) => b.has(i));
  const n = both.length;
  const arm = (m, name) => {
    const rows = both.map((i) => m.get(i));
    const win = rows.reduce((s, r) => s + r.win, 0);
    const surv = rows.reduce((s, r) => s + r.survived, 0);
    const dec = rows.reduce((s, r) => s + r.decisions, 0);
    const ms = rows.reduce((s, r) => s + r.millis, 0);
    const po = rows.reduce((s, r) => s + r.playouts, 0);
    const pct = ([lo, hi]) => `[${(100 * lo).toFixed(1)}, ${(100 * hi).toFixed(1)}]`;
    return `${name}: win share ${(100 * win / n).toFixed(1)} % ${pct(wilson(win, n))}, survival ${(100 * surv / n).toFixed(1)} % ${pct(wilson(surv, n))}, ` +
      `${dec ? (ms / dec).toFixed(2) : '-'} ms/decision, ${dec ? (po / dec).toFixed(2) : '-'} playouts/decision`;
  };
  const paired = (f, label) => {
    const d = both.map((i) => f(b.get(i)) - f(a.get(i)));
    const mean = d.reduce((s, x) => s + x, 0) / n;
    const v = d.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
    const h = Z * Math.sqrt(v / n);
    return `${label} ${(100 * mean).toFixed(2)} points [${(100 * (mean - h)).toFixed(2)}, ${(100 * (mean + h)).toFixed(2)}]`;
  };
  process.stdout.write(`${n} paired games\n${arm(a, args[0])}\n${arm(b, args[1])}\n` +
    `paired difference (second minus first): ${paired((r) => r.win, 'win share')}; ${paired((r) => r.survived, 'survival')}; ` +
    `${paired((r) => r.win + 0.5 * r.survived, 'objective (win + 0.5 survival)')}\n`);
} else {
  process.stderr.write('usage: rollout-strength.mjs play POLICY GAMES [SEED] [START] [OPPONENT] | compare A.jsonl B.jsonl\n');
  process.exit(2);
}
