// ror-consul-for-life: RoR 1.09.82-1.09.823 and errata X, 9.67, 12.31 (docs/rules.md). A Consul for
// Life, elected or reached automatically, wins the game for his faction at the end of the turn if the
// Republic stands and he lives. No random draws.
import { log, presidingFaction, totalStatus } from '../common.js';
import { ELECT_CONSUL_FOR_LIFE, type Motion, motionRules } from '../motion.js';
import type { Policy } from '../policy.js';
import { askProposal, endList, inCands, listAt, type MotionRules } from '../senate/agenda.js';
import { before, logEffects } from '../senate/describe.js';
import { hasSenatorPresent, putToVote } from '../senate/voting.js';
import { AT_ROME, factionName, type GameState, SENATORS, senatorName, statusOf } from '../state.js';

/** Nominees: present faction senators in Rome whose faction has at least rorCflPrestige (the seeds' 21 Influence, rescaled). */
export function cflCandidates(g: GameState): void {
  let k = 0;
  for (let s = 0; s < SENATORS; s++) {
    const f = g.senOwner[s]!;
    if (f < 0 || g.senWhere[s] !== AT_ROME || !g.senPresent[s] || g.prestige[f]! < g.params.rorCflPrestige) continue;
    listAt(g.cands, k++, s);
  }
  endList(g, k);
}

const cflRules: MotionRules = motionRules({
  candidates: cflCandidates,
  check: (g, m) => (inCands(g, m.senator) ? null : 'not eligible for Consul for Life'),
  execute() {},
});

/** Votes the nominee adds for himself: his Status times rorCflStatusVotes (RoR: his Influence). */
export function cflBonusVotes(g: GameState, m: Motion): number {
  return m.senator >= 0 ? g.params.rorCflStatusVotes * statusOf(m.senator) : 0;
}

/**
 * Item 3a, after the prosecutions: one nomination a turn (errata X). The chair may nominate; if it
 * does not, each other faction holding a real tribune, clockwise from the chair's left, may nominate
 * by playing it (9.67). The nomination is voted at once and cannot be vetoed.
 */
export function cflItem(g: GameState, policies: readonly Policy[]): void {
  if (g.rorCfl >= 0 || g.rorCflVoteTurn === g.turn) return;
  cflCandidates(g);
  if (g.cands.length === 0) return;
  const chair = presidingFaction(g);
  for (let i = 0; i < g.players; i++) {
    const f = (chair + i) % g.players;
    if (!hasSenatorPresent(g, f) || (i > 0 && g.tribunesReal[f] === 0)) continue;
    if (!askProposal(g, policies, f, ELECT_CONSUL_FOR_LIFE, -1, cflRules, true)) continue;
    const m = g.motion;
    if (i > 0) {
      g.tribunesReal[f]--;
      g.stats.tabledByTribune++;
      m.viaTribune = true;
      m.tabledBy = f;
    } else m.tabledBy = chair;
    g.rorCflVoteTurn = g.turn;
    g.stats.rorCflVotes++;
    g.stats.rorCflEvents++;
    const s = m.senator;
    if (g.trace !== null) log(g, `${factionName(f)} nominates ${senatorName(s)} Consul for Life${i > 0 ? ' with a tribune' : ''}`);
    const b = g.trace !== null ? before(g) : null;
    const passed = putToVote(g, policies, m);
    if (b) logEffects(g, b, log);
    if (passed) takeOffice(g, s, false);
    return;
  }
}

function takeOffice(g: GameState, s: number, automatic: boolean): void {
  g.rorCfl = s;
  g.rorCflTurn = g.turn;
  g.stats.rorCflAppointed++;
  if (automatic) {
    g.stats.rorCflAuto++;
    g.stats.rorCflEvents++;
  }
  if (g.trace !== null) log(g, `${senatorName(s)} of ${factionName(g.senOwner[s]!)} is Consul for Life${automatic ? ' (automatically)' : ''}: his faction wins if the Republic stands at the end of the turn`);
}

/** The faction's senior senator in Rome (highest card), attending or not; -1 when none is in Rome. */
function seniorInRome(g: GameState, f: number): number {
  for (let s = SENATORS - 1; s >= 0; s--) if (g.senOwner[s] === f && g.senWhere[s] === AT_ROME) return s;
  return -1;
}

/**
 * Checked after every step of the turn (1.09.822, rescaled): a faction at rorCflAutoPrestige or more
 * makes its senior senator in Rome Consul for Life. Several at once: the most Prestige, then the
 * greater total Status (the seeds: the larger excess, then the faction of more Influence), then the
 * first from the presiding faction clockwise.
 */
export function cflAutoCheck(g: GameState): void {
  if (g.rorCfl >= 0 || g.lost !== 0) return;
  const th = g.params.rorCflAutoPrestige;
  const c = presidingFaction(g);
  let best = -1;
  for (let i = 0; i < g.players; i++) {
    const f = (c + i) % g.players;
    if (g.prestige[f]! < th || seniorInRome(g, f) < 0) continue;
    if (best < 0 || g.prestige[f]! > g.prestige[best]! || (g.prestige[f] === g.prestige[best] && totalStatus(g, f) > totalStatus(g, best))) best = f;
  }
  if (best >= 0) takeOffice(g, seniorInRome(g, best), true);
}

/** End of the turn: a Consul for Life still alive wins the game for his faction (1.09.823). Returns true when the game ends. */
export function cflEndOfTurn(g: GameState): boolean {
  if (g.rorCfl < 0) return false;
  g.rorCflWinner = g.senOwner[g.rorCfl]!;
  g.rorCflEndTurn = g.turn;
  if (g.trace !== null) log(g, `The Republic stands: ${factionName(g.rorCflWinner)} wins through its Consul for Life ${senatorName(g.rorCfl)}`);
  return true;
}
