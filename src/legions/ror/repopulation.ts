// ror-repopulation (RoR 1.09.81): whenever, during the Senate Meeting, fewer aligned senators than the
// threshold are in Rome (through deaths or absence), a new senator joins the faction with the fewest
// senators: ties go to the faction with less Influence (votes) in Rome, then to a die roll drawn from
// the module's own stream; repeated until the threshold is reached or no senator is left. The top of
// the senator deck stands in for RoR's Curia; when the deck is empty, a face-up neutral in the Forum
// joins instead, chosen by the acquiring faction (`repopulationPick`). The new senator is in Rome and
// attends at once. The threshold is 8 with 5 players (RoR's number) and 5 with 3 players (not in the
// seeds: ceil(1.5 x players), the design study's rescaling): rorRepopulationThreshold.
import * as rngModule from '../../core/rng.js';
import * as commonModule from '../common.js';
import type { Policy } from '../policy.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
import * as rosterModule from '../senate/roster.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { uniformInt } = rngModule;
const { drawSenator, legalInt, log, policyError } = commonModule;
const { AT_FORUM, AT_ROME, factionName, influenceOf, SENATORS, senatorName } = stateModule;
const { senatorMoved } = rosterModule;

export const ROR_REPOPULATION = 'ror-repopulation';

export function repopulationThreshold(g: GameState): number {
  const t = g.params.rorRepopulationThreshold;
  return g.players === 3 ? t[0]! : t[1]!;
}

/** Aligned (faction) senators in Rome, attending or not. */
export function alignedInRome(g: GameState): number {
  let n = 0;
  for (let s = 0; s < SENATORS; s++) if (g.senWhere[s] === AT_ROME && g.senOwner[s]! >= 0) n++;
  return n;
}

/**
 * The faction that acquires the next senator: the fewest senators (wherever they are), then the least
 * Influence in Rome, then a die roll from the Repopulation stream among those still tied.
 */
export function acquiringFaction(g: GameState): number {
  const n = g.players;
  const count = g.scratch; // 2 x players: senators, then Influence in Rome
  for (let f = 0; f < 2 * n; f++) count[f] = 0;
  for (let s = 0; s < SENATORS; s++) {
    const f = g.senOwner[s]!;
    if (f < 0) continue;
    count[f]!++;
    if (g.senWhere[s] === AT_ROME) count[n + f] += influenceOf(s);
  }
  let tied = 0;
  let best = -1;
  for (let f = 0; f < n; f++) {
    const better = best < 0 || count[f]! < count[best]! || (count[f] === count[best] && count[n + f]! < count[n + best]!);
    if (better) {
      best = f;
      tied = 1;
    } else if (count[f] === count[best] && count[n + f] === count[n + best]) tied++;
  }
  if (tied === 1) return best;
  let k = uniformInt(g.rng.repopulation, tied);
  for (let f = 0; f < n; f++) {
    if (count[f] === count[best] && count[n + f] === count[n + best] && k-- === 0) return f;
  }
  return best;
}

/** Brings the aligned senators in Rome back to the threshold (no-op without the module or outside the Senate). */
export function repopulate(g: GameState, policies: readonly Policy[]): void {
  if (!g.variants[ROR_REPOPULATION] || g.step !== 'senate') return;
  const threshold = repopulationThreshold(g);
  while (alignedInRome(g) < threshold) {
    const f = acquiringFaction(g);
    let s = g.deckCount > 0 ? drawSenator(g) : -1;
    if (s < 0) {
      const cands: number[] = [];
      for (let x = 0; x < SENATORS; x++) if (g.senWhere[x] === AT_FORUM) cands.push(x);
      if (cands.length === 0) return; // no senator left anywhere: nothing happens (1.09.81)
      const pick = policies[f]!.repopulationPick(g, f, cands);
      if (legalInt(pick, 0, SENATORS - 1) && cands.includes(pick)) s = pick;
      else {
        policyError(g, f, `repopulation pick ${String(pick)} is not a neutral in the Forum`);
        s = cands[cands.length - 1]!; // the highest card, as for a nomination nobody made (F-3)
      }
    }
    g.senOwner[s] = f;
    g.senWhere[s] = AT_ROME;
    g.senPost[s] = -1;
    g.senPresent[s] = 1;
    senatorMoved(g, s);
    g.senMovedTurn[s] = g.turn;
    g.stats.rorRepopulated++;
    if (g.trace !== null) log(g, `Repopulation of Rome: ${senatorName(s)} joins ${factionName(f)}`);
  }
}
