// Voting Procedures: votes by colour, knights and Talents; vetoes; abstention; the Consul's tie-break;
// Consular Powers' "no discussion" rulings, objections and penalties.
import * as commonModule from '../common.js';
import type { Motion } from '../motion.js';
import * as motionModule from '../motion.js';
import type { Policy } from '../policy.js';
import * as consulForLifeModule from '../ror/consul-for-life.js';
import * as senateErrataModule from '../ror/senate-errata.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
import * as rosterModule from './roster.js';
import * as describeModule from './describe.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { addPrestige, askBool, legalInt, log, policyError, presidingFaction } = commonModule;
const { ASSASSIN_TRIAL, BILL, CENSURE, ELECT_CONSUL_FOR_LIFE, LAND_ACT, MOTION_NAMES, motionKey, PROSECUTE, REPEAL_LAND_ACT } = motionModule;
const { cflBonusVotes } = consulForLifeModule;
const { censorDefeat, errata, offerStepDown } = senateErrataModule;
const { factionName } = stateModule;
const { countPower, presentFactionMask } = rosterModule;
const { motionSentence, voteLine } = describeModule;

export { countPower, presentFactionMask } from './roster.js';

/** Whether faction f has a senator present. */
export function hasSenatorPresent(g: GameState, f: number): boolean {
  return (presentFactionMask(g) & (1 << f)) !== 0;
}

/** Land Acts and their repeal allow no abstention (Land Acts variant). */
const noAbstention = (m: Motion): boolean => m.kind === LAND_ACT || m.kind === REPEAL_LAND_ACT;

/** A motion defeated or vetoed this turn may not be reintroduced unchanged (Failure of motion). */
export function alreadyFailed(g: GameState, m: Motion): boolean {
  return g.failedTurn === g.turn && g.failedMotions.includes(motionKey(m));
}

export function recordFailure(g: GameState, m: Motion): void {
  if (g.failedTurn !== g.turn) {
    g.failedMotions = [];
    g.failedTurn = g.turn;
  }
  g.failedMotions.push(motionKey(m));
}

/** The motion as a sentence with who moved, seconded and tabled it (traces and policy errors). */
export function describeMotion(g: GameState, m: Motion): string {
  const who = [m.sponsor >= 0 ? `moved by ${factionName(m.sponsor)}` : 'moved by nobody'];
  if (m.coSponsor >= 0) who.push(`seconded by ${factionName(m.coSponsor)}`);
  if (m.viaTribune) who.push('tabled with a tribune');
  return `${motionSentence(g, m)} (${who.join(', ')})`;
}

/** Miscellaneous motions, Land Acts (and, under one reading, their repeal) need a co-sponsor. */
export function needsCoSponsor(g: GameState, m: Motion): boolean {
  return m.kind === CENSURE || m.kind === LAND_ACT || (m.kind === REPEAL_LAND_ACT && g.params.landActRepealPenalty === 1);
}

/** Asks the other factions, clockwise from the Consul's, to second the motion; false when nobody does. */
export function findCoSponsor(g: GameState, policies: readonly Policy[], m: Motion): boolean {
  if (!needsCoSponsor(g, m) || m.coSponsor >= 0) return true;
  const c = presidingFaction(g);
  for (let i = 0; i < g.players; i++) {
    const f = (c + i) % g.players;
    if (f === m.sponsor || !hasSenatorPresent(g, f)) continue;
    if (askBool(g, f, policies[f]!.coSponsor(g, f, m), 'coSponsor')) {
      m.coSponsor = f;
      return true;
    }
  }
  if (g.trace !== null) log(g, `No co-sponsor: ${describeMotion(g, m)} lapses`);
  return false;
}

/**
 * Whether faction f may veto motion m: a real tribune, someone present, and not its sponsor or tabler
 * (Vetoes). ror-assassination: an assassination trial cannot be vetoed (RoR Senate item Z).
 */
function mayVeto(tribunes: readonly number[], m: Motion, f: number): boolean {
  // ror-consul-for-life: a nomination for Consul for Life cannot be vetoed (1.09.821); nor can a trial (ror-assassination).
  return tribunes[f]! > 0 && f !== m.sponsor && f !== m.tabledBy && m.kind !== ASSASSIN_TRIAL && m.kind !== ELECT_CONSUL_FOR_LIFE;
}

/**
 * Consular Powers: on a motion he tables, the Consul may rule "no discussion" (no votes may then be
 * bought on it). Any other faction may object; the Consul either penalises the objector (one of its
 * votes on this motion removed, else a 1-Talent fine) and the ruling stands, or lifts the ruling.
 */
function consularRuling(g: GameState, policies: readonly Policy[], m: Motion, consulF: number): void {
  if (!askBool(g, consulF, policies[consulF]!.closeDebate(g, consulF, m), 'closeDebate')) return;
  m.closed = true;
  g.stats.rulings++;
  if (g.trace !== null) log(g, `The Consul (${factionName(consulF)}) rules: no discussion`);
  const n = g.players;
  for (let i = 1; i < n; i++) {
    const f = (consulF + i) % n;
    if (m.power[f] === 0) continue;
    if (!askBool(g, f, policies[f]!.objectToRuling(g, f, m), 'objectToRuling')) continue;
    m.objected |= 1 << f;
    g.stats.objections++;
    if (askBool(g, consulF, policies[consulF]!.penalize(g, consulF, m, f), 'penalize')) {
      m.penalized |= 1 << f;
      if (g.trace !== null) log(g, `${factionName(f)} objects; the Consul penalises it and the ruling stands`);
    } else {
      m.closed = false;
      if (g.trace !== null) log(g, `${factionName(f)} objects; the Consul lifts the ruling`);
      return;
    }
  }
}

/** A penalised faction whose vote could not be reduced pays 1 Talent to the State instead (if it has it); called only when someone was penalised. */
function finePenalized(g: GameState, m: Motion, reduced: number): void {
  for (let f = 0; f < g.players; f++) {
    if (!(m.penalized & (1 << f)) || reduced & (1 << f) || g.treasury[f]! < 1) continue;
    g.treasury[f]--;
    g.stateTreasury++;
    g.stats.penaltyFines++;
    if (g.trace !== null) log(g, `${factionName(f)} is fined 1 Talent by the Consul`);
  }
}

/**
 * Puts a motion to the vote: factions vote clockwise from the Consul's left, the Consul's faction last
 * (the Consul's choice of order, fixed: docs/rules.md F-5). Each may first veto with a real tribune.
 * Returns passed or not. The rare turns (a veto, an irregular answer, a ruling, a defeat) are functions
 * of their own, so that the loop over the factions compiles small.
 */
export function putToVote(g: GameState, policies: readonly Policy[], m: Motion): boolean {
  const n = g.players;
  const consulF = presidingFaction(g);
  if (m.tabledBy < 0) m.tabledBy = consulF;
  // ror-consul-for-life: the nominee's own weight counts for him from the start (1.09.821).
  m.votesFor = m.kind === ELECT_CONSUL_FOR_LIFE ? cflBonusVotes(g, m) : 0;
  m.votesAgainst = 0;
  m.closed = false;
  m.objected = 0;
  m.penalized = 0;
  m.vetoedBy = -1;
  // The tally's arrays held once: read and written per faction below without fetching them from the motion each time.
  const power = m.power;
  const stance = m.stance;
  const bought = m.bought;
  // No stance and nothing bought yet. For five seats a run of stores: V8 checks each array once for the
  // run, where a loop checks both again at every faction; written out here, not in a function of its own,
  // which would take the inlining budget presidingFaction needs.
  if (n === 5) {
    stance[0] = 0;
    stance[1] = 0;
    stance[2] = 0;
    stance[3] = 0;
    stance[4] = 0;
    bought[0] = 0;
    bought[1] = 0;
    bought[2] = 0;
    bought[3] = 0;
    bought[4] = 0;
  } else {
    for (let f = 0; f < n; f++) {
      stance[f] = 0;
      bought[f] = 0;
    }
  }
  countPower(g, power);
  const st = g.stats;
  st.motions++;
  if (m.sponsor === consulF) st.motionsByPresiding++;
  else st.motionsByOthers++;
  // The Consul runs the meeting except the prosecutions (the Censor's): no ruling there.
  const rulingsBefore = st.rulings;
  if (g.variants['consular-powers'] && m.tabledBy === consulF && !m.viaTribune && m.kind !== PROSECUTE && m.kind !== ASSASSIN_TRIAL && m.power[consulF]! > 0) {
    consularRuling(g, policies, m, consulF);
  }
  let blocked = false; // a faction wanted to buy votes that the ruling forbade
  let voters = 0;
  let reduced = 0;
  const tribunes = g.tribunesReal; // (held: V8 reloads it from g after every call into a policy)
  for (let i = 1, f = consulF; i <= n; i++) {
    f = f === n - 1 ? 0 : f + 1; // (consulF + i) % n, without a division per faction
    const votes = power[f]!;
    if (votes === 0) continue; // a faction with nobody present cannot vote or veto
    const policy = policies[f]!;
    if (mayVeto(tribunes, m, f) && askBool(g, f, policy.veto(g, f, m), 'veto')) return cancelVote(g, m, f, reduced);
    let sv = policy.vote(g, f, m);
    if (sv !== 1 && sv !== -1) {
      sv = irregularVote(g, m, f, sv);
      if (sv === 0) continue;
    }
    let paid = 0;
    if (m.closed) {
      // With "no discussion" ruled, nobody may buy votes on this motion (Consular Powers, docs/rules.md).
      if (!blocked) blocked = wantedToBuy(g, policies, m, f, sv);
    } else {
      paid = policy.buyVotes(g, f, m, sv);
      if (paid !== 0) paid = payForVotes(g, f, paid);
    }
    bought[f] = paid;
    stance[f] = sv;
    let v = votes + paid;
    if ((m.penalized & (1 << f)) !== 0) {
      v--;
      reduced |= 1 << f;
      st.votesRemoved++;
    }
    if (sv > 0) m.votesFor += v;
    else m.votesAgainst += v;
    voters++;
  }
  if (m.penalized !== 0) finePenalized(g, m, reduced);
  if (st.rulings > rulingsBefore && (blocked || m.objected)) st.rulingsBinding++;
  let passed = m.votesFor > m.votesAgainst;
  if (!passed && m.votesFor === m.votesAgainst && g.params.consulCastingVote) {
    // A tie: the Consul may cast the deciding vote in favour (Success of motion).
    passed = askBool(g, consulF, policies[consulF]!.tieBreak(g, consulF, m), 'tieBreak');
  }
  if (passed) st.motionsPassed++;
  if (voters > 1 && (m.votesFor === 0 || m.votesAgainst === 0)) st.unanimousVotes++;
  if (g.trace !== null) traceVote(g, m, passed);
  if (!passed) defeated(g, policies, m, consulF, voters);
  return passed;
}

/**
 * Faction f vetoed the motion: the veto cancels the entire vote (votes already bought are returned,
 * stances wiped) and it fails. `reduced`: the penalised factions whose vote had been reduced.
 */
function cancelVote(g: GameState, m: Motion, f: number, reduced: number): false {
  const st = g.stats;
  g.tribunesReal[f]--;
  for (let x = 0; x < g.players; x++) {
    g.treasury[x] += m.bought[x]!;
    st.votesBought -= m.bought[x]!;
    m.bought[x] = 0;
    m.stance[x] = 0;
  }
  m.votesFor = 0;
  m.votesAgainst = 0;
  m.vetoedBy = f;
  st.vetoes++;
  // The cancelled vote removed nobody's vote after all: every penalised faction pays the fine instead.
  for (let x = 0; x < g.players; x++) if (reduced & (1 << x)) st.votesRemoved--;
  if (m.penalized !== 0) finePenalized(g, m, 0);
  if (g.trace !== null) log(g, `VETOED by ${factionName(f)}: ${describeMotion(g, m)}`, voteRecord(g, m, false));
  recordFailure(g, m);
  return false;
}

/** A vote other than for or against: an abstention (0) where allowed, else the policy's error and the vote it stands for. */
function irregularVote(g: GameState, m: Motion, f: number, sv: number): number {
  if (sv !== 0) {
    policyError(g, f, `vote ${String(sv)} is not 1, 0 or -1`);
    sv = f === m.sponsor ? 1 : 0;
  }
  if (sv === 0 && (f === m.sponsor || noAbstention(m))) {
    // The sponsor may not abstain on his own motion; nobody may abstain on Land Acts.
    policyError(g, f, `may not abstain on ${MOTION_NAMES[m.kind]}`);
    sv = f === m.sponsor ? 1 : -1;
  }
  return sv;
}

/** Under a "no discussion" ruling: whether faction f wanted to buy votes (asked only to count the rulings that bound; the answer is not played). */
function wantedToBuy(g: GameState, policies: readonly Policy[], m: Motion, f: number, sv: number): boolean {
  const wanted = policies[f]!.buyVotes(g, f, m, sv);
  return wanted > 0 && legalInt(wanted, 0, g.treasury[f]!);
}

/** Faction f buys `bought` votes (1 Talent each), or none when the number is not in 0..its treasury (a policy error). */
function payForVotes(g: GameState, f: number, bought: number): number {
  if (!legalInt(bought, 0, g.treasury[f]!)) {
    policyError(g, f, `bought votes ${String(bought)} not in 0..${g.treasury[f]}`);
    return 0;
  }
  g.treasury[f] -= bought;
  g.stats.votesBought += bought;
  return bought;
}

/** The vote's outcome and each faction's part in the trace. */
function traceVote(g: GameState, m: Motion, passed: boolean): void {
  log(g, `${passed ? 'PASSED' : 'DEFEATED'} ${m.votesFor}-${m.votesAgainst}: ${describeMotion(g, m)}`, voteRecord(g, m, passed));
  log(g, `  votes: ${voteLine(g, m)}`);
}

/**
 * A motion defeated: it may not return unchanged this turn, and a Consul defeated by every other faction
 * answers for it (ror-senate-errata: the Censor, for a prosecution).
 */
function defeated(g: GameState, policies: readonly Policy[], m: Motion, consulF: number, voters: number): void {
  recordFailure(g, m);
  if (voters === 0) return;
  if (m.kind === PROSECUTE && errata(g, 'rorCensorPays')) {
    // ror-senate-errata: the Censor, not the Consul, answers for a prosecution defeated unanimously.
    censorDefeat(g, m, consulF);
  } else if (m.sponsor === consulF) {
    // A Consul's motion defeated unanimously by all the other factions costs Prestige.
    let unanimous = true;
    for (let f = 0; f < g.players; f++) if (f !== consulF && m.stance[f] !== -1) unanimous = false;
    // ror-senate-errata: the chair may step down instead (never over a prosecution).
    if (unanimous && (m.kind === PROSECUTE || !offerStepDown(g, policies, m, consulF))) {
      addPrestige(g, consulF, -g.params.consulDefeatPrestige);
      if (g.trace !== null) log(g, `${factionName(consulF)} loses ${g.params.consulDefeatPrestige} Prestige: its motion was defeated by every other faction`);
    }
  }
}

/** The structured record of one vote for the replay's JSON (built only when tracing). */
function voteRecord(g: GameState, m: Motion, passed: boolean): Record<string, unknown> {
  const factions = [];
  for (let f = 0; f < g.players; f++) {
    factions.push({
      faction: factionName(f),
      stance: m.vetoedBy === f ? 'veto' : m.power[f] === 0 ? 'absent' : (['against', 'abstain', 'for'][m.stance[f]! + 1] ?? 'abstain'),
      votes: m.power[f]!,
      bought: m.bought[f]!,
      objected: (m.objected & (1 << f)) !== 0,
      penalized: (m.penalized & (1 << f)) !== 0,
    });
  }
  return {
    motion: motionSentence(g, m), kind: MOTION_NAMES[m.kind], sponsor: m.sponsor >= 0 ? factionName(m.sponsor) : null,
    coSponsor: m.coSponsor >= 0 ? factionName(m.coSponsor) : null, tabledBy: factionName(m.tabledBy),
    viaTribune: m.viaTribune, noDiscussion: m.closed, votesFor: m.votesFor, votesAgainst: m.votesAgainst,
    vetoedBy: m.vetoedBy >= 0 ? factionName(m.vetoedBy) : null, passed, factions,
    parts: m.kind === BILL ? g.bill.map((p) => motionSentence(g, p)) : undefined,
  };
}

/** A part of a passed bill that no longer fits the game is not carried out (recorded as the sponsor's error). */
export function policyBillError(g: GameState, m: Motion, why: string): void {
  policyError(g, m.sponsor, `bill part ${describeMotion(g, m)} cannot be carried out: ${why}`);
}
