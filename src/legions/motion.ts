// Motions of the Senate Meeting and the agenda items a faction may propose on.

/** The kinds of motion, in agenda order (Senate Meeting; architecture: fixed agenda). */
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
export const MOTION_NAMES = [
  'elect Consul', 'elect Censor', 'prosecute', 'appoint Governor', 'disband legions', 'raise legions',
  'dispatch', 'transfer legions', 'recall legions', 'replace commander', 'allocate concession',
  'develop province', 'censure', 'land act', 'repeal land act', 'bill',
] as const;

/**
 * One motion. A single object is reused for every motion of a game (no allocation per motion);
 * policies read it and, when proposing, fill the fields their kind uses.
 */
export interface Motion {
  kind: number;
  sponsor: number;
  coSponsor: number;
  /** Forced to the vote by a real tribune (the Consul's faction may veto it). */
  viaTribune: boolean;
  /** Candidate, accused, commander or concession recipient; -1 when unused. */
  senator: number;
  /** Province (governor, develop), war (dispatch, recall, transfer source), concession or faction (censure). */
  target: number;
  /** Transfer destination war. */
  target2: number;
  /** State legions, Talents of aid, fine, or land act type. */
  count: number;
  /** Faction legions (bit f = faction f's legion). */
  mask: number;
  /** Major prosecution (execution) rather than minor. */
  major: boolean;
  /** Proposed as part of a bill being drafted (Bills variation). */
  inBill: boolean;
  /** Consular Powers: the Consul ruled "no discussion"; buying votes then defies him. */
  closed: boolean;
  // ---- the tally, visible to the factions voting after ----
  votesFor: number;
  votesAgainst: number;
  /** Per faction: 1 for, -1 against, 0 abstained or absent, 2 vetoed. */
  stance: number[];
  /** Per faction: votes commanded before buying any (0 = nobody present), set when the vote opens. */
  power: number[];
  /** Per faction: Talents spent on votes for this motion (refunded if the vote is vetoed). */
  bought: number[];
}

export function newMotion(players: number): Motion {
  return {
    kind: 0, sponsor: -1, coSponsor: -1, viaTribune: false, senator: -1, target: -1, target2: -1,
    count: 0, mask: 0, major: false, inBill: false, closed: false, votesFor: 0, votesAgainst: 0, stance: new Array<number>(players).fill(0),
    power: new Array<number>(players).fill(0), bought: new Array<number>(players).fill(0),
  };
}

export function resetMotion(m: Motion, kind: number, sponsor: number): void {
  m.kind = kind;
  m.sponsor = sponsor;
  m.coSponsor = -1;
  m.viaTribune = false;
  m.senator = -1;
  m.target = -1;
  m.target2 = -1;
  m.count = 0;
  m.mask = 0;
  m.major = false;
  m.inBill = false;
  m.closed = false;
  m.votesFor = 0;
  m.votesAgainst = 0;
  for (let f = 0; f < m.stance.length; f++) m.stance[f] = 0; // a loop: Array.prototype.fill is slow on tiny arrays
}

/**
 * A number identifying a motion's content, to refuse one reintroduced after failing. Exact: the
 * kind (4 bits), senator and targets (5 and 6 bits each, offset by one), mask (5 bits) and major
 * (1 bit) fill 27 bits, and the count multiplies 2^27, far below 2^53.
 */
export function motionKey(m: Motion): number {
  const low = ((((((m.major ? 1 : 0) * 32 + m.mask) * 64 + (m.target2 + 1)) * 64 + (m.target + 1)) * 32 + (m.senator + 1)) * 16) + m.kind;
  return m.count * 134217728 + low;
}

/** The kind of motion a key was made from. */
export const keyKind = (key: number): number => key % 16;
