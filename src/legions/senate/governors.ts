// Appoint Governors: returning governors, then every vacant conquered province must be filled.
import * as commonModule from '../common.js';
import type { Motion } from '../motion.js';
import * as motionModule from '../motion.js';
import type { Policy } from '../policy.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
import * as repopulationModule from '../ror/repopulation.js';
import * as senateErrataModule from '../ror/senate-errata.js';
import type { MotionRules } from './agenda.js';
import * as agendaModule from './agenda.js';
import * as rosterModule from './roster.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { askBool, log, returnSenator } = commonModule;
const { APPOINT_GOVERNOR, motionRules } = motionModule;
const { AT_FORUM, AT_GOVERNOR, factionName, senatorName } = stateModule;
const { repopulate } = repopulationModule;
const { governorCompelled } = senateErrataModule;
const { appoint, freeSenators, inCands, listMask, rejectedMask } = agendaModule;
const { senatorMoved } = rosterModule;

/** Governors whose term is over return at the start of the Senate Meeting (rules-notes 18). */
export function returnGovernors(g: GameState): void {
  const governors = g.provGovernor; // (held: V8 reloads a field read in a loop at every turn)
  const since = g.provGovTurn;
  const lastTurn = g.turn - g.params.governorTerm; // a governor appointed after it serves on
  for (let p = 0; p < governors.length; p++) {
    const s = governors[p]!;
    if (s < 0 || since[p]! > lastTurn) continue;
    g.senGovReturnTurn[s] = g.turn;
    if (g.provClaimed[p]) g.senGovClaimReturn[s] = g.turn;
    returnSenator(g, s);
    governors[p] = -1;
    g.provClaimed[p] = 0;
    if (g.trace !== null) log(g, `Governor ${senatorName(s)} returns from ${g.board.provinces[p]!.name}`);
  }
}

/** Governor of province g.motion.target: free senators and Forum neutrals not rejected for it. */
const governorRules: MotionRules = motionRules({
  candidates(g) {
    listMask(g, freeSenators(g, true) & ~rejectedMask(g, APPOINT_GOVERNOR, g.motion.target));
  },
  check: (g, m) => (inCands(g, m.senator) ? null : 'not an eligible candidate for this province'),
  listsOutFailures: true,
  prepare(g, policies, m: Motion) {
    // A governor returned this meeting serves again only with his consent.
    const s = m.senator;
    const f = g.senOwner[s]!;
    if (f < 0 || g.senGovReturnTurn[s] !== g.turn) return true;
    // ror-senate-errata (no refusal): asked as in the base game; the only candidate cannot refuse.
    return askBool(g, f, policies[f]!.consent(g, f, m), 'consent') || governorCompelled(g, s);
  },
  execute() {},
});

export function appointGovernors(g: GameState, policies: readonly Policy[]): void {
  const conquered = g.provConquered; // (held: V8 reloads a field read in a loop at every turn)
  const governors = g.provGovernor;
  for (let p = 0; p < conquered.length; p++) {
    if (!conquered[p] || governors[p]! >= 0) continue;
    const s = appoint(g, policies, APPOINT_GOVERNOR, p, governorRules);
    if (s < 0) {
      if (g.trace !== null) log(g, `${g.board.provinces[p]!.name} stays without a governor: no candidate`);
      continue;
    }
    const neutral = g.senWhere[s] === AT_FORUM;
    g.senWhere[s] = AT_GOVERNOR;
    g.senPost[s] = p;
    g.senPresent[s] = 0;
    senatorMoved(g, s);
    governors[p] = s;
    g.provGovTurn[p] = g.turn;
    g.provClaimed[p] = 0;
    if (g.trace !== null) log(g, `${senatorName(s)} (${neutral ? 'neutral' : factionName(g.senOwner[s]!)}) governs ${g.board.provinces[p]!.name}`);
    repopulate(g, policies); // ror-repopulation (no-op without it)
  }
}
