// Degeneracy warnings: figures that usually mean a quirk of the players or the engine rather than a
// property of the game — a seat, the Temporary Consul's faction or a policy winning more than twice
// its fair share or never, votes that are nearly all unanimous.
import { wilson } from '../../stats/intervals.js';

export interface WarningInput {
  games: number;
  /** Games the Republic survived (a collapse is no win for anyone). */
  survived: number;
  players: number;
  /** Win shares (in games) per seat, and per policy with its seat-games. */
  seatWins: readonly number[];
  policyWins: readonly { policy: string; wins: number; seatGames: number }[];
  temporaryConsulWins: number;
  /** Votes taken, and those in which every faction that voted took the same side. */
  motions: number;
  unanimousVotes: number;
}

/** Expected wins below which "never" is no evidence of anything. */
const MIN_EXPECTED = 10;

function judge(what: string, wins: number, trials: number, fair: number): string | null {
  if (trials === 0 || fair <= 0) return null;
  const [lo] = wilson(wins, trials);
  if (lo > 2 * fair) return `${what} wins ${(100 * wins / trials).toFixed(1)} % of its games, more than twice its fair share (${(100 * fair).toFixed(1)} %)`;
  if (wins === 0 && fair * trials >= MIN_EXPECTED) return `${what} never wins (fair share ${(100 * fair).toFixed(1)} %, ${trials} games)`;
  return null;
}

export function degeneracyWarnings(x: WarningInput): string[] {
  const out: string[] = [];
  if (x.games === 0) return out;
  const fair = x.survived / x.games / x.players;
  x.seatWins.forEach((w, s) => {
    const m = judge(`seat ${s}`, w, x.games, fair);
    if (m) out.push(m);
  });
  const tc = judge("the Temporary Consul's faction", x.temporaryConsulWins, x.games, fair);
  if (tc) out.push(tc);
  const distinct = new Set(x.policyWins.map((p) => p.policy));
  if (distinct.size > 1) {
    for (const p of x.policyWins) {
      const m = judge(`policy ${p.policy}`, p.wins, p.seatGames, fair);
      if (m) out.push(m);
    }
  }
  if (x.motions >= 100 && x.unanimousVotes / x.motions > 0.9) {
    out.push(`${(100 * x.unanimousVotes / x.motions).toFixed(0)} % of the Senate's votes were unanimous: the players rubber-stamp, so the Senate decides little`);
  }
  return out;
}
