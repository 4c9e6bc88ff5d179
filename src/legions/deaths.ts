// Variation "Deaths": from turn 2, the last activity of the Political Situation may kill a senator.
import * as rngModule from '../core/rng.js';
import * as commonModule from './common.js';
import * as detachmentsModule from './ror/detachments.js';
import * as prosecutionsModule from './senate/prosecutions.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { uniformInt } = rngModule;
const { log, senatorToDeckBottom } = commonModule;
const { detachmentOf, setDetCommander } = detachmentsModule;
const { vacateOffices } = prosecutionsModule;
const { AT_COMMANDER, AT_GOVERNOR, AT_ROME, FACTION_NAMES, SENATORS, senatorName, statusOf, factionName } = stateModule;

/** The yellow card's faction: 3 players 1-3/4-6/7-9 (10 draws again), 5 players two numbers each. */
export function deathFaction(players: number, yellow: number): number {
  if (players === 3) return yellow === 10 ? -1 : ((yellow - 1) / 3) | 0;
  return ((yellow - 1) / 2) | 0;
}

const d10 = (g: GameState): number => uniformInt(g.rng.deaths, 10) + 1;

/** Red card = Status, yellow card = faction; one of that faction's senators of that Status dies (rules-notes 31). */
export function deathsActivity(g: GameState): void {
  const red = d10(g);
  let yellow = d10(g);
  let f = deathFaction(g.players, yellow);
  while (f < 0) {
    yellow = d10(g);
    f = deathFaction(g.players, yellow);
  }
  // Up to three senators (one per colour) can match: pick one at random.
  let matches = 0;
  for (let s = 0; s < SENATORS; s++) if (g.senOwner[s] === f && statusOf(s) === red) matches++;
  if (matches === 0) {
    if (g.trace !== null) log(g, `Deaths: red ${red}, yellow ${yellow} (${FACTION_NAMES[f]}): no such senator`);
    return;
  }
  let pick = matches > 1 ? uniformInt(g.rng.deaths, matches) : 0;
  let victim = -1;
  for (let s = 0; s < SENATORS && victim < 0; s++) {
    if (g.senOwner[s] === f && statusOf(s) === red && pick-- === 0) victim = s;
  }
  killSenator(g, victim);
}

/** A senator dies: offices pass on, a governor's province and a commander's legions are left without him. */
export function killSenator(g: GameState, s: number): void {
  if (g.trace !== null) log(g, `Deaths: ${senatorName(s)} of ${factionName(g.senOwner[s]!)} dies`);
  g.stats.deaths++;
  if (g.senWhere[s] !== AT_ROME || s === g.consul || s === g.censor) g.stats.officersDied++; // an office to refill
  if (g.senWhere[s] === AT_GOVERNOR) {
    g.provGovernor[g.senPost[s]!] = -1; // a new governor must be appointed in the Senate
    g.provClaimed[g.senPost[s]!] = 0;
  } else if (g.senWhere[s] === AT_COMMANDER) {
    // Replaced in the Senate, or his legions are recalled (his detachment's, ror-multiple-commanders).
    const d = detachmentOf(g, s);
    if (d >= 0) setDetCommander(g, g.senPost[s]!, d, -1);
  }
  vacateOffices(g, s);
  senatorToDeckBottom(g, s);
}
