// The policy API: every decision the rules leave to a player, one method each.
import type { Stream } from '../core/rng.js';
import type { Motion } from './motion.js';
import type { GameState } from './state.js';
import * as agendaModule from './senate/agenda.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { pendingIndex } = agendaModule;

/** A read-only view of the whole game (policies must not mutate it; the engine owns the state). */
export type GameView = Readonly<GameState>;

/**
 * A faction policy. Every method receives the game view, the faction it plays (`me`) and, through
 * `init`, its own random stream. Answers are plain numbers or booleans; the engine validates each one
 * and records an illegal answer as a policy error (then takes the documented fallback).
 */
export interface Policy {
  readonly name: string;
  /** Called once per game with this faction's own random stream. */
  init(me: number, rng: Stream): void;
  /** Optional: called at every turn boundary (the state can then be cloned and played on). */
  beginTurn?(g: GameView, me: number): void;

  // ---- 1. Income and Expenditure ----
  /** Governor of `province`: claim the province's income for the faction (up to his Status)? */
  claimIncome(g: GameView, me: number, province: number): boolean;
  /** After a Drought, take double Land Commission income at a Prestige cost? */
  doubleLandCommission(g: GameView, me: number): boolean;
  /** Talents to donate to the State Treasury (0 = none). */
  donation(g: GameView, me: number): number;
  /** Talents to give faction `to` in the exchange of monies (0 = none). */
  transfer(g: GameView, me: number, to: number): number;
  /**
   * Optional: true when `transfer` answers 0 to every faction whatever the game (and changes nothing), so
   * the exchange of monies need not ask it. Leave it out (or false) to be asked about each faction.
   */
  readonly neverTransfers?: boolean;

  // ---- 3. Forum Meeting ----
  /** Does senator `s` attend this meeting (Forum when step is 'forum', else Senate)? */
  attend(g: GameView, me: number, s: number): boolean;
  /**
   * Optional: true when `attend` answers true for every senator at every meeting whatever the game (and
   * changes nothing), so neither the Forum's nor the Senate's attendance asks it. Leave it out (or
   * false) to be asked about each senator.
   */
  readonly alwaysAttends?: boolean;
  /** As Consul: play first in the Forum activities (false = the player to the left starts)? */
  consulPlaysFirst(g: GameView, me: number): boolean;
  /** Sealed bid on neutral senator `s` in the Forum (0 = no bid, else at least his Influence). */
  neutralBid(g: GameView, me: number, s: number): number;
  /** Senator of another faction to try to attract (-1 = none). */
  attractTarget(g: GameView, me: number): number;
  /**
   * Talents to add in an attraction contest over senator `s` (the first offer of the attacker must
   * be at least 1). `attacking` tells the side; sums so far are given.
   */
  attractRaise(g: GameView, me: number, s: number, attacking: boolean, attackerSum: number, defenderSum: number): number;
  /** Talents to pay for a knight recruiting attempt by present senator `s` (-1 = no attempt). */
  knightSpend(g: GameView, me: number, s: number): number;
  /** Knights persuaded to donate and leave (asked only when no recruiting was attempted). */
  knightDonations(g: GameView, me: number): number;
  /** Talents spent on Games (0 = none). */
  games(g: GameView, me: number): number;

  // ---- 5. Senate Meeting ----
  /**
   * Make a motion of kind `m.kind` (the engine has set kind and sponsor, and `target` where it is fixed:
   * the office's province, the province to develop); fill the motion's fields and return true, or
   * return false to pass. Nominations (Consul, Censor, Governor), prosecutions, development requests
   * and every motion of the open business come through here. Candidates are listed in `candidates`.
   * Motions already on the agenda (`g.agenda`, first `g.agendaCount`) are not made twice (`onAgenda`).
   * The procedural fields (coSponsor, tabledBy, viaTribune, closed) and the tally still hold an earlier
   * motion's values here: the engine sets them after this answer (tests/draft-motion.test.ts).
   */
  propose(g: GameView, me: number, m: Motion, candidates: readonly number[]): boolean;
  /**
   * Optional: bit k set for each kind k of motion this policy never makes in the open business or,
   * for prosecutions, as the Censor's faction (its `propose` answers false for that kind whatever the
   * game, and changes nothing), so the Senate need not ask it. Leave it out to be asked about every kind.
   */
  readonly neverProposes?: number;
  /**
   * Optional: bit k set for each kind k of motion this policy may make in the open business in the game
   * as it stands now (others: its `propose` would answer false and change nothing), so the Senate need not
   * ask it about the rest until the game moves. Asked at the faction's turn in each round of motions and
   * again after a motion of that round is resolved. Leave it out to be asked about every kind.
   */
  mayPropose?(g: GameView, me: number): number;
  /**
   * As chair (the Consul's faction; the old Consul's in his election): which motion on the agenda to
   * table next (an index below `count`). Development requests must go in province order (`tableable`);
   * tabling a later stage of the military business puts pending motions of earlier stages out of order.
   */
  tableNext(g: GameView, me: number, agenda: readonly Motion[], count: number): number;
  /** Play a real tribune to table this motion of ours at once, out of the Consul's order? */
  useTribune(g: GameView, me: number, m: Motion): boolean;
  /** Raise (`raise` true) or disband (false) the faction's own legion, which needs no vote? */
  ownLegion(g: GameView, me: number, raise: boolean): boolean;
  /** Second the motion (co-sponsor)? */
  coSponsor(g: GameView, me: number, m: Motion): boolean;
  /** Veto the motion with a real tribune (asked only when the faction may)? */
  veto(g: GameView, me: number, m: Motion): boolean;
  /** 1 = for, -1 = against, 0 = abstain. */
  vote(g: GameView, me: number, m: Motion): number;
  /** Talents to spend for extra votes on the stance just given. */
  buyVotes(g: GameView, me: number, m: Motion, stance: number): number;
  /** As Consul, cast the deciding vote in favour on a tie? */
  tieBreak(g: GameView, me: number, m: Motion): boolean;
  /** Bills variation: introduce a bill now (as presiding faction, or by playing a real tribune)? */
  proposeBill(g: GameView, me: number): boolean;
  /** Consular Powers, as Consul: rule "no discussion" on this motion he tables (nobody may then buy votes on it)? */
  closeDebate(g: GameView, me: number, m: Motion): boolean;
  /** Consular Powers: object to the Consul's "no discussion" ruling on this motion? */
  objectToRuling(g: GameView, me: number, m: Motion): boolean;
  /**
   * Consular Powers, as Consul: faction `f` objected to his ruling. true = penalise it (one of its
   * votes on this motion removed, or 1 Talent if it casts none) and keep the ruling; false = lift it.
   */
  penalize(g: GameView, me: number, m: Motion, f: number): boolean;
  /**
   * Consent of one's own senator to an appointment he may refuse (returning governor, commander)? With
   * ror-reinforcements also asked of a commander about a recall or transfer of his legions (m.kind
   * RECALL or TRANSFER) that would leave him below Minimum Force: false voids it.
   */
  consent(g: GameView, me: number, m: Motion): boolean;
  /**
   * ror-repopulation: our faction acquires a senator and the senator deck is empty: which neutral in
   * the Forum (one of `candidates`) joins us.
   */
  repopulationPick(g: GameView, me: number, candidates: readonly number[]): number;
  /**
   * ror-senate-errata, as chair: motion `m` of ours was defeated by every other faction. true = hand the
   * chair to `nextChair(g)` for the rest of the meeting instead of losing Prestige; false = pay it.
   */
  stepDown(g: GameView, me: number, m: Motion): boolean;

  // ---- 6. Combat and 7. Adjustments ----
  /**
   * As commander at `war` losing `n` legions: which faction legions (bitmask) are among the lost. With
   * ror-multiple-commanders the battle is detachment `det`'s (0 otherwise): only its legions can fall.
   */
  chooseLosses(g: GameView, me: number, war: number, n: number, det?: number): number;
  /** As victorious commander at `war`: Talents of spoils to take for the faction. */
  claimSpoils(g: GameView, me: number, war: number): number;

  // ---- Republic of Rome modules (asked only when the module is on; docs/rules.md, Variations) ----
  /**
   * ror-frontier, before the Forum: our governor `s` was captured by raiders; pay `ransom` Talents to
   * free him (he comes home, his province is vacant), or he is killed? Asked only when we can pay.
   */
  payRansom(g: GameView, me: number, s: number, ransom: number): boolean;
  /**
   * ror-assassination, as the Senate Meeting opens: a present senator of another faction (not one
   * already targeted this turn: `g.rorTargeted`) to attempt to assassinate, or -1 for none.
   */
  assassinTarget(g: GameView, me: number): number;
  /** ror-assassination: our present senator who makes the attempt on `target` (he dies if caught). */
  assassin(g: GameView, me: number, target: number): number;
  /** ror-assassination: Assassins to hire for the attempt, before the roll (each rorAssassinCost, at most rorMaxAssassins; asked only when one is affordable). */
  hireAssassins(g: GameView, me: number, target: number, assassin: number): number;
  /**
   * ror-assassination: our senator `target` is attacked; the die shows `roll` and the attacker hired
   * `assassins`. Bodyguards to hire now (each rorBodyguardCost, at most rorMaxBodyguards): each takes
   * rorBodyguardMalus off the roll and gives one more roll to catch the assassin. Asked only when one is affordable.
   */
  bodyguards(g: GameView, me: number, target: number, roll: number, assassins: number): number;
}

export { alreadyFailed } from './senate/voting.js';
export { isRejected, naturalNext, outOfStage, tableable } from './senate/agenda.js';
export { motionSentence } from './senate/describe.js';
export { majorEligible } from './senate/prosecutions.js';
// Read-only queries of the engine that policies may use.
export { popcount, presidingFaction } from './common.js';
export { activeWarCount, legionsAt, stateLegionCount } from './income.js';
export { defaultLosses } from './combat.js';
export { forumSenatorsInRome } from './forum.js';
export { factionLegionsAt, raiseCost } from './senate/military.js';
export { garrisonLegions } from './income.js';
export { recallableGarrison } from './ror/garrisons.js';
export { isFrontier, ransomOf } from './ror/frontier.js';
export { affordable, factionLeader, legalTarget } from './ror/assassination.js';
// Republic of Rome modules: detachments (ror-multiple-commanders) and what may move (ror-reinforcements).
export {
  detCommander, detFactionMask, detLegions, detLossTurn, detStateLegions, freeDetachment, maxDetachments,
} from './ror/detachments.js';
export { movableMask, movableState, reinforceable } from './ror/reinforcements.js';
export { winnersOf } from './outcome.js';
// Republic of Rome modules.
export { nextChair, landActTypeOpen } from './ror/senate-errata.js';
export { commandRating, dictatorCommands, dictatorWarranted } from './ror/dictator.js';

/** Whether a motion identical to `m` is already on the agenda. */
export function onAgenda(g: GameView, m: Motion): boolean {
  return pendingIndex(g as GameState, m) >= 0;
}
