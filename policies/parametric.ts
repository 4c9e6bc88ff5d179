// The parametric policy: one rule-based player whose priorities are a documented weight vector.
// statesman and opportunist are two fixed weight vectors of it; `legions tune` evolves others.
import type { Motion } from '../src/legions/motion.js';
import * as motionModule from '../src/legions/motion.js';
import type { GameView, Policy } from '../src/legions/policy.js';
import * as policyModule from '../src/legions/policy.js';
import type { GameState } from '../src/legions/state.js';
import * as stateModule from '../src/legions/state.js';
import * as libModule from './lib.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const {
  APPOINT_GOVERNOR, ASSASSIN_TRIAL, BILL, CENSURE, CONCESSION, DEVELOP, DISBAND, DISPATCH, ELECT_CENSOR, ELECT_CONSUL,
  ELECT_CONSUL_FOR_LIFE, ELECT_DICTATOR, GARRISON, LAND_ACT, NAME_MASTER_OF_HORSE, PROSECUTE, RAISE, RECALL,
  RECALL_GARRISON, REPEAL_LAND_ACT, REPLACE_COMMANDER, TRANSFER, MOTION_NAMES, stageOf,
} = motionModule;
const {
  affordable, alreadyFailed, commandRating, defaultLosses, dictatorCommands, factionLeader, forumSenatorsInRome, isFrontier,
  landActTypeOpen, legalTarget, majorEligible, naturalNext, nextChair, onAgenda, presidingFaction: presiding,
  recallableGarrison, tableable,
} = policyModule;
const { lowestSenator } = stateModule;
const {
  activeWars, AT_FORUM, AT_ROME, bestOwn, boxLegionsSent, collapseClose, consulPrestigeOf, detCommander, detFactionMask, detStateLegions,
  failedOn, FL_BOX, factionLegionsAt, freeDetachment, highestStatus, influenceOf, leader, legionsAt, legionsToRaise, legionsWanted,
  maxDetachments, militaryRatingOf, nextActiveWar, ownerOf, pendingLike, popcount, raiseCost, reinforceable, stateLegions, standing,
  standingAtLeast, stateReserve, statusOf, votePower, warDueNextTurn, warsWant,
} = libModule;

/**
 * The weight vector. Switch-like weights are read as on when >= 0.5 (so evolution can move them
 * continuously); thresholds are in game units (RI points, Talents).
 */
export interface Weights {
  /** Cooperate with the Republic from this Revolution Index on (0 = always); near collapse always. */
  cooperateRI: number;
  /** Civic duty: the best general commands, donations and development aid, no repeals (>= 0.5). */
  civic: number;
  /** Aggression: prosecute and poach the leader's senators (>= 0.5). */
  aggression: number;
  /** Share of the treasury offered in sealed bids for neutral senators. */
  bidShare: number;
  /** A bid is Influence + max(1, Status - this): low values bid hard for strong senators. */
  bidStatusOffset: number;
  /** Treasury needed before trying to attract another faction's senator. */
  attractMinTreasury: number;
  /** Talents paid per knight recruiting attempt. */
  knightSpend: number;
  /** Treasury kept in reserve before recruiting knights. */
  knightReserve: number;
  /** Treasury kept beyond the top Games level before buying it for Prestige (high = never). */
  gamesReserve: number;
  /** Revolution Index from which to sponsor a Land Act. */
  landActRI: number;
  /** Revolution Index from which to co-sponsor a Land Act even when not cooperating. */
  coSponsorRI: number;
  /** Revolution Index from which to vote for a Land Act even when not cooperating. */
  landActVoteRI: number;
  /** Enemy armies + this is the attack a war's legions and commander should reach. */
  warMargin: number;
  /** Most Talents spent to buy the votes a motion we care about is missing. */
  votePrice: number;
  /** State surplus over its needs above which a cooperative governor keeps his province's income. */
  claimIncomeSurplus: number;
  /**
   * Rivalry: another faction's private gain (an office, a concession, a command) is opposed when its
   * Prestige is at least this far above ours (low = jealous of everyone, high = generous).
   */
  rivalMargin: number;
  /** Table our own contested motions at once with a real tribune (>= 0.5). */
  tribuneUse: number;
  /** Object to a "no discussion" ruling on a motion we oppose (Consular Powers, >= 0.5). */
  objectRuling: number;
  /** Name our own senator to command when his Military Rating is at most this much below the best candidate's. */
  ownGeneralMargin: number;
  /** Oppose a command for a rival whose standing is rivalMargin or more above ours, unless collapse is close (>= 0.5). */
  guardCommands: number;
}

export const STATESMAN: Weights = {
  cooperateRI: 0, civic: 1, aggression: 0, bidShare: 0.35, bidStatusOffset: 10, attractMinTreasury: 10,
  knightSpend: 1, knightReserve: 12, gamesReserve: 1000, landActRI: 2, coSponsorRI: 4, landActVoteRI: 6,
  warMargin: 3, votePrice: 4, claimIncomeSurplus: 60, rivalMargin: 3, tribuneUse: 0, objectRuling: 0,
  ownGeneralMargin: 0, guardCommands: 0,
};

export const OPPORTUNIST: Weights = {
  cooperateRI: 1000, civic: 0, aggression: 1, bidShare: 0.6, bidStatusOffset: 4, attractMinTreasury: 10,
  knightSpend: 2, knightReserve: 12, gamesReserve: 10, landActRI: 5, coSponsorRI: 4, landActVoteRI: 6,
  warMargin: 3, votePrice: 4, claimIncomeSurplus: 60, rivalMargin: 1, tribuneUse: 1, objectRuling: 1,
  ownGeneralMargin: 5, guardCommands: 1,
};

export const WEIGHT_KEYS = Object.keys(STATESMAN) as (keyof Weights)[];

/** Influence plus Status of each senator: what attracting him is worth. */
const SENATOR_WORTH: readonly number[] = Array.from({ length: 30 }, (_, s) => influenceOf(s) + statusOf(s));

/** The senators from least to most worth, the lower card first among equals: the first that qualifies is the cheapest. */
const BY_WORTH: readonly number[] = Array.from({ length: 30 }, (_, s) => s).sort((a, b) => SENATOR_WORTH[a]! - SENATOR_WORTH[b]! || a - b);

/**
 * attractTarget's choice among a faction's senators in Rome (bit set `rome`): the one of least worth
 * (the lower card among equals, as BY_WORTH lists them) not moved this turn and not the Consul, Censor or
 * Consul for Life; -1 none.
 */
function cheapestTarget(g: GameView, rome: number): number {
  let best = -1;
  for (; rome !== 0; rome &= rome - 1) {
    const s = lowestSenator(rome);
    if (g.senMovedTurn[s] === g.turn || s === g.consul || s === g.censor || s === g.rorCfl) continue;
    if (best < 0 || SENATOR_WORTH[s]! < SENATOR_WORTH[best]!) best = s;
  }
  return best;
}

/** Senator s is a neutral face up in the Forum. */
const isForumNeutral = (g: GameView, s: number): boolean => s >= 0 && s < 30 && g.senWhere[s] === AT_FORUM;

/** Military Rating of each senator (militaryRatingOf), read from a table: the rule divides and rounds in floating point. */
const MILITARY_RATING: readonly number[] = Array.from({ length: 30 }, (_, s) => militaryRatingOf(s));

/** commandRating(g, s, w) with the table: only the Dictator (who may add his Master of Horse) or nobody (-1) is asked of the rule. */
const ratingOf = (g: GameView, s: number, w: number): number =>
  s >= 0 && s < 30 && s !== g.rorDictator ? MILITARY_RATING[s]! : commandRating(g, s, w);

/** Each kind's military stage (stageOf), read per agenda entry while the chair chooses. */
const STAGE: readonly number[] = MOTION_NAMES.map((_, kind) => stageOf(kind));
/** The chair's rank of each kind: its stage, a kind of no stage with the first (Math.max(0, stage) read from a table). */
const RANK: readonly number[] = STAGE.map((st) => Math.max(0, st));
/** Below every key the chair weighs (they run from -3 to 30): a small integer, so the keys stay integers, not doubles. */
const NO_KEY = -100;

/** A vote not yet asked (votes are 1, 0 or -1). */
const NOT_ASKED = 2;

export class ParametricPolicy implements Policy {
  private readonly civic: boolean;
  /**
   * Our votes on the agenda's entries in the chair's present choice (tableNext, which clears them), each
   * asked at most once: bit i of `asked` once entry i's vote is known, and then of `votedFor` (1) or
   * `votedAgainst` (-1), of neither for an abstention. Bits as the state's other sets, not a scratch array
   * refilled per choice; entries from the 32nd on (an agenda holds some 14 at most) are asked each time.
   */
  private asked = 0;
  private votedFor = 0;
  private votedAgainst = 0;
  private readonly aggressive: boolean;
  /** What bestGenerals found: our candidate of highest Status and any faction's (-1 none). */
  private ownGeneral = -1;
  private anyGeneral = -1;
  /**
   * What we bid for each senator as a neutral (his Influence plus what his Status is worth above
   * bidStatusOffset), worked out once: the Forum's bids read it per senator per neutral.
   */
  private readonly bids: number[] = [];
  /**
   * What a knight attempt pays (whole Talents: tuned weights are real numbers) and the treasury it needs
   * (the reserve kept plus the payment), worked out once: the Forum asks knightSpend per senator attending.
   */
  private readonly knightTalents: number;
  private readonly knightFloor: number;
  /**
   * Two weights read on the hot path (every cooperative() and privateVote()), as fields of the policy's
   * own: a read through `this.w` loads and checks a second object.
   */
  private readonly cooperateRI: number;
  private readonly rivalMargin: number;
  constructor(readonly name: string, readonly w: Readonly<Weights>) {
    this.civic = w.civic >= 0.5;
    this.aggressive = w.aggression >= 0.5;
    this.cooperateRI = w.cooperateRI;
    this.rivalMargin = w.rivalMargin;
    this.alwaysAttends = true;
    this.neverTransfers = true;
    this.neverProposes = (1 << DISBAND) | (1 << TRANSFER) | (1 << RECALL) | (1 << REPLACE_COMMANDER) |
      (this.aggressive ? 0 : (1 << CENSURE) | (1 << PROSECUTE)) | (this.civic ? 1 << REPEAL_LAND_ACT : 0);
    for (let s = 0; s < 30; s++) this.bids.push(influenceOf(s) + Math.max(1, statusOf(s) - w.bidStatusOffset));
    this.knightTalents = Math.round(w.knightSpend); // (0 Talents still gives a 10 % chance, Recruit Knights)
    this.knightFloor = w.knightReserve + this.knightTalents;
  }

  /**
   * Kinds that draft never makes, so the Senate need not ask: those with no case of their own, and by
   * the weights, censures and prosecutions unless aggressive, repeals of Land Acts when civic.
   */
  readonly neverProposes: number;
  /** attend answers true and transfer 0, whatever the game (so the engine need not ask). */
  readonly alwaysAttends: boolean;
  readonly neverTransfers: boolean;

  init(): void {}

  /** Every kind, but no censure while collapse is close (censure's first test): asked once for the round's kinds, not per kind. */
  mayPropose(g: GameView): number {
    return collapseClose(g) === true ? ~(1 << CENSURE) : -1;
  }

  /** Cooperate with the Republic now: from cooperateRI on, and always when collapse is close. */
  private cooperative(g: GameView): boolean {
    // Collapse close first: its census is kept, and it answers most asks (the index stays below the competent's 30).
    return collapseClose(g) === true || g.ri >= this.cooperateRI; // (=== true: the call is out of line, its answer otherwise tested in full)
  }

  claimIncome(g: GameView): boolean {
    return !this.cooperative(g) || g.stateTreasury > stateReserve(g) + this.w.claimIncomeSurplus;
  }

  doubleLandCommission(g: GameView, me: number): boolean {
    return !this.civic && g.prestige[me]! >= 4;
  }

  donation(g: GameView, me: number): number {
    const th = g.params.donationThresholds;
    const cash = g.treasury[me]!;
    const short = g.stateTreasury < stateReserve(g) + 20;
    if (!this.cooperative(g) && !short) return 0;
    if (short) for (let i = th.length - 1; i >= 0; i--) if (cash >= th[i]! + 4) return th[i]!;
    return this.civic && cash >= th[0]! + 12 ? th[0]! : 0;
  }

  transfer(): number {
    return 0;
  }

  attend(): boolean {
    return true;
  }

  consulPlaysFirst(): boolean {
    return true;
  }

  neutralBid(g: GameView, me: number, s: number): number {
    if (!isForumNeutral(g, s)) return 0;
    // Budget across the Forum in card order so the sealed bids never exceed the treasury: the bids on
    // the neutrals up to him (the engine lists the face-up neutrals in g.forumList, in card order, before
    // it asks for bids), none if they exceed the budget (the sum only grows: it ran out at or before him).
    const budget = Math.floor(g.treasury[me]! * this.w.bidShare);
    const forum = g.forumList;
    let spent = 0;
    for (let i = 0; i < forum.length && forum[i]! <= s; i++) spent += this.bids[forum[i]!]!;
    return spent > budget ? 0 : this.bids[s]!;
  }

  attractTarget(g: GameView, me: number): number {
    if (!this.aggressive || g.treasury[me]! < this.w.attractMinTreasury) return -1;
    const rival = leader(g, me);
    // In the Forum its census gives the leader's senators in Rome (some 6, not a walk over the 30 cards).
    const rome = rival >= 0 ? forumSenatorsInRome(g, rival) : -1;
    if (rome !== -1) return cheapestTarget(g, rome);
    // The leader's senator of least worth (the lower card among equals): read cheapest first, the first found is the one.
    for (let k = 0; k < BY_WORTH.length; k++) {
      const s = BY_WORTH[k]!;
      if (g.senOwner[s] !== rival || g.senWhere[s] !== AT_ROME || g.senMovedTurn[s] === g.turn) continue;
      if (s === g.consul || s === g.censor || s === g.rorCfl) continue;
      return s;
    }
    return -1;
  }

  attractRaise(g: GameView, me: number, s: number, attacking: boolean, a: number, d: number): number {
    const cash = g.treasury[me]!;
    if (attacking) {
      if (a === 0) return Math.max(1, Math.min(cash, Math.floor(cash / 3), SENATOR_WORTH[s]! - 5));
      return d > 0 && a <= d && cash - a >= d - a + 2 && cash - a > 6 ? d - a + 2 : 0;
    }
    // Defend a valuable senator once, if it can be afforded.
    if (d === 0 && a > 0 && cash >= a + 2 && SENATOR_WORTH[s]! >= 6) return Math.min(cash, a);
    return 0;
  }

  knightSpend(g: GameView, me: number): number {
    return g.treasury[me]! >= this.knightFloor ? this.knightTalents : -1;
  }

  knightDonations(g: GameView, me: number): number {
    return g.treasury[me]! < 3 && g.knights[me]! > 1 ? 1 : 0;
  }

  games(g: GameView, me: number): number {
    const th = g.params.gamesThresholds;
    const cash = g.treasury[me]!;
    // Games for the Republic when cooperating; cooperative() scans the wars, so it is asked once, and only when a level is in reach.
    const second = g.ri >= 6 && cash >= th[1]! + 2;
    const first = g.ri >= 3 && cash >= th[0]! + 2;
    if ((second || first) && this.cooperative(g)) return second ? th[1]! : th[0]!;
    if (cash >= th[2]! + this.w.gamesReserve) return th[2]!;
    return 0;
  }

  propose(g: GameView, me: number, m: Motion, cands: readonly number[]): boolean {
    // The same Land Act as one on the agenda seconds it; any other motion is not made twice. A dispatch
    // drafted has passed both tests already (dispatch, secondCommand and leaderlessDetachment test them last).
    // (=== true and !== true: these calls are out of line, and a boolean answer is otherwise tested in full)
    return this.draft(g, me, m, cands) === true && (m.kind === DISPATCH || (alreadyFailed(g, m) !== true && (m.kind === LAND_ACT || onAgenda(g, m) !== true)));
  }

  private draft(g: GameView, me: number, m: Motion, cands: readonly number[]): boolean {
    // The cases are tested in order, one compare each: the kinds asked most a game first (censure 96,
    // the nominations 150, dispatch 53, levy 27, concession 16, develop 9), the rest after.
    switch (m.kind) {
      case CENSURE: return this.censure(g, me, m);
      case APPOINT_GOVERNOR:
      case ELECT_CONSUL:
      case ELECT_CENSOR: return this.nominate(g, me, m, cands);
      case DISPATCH: return this.dispatch(g, me, m, cands) === true || this.secondCommand(g, me, m, cands) === true;
      case RAISE: return pendingLike(g, RAISE, -1) < 0 && this.raise(g, m);
      case CONCESSION: return this.concession(g, me, m);
      case DEVELOP: {
        const reserve = stateReserve(g); // (one census read for both tests)
        m.count = g.stateTreasury > reserve + 30 && this.civic ? 6 : g.stateTreasury > reserve + 50 ? 3 : 0;
        return true;
      }
      case PROSECUTE: return this.prosecute(g, me, m, cands);
      case DISBAND: return false;
      case LAND_ACT: return this.landAct(g, me, m);
      case GARRISON: return this.garrison(g, me, m);
      case RECALL_GARRISON: return this.recallGarrison(g, me, m);
      case REPEAL_LAND_ACT: return pendingLike(g, REPEAL_LAND_ACT, -1) < 0 && this.repeal(g, me, m);
      case ELECT_DICTATOR: return this.nominateDictator(g, me, m, cands);
      case NAME_MASTER_OF_HORSE: return this.nameMasterOfHorse(g, me, m, cands);
      case ELECT_CONSUL_FOR_LIFE: return this.nominateConsulForLife(g, me, m, cands);
      default: return false;
    }
  }

  /**
   * ror-dictator, as chair: our own best general when he is good enough (as for commands:
   * ownGeneralMargin when civic); otherwise, when we cooperate, the best general of any faction.
   */
  private nominateDictator(g: GameView, me: number, m: Motion, cands: readonly number[]): boolean {
    const own = highestStatus(g, cands, me);
    const best = highestStatus(g, cands, -2);
    if (own >= 0 && (!this.civic || militaryRatingOf(own) + this.w.ownGeneralMargin >= militaryRatingOf(best))) m.senator = own;
    else if (this.cooperative(g) && best >= 0) m.senator = best;
    else return false;
    return true;
  }

  /**
   * ror-dictator: the Master of Horse who adds most to the Dictator's rating; among equals the
   * aggressive take the leader's senator (his votes leave Rome with the army), the others their own.
   */
  private nameMasterOfHorse(g: GameView, me: number, m: Motion, cands: readonly number[]): boolean {
    const prefer = this.aggressive ? leader(g, me) : me;
    let best = -1;
    for (const s of cands) {
      if (best < 0) best = s;
      else {
        const a = militaryRatingOf(s);
        const b = militaryRatingOf(best);
        if (a > b || (a === b && g.senOwner[s] === prefer && g.senOwner[best] !== prefer)) best = s;
      }
    }
    m.senator = best;
    return best >= 0;
  }

  /**
   * ror-consul-for-life: our senator of highest Status (he adds most votes), when the vote can be
   * carried: as chair (voting last) our votes, his and our treasury against the others' votes; with a
   * tribune (voting before some of them) our votes and his against their votes and treasuries.
   */
  private nominateConsulForLife(g: GameView, me: number, m: Motion, cands: readonly number[]): boolean {
    const own = highestStatus(g, cands, me);
    if (own < 0) return false;
    const chair = presiding(g) === me;
    let against = 0;
    for (let f = 0; f < g.players; f++) {
      const p = f === me ? 0 : votePower(g, f);
      if (p > 0) against += chair ? p : p + g.treasury[f]!;
    }
    const ours = votePower(g, me) + g.params.rorCflStatusVotes * statusOf(own) + (chair ? g.treasury[me]! : 0);
    if (ours <= against) return false;
    m.senator = own;
    return true;
  }

  /**
   * Nominations: our own best candidate; with none, we nominate only as chair (the office must be
   * filled), naming the candidate of the faction furthest behind.
   */
  private nominate(g: GameView, me: number, m: Motion, cands: readonly number[]): boolean {
    // The sitting Consul's faction does not seek the chair again (others would not let it keep it).
    const keepsChair = m.kind === ELECT_CONSUL && g.consul >= 0 && g.senOwner[g.consul] === me;
    const own = keepsChair ? -1 : m.kind === APPOINT_GOVERNOR ? highestStatus(g, cands, me) : bestOwn(g, me, cands);
    if (own >= 0) {
      m.senator = own;
      return true;
    }
    if (g.agendaCount > 0 || presiding(g) !== me) return false; // (the count first: it rules out most)
    m.senator = m.kind === APPOINT_GOVERNOR ? this.neutralOrFriendliest(g, me, cands) : this.friendliest(g, me, cands);
    return m.senator >= 0;
  }

  /** Another faction's candidate: the one of the faction of lowest standing. */
  private friendliest(g: GameView, me: number, cands: readonly number[]): number {
    let b = -1;
    let bs = Infinity;
    for (const s of cands) {
      const f = g.senOwner[s]!;
      if (f === me || f < 0) continue;
      const v = standing(g, f);
      if (v < bs) {
        b = s;
        bs = v;
      }
    }
    return b >= 0 ? b : cands.length ? cands[0]! : -1;
  }

  /** A governor who is nobody's: a neutral when there is one (he pays the State), else the weakest faction's. */
  private neutralOrFriendliest(g: GameView, me: number, cands: readonly number[]): number {
    for (const s of cands) if (g.senOwner[s]! < 0) return s;
    return this.friendliest(g, me, cands);
  }

  private prosecute(g: GameView, me: number, m: Motion, cands: readonly number[]): boolean {
    if (!this.aggressive) return false;
    const rival = leader(g, me);
    let best = -1;
    for (const s of cands) if (g.senOwner[s] === rival && (best < 0 || statusOf(s) > statusOf(best))) best = s;
    // collapseClose scans the wars: asked only when the leader has a senator open to prosecution.
    if (best < 0 || collapseClose(g) === true) return false;
    m.senator = best;
    // A Major charge (execution) when open: a far heavier blow to the leader than a Minor one.
    m.major = g.minorProsecutions === 0 && majorEligible(g, best);
    return true;
  }

  private raise(g: GameView, m: Motion): boolean {
    if (g.noRaiseTurn === g.turn || !this.cooperative(g)) return false; // (the field first: cooperative() reads the wars)
    m.count = legionsToRaise(g, this.w.warMargin);
    return m.count > 0;
  }

  /** Legions a war must keep: enough for armies + warMargin with its commander (none once won). */
  private spare(g: GameView, w: number): number {
    if (g.wars.armies[w]! <= 0) return 0;
    const c = g.wars.commander[w]!;
    return legionsWanted(g, w, c >= 0 ? ratingOf(g, c, w) : 1, this.w.warMargin);
  }

  /** A dispatch helps when the war has fewer legions than it wants, or needs a commander for those it has. */
  private sendingHelps(g: GameView, m: Motion): boolean {
    const w = m.target;
    const here = legionsAt(g, w);
    if (g.wars.commander[w]! < 0 && here > 0) return true;
    const mr = m.senator >= 0 ? ratingOf(g, m.senator, -1) : ratingOf(g, g.wars.commander[w]!, w);
    return here < legionsWanted(g, w, mr, this.w.warMargin) + 1;
  }

  /**
   * Dispatch: legions a war needs, with a commander when it has none (civic: the best general;
   * self-seeking: our own senator). A war another faction already moved for is left to that motion,
   * unless we are self-seeking and its commander is not ours.
   */
  private dispatch(g: GameView, me: number, m: Motion, cands: readonly number[]): boolean {
    const boxMask = factionLegionsAt(g, FL_BOX);
    const dw = this.dictatorWar(g, cands);
    let coop = -1; // cooperative(g), asked once at most (it scans the wars)
    let generalsRead = false;
    for (let w = nextActiveWar(g, 0); w >= 0; w = nextActiveWar(g, w + 1)) {
      if (dictatorCommands(g, w)) continue; // (the Dictator cannot be reinforced)
      const other = pendingLike(g, DISPATCH, w);
      if (other >= 0 && (this.civic || g.agenda[other]!.senator < 0 || ownerOf(g, g.agenda[other]!.senator) === me)) continue;
      const here = legionsAt(g, w);
      let cmd = g.wars.commander[w]!;
      const commanded = cmd >= 0; // (held: nothing below moves a commander, and each read through g.wars after a call was reloaded)
      if (!commanded) {
        // Our own general when he is good enough (ownGeneralMargin), else the best one; the Dictator
        // (with his Master of Horse) is a candidate for the largest war only.
        const d = w === dw ? g.rorDictator : -1;
        if (!generalsRead) this.bestGenerals(g, cands, me); // (the candidates are the same for every war)
        generalsRead = true;
        let own = this.ownGeneral;
        let best = this.anyGeneral;
        if (d >= 0) {
          if (best < 0 || commandRating(g, d, -1) >= militaryRatingOf(best)) best = d;
          if (ownerOf(g, d) === me && (own < 0 || commandRating(g, d, -1) >= militaryRatingOf(own))) own = d;
        }
        cmd = own >= 0 && (!this.civic || ratingOf(g, own, -1) + this.w.ownGeneralMargin >= ratingOf(g, best, -1)) ? own : best;
        if (cmd < 0) continue;
      }
      const mr = ratingOf(g, cmd, commanded ? w : -1);
      const need = legionsWanted(g, w, mr, this.w.warMargin) - here;
      if (need <= 0 && (commanded || here === 0)) continue;
      if (coop < 0) coop = this.cooperative(g) ? 1 : 0;
      if (!coop && commanded) continue;
      // A self-seeker risks its own general only with legions that can at least match the enemy.
      if (!coop && here + Math.min(g.legionsBox, need) + popcount(boxMask) + mr <= g.wars.armies[w]!) continue;
      m.target = w;
      m.senator = commanded ? -1 : cmd;
      m.count = Math.max(0, Math.min(g.legionsBox, need));
      const mask = boxLegionsSent(boxMask, m.count, need, me);
      m.mask = mask;
      // Legions left without a commander (Deaths) get a new one even when nothing more is sent.
      if (m.count + popcount(mask) === 0 && (m.senator < 0 || here === 0)) continue;
      // ror-dictator: nothing can be sent to the Dictator once he commands, so he waits for a levy on the agenda.
      if (m.senator >= 0 && m.senator === g.rorDictator && m.count + popcount(mask) < need && pendingLike(g, RAISE, -1) >= 0) continue;
      if (alreadyFailed(g, m) === true || onAgenda(g, m) === true) continue;
      return true;
    }
    return false;
  }

  /**
   * ror-multiple-commanders: a commander of ours with legions of his own at a war that already has a
   * commander (a new detachment). A self-seeker sends his general where another faction commands, for
   * the victory's Prestige and spoils (the commander who takes the last army gains them), when the
   * legions he can take with his Military Rating beat the armies (his rule for any command). A
   * cooperating player sends one only as a backup: the war is short of legions and its commander
   * cannot take more (ror-reinforcements: he left Rome at this meeting); civic, the best general.
   */
  private secondCommand(g: GameView, me: number, m: Motion, cands: readonly number[]): boolean {
    if (maxDetachments(g) < 2) return false;
    if (this.leaderlessDetachment(g, me, m, cands)) return true;
    const boxMask = factionLegionsAt(g, FL_BOX);
    if (g.legionsBox + popcount(boxMask) === 0) return false;
    const coop = this.cooperative(g);
    for (let w = 0; w < g.wars.status.length; w++) {
      if (g.wars.status[w] !== 1 || g.wars.commander[w]! < 0) continue;
      const d = freeDetachment(g, w);
      if (d < 0 || pendingLike(g, DISPATCH, w) >= 0) continue;
      let cmd: number;
      if (coop) {
        if (reinforceable(g, w, 0) || legionsAt(g, w) >= this.spare(g, w)) continue;
        this.bestGenerals(g, cands, me);
        const own = this.ownGeneral;
        const best = this.anyGeneral;
        cmd = own >= 0 && (!this.civic || militaryRatingOf(own) + this.w.ownGeneralMargin >= militaryRatingOf(best)) ? own : best;
      } else {
        let ours = false;
        for (let e = 0; e < maxDetachments(g); e++) if (ownerOf(g, detCommander(g, w, e)) === me) ours = true;
        if (ours) continue;
        this.bestGenerals(g, cands, me);
        cmd = this.ownGeneral;
      }
      if (cmd < 0) continue;
      const need = legionsWanted(g, w, militaryRatingOf(cmd), this.w.warMargin);
      m.target = w;
      m.det = d;
      m.senator = cmd;
      m.count = Math.max(0, Math.min(g.legionsBox, need));
      const mask = boxLegionsSent(boxMask, m.count, need, me);
      m.mask = mask;
      const sent = m.count + popcount(mask);
      if (sent === 0 || (!coop && sent + Math.min(militaryRatingOf(cmd), sent) <= g.wars.armies[w]!)) continue;
      if (alreadyFailed(g, m) || onAgenda(g, m)) continue;
      return true;
    }
    m.det = 0;
    return false;
  }

  /**
   * ror-multiple-commanders: legions of a further detachment left without a commander (Deaths; a
   * fallen commander under ror-leaderless-legions) get a new one, as a war's legions do: the best
   * general if civic, else ours when he is good enough (ownGeneralMargin), sending nothing more.
   */
  private leaderlessDetachment(g: GameView, me: number, m: Motion, cands: readonly number[]): boolean {
    for (let w = 0; w < g.wars.status.length; w++) {
      if (g.wars.status[w] !== 1) continue;
      for (let d = 1; d < maxDetachments(g); d++) {
        if (detCommander(g, w, d) >= 0 || detStateLegions(g, w, d) + popcount(detFactionMask(g, w, d)) === 0) continue;
        this.bestGenerals(g, cands, me);
        const own = this.ownGeneral;
        const best = this.anyGeneral;
        const cmd = own >= 0 && (!this.civic || militaryRatingOf(own) + this.w.ownGeneralMargin >= militaryRatingOf(best)) ? own : best;
        if (cmd < 0) return false;
        m.target = w;
        m.det = d;
        m.senator = cmd;
        m.count = 0;
        m.mask = 0;
        if (alreadyFailed(g, m) || onAgenda(g, m)) continue;
        return true;
      }
    }
    return false;
  }

  /** ror-dictator: the war the Dictator should command (the most armies among those without a commander), -1 none. */
  private dictatorWar(g: GameView, cands: readonly number[]): number {
    if (g.rorDictator < 0 || !cands.includes(g.rorDictator)) return -1;
    let best = -1;
    for (let w = 0; w < g.wars.status.length; w++) {
      if (g.wars.status[w] !== 1 || g.wars.commander[w]! >= 0) continue;
      if (best < 0 || g.wars.armies[w]! > g.wars.armies[best]!) best = w;
    }
    return best;
  }

  /**
   * The candidates of highest Status, ours (ownGeneral) and of any faction (anyGeneral), -1 for none,
   * the first among equals; the Dictator is left to his own war. One pass for both.
   */
  private bestGenerals(g: GameView, cands: readonly number[], me: number): void {
    // With no Dictator to leave out, both are the candidates' census (lib.ts), read once per listing for every faction.
    if (g.rorDictator < 0) {
      this.ownGeneral = highestStatus(g, cands, me);
      this.anyGeneral = highestStatus(g, cands, -2);
      return;
    }
    let own = -1;
    let ownStatus = 0;
    let any = -1;
    let anyStatus = 0;
    for (let k = 0; k < cands.length; k++) {
      const s = cands[k]!;
      if (s === g.rorDictator) continue;
      const st = statusOf(s);
      if (any < 0 || st > anyStatus) {
        any = s;
        anyStatus = st;
      }
      if (g.senOwner[s] === me && (own < 0 || st > ownStatus)) {
        own = s;
        ownStatus = st;
      }
    }
    this.ownGeneral = own;
    this.anyGeneral = any;
  }

  /** A concession in the Forum for our senator of most votes, unless we already asked for it or it was refused this turn. */
  private concession(g: GameView, me: number, m: Motion): boolean {
    let s = -1;
    for (let x = 29; x >= 0; x--) if (g.senOwner[x] === me) { s = x; break; }
    if (s < 0) return false;
    for (let c = 0; c < 5; c++) {
      if (g.cardWhere[c] !== -3 || failedOn(g, CONCESSION, c)) continue;
      if (c === 2 && g.variants['land-acts'] && g.stats.landActs === 0) continue; // waits for a Land Act
      let mine = false;
      for (let i = 0; i < g.agendaCount; i++) {
        const a = g.agenda[i]!;
        if (a.kind === CONCESSION && a.target === c && a.sponsor === me) mine = true;
      }
      if (mine) continue;
      m.target = c;
      m.senator = s;
      return true;
    }
    return false;
  }

  /** The aggressive censure the leader when he is well ahead, fining him a share of his treasury. */
  private censure(g: GameView, me: number, m: Motion): boolean {
    // Collapse close first: it rules out some nine in ten of the asks (its census is kept), before the leader's walk.
    if (!this.aggressive || collapseClose(g) === true) return false;
    const rival = leader(g, me);
    // The leader's lead and purse, then one censure at a time.
    if (rival < 0 || g.prestige[rival]! < g.prestige[me]! + 5 || g.treasury[rival]! < 4) return false;
    if (pendingLike(g, CENSURE, -1) >= 0) return false;
    m.target = rival;
    m.count = Math.floor(g.treasury[rival]! / 2);
    return true;
  }

  /**
   * Land Acts when the index is up and the State can carry the cost. Making the same act as a motion
   * already on the agenda seconds it (the engine records us as its co-sponsor).
   */
  private landAct(g: GameView, me: number, m: Motion): boolean {
    if (g.ri < this.w.landActRI) return false;
    const other = pendingLike(g, LAND_ACT, -1);
    if (other >= 0) {
      const a = g.agenda[other]!;
      if (a.sponsor === me || a.coSponsor >= 0) return false;
      m.count = a.count;
      return true;
    }
    const spare = g.stateTreasury - stateReserve(g);
    // (With ror-senate-errata's land bills each type may be moved once a turn: an open one.)
    const one = spare >= g.params.landActType1Cost + 10 && landActTypeOpen(g, 1);
    m.count = spare >= 40 && landActTypeOpen(g, 2) ? 2 : one ? 1 : 0;
    return m.count > 0;
  }

  /** The self-seeking repeal a Type II act when the State's money runs short and it is not theirs. */
  private repeal(g: GameView, me: number, m: Motion): boolean {
    if (this.civic || g.stateTreasury > stateReserve(g)) return false;
    for (let i = 0; i < g.landActType2Turn.length; i++) {
      if (g.landActType2Turn[i] === g.turn || g.landActType2Sponsor[i] === me || g.landActType2CoSponsor[i] === me) continue;
      m.target = i;
      return true;
    }
    return false;
  }

  /**
   * As chair: our own motions first, then those we favour, those we oppose last; never a motion that
   * would put a pending motion we favour out of order (a later military stage), unless it is ours.
   */
  tableNext(g: GameView, me: number, agenda: readonly Motion[], count: number): number {
    // Our vote on each agenda entry, asked at most once per choice (the state does not change while we choose).
    this.asked = 0;
    this.votedFor = 0;
    this.votedAgainst = 0;
    return this.chooseNext(g, me, agenda, count);
  }

  /**
   * The entry of highest key (ours 30, else 10 per step of our vote from against to for, less its
   * military stage), the earliest among equals. Our own motions are weighed first: their key needs no
   * vote. Others' are weighed earliest military stage first, and one (its vote asked) only while it
   * could still beat the best: a stage's key is at most 20 less the stage, so once a stage cannot
   * beat the best, no later one can.
   */
  private chooseNext(g: GameView, me: number, agenda: readonly Motion[], count: number): number {
    let best = -1;
    let bestKey = NO_KEY;
    let othersStages = 0; // bit s: another faction's motion of stage s is pending
    for (let i = 0; i < count; i++) {
      const m = agenda[i]!;
      const stage = RANK[m.kind]!;
      if (m.sponsor !== me) {
        othersStages |= 1 << stage;
        continue;
      }
      const key = 30 - stage;
      if (key < bestKey || (key === bestKey && i > best)) continue;
      if (tableable(g, i) !== true || this.closesUnopposed(g, me, m, agenda, count, true)) continue;
      bestKey = key;
      best = i;
    }
    for (let stage = 0; othersStages >> stage !== 0; stage++) {
      if ((othersStages & (1 << stage)) === 0) continue;
      const most = 20 - stage; // its key if we are for it
      if (most < bestKey) break;
      for (let i = 0; i < count; i++) {
        const m = agenda[i]!;
        if (m.sponsor === me || RANK[m.kind]! !== stage) continue;
        if (most === bestKey && i > best) break; // nothing left of this stage can beat the best
        if (tableable(g, i) !== true || this.closesUnopposed(g, me, m, agenda, count, true)) continue;
        // Preference first; among equals the earlier military stage, so no business is cut short by accident.
        const key = (this.agendaVote(g, me, agenda, i, true) + 1) * 10 - stage;
        if (key > bestKey || (key === bestKey && i < best)) {
          bestKey = key;
          best = i;
        }
      }
    }
    return best >= 0 ? best : naturalNext(g);
  }

  /** Our vote on agenda entry i; in the chair's choice (`choosing`), as already asked in it when it was. */
  private agendaVote(g: GameView, me: number, agenda: readonly Motion[], i: number, choosing: boolean): number {
    if (!choosing || i > 30) return this.vote(g, me, agenda[i]!);
    const bit = 1 << i;
    if ((this.asked & bit) !== 0) return (this.votedFor & bit) !== 0 ? 1 : (this.votedAgainst & bit) !== 0 ? -1 : 0;
    const v = this.vote(g, me, agenda[i]!);
    this.asked |= bit;
    if (v > 0) this.votedFor |= bit;
    else if (v < 0) this.votedAgainst |= bit;
    return v;
  }

  /**
   * Whether tabling motion m would leave a pending motion behind its military stage that we do not
   * oppose: business is cut short only on purpose.
   */
  private closesUnopposed(g: GameView, me: number, m: Motion, agenda: readonly Motion[], count: number, choosing: boolean): boolean {
    const st = STAGE[m.kind]!;
    if (st <= 0) return false;
    for (let k = 0; k < count; k++) {
      const o = agenda[k]!;
      const os = STAGE[o.kind]!;
      if (o !== m && os >= 0 && os < st && (o.sponsor === me || this.agendaVote(g, me, agenda, k, choosing) >= 0)) return true;
    }
    return false;
  }

  /** A tribune tables our motion at once when another faction's motion competes for the same thing. */
  useTribune(g: GameView, me: number, m: Motion): boolean {
    if (this.w.tribuneUse < 0.5 || this.closesUnopposed(g, me, m, g.agenda, g.agendaCount, false)) return false;
    for (let i = 0; i < g.agendaCount; i++) {
      const a = g.agenda[i]!;
      if (a.sponsor !== me && a.kind === m.kind && a.target === m.target && (m.kind === CONCESSION || m.kind === DISPATCH)) return true;
    }
    return false;
  }

  coSponsor(g: GameView, me: number, m: Motion): boolean {
    if (m.kind === CENSURE) return this.aggressive && m.target === leader(g, me) && m.target !== me;
    if (m.kind === LAND_ACT) return this.cooperative(g) || g.ri >= this.w.coSponsorRI;
    return this.cooperative(g) && m.sponsor !== me;
  }

  veto(g: GameView, me: number, m: Motion): boolean {
    if (m.kind === PROSECUTE) return ownerOf(g, m.senator) === me;
    if (m.kind === DISBAND) return activeWars(g) > 0 && this.civic;
    if (m.kind === CENSURE) return m.target === me && m.count >= 6;
    // A tribune player stops a rival's big gain (the Consulship, a concession) that the votes so far will carry.
    // (Whether the votes so far carry it first: it rules most out without judging the motion.)
    return this.w.tribuneUse >= 0.5 && (m.kind === ELECT_CONSUL || m.kind === CONCESSION) &&
      m.votesFor - m.votesAgainst > m.power[me]! + this.w.votePrice && this.vote(g, me, m) < 0;
  }

  /**
   * A private gain (an office, a concession, a command) for faction b: ours, yes; a neutral's, as the
   * Republic needs; a rival's, no when its standing (Prestige and what it holds) is rivalMargin or
   * more above ours, else yes.
   */
  private privateVote(g: GameView, me: number, b: number): number {
    if (b === me) return 1;
    if (b < 0) return this.cooperative(g) ? 1 : 0;
    return standingAtLeast(g, b, me, this.rivalMargin) === true ? -1 : 1;
  }

  vote(g: GameView, me: number, m: Motion): number {
    if (m.sponsor === me) return 1;
    // cooperative() scans the wars: only the kinds that depend on it ask. The cases are tested in order, one
    // compare each: the kinds voted on most a game first (governor 66, dispatch 60, Consul 48, concession 33, Censor 31, levy 26).
    switch (m.kind) {
      case APPOINT_GOVERNOR:
      case CONCESSION:
      case ELECT_CENSOR: {
        const s = m.senator; // (ownerOf written out in the hot cases: V8 left the call out of line in vote)
        return this.privateVote(g, me, s >= 0 ? g.senOwner[s]! : -1);
      }
      case DISPATCH: {
        // Legions a war needs, whoever commands; a self-seeker judges the command as a private gain.
        const s = m.senator;
        const b = s >= 0 ? g.senOwner[s]! : -1;
        if (b === me) return 1;
        const close = collapseClose(g) === true; // (asked once: cooperative() would ask it again)
        // A rival's command, collapse not close, is judged as a private gain: privateVote asked once at most.
        const judged = b >= 0 && !close;
        const pv = judged && this.w.guardCommands >= 0.5 ? this.privateVote(g, me, b) : NOT_ASKED;
        if (pv < 0) return -1;
        if (close || g.ri >= this.cooperateRI) return this.sendingHelps(g, m) === true ? 1 : -1;
        // A neutral's command (privateVote 1 or 0) or none: abstain.
        if (!judged) return 0;
        return Math.min(0, pv === NOT_ASKED ? this.privateVote(g, me, b) : pv);
      }
      case ELECT_CONSUL: {
        const s = m.senator;
        const b = s >= 0 ? g.senOwner[s]! : -1;
        // With the index high, the Consul's Prestige decides the State of the Republic: a civic player
        // backs a nominee whose faction would add at least as much as its own would.
        if (this.civic && g.ri >= 8 && b >= 0 && consulPrestigeOf(g, b) >= consulPrestigeOf(g, me)) return 1;
        // No faction keeps the chair: the sitting Consul's faction is not re-elected with our votes.
        if (b !== me && g.consul >= 0 && g.senOwner[g.consul] === b) return -1;
        return this.privateVote(g, me, b);
      }
      case RAISE:
        // Legions the wars need and the State can carry; a larger levy is opposed.
        return !this.cooperative(g) ? 0 : m.count <= legionsToRaise(g, this.w.warMargin) + 1 ? 1 : -1;
      case DEVELOP:
        return !this.cooperative(g) ? 0 : g.stateTreasury - m.count >= stateReserve(g) ? 1 : -1;
      case CENSURE:
        return m.target === me ? -1 : this.aggressive && m.target === leader(g, me) ? 1 : 0;
      case PROSECUTE:
        if (ownerOf(g, m.senator) === me) return -1;
        return this.aggressive && ownerOf(g, m.senator) === leader(g, me) ? 1 : 0;
      case BILL: {
        // A package: support it when its parts, judged one by one, do us more good than harm.
        let score = 0;
        for (const part of g.bill) score += part.sponsor === me ? 1 : this.vote(g, me, { ...part, sponsor: -1 });
        return score >= 0 ? 1 : -1;
      }
      case RECALL:
        // Only legions a war can spare (its attack stays at armies + margin), or from a war already lost to none.
        return !this.cooperative(g) ? 0 : legionsAt(g, m.target) - m.count - popcount(m.mask) >= this.spare(g, m.target) ? 1 : -1;
      case TRANSFER:
        return !this.cooperative(g) ? 0 : legionsAt(g, m.target) - m.count - popcount(m.mask) >= this.spare(g, m.target) ? 1 : -1;
      case REPLACE_COMMANDER: {
        const b = ownerOf(g, m.senator);
        if (this.cooperative(g) && militaryRatingOf(m.senator) > militaryRatingOf(g.wars.commander[m.target]!)) return 1;
        return this.privateVote(g, me, b);
      }
      case DISBAND:
        return activeWars(g) > 0 || warDueNextTurn(g) ? -1 : this.cooperative(g) ? 1 : 0;
      case LAND_ACT:
        // No abstention: support when the index matters to us, else oppose (and pay for it).
        return m.coSponsor === me || this.cooperative(g) || g.ri >= this.w.landActVoteRI ? 1 : -1;
      case REPEAL_LAND_ACT:
        return -1;
      case GARRISON: {
        // The governor's faction wants its province protected; the Republic, only legions no war needs.
        const b = this.governorFaction(g, m.target);
        if (b === me) return 1;
        if (this.cooperative(g)) return this.spareBoxLegions(g) >= m.count && this.canCarryGarrison(g, m.count) ? 1 : -1;
        return b >= 0 ? Math.min(0, this.privateVote(g, me, b)) : 0;
      }
      case RECALL_GARRISON: {
        if (this.governorFaction(g, m.target) === me) return -1;
        return !this.cooperative(g) ? 0 : this.legionsShort(g) ? 1 : -1;
      }
      case ASSASSIN_TRIAL: {
        // The accused's faction defends its leader; the victim's wants him convicted; the others
        // convict the leading rival (aggressive) or a faction well ahead of them (rivalMargin).
        const b = ownerOf(g, m.senator);
        if (b === me) return -1;
        if (m.target === me) return 1;
        return (this.aggressive && b === leader(g, me)) || this.privateVote(g, me, b) < 0 ? 1 : 0;
      }
      case ELECT_DICTATOR: {
        // ror-dictator: the Republic's general when we cooperate; otherwise judged as a command for his faction.
        const b = ownerOf(g, m.senator);
        if (b === me) return 1;
        if (this.w.guardCommands >= 0.5 && b >= 0 && collapseClose(g) !== true && this.privateVote(g, me, b) < 0) return -1;
        return this.cooperative(g) ? 1 : this.privateVote(g, me, b);
      }
      case ELECT_CONSUL_FOR_LIFE:
        // ror-consul-for-life: it ends the game with his faction the sole winner.
        return ownerOf(g, m.senator) === me ? 1 : -1;
      default:
        return this.cooperative(g) ? 1 : 0;
    }
  }

  buyVotes(g: GameView, me: number, m: Motion, stance: number): number {
    // Buy a few votes when a motion we care about is behind and we can afford it.
    const behind = stance > 0 ? m.votesAgainst - m.votesFor : m.votesFor - m.votesAgainst;
    const mine = m.power[me]!;
    // ror-consul-for-life: the game is at stake, for the nominee's faction and against it: whatever it takes.
    if (m.kind === ELECT_CONSUL_FOR_LIFE) return behind >= mine && behind - mine + 1 <= g.treasury[me]! ? behind - mine + 1 : 0;
    if (behind < mine) return 0; // our own votes carry it: nothing to buy
    const owner = ownerOf(g, m.senator);
    // We care about our motions and senators, the Republic's wars if civic, and (aggressive) blocking the leader's gains.
    const cares = m.sponsor === me || owner === me || (this.civic && (m.kind === RAISE || m.kind === DISPATCH)) ||
      (this.aggressive && stance < 0 && owner >= 0 && owner === leader(g, me)) || (m.kind === ASSASSIN_TRIAL && m.target === me);
    if (!cares) return 0;
    const need = behind - mine + 1;
    return need <= this.w.votePrice && g.treasury[me]! >= need + 6 ? need : 0;
  }

  /** The casting vote goes with our own judgement of the motion (never for a fine on ourselves). */
  tieBreak(g: GameView, me: number, m: Motion): boolean {
    return this.vote(g, me, m) > 0;
  }

  /**
   * Consents to every appointment. ror-reinforcements asks a commander of ours about a recall or a
   * transfer that would leave him below Minimum Force: he keeps his legions unless the Republic needs
   * them elsewhere. Civic (and cooperating): when another war (a transfer's receiving war) is short of
   * the legions it wants; otherwise only when another war has no legions at all, which beside this
   * one loses the game at Adjustments.
   */
  consent(g: GameView, me: number, m: Motion): boolean {
    if (m.kind !== RECALL && m.kind !== TRANSFER) return true;
    const generous = this.civic && this.cooperative(g);
    const needs = (w: number): boolean => (generous ? legionsAt(g, w) < this.spare(g, w) : legionsAt(g, w) === 0);
    if (m.kind === TRANSFER) return needs(m.target2);
    for (let w = 0; w < g.wars.status.length; w++) if (w !== m.target && g.wars.status[w] === 1 && needs(w)) return true;
    return false;
  }

  /** ror-repopulation, from the Forum: the senator of most votes, then Status (the highest card). */
  repopulationPick(_g: GameView, _me: number, cands: readonly number[]): number {
    let b = -1;
    for (const s of cands) if (s > b) b = s;
    return b;
  }

  /**
   * ror-senate-errata: hand the chair on rather than lose Prestige when it goes to our own senator,
   * or to a faction whose standing is less than rivalMargin above ours; never when we have no
   * Prestige to lose.
   */
  stepDown(g: GameView, me: number): boolean {
    const f = ownerOf(g, nextChair(g));
    if (f === me) return true;
    if (f < 0 || g.prestige[me]! === 0) return false;
    return !standingAtLeast(g, f, me, this.rivalMargin);
  }

  /** Bills: the self-seeking bundle a concession for themselves with a measure the Republic needs. */
  proposeBill(g: GameView): boolean {
    if (this.civic) return false;
    let concession = false;
    for (let c = 0; c < 5; c++) if (g.cardWhere[c] === -3) concession = true;
    return concession && activeWars(g) > 0;
  }

  /** Consular Powers: no discussion on a motion we favour that others could buy their way past. */
  closeDebate(g: GameView, me: number, m: Motion): boolean {
    if (this.civic) return (m.kind === RAISE || m.kind === DISPATCH) && this.vote(g, me, m) > 0;
    return this.vote(g, me, m) > 0 && (m.sponsor === me || ownerOf(g, m.senator) === me);
  }

  /** Consular Powers: object to a ruling on a motion we oppose, when we could pay to defeat it. */
  objectToRuling(g: GameView, me: number, m: Motion): boolean {
    return this.w.objectRuling >= 0.5 && this.vote(g, me, m) < 0 && g.treasury[me]! >= this.w.votePrice + 6;
  }

  /** Consular Powers: penalise an objector to a ruling on a motion we favour; otherwise lift the ruling. */
  penalize(g: GameView, me: number, m: Motion): boolean {
    return m.sponsor === me || this.vote(g, me, m) > 0;
  }

  ownLegion(g: GameView, me: number, raise: boolean): boolean {
    if (!raise) return g.treasury[me]! < g.params.legionUpkeep + 2 && activeWars(g) === 0;
    return this.cooperative(g) && activeWars(g) > 0 && g.treasury[me]! >= raiseCost(g) + 3 * g.params.legionUpkeep &&
      stateLegions(g) >= g.params.maxStateLegions - 1;
  }

  chooseLosses(g: GameView, me: number, war: number, n: number, det = 0): number {
    // State legions, then the others' clockwise from ours (from seat 0 the low seats lost theirs first), ours last.
    return defaultLosses(detFactionMask(g, war, det), n, detStateLegions(g, war, det), me + 1, g.players);
  }

  claimSpoils(g: GameView, me: number, war: number): number {
    const c = g.wars.victor[war]!;
    const max = Math.min(2 * statusOf(c), g.wars.spoils[war]!);
    if (!this.cooperative(g)) return max;
    return g.stateTreasury > stateReserve(g) + 40 ? Math.floor(max / 2) : 0;
  }

  // ---- Republic of Rome modules ----

  /**
   * What keeping our senator s is worth in Talents: what we would bid for him as a neutral (the
   * bidStatusOffset valuation), plus his senator income and his votes (a Talent buys a vote) in
   * every turn left.
   */
  private senatorWorth(g: GameView, s: number): number {
    return this.bids[s]! + Math.max(0, g.params.turns - g.turn) * (g.params.senatorIncome + influenceOf(s));
  }

  /** ror-frontier: ransom a captured governor when he is worth it to us. */
  payRansom(g: GameView, _me: number, s: number, ransom: number): boolean {
    return ransom <= this.senatorWorth(g, s);
  }

  /** Faction of province p's governor (-1: none, or a neutral). */
  private governorFaction(g: GameView, p: number): number {
    const s = p >= 0 && p < g.provGovernor.length ? g.provGovernor[p]! : -1;
    return ownerOf(g, s);
  }

  /** State legions in the box beyond what the active wars want (the wants of legionsToRaise). */
  private spareBoxLegions(g: GameView): number {
    return g.legionsBox - warsWant(g, this.w.warMargin);
  }

  /** The State can pay the upkeep of `n` more garrison legions for a few turns beyond its needs. */
  private canCarryGarrison(g: GameView, n: number): boolean {
    return g.stateTreasury >= stateReserve(g) + 3 * n * g.params.legionUpkeep;
  }

  /** Wars want legions the box cannot give and none can be raised, or the State cannot carry its costs. */
  private legionsShort(g: GameView): boolean {
    return (this.spareBoxLegions(g) < 0 && stateLegions(g) >= g.params.maxStateLegions) || g.stateTreasury < stateReserve(g);
  }

  /** Province p can be hurt: raids hit it (every conquered province, or with ror-frontier the frontier ones), or revolts. */
  private exposed(g: GameView, p: number): boolean {
    return g.variants.revolts || !g.variants['ror-frontier'] || isFrontier(g as GameState, p);
  }

  /**
   * ror-garrisons: one State legion from the box to an exposed, ungarrisoned province: our own
   * governor's first (his income, and with ror-frontier his freedom), and if civic any other; frontier,
   * developed and richer provinces first. Cooperating, only a spare legion (no war wants it) that the
   * State can carry; a self-seeker takes one for its own governor whatever the wars want.
   */
  private garrison(g: GameView, me: number, m: Motion): boolean {
    const coop = this.cooperative(g);
    if (coop ? this.spareBoxLegions(g) < 1 || !this.canCarryGarrison(g, 1) : g.legionsBox < 1) return false;
    let best = -1;
    let bestKey = -1;
    for (let p = 0; p < g.provConquered.length; p++) {
      if (!g.provConquered[p] || g.provGarrison[p]! > 0 || !this.exposed(g, p)) continue;
      const mine = this.governorFaction(g, p) === me;
      if (!mine && !(this.civic && coop)) continue;
      if (pendingLike(g, GARRISON, p) >= 0 || failedOn(g, GARRISON, p)) continue;
      const frontier = g.variants['ror-frontier'] && isFrontier(g as GameState, p);
      const key = (mine ? 1000 : 0) + (frontier ? 100 : 0) + g.board.provinces[p]!.income[g.provDeveloped[p]!]!;
      if (key > bestKey) {
        bestKey = key;
        best = p;
      }
    }
    if (best < 0) return false;
    m.target = best;
    m.count = 1;
    return true;
  }

  /** ror-garrisons, cooperating: when legions are short, the garrison of a province not ours, least exposed and poorest first. */
  private recallGarrison(g: GameView, me: number, m: Motion): boolean {
    if (!this.cooperative(g) || !this.legionsShort(g) || pendingLike(g, RECALL_GARRISON, -1) >= 0) return false;
    let best = -1;
    let bestKey = Infinity;
    for (let p = 0; p < g.provGarrison.length; p++) {
      if (recallableGarrison(g as GameState, p) < 1 || this.governorFaction(g, p) === me || failedOn(g, RECALL_GARRISON, p)) continue;
      const key = (this.exposed(g, p) ? 1000 : 0) + g.board.provinces[p]!.income[g.provDeveloped[p]!]!;
      if (key < bestKey) {
        bestKey = key;
        best = p;
      }
    }
    if (best < 0) return false;
    m.target = best;
    m.count = recallableGarrison(g as GameState, best);
    return true;
  }

  /** Assassins we can hire keeping a small reserve (6 Talents, as when buying votes). */
  private assassinsToHire(g: GameView, me: number): number {
    const p = g.params;
    const cash = g.treasury[me]! - 6;
    if (cash <= 0) return 0;
    return p.rorAssassinCost > 0 ? Math.min(p.rorMaxAssassins, Math.floor(cash / p.rorAssassinCost)) : p.rorMaxAssassins;
  }

  /** Our present senator in Rome to send: never our leader (a caught leader dies untried), no office holder, the lowest card. */
  private assassinOf(g: GameView, me: number): number {
    const lead = factionLeader(g as GameState, me);
    for (let s = 0; s < 30; s++) {
      if (g.senOwner[s] !== me || g.senWhere[s] !== AT_ROME || g.senPresent[s] !== 1) continue;
      if (s === lead || s === g.consul || s === g.censor) continue;
      return s;
    }
    return -1;
  }

  /**
   * ror-assassination, aggressive only, collapse not close: the leading rival when its Prestige lead
   * over us is more than a caught assassin costs, and we can hire an Assassin (a bare attempt is as
   * likely to be caught as to kill); the target is its present senator of most votes.
   */
  assassinTarget(g: GameView, me: number): number {
    if (!this.aggressive || collapseClose(g) === true) return -1;
    const rival = leader(g, me);
    if (rival < 0 || g.prestige[rival]! - g.prestige[me]! <= g.params.rorAssassinCaughtPrestige) return -1;
    if ((g.params.rorMaxAssassins > 0 && this.assassinsToHire(g, me) < 1) || this.assassinOf(g, me) < 0) return -1;
    for (let s = 29; s >= 0; s--) if (g.senOwner[s] === rival && legalTarget(g as GameState, me, s)) return s;
    return -1;
  }

  assassin(g: GameView, me: number): number {
    return this.assassinOf(g, me);
  }

  hireAssassins(g: GameView, me: number): number {
    return this.assassinsToHire(g, me);
  }

  /**
   * Bodyguards against a roll seen: enough to stop a kill when the target is worth their price; the
   * aggressive add one capture re-roll (a caught assassin costs his faction dearly) when they can.
   */
  bodyguards(g: GameView, me: number, target: number, roll: number, assassins: number): number {
    const p = g.params;
    const max = affordable(g as GameState, me, p.rorBodyguardCost, p.rorMaxBodyguards);
    const mod = roll + assassins * p.rorAssassinBonus;
    if (max === 0 || mod <= p.rorAssassinCaughtRoll) return 0;
    let n = 0;
    if (mod >= p.rorAssassinKillRoll && p.rorBodyguardMalus > 0) {
      const need = Math.ceil((mod - p.rorAssassinKillRoll + 1) / p.rorBodyguardMalus);
      if (need <= max && need * p.rorBodyguardCost <= this.senatorWorth(g, target)) n = need;
    }
    if (this.aggressive && n < max && g.treasury[me]! >= (n + 1) * p.rorBodyguardCost + 6) n++;
    return n;
  }
}

