// Folding outcome records into a summary (single process; the worker pool is a later module).
import type { Outcome } from '../legions/outcome.js';
import { CAUSE_NAMES } from '../legions/state.js';
import { wilson } from '../stats/intervals.js';

export class SummaryAccumulator {
  games = 0;
  causes = [0, 0, 0, 0];
  collapseByTurn: number[] = [];
  winsBySeat: number[];
  riSum: number[] = [];
  riCount: number[] = [];
  spreadSum = 0;
  spreadSq = 0;
  survived = 0;
  legionsLost = 0;
  warsWon = 0;
  policyErrors = 0;

  constructor(readonly players: number, readonly policies: readonly string[]) {
    this.winsBySeat = new Array<number>(players).fill(0);
  }

  add(o: Outcome): void {
    this.games++;
    this.causes[o.cause]++;
    if (o.cause) this.collapseByTurn[o.lostTurn] = (this.collapseByTurn[o.lostTurn] ?? 0) + 1;
    const share = o.winners ? 1 / popcount(o.winners) : 0;
    for (let f = 0; f < this.players; f++) if (o.winners & (1 << f)) this.winsBySeat[f] += share;
    o.riByTurn.forEach((r, t) => {
      this.riSum[t] = (this.riSum[t] ?? 0) + r;
      this.riCount[t] = (this.riCount[t] ?? 0) + 1;
    });
    if (!o.cause) {
      const p = [...o.prestige].sort((a, b) => b - a);
      const spread = p[0]! - p[1]!;
      this.survived++;
      this.spreadSum += spread;
      this.spreadSq += spread * spread;
    }
    this.legionsLost += o.legionsLost;
    this.warsWon += o.warsWon;
    this.policyErrors += o.policyErrors;
  }

  summary(): Record<string, unknown> {
    const n = this.games;
    const rate = (k: number) => ({ rate: k / n, ci95: wilson(k, n) });
    const collapse = n - this.causes[0]!;
    const mean = this.survived ? this.spreadSum / this.survived : 0;
    return {
      games: n,
      players: this.players,
      policies: this.policies,
      collapse: rate(collapse),
      causes: Object.fromEntries(CAUSE_NAMES.slice(1).map((c, i) => [c, rate(this.causes[i + 1]!)])),
      collapseByTurn: Array.from({ length: this.riSum.length }, (_, t) => (this.collapseByTurn[t + 1] ?? 0) / n),
      winRateBySeat: this.winsBySeat.map((w, f) => ({ seat: f, policy: this.policies[f], rate: w / n, ci95: wilson(w, n) })),
      winningMargin: { mean, sd: this.survived > 1 ? Math.sqrt(Math.max(0, this.spreadSq / this.survived - mean * mean)) : 0 },
      meanRiByTurn: this.riSum.map((s, t) => s / this.riCount[t]!),
      meanLegionsLost: this.legionsLost / n,
      meanWarsWon: this.warsWon / n,
      policyErrors: this.policyErrors,
    };
  }
}

function popcount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}
