// Voting Procedures: votes by colour, knights and Talents; vetoes; abstention; the Consul's tie-break.
import { addPrestige, askBool, legalInt, log, policyError, presidingFaction } from '../common.js';
import { CENSURE, LAND_ACT, MOTION_NAMES, type Motion, motionKey, REPEAL_LAND_ACT } from '../motion.js';
import type { Policy } from '../policy.js';
import { AT_ROME, type GameState, influenceOf, SENATORS, senatorName } from '../state.js';

/** Votes every faction commands before buying any: present senators by colour, plus knights (one pass). */
export function countPower(g: GameState, power: number[]): void {
  for (let f = 0; f < power.length; f++) power[f] = 0; // a loop: Array.prototype.fill is slow on tiny arrays
  for (let s = 0; s < SENATORS; s++) {
    const f = g.senOwner[s]!;
    if (f >= 0 && g.senWhere[s] === AT_ROME && g.senPresent[s]) power[f] += influenceOf(s);
  }
  // Knights vote only with their faction's senators present.
  for (let f = 0; f < power.length; f++) if (power[f]! > 0) power[f] += g.knights[f]!;
}

export function hasSenatorPresent(g: GameState, f: number): boolean {
  for (let s = 0; s < SENATORS; s++) if (g.senOwner[s] === f && g.senWhere[s] === AT_ROME && g.senPresent[s]) return true;
  return false;
}

/** Land Acts and their repeal allow no abstention (Land Acts variant). */
const noAbstention = (m: Motion): boolean => m.kind === LAND_ACT || m.kind === REPEAL_LAND_ACT;

/** A motion defeated or vetoed this turn may not be reintroduced unchanged (Failure of motion). */
export function alreadyFailed(g: GameState, m: Motion): boolean {
  return g.failedTurn === g.turn && g.failedMotions.includes(motionKey(m));
}

function recordFailure(g: GameState, m: Motion): void {
  if (g.failedTurn !== g.turn) {
    g.failedMotions = [];
    g.failedTurn = g.turn;
  }
  g.failedMotions.push(motionKey(m));
}

export function describeMotion(g: GameState, m: Motion): string {
  const parts: string[] = [MOTION_NAMES[m.kind]!];
  if (m.senator >= 0) parts.push(senatorName(m.senator));
  if (m.target >= 0) parts.push(`target ${m.target}`);
  if (m.target2 >= 0) parts.push(`to ${m.target2}`);
  if (m.count) parts.push(`count ${m.count}`);
  if (m.mask) parts.push(`faction legions ${m.mask.toString(2)}`);
  if (m.major) parts.push('major');
  return `${parts.join(' ')} (sponsor ${m.sponsor}${m.viaTribune ? ', by tribune' : ''})`;
}

/** Miscellaneous motions need another faction to second them (Other Miscellaneous Motions). */
export function findCoSponsor(g: GameState, policies: readonly Policy[], m: Motion): boolean {
  if (m.kind !== CENSURE && m.kind !== LAND_ACT) return true;
  const c = presidingFaction(g);
  for (let i = 0; i < g.players; i++) {
    const f = (c + i) % g.players;
    if (f === m.sponsor || !hasSenatorPresent(g, f)) continue;
    if (askBool(g, f, policies[f]!.coSponsor(g, f, m), 'coSponsor')) {
      m.coSponsor = f;
      return true;
    }
  }
  if (g.trace) log(g, `No co-sponsor for ${describeMotion(g, m)}`);
  return false;
}

/**
 * Puts a motion to the vote: factions vote clockwise from the Consul's left, the Consul's faction last
 * (the Consul's choice of order, fixed). Each may first veto with a real tribune. Returns passed or not.
 */
export function putToVote(g: GameState, policies: readonly Policy[], m: Motion): boolean {
  const n = g.players;
  const consulF = presidingFaction(g);
  m.votesFor = 0;
  m.votesAgainst = 0;
  for (let f = 0; f < n; f++) {
    m.stance[f] = 0;
    m.bought[f] = 0;
  }
  countPower(g, m.power);
  // Consular Powers: the Consul may rule "no discussion" on a motion he tabled.
  if (g.variants['consular-powers'] && m.sponsor === consulF && !m.viaTribune) {
    m.closed = askBool(g, consulF, policies[consulF]!.closeDebate(g, consulF, m), 'closeDebate');
  }
  let voters = 0;
  for (let i = 1; i <= n; i++) {
    const f = (consulF + i) % n;
    if (m.power[f] === 0) continue; // a faction with nobody present cannot vote or veto
    // Vetoes: never on one's own motion, so the Consul cannot veto what he tabled (Vetoes).
    if (g.tribunesReal[f]! > 0 && f !== m.sponsor) {
      if (askBool(g, f, policies[f]!.veto(g, f, m), 'veto')) {
        g.tribunesReal[f]--;
        // The veto cancels the entire vote: votes already bought are returned, stances wiped.
        for (let x = 0; x < n; x++) {
          g.treasury[x] += m.bought[x]!;
          m.bought[x] = 0;
          m.stance[x] = 0;
        }
        m.votesFor = 0;
        m.votesAgainst = 0;
        m.stance[f] = 2;
        if (g.trace) log(g, `Faction ${f} vetoes: ${describeMotion(g, m)}`);
        recordFailure(g, m);
        return false;
      }
    }
    let st = policies[f]!.vote(g, f, m);
    if (st !== 1 && st !== -1 && st !== 0) {
      policyError(g, f, `vote ${String(st)} is not 1, 0 or -1`);
      st = f === m.sponsor ? 1 : 0;
    }
    if (st === 0 && (f === m.sponsor || noAbstention(m))) {
      // The sponsor may not abstain on his own motion; nobody may abstain on Land Acts.
      policyError(g, f, `may not abstain on ${MOTION_NAMES[m.kind]}`);
      st = f === m.sponsor ? 1 : -1;
    }
    if (st === 0) continue;
    let bought = policies[f]!.buyVotes(g, f, m, st);
    if (bought !== 0 && !legalInt(bought, 0, g.treasury[f]!)) {
      policyError(g, f, `bought votes ${String(bought)} not in 0..${g.treasury[f]}`);
      bought = 0;
    }
    g.treasury[f] -= bought;
    m.bought[f] = bought;
    m.stance[f] = st;
    let v = m.power[f]! + bought;
    if (m.closed && bought > 0 && f !== consulF) v -= consularPenalty(g, policies, m, consulF, f);
    if (st > 0) m.votesFor += v;
    else m.votesAgainst += v;
    voters++;
  }
  let passed = m.votesFor > m.votesAgainst;
  if (!passed && m.votesFor === m.votesAgainst) {
    // A tie: the Consul may cast the deciding vote in favour (Success of motion).
    passed = askBool(g, consulF, policies[consulF]!.tieBreak(g, consulF, m), 'tieBreak');
  }
  if (g.trace) log(g, `${passed ? 'PASSED' : 'DEFEATED'} ${m.votesFor}-${m.votesAgainst}: ${describeMotion(g, m)}`);
  if (!passed) {
    recordFailure(g, m);
    // A Consul's motion defeated unanimously by all the other factions costs Prestige.
    if (m.sponsor === consulF && voters > 0) {
      let unanimous = true;
      for (let f = 0; f < n; f++) if (f !== consulF && m.stance[f] !== -1) unanimous = false;
      if (unanimous) addPrestige(g, consulF, -g.params.consulDefeatPrestige);
    }
  }
  return passed;
}

/**
 * Consular Powers: buying votes against a "no discussion" ruling defies the Consul, who may remove one
 * of the faction's votes on this motion. (The rules' fallback fine, for a faction with no vote to
 * remove, cannot arise here: defiance means buying votes for a stance, so there is always one.)
 */
function consularPenalty(g: GameState, policies: readonly Policy[], m: Motion, consulF: number, f: number): number {
  if (!askBool(g, consulF, policies[consulF]!.penalize(g, consulF, m, f), 'penalize')) return 0;
  if (g.trace) log(g, `The Consul removes one vote of faction ${f}`);
  return 1;
}

/** A part of a passed bill that no longer fits the game is not carried out (recorded as the sponsor's error). */
export function policyBillError(g: GameState, m: Motion, why: string): void {
  policyError(g, m.sponsor, `bill part ${describeMotion(g, m)} cannot be carried out: ${why}`);
}
