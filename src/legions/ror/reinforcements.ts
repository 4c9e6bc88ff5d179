// ror-reinforcements (RoR 1.09.647; errata Senate overview items 18-22, General Recall/Assignment
// Rules, Minimum Force). In the Senate Meeting:
// * a commander who left Rome at this meeting (appointed to a war now) cannot be reinforced: sending
//   or transferring more legions to his detachment is out of order;
// * legions sent (dispatched or transferred) to a war at this meeting cannot be recalled or
//   transferred again at it;
// * a faction commander may void a recall or transfer of his legions that leaves his legions plus
//   Military Rating below the enemy armies (below Minimum Force; rorRecallConsentAtEqual = 1: not
//   above them). His faction decides (`consent`); a voided motion lapses unvoted.
// A motion the first two rules forbid is ruled out of order when it is made or tabled (it lapses and
// is recorded as failed, so it is not made again this turn); it is counted, not a policy error.
import * as commonModule from '../common.js';
import type { Motion } from '../motion.js';
import * as motionModule from '../motion.js';
import type { Policy } from '../policy.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
import * as detachmentsModule from './detachments.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { askBool, log, popcount } = commonModule;
const { DISPATCH, RAISE, RECALL, TRANSFER } = motionModule;
const { MAX_DET, militaryRatingOf, senatorName } = stateModule;
const { detCommander, detFactionMask, detLegions, detStateLegions } = detachmentsModule;

export const ROR_REINFORCEMENTS = 'ror-reinforcements';

/** Whether commander c took his command at this turn's Senate Meeting (he left Rome at it). */
export function leftRomeThisMeeting(g: GameState, c: number): boolean {
  return c >= 0 && g.step === 'senate' && g.senOfficeTurn[c] === g.turn;
}

/** Starts a meeting's record of legions sent (called as the Senate opens, with the module). */
export function resetFresh(g: GameState): void {
  g.freshState.fill(0);
  g.freshTurn = g.turn;
}

/** Records legions sent to detachment d of war w at this meeting (dispatch or transfer). */
export function markFresh(g: GameState, w: number, d: number, count: number, mask: number): void {
  if (g.freshTurn !== g.turn) resetFresh(g);
  g.freshState[w * MAX_DET + d] += count;
  for (let f = 0; f < g.players; f++) if (mask & (1 << f)) g.factionLegionFresh[f] = g.turn;
}

/** State legions of detachment d sent there at this meeting. */
export function freshStateAt(g: GameState, w: number, d: number): number {
  return g.step === 'senate' && g.freshTurn === g.turn ? g.freshState[w * MAX_DET + d]! : 0;
}

/** Faction legions (bitmask) of detachment d sent there at this meeting. */
export function freshMaskAt(g: GameState, w: number, d: number): number {
  if (g.step !== 'senate') return 0;
  const here = detFactionMask(g, w, d);
  let m = 0;
  for (let f = 0; f < g.players; f++) if (here & (1 << f) && g.factionLegionFresh[f] === g.turn) m |= 1 << f;
  return m;
}

/** Legions of detachment d that may still be recalled or transferred at this meeting: State count and faction mask. */
export function movableState(g: GameState, w: number, d: number): number {
  return detStateLegions(g, w, d) - (g.variants[ROR_REINFORCEMENTS] ? freshStateAt(g, w, d) : 0);
}

export function movableMask(g: GameState, w: number, d: number): number {
  return detFactionMask(g, w, d) & ~(g.variants[ROR_REINFORCEMENTS] ? freshMaskAt(g, w, d) : 0);
}

/** Whether detachment d of war w may receive more legions now (its commander did not leave at this meeting). */
export function reinforceable(g: GameState, w: number, d: number): boolean {
  return !g.variants[ROR_REINFORCEMENTS] || !leftRomeThisMeeting(g, detCommander(g, w, d));
}

/**
 * The module's order of business for a motion the base rules allow: null when in order, else why the
 * chair rules it out (no-op without the module).
 */
export function reinforcementOrder(g: GameState, m: Motion): string | null {
  if (!g.variants[ROR_REINFORCEMENTS]) return null;
  switch (m.kind) {
    case DISPATCH:
      if (m.senator === -1 && !reinforceable(g, m.target, m.det)) return 'its commander left Rome at this meeting and cannot be reinforced (RoR 1.09.647)';
      return null;
    case TRANSFER:
      if (!reinforceable(g, m.target2, m.det2)) return 'the receiving commander left Rome at this meeting and cannot be reinforced (RoR 1.09.647)';
      return movedFresh(g, m);
    case RECALL:
      return movedFresh(g, m);
    default:
      return null;
  }
}

function movedFresh(g: GameState, m: Motion): string | null {
  if (m.count > movableState(g, m.target, m.det) || (m.mask & freshMaskAt(g, m.target, m.det)) !== 0) {
    return 'legions sent at this meeting cannot be recalled or moved at it (errata, General Recall rules)';
  }
  return null;
}

/**
 * RoR raises forces and sends a commander with them in one proposal (errata, War Proposal Bundling);
 * LEGIONS moves the levy and the dispatch as separate motions, and a commander sent before the levy
 * passes could not take the new legions. So the chair takes a pending levy first: a dispatch naming a
 * new commander, made or tabled while a motion to raise legions is on the agenda, is withdrawn
 * unvoted (not failed: it may be moved again once the levy is decided). No-op without the module.
 */
export function newCommandAfterLevy(g: GameState, m: Motion): string | null {
  if (!g.variants[ROR_REINFORCEMENTS] || m.kind !== DISPATCH || m.senator < 0) return null;
  if (detCommander(g, m.target, m.det) >= 0) return null;
  for (let i = 0; i < g.agendaCount; i++) {
    if (g.agenda[i]!.kind === RAISE) return 'a levy is pending: a new commander waits for it, as he could not be reinforced after (RoR bundles the two)';
  }
  return null;
}

/**
 * Minimum Force: before the vote on a recall or transfer, the commander of the detachment losing
 * legions may void it when it leaves legions + MR (at most the legions) below the armies (or not above
 * them, rorRecallConsentAtEqual = 1). Returns false when he voids it. No-op without the module.
 */
export function commanderAllowsRecall(g: GameState, policies: readonly Policy[], m: Motion): boolean {
  if (!g.variants[ROR_REINFORCEMENTS]) return true;
  const c = detCommander(g, m.target, m.det);
  if (c < 0) return true;
  const f = g.senOwner[c]!;
  if (f < 0) return true; // a neutral commander has nobody to decide for him
  if (!mayVoidRecall(g, m)) return true;
  if (askBool(g, f, policies[f]!.consent(g, f, m), 'consent')) return true;
  g.stats.rorRecallsVoided++;
  g.stats.rorReinforcementsBound++;
  if (g.trace !== null) log(g, `${senatorName(c)} voids the motion: it would leave him below Minimum Force`);
  return false;
}

/** Whether the commander may void this recall or transfer (Minimum Force; see commanderAllowsRecall). */
export function mayVoidRecall(g: GameState, m: Motion): boolean {
  const c = detCommander(g, m.target, m.det);
  if (c < 0) return false;
  const left = detLegions(g, m.target, m.det) - m.count - popcount(m.mask);
  const strength = left + Math.min(militaryRatingOf(c), left);
  const armies = g.wars.armies[m.target]!;
  return g.params.rorRecallConsentAtEqual ? strength <= armies : strength < armies;
}
