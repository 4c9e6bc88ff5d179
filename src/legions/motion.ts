// Motions of the Senate Meeting: their kinds, fields and identity.
import type { MotionRules } from './senate/agenda.js';

/** The kinds of motion, in the rules' order of business (Senate Meeting). */
export const ELECT_CONSUL = 0;
export const ELECT_CENSOR = 1;
export const PROSECUTE = 2;
export const APPOINT_GOVERNOR = 3;
export const DISBAND = 4;
export const RAISE = 5;
/** Appoint a commander and/or dispatch legions from the Active Legions Box to one war. */
export const DISPATCH = 6;
export const TRANSFER = 7;
export const RECALL = 8;
/** Replace the commander of legions that suffered a loss in the previous turn. */
export const REPLACE_COMMANDER = 9;
export const CONCESSION = 10;
export const DEVELOP = 11;
export const CENSURE = 12;
export const LAND_ACT = 13;
export const REPEAL_LAND_ACT = 14;
/** Bills variation: a package of motions (listed in GameState.bill) voted as one. */
export const BILL = 15;
/** ror-garrisons: State legions from the Active Legions Box to a conquered province's garrison (`target`, `count`). */
export const GARRISON = 16;
/** ror-garrisons: garrison legions of province `target` back to the box (`count`). */
export const RECALL_GARRISON = 17;
/** ror-assassination: the trial of a caught assassin's leader (`senator`; `target` = the victim's faction). */
export const ASSASSIN_TRIAL = 18;
/** ror-dictator: the chair's nomination of a Dictator (voted, or appointed with rorDictatorAppointed). */
export const ELECT_DICTATOR = 19;
/** ror-dictator: the Dictator's faction names his Master of Horse (no vote). */
export const NAME_MASTER_OF_HORSE = 20;
/** ror-consul-for-life: a nomination for Consul for Life (no veto; the nominee's Status adds votes for). */
export const ELECT_CONSUL_FOR_LIFE = 21;
export const MOTION_NAMES = [
  'elect Consul', 'elect Censor', 'prosecute', 'appoint Governor', 'disband legions', 'raise legions',
  'dispatch', 'transfer legions', 'recall legions', 'replace commander', 'allocate concession',
  'develop province', 'censure', 'land act', 'repeal land act', 'bill', 'garrison', 'recall garrison',
  'assassination trial', 'elect Dictator', 'name Master of Horse', 'elect Consul for Life',
] as const;

/**
 * One motion. A single object is reused for every motion of a game (no allocation per motion);
 * policies read it and, when proposing, fill the fields their kind uses.
 */
export interface Motion {
  kind: number;
  sponsor: number;
  coSponsor: number;
  /** The faction that tabled it: the chair (Consul, or Censor for prosecutions), or the sponsor with a tribune. */
  tabledBy: number;
  /** Tabled at once by its sponsor playing a real tribune (then the Consul's faction may veto it). */
  viaTribune: boolean;
  /** Candidate, accused, commander or concession recipient; -1 when unused. */
  senator: number;
  /** Province (governor, develop), war (dispatch, recall, transfer source), concession or faction (censure). */
  target: number;
  /** Transfer destination war. */
  target2: number;
  /**
   * ror-multiple-commanders: the detachment of the war (`target`) a dispatch, recall, replacement or
   * transfer concerns, and the receiving detachment of a transfer's `target2`; 0 otherwise.
   */
  det: number;
  det2: number;
  /** State legions, Talents of aid, fine, or land act type. */
  count: number;
  /** Faction legions (bit f = faction f's legion). */
  mask: number;
  /** Major prosecution (execution) rather than minor. */
  major: boolean;
  /** Proposed as part of a bill being drafted (Bills variation). */
  inBill: boolean;
  /** Consular Powers: a "no discussion" ruling stands on this motion (no votes may be bought). */
  closed: boolean;
  /** Consular Powers: factions that objected to the ruling (bitmask). */
  objected: number;
  /** Consular Powers: objectors the Consul penalised (bitmask): one vote removed, else 1 Talent. */
  penalized: number;
  // ---- the tally, visible to the factions voting after (set when the vote opens: until then it holds an earlier vote's) ----
  votesFor: number;
  votesAgainst: number;
  /** Per faction: 1 for, -1 against, 0 abstained or absent, 2 vetoed. */
  stance: number[];
  /** Per faction: votes commanded before buying any (0 = nobody present), set when the vote opens. */
  power: number[];
  /** Per faction: Talents spent on votes for this motion (refunded if the vote is vetoed). */
  bought: number[];
  /** Faction that vetoed it, -1 for none. */
  vetoedBy: number;
}

/** A packed array of zeros (new Array(n).fill(0) is holey). */
function zeros(n: number): number[] {
  // The game's two sizes as literals: made at their length at once, where pushing grows a larger store.
  if (n === 5) return [0, 0, 0, 0, 0];
  if (n === 3) return [0, 0, 0];
  const a: number[] = [];
  for (let i = 0; i < n; i++) a.push(0);
  return a;
}

export function newMotion(players: number): Motion {
  return {
    kind: 0, sponsor: -1, coSponsor: -1, tabledBy: -1, viaTribune: false, senator: -1, target: -1, target2: -1, det: 0, det2: 0,
    count: 0, mask: 0, major: false, inBill: false, closed: false, objected: 0, penalized: 0, votesFor: 0, votesAgainst: 0,
    stance: zeros(players), power: zeros(players), bought: zeros(players), vetoedBy: -1,
  };
}

/** Copies every field of `src` into `dst` (no allocation: the arrays are copied element by element). */
export function copyMotion(dst: Motion, src: Motion): void {
  dst.kind = src.kind;
  dst.sponsor = src.sponsor;
  dst.coSponsor = src.coSponsor;
  dst.tabledBy = src.tabledBy;
  dst.viaTribune = src.viaTribune;
  dst.senator = src.senator;
  dst.target = src.target;
  dst.target2 = src.target2;
  dst.det = src.det;
  dst.det2 = src.det2;
  dst.count = src.count;
  dst.mask = src.mask;
  dst.major = src.major;
  dst.inBill = src.inBill;
  dst.closed = src.closed;
  dst.objected = src.objected;
  dst.penalized = src.penalized;
  dst.votesFor = src.votesFor;
  dst.votesAgainst = src.votesAgainst;
  dst.vetoedBy = src.vetoedBy;
  for (let f = 0; f < src.stance.length; f++) {
    dst.stance[f] = src.stance[f]!;
    dst.power[f] = src.power[f]!;
    dst.bought[f] = src.bought[f]!;
  }
}

/** A new motion with the same content (for bills and clones). */
export function cloneMotion(m: Motion): Motion {
  return { ...m, stance: m.stance.slice(), power: m.power.slice(), bought: m.bought.slice() };
}

/**
 * A motion a policy is about to draft (askProposal, askNomination): resets what the policy reads and
 * may leave unset (the key's fields, inBill), with kind, sponsor and target given. Not reset:
 * coSponsor, tabledBy, viaTribune and closed, which the engine sets once the policy has answered (no
 * policy reads them in propose), and the tally's totals (votesFor, votesAgainst, objected, penalized,
 * vetoedBy), which putToVote sets when the vote opens and nothing reads before (tests/draft-motion.test.ts).
 */
export function draftMotion(m: Motion, kind: number, sponsor: number, target: number, inBill: boolean): void {
  m.kind = kind;
  m.sponsor = sponsor;
  m.senator = -1;
  m.target = target;
  m.target2 = -1;
  m.det = 0;
  m.det2 = 0;
  m.count = 0;
  m.mask = 0;
  m.major = false;
  m.inBill = inBill;
}

/** Every field but the per-faction tally reset: draftMotion's, then the engine's procedural fields and the tally's totals. */
export function resetMotion(m: Motion, kind: number, sponsor: number): void {
  draftMotion(m, kind, sponsor, -1, false);
  m.coSponsor = -1;
  m.tabledBy = -1;
  m.viaTribune = false;
  m.closed = false;
  m.objected = 0;
  m.penalized = 0;
  m.vetoedBy = -1;
  m.votesFor = 0;
  m.votesAgainst = 0;
  // The per-faction tally is left as it is: putToVote zeroes it when a vote opens, and nothing reads it before.
}

/**
 * Stages of the military business (Military Appointments): disbanding comes before raising, raising
 * before dispatching, dispatching before recalling. Once a motion of one stage has been dealt with,
 * motions of earlier stages are out of order. Other kinds have no stage (-1).
 */
export const STAGE_DISBAND = 0;
export const STAGE_RAISE = 1;
export const STAGE_DISPATCH = 2;
export const STAGE_RECALL = 3;
/** Each kind's stage, by kind (-1: none): the rules' list, for stageOf to read. */
const STAGE_OF_KIND: readonly number[] = MOTION_NAMES.map((_, kind) => {
  switch (kind) {
    case DISBAND: return STAGE_DISBAND;
    case RAISE: return STAGE_RAISE;
    case DISPATCH:
    case GARRISON: return STAGE_DISPATCH;
    case RECALL:
    case RECALL_GARRISON: return STAGE_RECALL;
    default: return -1;
  }
});

/** A kind's military stage, -1 for none (one read of a table, small enough to inline: some 160 calls a game). */
export function stageOf(kind: number): number {
  return kind >= 0 && kind < STAGE_OF_KIND.length ? STAGE_OF_KIND[kind]! : -1;
}

/** Major Motions (Major and Miscellaneous Motions); censure and anything else are Miscellaneous. */
export const isMajor = (kind: number): boolean => kind !== CENSURE;

/**
 * A number identifying a motion's content, to refuse one reintroduced after failing. Exact: the
 * kind (5 bits), senator and targets (5 and 6 bits each, offset by one), mask (5 bits) and major
 * (1 bit) fill 28 bits; the count (below 2^21) multiplies 2^28, and the detachments of
 * ror-multiple-commanders (det * 4 + det2, 4 bits, 0 without the module) multiply 2^49: at most
 * 2^53 - 1, the largest safe integer.
 */
export function motionKey(m: Motion): number {
  // Shifts and ors, not a chain of products: each field fits its bits, so the sums are the same, in
  // 32-bit integers with no overflow checks (V8 checked each product, then fell to doubles).
  const low = (m.major ? 134217728 : 0) | m.mask << 22 | (m.target2 + 1) << 16 | (m.target + 1) << 10 | (m.senator + 1) << 5 | m.kind;
  const high = (m.det << 2 | m.det2) << 21 | m.count;
  return high === 0 ? low : high * 268435456 + low; // (high 0: a small integer, no double arithmetic)
}

/** The kind, and the target (province, war, concession, faction; -1 none), of the motion a key was made from. */
export const keyKind = (key: number): number => key % 32;
export const keyTarget = (key: number): number => (Math.floor(key / 1024) % 64) - 1;

/**
 * A kind's rules with every field present, in one order: all rules objects then share one shape, so
 * the Senate's reads of `rules.check`, `rules.candidates` and the rest stay fast (not megamorphic).
 */
export function motionRules(r: MotionRules): MotionRules {
  return {
    applicable: r.applicable, candidates: r.candidates, check: r.check, listsOutFailures: r.listsOutFailures ?? false, rorOrder: r.rorOrder, rorDefer: r.rorDefer,
    prepare: r.prepare, needsVote: r.needsVote, execute: r.execute,
  };
}
