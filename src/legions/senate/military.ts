// Military Appointments: disband, raise, commanders and dispatch, transfer, recall (in that order).
import * as commonModule from '../common.js';
import * as incomeModule from '../income.js';
import type { Motion } from '../motion.js';
import * as motionModule from '../motion.js';
import type { Policy } from '../policy.js';
import * as dictatorModule from '../ror/dictator.js';
import * as detachmentsModule from '../ror/detachments.js';
import * as reinforcementsModule from '../ror/reinforcements.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
import type { MotionRules } from './agenda.js';
import * as agendaModule from './agenda.js';
import * as rosterModule from './roster.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { askBool, log, popcount, returnSenator, statePays } = commonModule;
const { legionsAt, stateLegionCount } = incomeModule;
const { DISPATCH, motionRules, REPLACE_COMMANDER } = motionModule;
const { commandRating, dictatorCommands, dictatorTakesCommand } = dictatorModule;
const { addDetStateLegions, compactDetachments, detCommander, detFactionMask, detLegions, detLossTurn, detStateLegions, factionLegionLeaves, freeDetachment, maxDetachments, newDetachment, releaseEmptyDet, ROR_COMMANDERS, setDetLossTurn, takeDetCommand } = detachmentsModule;
const { commanderAllowsRecall, markFresh, newCommandAfterLevy, reinforcementOrder, ROR_REINFORCEMENTS } = reinforcementsModule;
const { AT_COMMANDER, AT_ROME, factionName, FL_BOX, FL_NONE, MAX_DET, senatorName, warsChanged } = stateModule;
const { freeSenators, inCands, listMask, rejectCandidate, rejectedMask } = agendaModule;
const { senatorMoved } = rosterModule;

/** Faction legions (bitmask) located at `where` (FL_BOX or a war). */
export function factionLegionsAt(g: GameState, where: number): number {
  let m = 0;
  const at = g.factionLegion; // (held: V8 reloads a field read in a loop at every turn)
  for (let f = 0, n = g.players; f < n; f++) if (at[f] === where) m |= 1 << f;
  return m;
}

export function raiseCost(g: GameState): number {
  return g.manpowerEventTurn === g.turn ? g.params.manpowerLegionCost : g.params.legionCost;
}

/** Active wars whose legion count is at least `min`, and of those with a commander. */
function warsWithLegions(g: GameState, min: number): number {
  let n = 0;
  const status = g.wars.status; // (held: V8 reloads a field read in a loop at every turn)
  for (let w = 0; w < status.length; w++) if (status[w] === 1 && legionsAt(g, w) >= min) n++;
  return n;
}

function warsWithCommander(g: GameState): number {
  let n = 0;
  const { status, commander } = g.wars; // (held: V8 reloads a field read in a loop at every turn)
  for (let w = 0; w < status.length; w++) if (status[w] === 1 && commander[w]! >= 0) n++;
  return n;
}

/** An active war whose legions have no commander (Deaths), or whose commander may be replaced. */
function someWarNeeding(g: GameState, replace: boolean): boolean {
  const dets = g.variants[ROR_COMMANDERS] ? MAX_DET : 1;
  const { status, commander, lossTurn } = g.wars; // (held: V8 reloads a field read in a loop at every turn)
  for (let w = 0; w < status.length; w++) {
    if (status[w] !== 1) continue;
    if (dets === 1) {
      if (replace ? commander[w]! >= 0 && lossTurn[w] === g.turn - 1 : commander[w]! < 0 && legionsAt(g, w) > 0) return true;
      continue;
    }
    for (let d = 0; d < dets; d++) {
      const c = detCommander(g, w, d);
      if (replace ? c >= 0 && detLossTurn(g, w, d) === g.turn - 1 : c < 0 && detLegions(g, w, d) > 0) return true;
    }
  }
  return false;
}

/**
 * The detachment fields of a motion (ror-multiple-commanders): `det` names a detachment of the war
 * (`target`), `det2` the receiving one of a transfer; without the module both must be 0.
 */
function detFields(g: GameState, m: Motion, transfer: boolean): string | null {
  if (m.det === 0 && m.det2 === 0) return null; // the base game's only detachment
  const k = maxDetachments(g);
  if (badDet(m.det, k) || (transfer ? badDet(m.det2, k) : m.det2 !== 0)) {
    return k === 1 ? 'no detachments without ror-multiple-commanders' : `detachments are 0..${k - 1} (det2 for transfers only)`;
  }
  return null;
}

const badDet = (d: number, k: number): boolean => !Number.isInteger(d) || d < 0 || d >= k;

const validWar = (g: GameState, w: number): boolean => {
  const status = g.wars.status; // (read once: V8 loaded and checked g.wars and its column twice)
  return Number.isInteger(w) && w >= 0 && w < status.length && status[w] === 1;
};
const maskIn = (m: Motion, avail: number): boolean => Number.isInteger(m.mask) && m.mask >= 0 && (m.mask & ~avail) === 0;

/** `count must be 0..${box}`, each text made once: a dispatch tabled after another emptied the box lapses with it (some 15 a game). */
const boxCountTexts: string[] = [];
function boxCountText(box: number): string {
  if (box < 0 || box > 64) return `count must be 0..${box}`; // (never in play: the box holds at most maxStateLegions)
  while (boxCountTexts.length <= box) boxCountTexts.push(`count must be 0..${boxCountTexts.length}`);
  return boxCountTexts[box]!;
}

const disbandRules: MotionRules = motionRules({
  applicable: (g) => g.legionsBox > 0 || factionLegionsAt(g, FL_BOX) !== 0,
  check(g, m) {
    if (!Number.isInteger(m.count) || m.count < 0 || m.count > g.legionsBox) return boxCountText(g.legionsBox);
    if (!maskIn(m, factionLegionsAt(g, FL_BOX))) return 'faction legions not in the Active Legions Box';
    return m.count + popcount(m.mask) > 0 ? null : 'nothing to disband';
  },
  execute(g, _p, m, passed) {
    if (!passed) return;
    g.legionsBox -= m.count;
    for (let f = 0; f < g.players; f++) if (m.mask & (1 << f)) g.factionLegion[f] = FL_NONE;
    warsChanged(g);
    if (g.trace !== null) log(g, `Disbanded ${m.count} State legions${m.mask ? ' and faction legions ' + m.mask.toString(2) : ''}`);
  },
});

const raiseRules: MotionRules = motionRules({
  // (the treasury's one compare before the count over every war: both pure, the answer the same)
  applicable: (g) => g.noRaiseTurn !== g.turn && g.stateTreasury >= raiseCost(g) && stateLegionCount(g) < g.params.maxStateLegions,
  check(g, m) {
    if (g.noRaiseTurn === g.turn) return 'Manpower Shortage: no legions may be raised this turn';
    const room = g.params.maxStateLegions - stateLegionCount(g);
    if (!Number.isInteger(m.count) || m.count < 1 || m.count > room) return `count must be 1..${room} (at most ${g.params.maxStateLegions} State legions)`;
    // The Banker cannot pay out of an empty treasury: an unaffordable motion is out of order.
    if (m.count * raiseCost(g) > g.stateTreasury) return `the State cannot pay ${m.count * raiseCost(g)}`;
    return null;
  },
  execute(g, _p, m, passed) {
    if (!passed) return;
    statePays(g, m.count * raiseCost(g), 'raising legions');
    g.legionsBox += m.count;
    g.stats.legionsRaised += m.count;
    if (g.trace !== null) log(g, `Raised ${m.count} State legions; State treasury ${g.stateTreasury}`);
  },
});

/**
 * Commander candidates: free present faction senators and face-up neutrals, not rejected this turn;
 * with ror-dictator, the Dictator in Rome too (his office is a command).
 */
function commanderCandidates(g: GameState, kind: number): void {
  let eligible = freeSenators(g, true);
  const d = g.rorDictator;
  if (d >= 0 && g.senWhere[d] === AT_ROME && g.senPresent[d]) eligible |= 1 << d;
  listMask(g, eligible & ~rejectedMask(g, kind, -1));
}

/**
 * A senator may refuse command unless the legions plus his Military Rating exceed the armies (the
 * Dictator's rating includes his Master of Horse's, who goes with him).
 */
function commanderConsents(g: GameState, policies: readonly Policy[], m: Motion, legions: number): boolean {
  const s = m.senator;
  const f = g.senOwner[s]!;
  if (f < 0 || legions + commandRating(g, s, -1) > g.wars.armies[m.target]!) return true;
  return askBool(g, f, policies[f]!.consent(g, f, m), 'consent');
}

/**
 * Dispatch Legions: from the Active Legions Box to one war, naming its commander if it has none.
 * With ror-multiple-commanders the motion names a detachment (`det`): a commanded one only receives
 * legions; a commanderless one with legions gets a commander; a free one (the lowest free, below
 * rorMaxCommanders) is a new commander with his own legions. Without it, detachment 0 is the war.
 */
const dispatchRules: MotionRules = motionRules({
  applicable: (g) => g.legionsBox > 0 || factionLegionsAt(g, FL_BOX) !== 0 || someWarNeeding(g, false),
  candidates: (g) => commanderCandidates(g, DISPATCH),
  check(g, m) {
    const w = m.target;
    if (!validWar(g, w)) return 'not an active war';
    if (!Number.isInteger(m.count) || m.count < 0 || m.count > g.legionsBox) return boxCountText(g.legionsBox);
    // (No faction legion sent: none need be looked for in the box.)
    if (m.mask !== 0 && !maskIn(m, factionLegionsAt(g, FL_BOX))) return 'faction legions not in the Active Legions Box';
    const bad = detFields(g, m, false);
    if (bad !== null) return bad;
    const d = m.det;
    if (detCommander(g, w, d) >= 0) {
      if (m.senator !== -1) return d === 0 ? 'the war already has a commander' : 'that detachment already has a commander';
      if (dictatorCommands(g, w, d)) return 'the Dictator cannot be reinforced'; // ror-dictator (General Recall rules)
      return m.count + popcount(m.mask) > 0 ? null : 'no legions sent';
    }
    if (!inCands(g, m.senator)) return 'not an eligible commander';
    // A new commander needs legions: those sent, else those already there (counted only when none are sent).
    const sent = m.count + popcount(m.mask);
    if (d === 0) return sent > 0 || detLegions(g, w, 0) > 0 ? null : 'a commander needs legions'; // (detachment 0 without commander or legions is the lowest free one)
    const here = detLegions(g, w, d);
    if (here === 0 && d !== freeDetachment(g, w)) return 'a new commander takes the lowest free detachment';
    return here + sent > 0 ? null : 'a commander needs legions';
  },
  rorOrder: reinforcementOrder,
  rorDefer: newCommandAfterLevy,
  prepare(g, policies, m) {
    if (m.senator < 0) return true;
    const ok = commanderConsents(g, policies, m, detLegions(g, m.target, m.det) + m.count + popcount(m.mask));
    if (!ok && g.trace !== null) log(g, `${senatorName(m.senator)} refuses the command`);
    return ok;
  },
  execute(g, _p, m, passed) {
    if (!passed) {
      if (m.senator >= 0) rejectCandidate(g, DISPATCH, -1, m.senator);
      return;
    }
    const w = m.target;
    const d = m.det;
    if (m.senator >= 0) {
      // ror-multiple-commanders: a commander with his own legions at a war that already has one.
      if (newDetachment(g, w, d)) g.stats.rorDetachments++;
      takeDetCommand(g, m.senator, w, d);
      dictatorTakesCommand(g, m.senator, w); // ror-dictator: his Master of Horse goes with him
      // Legions left without a commander get a replacement (Recall Legions/Commanders; Deaths): last
      // turn's loss was his predecessor's, so he cannot be replaced for it in this meeting.
      setDetLossTurn(g, w, d, -1);
    }
    g.legionsBox -= m.count;
    addDetStateLegions(g, w, d, m.count);
    for (let f = 0; f < g.players; f++) {
      if (m.mask & (1 << f)) {
        g.factionLegion[f] = w;
        warsChanged(g);
        g.factionLegionDet[f] = d;
      }
    }
    if (g.variants[ROR_REINFORCEMENTS]) markFresh(g, w, d, m.count, m.mask);
    if (g.trace !== null) log(g, `Dispatched ${m.count} State legions${m.mask ? ' + faction legions ' + m.mask.toString(2) : ''} to ${warName(g, w)}${d > 0 ? ` (detachment ${d + 1})` : ''} under ${senatorName(detCommander(g, w, d))}`);
  },
});

export function warName(g: GameState, w: number): string {
  const name = g.board.provinces[g.wars.province[w]!]!.name;
  return g.wars.revolt[w] ? `${name} (revolt)` : g.wars.conquers[w] ? name : `${name} (extra war ${w})`;
}

/**
 * Transfer Legions: between two wars with commanders; at least one stays with the old commander.
 * With ror-multiple-commanders, from detachment `det` of the first war to detachment `det2` of the second.
 */
const transferRules: MotionRules = motionRules({
  // A source with two legions or more, and another war with a commander to receive them.
  applicable: (g) => warsWithLegions(g, 2) > 0 && warsWithCommander(g) >= 2,
  check(g, m) {
    const a = m.target;
    const b = m.target2;
    if (!validWar(g, a) || !validWar(g, b) || a === b) return 'needs two different active wars';
    const bad = detFields(g, m, true);
    if (bad !== null) return bad;
    if (detCommander(g, b, m.det2) < 0) return 'the receiving war has no commander';
    if (dictatorCommands(g, a, m.det) || dictatorCommands(g, b, m.det2)) return 'the Dictator\'s forces can be neither reduced nor reinforced';
    if (!Number.isInteger(m.count) || m.count < 0 || m.count > detStateLegions(g, a, m.det)) return 'not that many State legions there';
    if (!maskIn(m, detFactionMask(g, a, m.det))) return 'faction legions not at that war';
    const moved = m.count + popcount(m.mask);
    if (moved < 1) return 'nothing to transfer';
    return detLegions(g, a, m.det) - moved >= 1 ? null : 'one legion must stay';
  },
  rorOrder: reinforcementOrder,
  prepare: (g, policies, m) => commanderAllowsRecall(g, policies, m),
  execute(g, _p, m, passed) {
    if (!passed) return;
    addDetStateLegions(g, m.target, m.det, -m.count);
    addDetStateLegions(g, m.target2, m.det2, m.count);
    for (let f = 0; f < g.players; f++) {
      if (m.mask & (1 << f)) {
        g.factionLegion[f] = m.target2;
        warsChanged(g);
        g.factionLegionDet[f] = m.det2;
      }
    }
    if (g.variants[ROR_REINFORCEMENTS]) markFresh(g, m.target2, m.det2, m.count, m.mask);
    if (g.trace !== null) log(g, `Transferred ${m.count + popcount(m.mask)} legions from ${warName(g, m.target)} to ${warName(g, m.target2)}`);
  },
});

/** Recall Legions: some or all; when none are left the commander returns (and may vote at once). */
const recallRules: MotionRules = motionRules({
  applicable: (g) => warsWithLegions(g, 1) > 0,
  check(g, m) {
    const w = m.target;
    if (!validWar(g, w)) return 'not an active war';
    const bad = detFields(g, m, false);
    if (bad !== null) return bad;
    if (dictatorCommands(g, w, m.det)) return 'legions under the Dictator cannot be recalled';
    if (!Number.isInteger(m.count) || m.count < 0 || m.count > detStateLegions(g, w, m.det)) return 'not that many State legions there';
    if (!maskIn(m, detFactionMask(g, w, m.det))) return 'faction legions not at that war';
    return m.count + popcount(m.mask) > 0 ? null : 'nothing to recall';
  },
  rorOrder: reinforcementOrder,
  prepare: (g, policies, m) => commanderAllowsRecall(g, policies, m),
  execute(g, _p, m, passed) {
    if (!passed) return;
    recallLegions(g, m.target, m.count, m.mask, m.det);
  },
});

/** Recalls legions of detachment d (0: the war's own) to the box; a commander left with none comes home. */
export function recallLegions(g: GameState, w: number, count: number, mask: number, d = 0): void {
  addDetStateLegions(g, w, d, -count);
  g.legionsBox += count;
  for (let f = 0; f < g.players; f++) if (mask & (1 << f)) factionLegionLeaves(g, f, FL_BOX);
  const c = detCommander(g, w, d);
  releaseEmptyDet(g, w, d);
  if (c >= 0 && g.senWhere[c] !== AT_COMMANDER && g.step === 'senate' && g.senOwner[c]! >= 0) {
    g.senPresent[c] = 1;
    senatorMoved(g, c);
  }
  if (g.trace !== null) log(g, `Recalled ${count + popcount(mask)} legions from ${warName(g, w)}${d > 0 ? ` (detachment ${d + 1})` : ''}`);
}

/** After a loss last turn, the Senate may replace the commander (Recall Legions/Commanders). */
const replaceRules: MotionRules = motionRules({
  applicable: (g) => someWarNeeding(g, true),
  candidates: (g) => commanderCandidates(g, REPLACE_COMMANDER),
  check(g, m) {
    const w = m.target;
    if (!validWar(g, w)) return 'not a war with a commander';
    const bad = detFields(g, m, false);
    if (bad !== null) return bad;
    if (detCommander(g, w, m.det) < 0) return 'not a war with a commander';
    if (dictatorCommands(g, w, m.det)) return 'the Dictator cannot be replaced';
    if (detLossTurn(g, w, m.det) !== g.turn - 1) return 'these legions suffered no loss last turn';
    return inCands(g, m.senator) ? null : 'not an eligible commander';
  },
  prepare: (g, policies, m) => commanderConsents(g, policies, m, detLegions(g, m.target, m.det)),
  execute(g, _p, m, passed) {
    if (!passed) return rejectCandidate(g, REPLACE_COMMANDER, -1, m.senator);
    const w = m.target;
    const old = detCommander(g, w, m.det);
    g.senOfficeTurn[old] = g.turn;
    returnSenator(g, old);
    if (g.senOwner[old]! >= 0) g.senPresent[old] = 1;
    senatorMoved(g, old);
    takeDetCommand(g, m.senator, w, m.det);
    dictatorTakesCommand(g, m.senator, w); // ror-dictator: his Master of Horse goes with him
    setDetLossTurn(g, w, m.det, -1); // the loss was the old commander's: his successor cannot be replaced for it
    if (g.trace !== null) log(g, `${senatorName(m.senator)} replaces ${senatorName(old)} at ${warName(g, w)}`);
  },
});

/** Factions disband or raise their own legion without a vote (Disband / Raise New Legions). */
export function ownLegions(g: GameState, policies: readonly Policy[], raise: boolean): void {
  if (raise && g.noRaiseTurn === g.turn) return; // Manpower Shortage: no faction may raise (nobody is asked)
  const legion = g.factionLegion; // (held, with the cost: V8 reloads fields read through g after each policy's answer)
  const treasury = g.treasury;
  const cost = raiseCost(g);
  for (let f = 0, n = g.players; f < n; f++) {
    if (raise) {
      if (legion[f] !== FL_NONE || treasury[f]! < cost) continue;
      if (!askBool(g, f, policies[f]!.ownLegion(g, f, true), 'ownLegion')) continue;
      treasury[f] -= cost;
      legion[f] = FL_BOX;
      warsChanged(g);
      g.stats.legionsRaised++;
      if (g.trace !== null) log(g, `${factionName(f)} raises its own legion`);
    } else {
      if (legion[f] !== FL_BOX) continue;
      if (!askBool(g, f, policies[f]!.ownLegion(g, f, false), 'ownLegion')) continue;
      legion[f] = FL_NONE;
      warsChanged(g);
      if (g.trace !== null) log(g, `${factionName(f)} disbands its own legion`);
    }
  }
}

/** The rules of each military motion. */
export const militaryRules = {
  disband: disbandRules, raise: raiseRules, dispatch: dispatchRules, replace: replaceRules, transfer: transferRules,
  recall: recallRules,
} as const;

/**
 * Legions left without a commander (Deaths, a refusal; a fallen commander's under
 * ror-leaderless-legions) and not given a new one are recalled (F-9; errata, Automatic Recalls (a)).
 * With ror-multiple-commanders, detachment by detachment.
 */
export function recallCommanderless(g: GameState): void {
  for (let w = 0; w < g.wars.status.length; w++) {
    if (g.wars.status[w] !== 1) continue;
    if (!g.variants[ROR_COMMANDERS]) {
      if (g.wars.commander[w]! < 0 && legionsAt(g, w) > 0) recallLegions(g, w, g.wars.stateLegions[w]!, factionLegionsAt(g, w));
      continue;
    }
    for (let d = 0; d < MAX_DET;) {
      if (detCommander(g, w, d) < 0 && detLegions(g, w, d) > 0) {
        recallLegions(g, w, detStateLegions(g, w, d), detFactionMask(g, w, d), d);
        d = 0; // recalling may move a detachment into the first place: look again
      } else d++;
    }
    compactDetachments(g, w);
  }
}
