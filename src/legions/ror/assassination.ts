// Republic of Rome module "ror-assassination" (RoR 1.09.7-1.09.74; errata 9.8, 9.82-9.84, Senate
// item Z): as the Senate Meeting opens, each faction may send one of its present senators against a
// present senator of another faction; no faction attempts twice or is targeted twice in a turn. The
// attacker may hire Assassins (+1 each) before the roll, the target's faction Bodyguards (-1 each)
// after seeing it; a die from the module's own stream decides: kill, nothing, or the assassin caught
// (one more capture roll per Bodyguard when he was not). A caught assassin dies, his faction loses
// Prestige and its leader faces a trial that cannot be vetoed. docs/rules.md, Variations.
import * as rngModule from '../../core/rng.js';
import * as commonModule from '../common.js';
import * as motionModule from '../motion.js';
import type { RulesParams } from '../params.js';
import type { Policy } from '../policy.js';
import * as prosecutionsModule from '../senate/prosecutions.js';
import * as votingModule from '../senate/voting.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { uniformInt } = rngModule;
const { addPrestige, legalInt, log, policyError, presidingFaction, senatorToDeckBottom } = commonModule;
const { ASSASSIN_TRIAL, resetMotion } = motionModule;
const { vacateOffices } = prosecutionsModule;
const { hasSenatorPresent, putToVote } = votingModule;
const { AT_ROME, factionName, SENATORS, senatorName } = stateModule;

export interface AttemptResult {
  /** The modified first roll. */
  modified: number;
  killed: boolean;
  caught: boolean;
}

/**
 * One attempt's result (pure; the dice are inputs): modified roll = `roll` + assassins x
 * rorAssassinBonus - bodyguards x rorBodyguardMalus; at least rorAssassinKillRoll kills, at most
 * rorAssassinCaughtRoll catches the assassin. If he was not caught, he rolls once more per Bodyguard,
 * each with the same modifiers (errata 9.83), and is caught on any roll at most rorAssassinCaughtRoll
 * (so a kill and a capture may both happen). `reroll` yields those rolls (called only as needed).
 */
export function resolveAttempt(p: RulesParams, roll: number, assassins: number, bodyguards: number, reroll: () => number, out: AttemptResult): AttemptResult {
  const mod = assassins * p.rorAssassinBonus - bodyguards * p.rorBodyguardMalus;
  out.modified = roll + mod;
  out.killed = out.modified >= p.rorAssassinKillRoll;
  out.caught = out.modified <= p.rorAssassinCaughtRoll;
  for (let i = 0; i < bodyguards && !out.caught; i++) if (reroll() + mod <= p.rorAssassinCaughtRoll) out.caught = true;
  return out;
}

/** A faction's leader: its senior senator (highest card: Influence, then Status; F-3), wherever he is; -1 if none. */
export function factionLeader(g: GameState, f: number): number {
  for (let s = SENATORS - 1; s >= 0; s--) if (g.senOwner[s] === f) return s;
  return -1;
}

/** A present senator of another faction not yet targeted this turn (1.09.7, 1.09.71). */
export function legalTarget(g: GameState, f: number, t: number): boolean {
  if (!legalInt(t, 0, SENATORS - 1)) return false;
  const o = g.senOwner[t]!;
  return o >= 0 && o !== f && g.senWhere[t] === AT_ROME && g.senPresent[t] === 1 && (g.rorTargeted & (1 << o)) === 0;
}

const legalAssassin = (g: GameState, f: number, a: number): boolean =>
  legalInt(a, 0, SENATORS - 1) && g.senOwner[a] === f && g.senWhere[a] === AT_ROME && g.senPresent[a] === 1;

/** Most cards of a price a faction may hire: at most `max`, and what its treasury pays for. */
export function affordable(g: GameState, f: number, cost: number, max: number): number {
  return cost > 0 ? Math.min(max, Math.floor(g.treasury[f]! / cost)) : max;
}

const result: AttemptResult = { modified: 0, killed: false, caught: false };

/**
 * Item 0a of the Senate Meeting, after attendance and before the Consul's election: one declaration
 * per faction, from the presiding faction clockwise. Not while the Temporary Consul presides (turn 1).
 */
export function assassinations(g: GameState, policies: readonly Policy[]): void {
  if (g.temporaryConsul) return;
  g.rorTargeted = 0;
  const first = presidingFaction(g);
  for (let i = 0; i < g.players; i++) attempt(g, policies, (first + i) % g.players);
}

function attempt(g: GameState, policies: readonly Policy[], f: number): void {
  if (!hasSenatorPresent(g, f)) return;
  const p = g.params;
  const t = policies[f]!.assassinTarget(g, f);
  if (t === -1) return;
  if (!legalTarget(g, f, t)) {
    policyError(g, f, `assassination target ${String(t)} is not a present senator of another faction not yet targeted this turn`);
    return;
  }
  const a = policies[f]!.assassin(g, f, t);
  if (!legalAssassin(g, f, a)) {
    policyError(g, f, `assassin ${String(a)} is not a present senator of this faction`);
    return;
  }
  const tf = g.senOwner[t]!;
  g.rorTargeted |= 1 << tf;
  g.stats.rorAssassinAttempts++;
  const maxA = affordable(g, f, p.rorAssassinCost, p.rorMaxAssassins);
  let k = maxA > 0 ? policies[f]!.hireAssassins(g, f, t, a) : 0; // asked only when one can be hired
  if (!legalInt(k, 0, maxA)) {
    policyError(g, f, `assassins hired ${String(k)} not in 0..${maxA}`);
    k = 0;
  }
  g.treasury[f] -= k * p.rorAssassinCost;
  const die = (): number => uniformInt(g.rng.rorAssassination, p.rorAssassinDie) + 1;
  const roll = die();
  const maxB = affordable(g, tf, p.rorBodyguardCost, p.rorMaxBodyguards);
  let b = maxB > 0 ? policies[tf]!.bodyguards(g, tf, t, roll, k) : 0; // asked only when one can be hired
  if (!legalInt(b, 0, maxB)) {
    policyError(g, tf, `bodyguards hired ${String(b)} not in 0..${maxB}`);
    b = 0;
  }
  g.treasury[tf] -= b * p.rorBodyguardCost;
  const r = resolveAttempt(p, roll, k, b, die, result);
  if (g.trace !== null) {
    const n = (x: number, what: string): string => `${x} ${what}${x === 1 ? '' : 's'}`;
    log(g, `${factionName(f)}'s ${senatorName(a)} attempts to assassinate ${senatorName(t)} of ${factionName(tf)}: roll ${roll} + ${n(k, 'Assassin')} - ${n(b, 'Bodyguard')} = ${r.modified}: ${r.killed ? 'killed' : 'survives'}${r.caught ? ', the assassin is caught' : ''}`);
  }
  if (r.killed || r.caught || k > 0 || b > 0) g.stats.rorAssassinEffective++;
  if (r.killed) {
    g.stats.rorAssassinKills++;
    g.stats.senatorsKilled++;
    vacateOffices(g, t);
    senatorToDeckBottom(g, t);
  }
  if (r.caught) caught(g, policies, f, a, tf);
}

/**
 * A caught assassin (1.09.74; errata 9.84): he is killed; his faction loses rorAssassinCaughtPrestige
 * (its leader's 5 Influence); its leader, unless he was the assassin himself or is away from Rome,
 * is tried at once (item Z) and executed if convicted.
 */
function caught(g: GameState, policies: readonly Policy[], f: number, a: number, victimFaction: number): void {
  g.stats.rorAssassinsCaught++;
  const leader = factionLeader(g, f);
  addPrestige(g, f, -g.params.rorAssassinCaughtPrestige);
  g.stats.senatorsKilled++;
  vacateOffices(g, a);
  senatorToDeckBottom(g, a);
  if (leader === a || g.senWhere[leader] !== AT_ROME) return;
  assassinTrial(g, policies, leader, victimFaction);
}

/**
 * The trial of a caught assassin's leader (Senate item Z): a Major charge, moved by nobody (no
 * prosecutor is chosen), tabled by the Censor's faction (else the presiding one), voted by the
 * ordinary procedure, never vetoed, outside the Censor's limit of prosecutions and worth no Prestige
 * to anyone. Convicted: executed.
 */
export function assassinTrial(g: GameState, policies: readonly Policy[], accused: number, victimFaction: number): boolean {
  const m = g.motion;
  resetMotion(m, ASSASSIN_TRIAL, -1);
  m.senator = accused;
  m.target = victimFaction;
  m.major = true;
  const cf = g.censor >= 0 ? g.senOwner[g.censor]! : -1;
  m.tabledBy = cf >= 0 ? cf : presidingFaction(g);
  g.stats.rorAssassinTrials++;
  const passed = putToVote(g, policies, m);
  if (!passed) return false;
  g.stats.rorAssassinConvictions++;
  g.stats.senatorsExecuted++;
  if (g.trace !== null) log(g, `${senatorName(accused)} of ${factionName(g.senOwner[accused]!)} is convicted of the assassination attempt and executed`);
  vacateOffices(g, accused);
  senatorToDeckBottom(g, accused);
  return true;
}
