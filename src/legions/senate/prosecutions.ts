// Prosecutions: the Censor accuses; two Minor or one Major per turn (rules-notes 17).
import * as commonModule from '../common.js';
import * as motionModule from '../motion.js';
import type { Policy } from '../policy.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
import * as senateErrataModule from '../ror/senate-errata.js';
import type { MotionRules } from './agenda.js';
import * as agendaModule from './agenda.js';
import * as describeModule from './describe.js';
import * as votingModule from './voting.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { addPrestige, log, masterOfHorseReturns, releaseConcessions, senatorToDeckBottom } = commonModule;
const { motionRules, PROSECUTE } = motionModule;
const { AT_ROME, factionName, lowestSenator, SENATORS, senatorName } = stateModule;
const { convictionReward } = senateErrataModule;
const { askProposal, inCands, listMask, senatorBits } = agendaModule;
const { before, logEffects } = describeModule;
const { hasSenatorPresent, putToVote } = votingModule;

/** Minor: an office last turn, concession income this turn, or a governor/commander who took income/spoils. */
export function minorEligible(g: GameState, s: number): boolean {
  return majorEligible(g, s) || g.senGovClaimReturn[s] === g.turn || g.senConcessionTurn[s] === g.turn;
}

/** Major: Consul or Censor in the previous turn, or a commander who took spoils, back last turn. */
export function majorEligible(g: GameState, s: number): boolean {
  if (g.turn >= 2 && (s === g.outgoingConsul || s === g.outgoingCensor)) return true;
  // ror-dictator: the offices that ended at this meeting's Consul election are offices held last turn.
  if (s === g.rorExDictator || s === g.rorExMasterOfHorse) return true;
  return g.senSpoilsTurn[s] === g.turn - 1 && g.turn >= 2;
}

/**
 * The senators open to prosecution by the Censor's faction `cf` (bit s): those minorEligible, found
 * from the turn's offences first (a few senators), then kept if they are faction senators in Rome
 * outside the Censor's faction. The offences are minorEligible's and majorEligible's: change them
 * together (tests/prosecution-candidates.test.ts compares the two at every proposal).
 */
export function openToProsecution(g: GameState, cf: number): number {
  const turn = g.turn;
  const lastTurn = turn >= 2 ? turn - 1 : -1; // spoils count from the previous turn, never before turn 2
  let offences = senatorBits(lastTurn >= 0 ? g.outgoingConsul : -1, lastTurn >= 0 ? g.outgoingCensor : -1, g.rorExDictator, g.rorExMasterOfHorse);
  const spoils = g.senSpoilsTurn;
  const claims = g.senGovClaimReturn;
  const concessions = g.senConcessionTurn;
  for (let s = 0; s < SENATORS; s++) {
    if (spoils[s] === lastTurn || claims[s] === turn || concessions[s] === turn) offences |= 1 << s;
  }
  let open = 0;
  for (let rest = offences; rest !== 0; rest &= rest - 1) {
    // The accused is a faction senator in Rome, not of the Censor's own faction.
    const s = lowestSenator(rest);
    const f = g.senOwner[s]!;
    if (f >= 0 && f !== cf && g.senWhere[s] === AT_ROME) open |= 1 << s;
  }
  return open;
}

/**
 * One meeting's prosecutions: the accusing faction, the senators accused so far, and the rules reading
 * them. Reused (spareProsecutions): a meeting takes the one the last gave back, where each made its rules and closures.
 */
interface Prosecutions {
  cf: number;
  /** Bit s: senator s was accused this turn (convicted, acquitted or vetoed): not again (Failure of motion). */
  accused: number;
  readonly rules: MotionRules;
}

/** The Prosecutions not in use (prosecutions in a game played inside a meeting's find none and make their own; one left by a GameOver is dropped). */
let spareProsecutions: Prosecutions | null = null;

function newProsecutions(): Prosecutions {
  // (The rules' steps read p when they run, after it is made.)
  const p: Prosecutions = { cf: -1, accused: 0, rules: motionRules({
    candidates(gs) {
      listMask(gs, openToProsecution(gs, p.cf) & ~p.accused); // an accused senator is not accused again this turn
    },
    check(gs, m) {
      if (!inCands(gs, m.senator)) return 'not open to prosecution';
      if (m.major && (gs.minorProsecutions > 0 || !majorEligible(gs, m.senator))) return 'a Major prosecution is not open';
      return null;
    },
    execute(gs, _p, m, passed) {
      gs.stats.prosecutions++;
      p.accused |= 1 << m.senator;
      if (!passed) return;
      gs.stats.convictions++;
      const f = gs.senOwner[m.senator]!;
      addPrestige(gs, p.cf, convictionReward(gs, m.senator, m.major)); // ror-senate-errata: half the Status for a Major one
      if (m.major) {
        if (gs.trace) log(gs, `${senatorName(m.senator)} of ${factionName(f)} is executed`);
        gs.stats.senatorsExecuted++;
        vacateOffices(gs, m.senator);
        senatorToDeckBottom(gs, m.senator);
      } else {
        addPrestige(gs, f, -gs.params.prosecutionMinorPenalty);
        releaseConcessions(gs, m.senator);
        if (gs.trace) log(gs, `${senatorName(m.senator)} convicted: ${factionName(f)} loses ${gs.params.prosecutionMinorPenalty} Prestige and he loses his concessions`);
      }
    },
  }) };
  return p;
}

export function prosecutions(g: GameState, policies: readonly Policy[]): void {
  if (g.censor < 0) return;
  const cf = g.senOwner[g.censor]!;
  if (cf < 0 || !hasSenatorPresent(g, cf)) return;
  g.minorProsecutions = 0;
  if (((policies[cf]!.neverProposes ?? 0) & (1 << PROSECUTE)) !== 0) return; // the Censor's faction never accuses
  const pr = spareProsecutions ?? newProsecutions();
  spareProsecutions = null;
  pr.cf = cf;
  pr.accused = 0;
  accuse(g, policies, cf, pr.rules);
  spareProsecutions = pr;
}

/** The Censor's faction accuses until it declines, a Major prosecution is made, or two Minor ones. */
function accuse(g: GameState, policies: readonly Policy[], cf: number, rules: MotionRules): void {
  while (g.minorProsecutions < 2) {
    if (!askProposal(g, policies, cf, PROSECUTE, -1, rules)) return;
    const m = g.motion;
    const major = m.major;
    m.tabledBy = cf; // the Censor runs the prosecutions: his faction cannot veto them, the Consul's can
    const b = g.trace !== null ? before(g) : null;
    rules.execute(g, policies, m, putToVote(g, policies, m)); // a vetoed or failed prosecution still uses its slot
    if (b) logEffects(g, b, log);
    if (major) return;
    g.minorProsecutions++;
  }
}

/**
 * An office holder who dies or is executed leaves his office: a Consul is replaced by the previous
 * Consul if alive and in Rome, else by the Censor (rules-notes 31); a Censor's post stays vacant.
 */
export function vacateOffices(g: GameState, s: number): void {
  if (g.consul === s) {
    const prev = g.previousConsul;
    // (ror-dictator: a previous Consul who is now Dictator or Master of Horse holds an office already.)
    if (prev >= 0 && prev !== s && g.senOwner[prev]! >= 0 && g.senWhere[prev] === AT_ROME && prev !== g.rorDictator && prev !== g.rorMasterOfHorse) {
      g.consul = prev;
      if (g.censor === prev) g.censor = -1; // one office at a time: he leaves the censorship
    } else if (g.censor >= 0 && g.censor !== s) {
      g.consul = g.censor;
      g.censor = -1;
    } else g.consul = -1;
    if (g.trace !== null) log(g, `The Consul's chair passes to ${g.consul >= 0 ? senatorName(g.consul) : 'nobody'}`);
  }
  if (g.censor === s) g.censor = -1;
  if (g.previousConsul === s) g.previousConsul = -1;
  if (s === g.actingChair) g.actingChair = -1;
  // ror-dictator: the dictatorship dies with him (his Master of Horse never takes his place: errata 10.12).
  if (s === g.rorDictator) {
    masterOfHorseReturns(g);
    g.rorDictator = -1;
    g.rorMasterOfHorse = -1;
  }
  if (s === g.rorMasterOfHorse) g.rorMasterOfHorse = -1;
  // ror-consul-for-life: control of the factions reverts (errata 12.31).
  if (s === g.rorCfl) {
    g.rorCfl = -1;
    if (g.trace !== null) log(g, `The Consul for Life ${senatorName(s)} is dead: the game goes on`);
  }
}
