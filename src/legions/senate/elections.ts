// Appoint Consul and Censor: the first business of every Senate Meeting.
import * as commonModule from '../common.js';
import type { Motion } from '../motion.js';
import * as motionModule from '../motion.js';
import type { Policy } from '../policy.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
import * as rosterModule from './roster.js';
import * as dictatorModule from '../ror/dictator.js';
import * as senateErrataModule from '../ror/senate-errata.js';
import type { MotionRules } from './agenda.js';
import * as agendaModule from './agenda.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { addPrestige, log } = commonModule;
const { ELECT_CENSOR, ELECT_CONSUL, motionRules } = motionModule;
const { AT_ROME, candsChanged, factionName, lowestSenator, senatorName } = stateModule;
const { presentSenators } = rosterModule;
const { dictatorItem, endDictatorship } = dictatorModule;
const { censorContinues, errata, sittingCensorBarred } = senateErrataModule;
const { appoint, inCands, isRejected, listMask, rejectedMask, senatorBits } = agendaModule;

/** Consul candidates: present, in Rome, in a faction, not the sitting Consul (no two turns running). */
const consulRules: MotionRules = motionRules({
  candidates(g) {
    // (ror-dictator: not the Dictator, 9.24; the sitting Censor may stand, and then gives up the censorship)
    listMask(g, presentSenators(g) & ~senatorBits(g.consul, g.rorDictator, -1, -1) & ~rejectedMask(g, ELECT_CONSUL, -1));
  },
  check: (g, m) => (inCands(g, m.senator) ? null : 'not an eligible candidate'),
  listsOutFailures: true,
  execute() {},
});

/**
 * Censor candidates: present, in Rome, in a faction, formerly Consul or Censor, not the new Consul;
 * with ror-senate-errata's succession rule, not the sitting Censor either; with ror-dictator, not the
 * new Dictator or Master of Horse (one office at a time).
 */
const censorRules: MotionRules = motionRules({
  candidates(g) {
    const barred = errata(g, 'rorCensorSuccession') ? g.censor : -1;
    let eligible = 0;
    for (let rest = presentSenators(g) & ~senatorBits(g.consul, barred, g.rorDictator, g.rorMasterOfHorse); rest !== 0; rest &= rest - 1) {
      const s = lowestSenator(rest);
      if (g.senCensorEligible[s]) eligible |= 1 << s;
    }
    listMask(g, eligible & ~rejectedMask(g, ELECT_CENSOR, -1));
  },
  check: (g, m: Motion) => (inCands(g, m.senator) ? null : 'not an eligible candidate'),
  listsOutFailures: true,
  execute() {},
});

export function elections(g: GameState, policies: readonly Policy[]): void {
  const firstTurn = g.temporaryConsul;
  const tempConsul = g.consul;
  if (firstTurn) {
    // Turn 1: the Temporary Consul is the only Censor candidate, appointed automatically (rules-notes 15).
    g.censor = tempConsul;
  }
  const consul = appoint(g, policies, ELECT_CONSUL, -1, consulRules);
  if (consul >= 0) {
    const before = g.consul >= 0 ? g.senOwner[g.consul]! : -1;
    if (g.senOwner[consul] !== before) g.stats.consulChanges++;
    g.consulFactions |= 1 << g.senOwner[consul]!;
    g.previousConsul = g.consul;
    g.consul = consul;
    if (g.censor === consul) g.censor = -1;
    g.senCensorEligible[consul] = 1;
    g.senOfficeTurn[consul] = g.turn;
    g.actingChair = -1; // ror-senate-errata: a chair handed on before the election ends with it
    addPrestige(g, g.senOwner[consul]!, g.params.consulAppointmentPrestige);
    if (g.trace !== null) log(g, `Consul elected: ${senatorName(consul)} of ${factionName(g.senOwner[consul]!)}`);
  } else {
    // Nobody eligible attends: the sitting Consul stays in the chair (docs/rules.md, Appointments).
    if (g.trace !== null) log(g, 'No eligible Consul candidate: the sitting Consul stays in office');
  }
  g.temporaryConsul = false;
  if (g.variants['ror-dictator']) {
    // The dictatorship ends with the Consul election; item 1a may choose the next one (errata overview 2, 9.92).
    endDictatorship(g);
    dictatorItem(g, policies);
  }
  if (firstTurn && consul < 0) {
    // Nobody could be elected: the Temporary Consul keeps the chair, so he cannot also be Censor.
    g.censor = -1;
    return;
  }
  if (firstTurn) {
    g.senOfficeTurn[tempConsul] = g.turn;
    // (With ror-dictator he may have left the censorship for the dictatorship or the Master of Horse.)
    if (g.trace !== null && g.censor === tempConsul) log(g, `Censor: the Temporary Consul ${senatorName(tempConsul)} is appointed automatically`);
    return;
  }
  // The old Consul runs the meeting until both offices are filled, then hands it to the new one
  // (Appoint Consul and Censor): he chairs the Censor's election, unless (ror-senate-errata) the chair
  // was handed on in the Dictator item, which keeps it for the rest of the meeting.
  const handed = g.actingChair;
  if (consul >= 0 && handed < 0) g.actingChair = g.previousConsul;
  const sitting = errata(g, 'rorCensorSuccession') ? g.censor : -1;
  if (sitting >= 0) {
    // ror-senate-errata: would his faction have put the sitting Censor up? (asked, not played)
    censorRules.candidates!(g);
    if (g.senPresent[sitting] && g.senOwner[sitting]! >= 0 && g.senWhere[sitting] === AT_ROME && !isRejected(g, ELECT_CENSOR, -1, sitting)) {
      let k = 0;
      while (k < g.cands.length && g.cands[k]! < sitting) k++;
      g.cands.splice(k, 0, sitting); // where the base game's list has him
      candsChanged(g);
      sittingCensorBarred(g, policies, sitting);
    }
  }
  let censor = appoint(g, policies, ELECT_CENSOR, -1, censorRules);
  g.actingChair = handed; // the new Consul presides from here (or the one handed the chair in the Dictator item)
  if (censor < 0 && censorContinues(g, sitting)) censor = sitting; // he stays only if nobody else was appointed
  g.censor = censor;
  if (censor >= 0) {
    g.senOfficeTurn[censor] = g.turn;
    if (g.trace !== null) log(g, `Censor elected: ${senatorName(censor)} of ${factionName(g.senOwner[censor]!)}`);
  } else if (g.trace !== null) log(g, 'No eligible Censor: the post stays vacant, no prosecutions (rules-notes 16)');
}
