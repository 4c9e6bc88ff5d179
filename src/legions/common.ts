// Small shared mechanics: random numbers, money, Prestige, the Revolution Index, senator moves.
import * as rngModule from '../core/rng.js';
import type { Stream } from '../core/rng.js';
import type { Policy } from './policy.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
import * as rosterModule from './senate/roster.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { uniformInt } = rngModule;
const { AT_DECK, AT_FORUM, AT_MASTER_OF_HORSE, AT_ROME, BANKRUPTCY, CARD_FORUM, CONCESSIONS, SENATORS, factionName, lowestSenator } = stateModule;
const { senatorMoved } = rosterModule;

/** Thrown once when the Republic falls; caught by the game loop (not an Error: no stack to capture). */
export class GameOver {
  constructor(readonly lossCause: number) {}
}

/** Ends the game in a loss for all (Losing the Game). */
export function loseGame(g: GameState, cause: number): never {
  g.lost = cause;
  g.lostTurn = g.turn;
  if (g.trace !== null) log(g, `The Republic falls: ${['', 'revolt', 'bankruptcy', 'wars'][cause]}`);
  throw new GameOver(cause);
}

/** Appends to the trace when tracing; free otherwise (callers pass template strings lazily via fn). */
export function log(g: GameState, text: string, data?: Record<string, unknown>): void {
  if (g.trace !== null) g.trace.push(data ? { turn: g.turn, step: g.step, text, data } : { turn: g.turn, step: g.step, text });
}

/** Records an illegal policy answer (never silently fixed: the fallback is documented per decision). */
export function policyError(g: GameState, faction: number, what: string): void {
  g.stats.policyErrors++;
  if (g.policyErrorLog.length < 50) g.policyErrorLog.push(`turn ${g.turn} ${g.step} faction ${faction}: ${what}`);
  if (g.trace !== null) log(g, `POLICY ERROR ${factionName(faction)}: ${what}`);
}

/** A random number 1..10: one card from a shuffled red or yellow pile (Terminology). */
export function randomNumber(g: GameState): number {
  return uniformInt(g.rng.cards, 10) + 1;
}

/** Half random difference 0..5: |red - yellow| / 2 rounded up (Terminology; rules-notes 3). */
export function halfRandomDifference(g: GameState): number {
  return halfDifferenceFrom(g.rng.cards);
}

/** The half random difference drawn from the cards' stream `cards` (g.rng.cards; a loop may hold it). */
export function halfDifferenceFrom(cards: Stream): number {
  const a = uniformInt(cards, 10); // the red card and the yellow, each 1..10 less one: the difference is the same
  const b = uniformInt(cards, 10);
  // In whole numbers, no Math.abs, division or Math.ceil: for a difference x >= 0, ceil(x / 2) is (x + 1) >> 1.
  return ((a > b ? a - b : b - a) + 1) >> 1;
}

/** Exact distribution of the half random difference over 0..5, in hundredths (10,34,26,18,10,2). */
export function hrdDistribution(): number[] {
  const d = [0, 0, 0, 0, 0, 0];
  for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) d[Math.ceil(Math.abs(a - b) / 2)]!++;
  return d;
}

export function addPrestige(g: GameState, f: number, n: number): void {
  const p = g.prestige[f]! + n;
  g.prestige[f] = p < 0 ? 0 : p; // Prestige never falls below zero (Adjustments)
}

export function changeRI(g: GameState, n: number): void {
  if (g.params.riNettedOverTurn) {
    // Netted: a fall below zero is kept as a credit that later rises of the same turn absorb.
    const raw = g.ri + g.riCredit + n;
    g.ri = raw < 0 ? 0 : raw;
    g.riCredit = raw < 0 ? raw : 0;
    return;
  }
  const r = g.ri + n;
  g.ri = r < 0 ? 0 : r; // the index may not fall below zero (Adjustments, Revolution Index)
}

/** The State pays a debt; failure to pay loses the game (Losing the Game; rules-notes 26). */
export function statePays(g: GameState, amount: number, what: string): void {
  if (amount > g.stateTreasury) {
    if (g.trace !== null) log(g, `State cannot pay ${amount} for ${what} (treasury ${g.stateTreasury})`);
    loseGame(g, BANKRUPTCY);
  }
  g.stateTreasury -= amount;
}

export { popcount } from '../core/bits.js'; // (the engine's modules and the policy API take it from here)

/** Whether a policy answer is a whole number in [min, max]. */
export function legalInt(v: unknown, min: number, max: number): boolean {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
}

// ---- senator deck ----

export function drawSenator(g: GameState): number {
  if (g.deckCount === 0) return -1;
  const s = g.deck[g.deckHead]!;
  g.deckHead = (g.deckHead + 1) % SENATORS;
  g.deckCount--;
  return s;
}

/** A dead or executed senator's card goes to the bottom of the senator deck; his concessions to the Forum. */
export function senatorToDeckBottom(g: GameState, s: number): void {
  releaseConcessions(g, s);
  g.senWhere[s] = AT_DECK;
  g.senOwner[s] = -1;
  g.senPost[s] = -1;
  g.senPresent[s] = 0;
  senatorMoved(g, s);
  // A card that comes back up is a new senator: no past offices, income or spoils.
  g.senCensorEligible[s] = 0;
  g.senOfficeTurn[s] = 0;
  g.senSpoilsTurn[s] = 0;
  g.senGovClaimReturn[s] = 0;
  g.senConcessionTurn[s] = 0;
  g.senGovReturnTurn[s] = 0;
  g.deck[(g.deckHead + g.deckCount) % SENATORS] = s;
  g.deckCount++;
}

export function releaseConcessions(g: GameState, s: number): void {
  for (let c = 0; c < CONCESSIONS; c++) if (g.cardWhere[c] === s) g.cardWhere[c] = CARD_FORUM;
}

/** A senator returning from a post: to his faction in Rome, or face up in the Forum if neutral. */
export function returnSenator(g: GameState, s: number): void {
  g.senWhere[s] = g.senOwner[s]! >= 0 ? AT_ROME : AT_FORUM;
  g.senPost[s] = -1;
  g.senPresent[s] = 0;
  senatorMoved(g, s);
  if (s === g.rorDictator) masterOfHorseReturns(g); // ror-dictator: he goes where the Dictator goes
}

/** ror-dictator: a Master of Horse away with the Dictator comes back to Rome (present at once during the Senate). */
export function masterOfHorseReturns(g: GameState): void {
  const h = g.rorMasterOfHorse;
  if (h < 0 || g.senWhere[h] !== AT_MASTER_OF_HORSE) return;
  g.senWhere[h] = AT_ROME;
  g.senPost[h] = -1;
  g.senPresent[h] = g.step === 'senate' ? 1 : 0;
  senatorMoved(g, h);
}

export function senatorCount(g: GameState, f: number): number {
  let n = 0;
  const owner = g.senOwner; // (held: V8 reloads a field read in a loop at every turn)
  for (let s = 0; s < SENATORS; s++) if (owner[s] === f) n++;
  return n;
}

export function totalStatus(g: GameState, f: number): number {
  let n = 0;
  const owner = g.senOwner; // (held, as in senatorCount)
  for (let s = 0; s < SENATORS; s++) if (owner[s] === f) n += (s % 10) + 1;
  return n;
}

/** Faction order of play: from the Consul's faction clockwise (Forum Activities). */
export function presidingFaction(g: GameState): number {
  // A senator acting in the Consul's place presides while he is in Rome: the outgoing Consul during the
  // Censor's election, or (ror-senate-errata) one the chair was handed on to after a unanimous defeat.
  if (g.actingChair >= 0 && g.senWhere[g.actingChair] === AT_ROME && g.senOwner[g.actingChair]! >= 0) return g.senOwner[g.actingChair]!;
  if (g.consul >= 0 && g.senOwner[g.consul]! >= 0) return g.senOwner[g.consul]!;
  if (g.censor >= 0 && g.senOwner[g.censor]! >= 0) return g.senOwner[g.censor]!;
  return 0;
}

/** Bit f set for each faction whose policy is asked about attendance (it does not declare Policy.alwaysAttends): the Forum's and the Senate's passes. */
export function askedToAttend(policies: readonly Policy[], n: number): number {
  let asked = 0;
  for (let f = 0; f < n; f++) if (policies[f]!.alwaysAttends !== true) asked |= 1 << f;
  return asked;
}

/**
 * Asks the senators in `pending` (bit s: a faction senator in Rome whose policy is asked, senPresent[s]
 * still 0) whether they attend, as the rules open a meeting: the faction on the presiding faction's
 * left first, the presiding faction last, each its senators in card order; each answer is written at
 * once, so a faction sees the answers of those before it. Returns the attending senators (bit s).
 */
export function askAttendance(g: GameState, policies: readonly Policy[], pending: number): number {
  const n = g.players;
  const owner = g.senOwner;
  let yes = 0;
  for (let i = 1, f = presidingFaction(g); i <= n; i++) {
    f = f === n - 1 ? 0 : f + 1; // (presiding + i) % n: the presiding faction last
    for (let rest = pending; rest !== 0; rest &= rest - 1) {
      const s = lowestSenator(rest);
      if (owner[s] !== f || !askBool(g, f, policies[f]!.attend(g, f, s), 'attend')) continue;
      g.senPresent[s] = 1;
      yes |= 1 << s;
    }
  }
  return yes;
}

/** Calls a boolean policy decision, recording a non-boolean answer as an error (read as false). */
export function askBool(g: GameState, f: number, v: unknown, what: string): boolean {
  if (typeof v === 'boolean') return v;
  policyError(g, f, `${what}: expected true/false, got ${String(v)}`);
  return false;
}
