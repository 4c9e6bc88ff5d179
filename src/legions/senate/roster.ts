// Who is at the Senate Meeting: the faction senators present in Rome and the neutrals face up in the
// Forum, as bitmasks over the senators (bit s = senator s). While a meeting runs they are kept current
// by every move of a senator (senatorMoved), so the many questions "who is present" (motions, votes,
// nominations, candidates) need no pass over all thirty senators. One meeting is kept at a time: the
// game whose meeting is open; any other game (a bill's draft, a rollout's copy) is read afresh.
import { AT_FORUM, AT_ROME, type GameState, SENATORS } from '../state.js';

/** The game whose meeting is open, or null. */
let meetingOf: GameState | null = null;
let presentMask = 0;
let forumMask = 0;

/** Faction senators in Rome attending (bit s), read afresh. */
function scanPresent(g: GameState): number {
  let mask = 0;
  for (let s = 0; s < SENATORS; s++) if (g.senOwner[s]! >= 0 && g.senWhere[s] === AT_ROME && g.senPresent[s]) mask |= 1 << s;
  return mask;
}

/** Neutrals face up in the Forum (bit s), read afresh. */
function scanForum(g: GameState): number {
  let mask = 0;
  for (let s = 0; s < SENATORS; s++) if (g.senWhere[s] === AT_FORUM) mask |= 1 << s;
  return mask;
}

/** The meeting opens (attendance taken): from now on its roster is kept. */
export function openRoster(g: GameState): void {
  meetingOf = g;
  presentMask = scanPresent(g);
  forumMask = scanForum(g);
}

/** The meeting closes (or the game ends in it): the roster is no longer kept. */
export function closeRoster(g: GameState): void {
  if (meetingOf === g) meetingOf = null;
}

/** Senator s moved, joined, left or changed his attendance: his bits are read again. */
export function senatorMoved(g: GameState, s: number): void {
  if (meetingOf !== g) return;
  const bit = 1 << s;
  const where = g.senWhere[s];
  if (g.senOwner[s]! >= 0 && where === AT_ROME && g.senPresent[s]) presentMask |= bit;
  else presentMask &= ~bit;
  if (where === AT_FORUM) forumMask |= bit;
  else forumMask &= ~bit;
}

/** Faction senators present in Rome (bit s). */
export function presentSenators(g: GameState): number {
  return meetingOf === g ? presentMask : scanPresent(g);
}

/** Neutral senators face up in the Forum (bit s). */
export function forumSenators(g: GameState): number {
  return meetingOf === g ? forumMask : scanForum(g);
}
