// Policy tournaments: seat rotation, win rates with intervals, Bradley-Terry ranking, collapse rates.
import { gameSeed } from '../core/rng.js';
import { parsePolicies } from '../../policies/index.js';
import { initPolicies, playOn, type GameConfig } from '../legions/game.js';
import { setupGame } from '../legions/setup.js';
import { winnersOf } from '../legions/outcome.js';
import { popcount } from '../legions/common.js';
import { wilson } from '../stats/intervals.js';
import { bradleyTerry } from './bradley-terry.js';
import { RolloutPolicy } from '../../policies/rollout.js';

export interface TournamentRow {
  policy: string;
  games: number;
  wins: number;
  winRate: number;
  ci95: [number, number];
  /** Bradley-Terry strength from the pairwise finishing order by Prestige in surviving games (secondary). */
  strength: number;
  /** Rank by win rate (a collapse is no win), ties by strength. */
  rank: number;
  /** Rank by Bradley-Terry strength alone. */
  btRank: number;
}

export interface TournamentResult {
  players: number;
  games: number;
  seed: string;
  rows: TournamentRow[];
  /** Collapse rate when every seat plays the same policy. */
  collapseAllSeats: { policy: string; games: number; collapse: number; ci95: [number, number] }[];
  rolloutMsPerDecision: number | null;
}

/**
 * Game i seats policy (i + s) mod k in seat s (all rotations over k consecutive games), so every policy
 * plays every seat equally often and seat advantage cancels out of the policy comparison.
 */
export function lineup(i: number, k: number, players: number): number[] {
  const l: number[] = [];
  for (let s = 0; s < players; s++) l.push((i + s) % k);
  return l;
}

export function runTournament(cfg: GameConfig, names: readonly string[], games: number, seed: string, collapseGames: number,
  progress?: (done: number, total: number) => void): TournamentResult {
  const k = names.length;
  const n = cfg.players;
  const wins = new Array<number>(k).fill(0);
  const appear = new Array<number>(k).fill(0);
  const pair = names.map(() => new Array<number>(k).fill(0));
  let rolloutMs = 0;
  let rolloutDecisions = 0;
  const total = games + collapseGames * k;
  for (let i = 0; i < games; i++) {
    const l = lineup(i, k, n);
    const pols = parsePolicies(l.map((x) => names[x]!).join(','), n);
    const g = setupGame(cfg, gameSeed(seed, i), false);
    initPolicies(g, pols);
    playOn(g, pols);
    for (const p of pols) if (p instanceof RolloutPolicy) {
      rolloutMs += p.millis;
      rolloutDecisions += p.decisions;
    }
    for (let s = 0; s < n; s++) appear[l[s]!]++;
    if (!g.lost) {
      const w = winnersOf(g); // Prestige, then total Status; a tie still left is shared
      for (let s = 0; s < n; s++) if (w & (1 << s)) wins[l[s]!] += 1 / popcount(w);
      // Pairwise: seat a above seat b by final Prestige (ties half each); same-policy pairs are skipped.
      for (let a = 0; a < n; a++) {
        for (let b = 0; b < n; b++) {
          if (a === b || l[a] === l[b]) continue;
          if (g.prestige[a]! > g.prestige[b]!) pair[l[a]!]![l[b]!]++;
          else if (g.prestige[a] === g.prestige[b]) pair[l[a]!]![l[b]!] += 0.5;
        }
      }
    }
    progress?.(i + 1, total);
  }
  const strength = bradleyTerry(pair);
  const rate = (i: number) => (appear[i]! ? wins[i]! / appear[i]! : 0);
  // The ranking is by win rate, what a player wants; Bradley-Terry (finishing order) is shown beside it.
  const byRate = names.map((_, i) => i).sort((a, b) => rate(b) - rate(a) || strength[b]! - strength[a]!);
  const byBt = names.map((_, i) => i).sort((a, b) => strength[b]! - strength[a]!);
  const rows: TournamentRow[] = names.map((policy, i) => ({
    policy, games: appear[i]!, wins: wins[i]!, winRate: rate(i), ci95: wilson(wins[i]!, appear[i]!), strength: strength[i]!,
    rank: byRate.indexOf(i) + 1, btRank: byBt.indexOf(i) + 1,
  }));
  const collapseAllSeats = names.map((policy, x) => {
    let lost = 0;
    for (let i = 0; i < collapseGames; i++) {
      const pols = parsePolicies(policy, n);
      const g = setupGame(cfg, gameSeed(`${seed}/all`, i), false);
      initPolicies(g, pols);
      playOn(g, pols);
      if (g.lost) lost++;
      progress?.(games + x * collapseGames + i + 1, total);
    }
    return { policy, games: collapseGames, collapse: collapseGames ? lost / collapseGames : 0, ci95: wilson(lost, collapseGames) };
  });
  return {
    players: n, games, seed, rows, collapseAllSeats,
    rolloutMsPerDecision: rolloutDecisions ? rolloutMs / rolloutDecisions : null,
  };
}

/**
 * Neighbours in the ranking by win rate whose intervals overlap: these games do not tell them apart
 * (an order read from the point estimates alone). Pairs of policy names, best first.
 */
export function untoldApart(rows: readonly TournamentRow[]): [string, string][] {
  const ranked = [...rows].sort((p, q) => p.rank - q.rank);
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < ranked.length; i++) {
    const a = ranked[i]!;
    const b = ranked[i + 1]!;
    if (a.ci95[0] <= b.ci95[1]) out.push([a.policy, b.policy]);
  }
  return out;
}
