// Game state: one plain mutable object per game, with a complete and cheap clone.
import type { Stream, TycheiState } from '../core/rng.js';
import * as bitsModule from '../core/bits.js';
import * as rngModule from '../core/rng.js';
import type { Board } from './board.js';
import type { RulesParams } from './params.js';
import type { Variants } from './variants.js';
import type { Motion } from './motion.js';
import * as motionModule from './motion.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { popcount } = bitsModule;
const { clonePrng, copyPrng, mixPrefix, Tychei } = rngModule;
const { cloneMotion, copyMotion } = motionModule;

// ---- Senator cards: 30 cards, id = colour * 10 + (status - 1) ----
export const SENATORS = 30;
export const GREEN = 0;
export const BLUE = 1;
export const LILAC = 2;
export const colourOf = (s: number): number => (s / 10) | 0;
/** Status is the number on the card (1..10). */
export const statusOf = (s: number): number => (s % 10) + 1;
/** Influence (and votes) by colour: green 1, blue 2, lilac 3 (rules-notes 2). */
export const influenceOf = (s: number): number => ((s / 10) | 0) + 1;
/** The Influence of a set of senators (bit s), as influenceOf summed: 1 each, 1 more from card 10 on, 1 more from 20 on. */
export const influenceOfSet = (mask: number): number => popcount(mask) + popcount(mask >>> 10) + popcount(mask >>> 20);
/** Military Rating: a quarter of Status, rounded up (Appoint Commanders). */
export const militaryRatingOf = (s: number): number => Math.ceil(statusOf(s) / 4);
export const COLOUR_NAMES = ['green', 'blue', 'lilac'] as const;
export const senatorName = (s: number): string => `${COLOUR_NAMES[colourOf(s)]}-${statusOf(s)}`;

/** The lowest senator of a non-empty bit set of senators (bit s = senator s): sets are read from the lowest card up, as senators are listed. */
export const lowestSenator = (mask: number): number => 31 - Math.clz32(mask & -mask);

/** filled's originals, by length and value (a game's setup asks for the same few dozen). */
const filledOriginals = new Map<number, readonly number[]>();

/**
 * A packed array of `n` copies of `v` (new Array(n).fill(v) is holey: every read then checks for
 * holes). A copy of a kept original: slice allocates once at the exact size, where pushing grows.
 */
export function filled(n: number, v: number): number[] {
  // A game's usual lengths (the seats, the decks, the provinces, the senators) as literals: V8 builds a
  // literal in place, where a copy costs a map look-up and a call into slice.
  switch (n) {
    case 3: return [v, v, v];
    case 5: return [v, v, v, v, v];
    case 8: return [v, v, v, v, v, v, v, v];
    case 10: return [v, v, v, v, v, v, v, v, v, v];
    case 30: // (SENATORS)
      return [
        v, v, v, v, v, v, v, v, v, v,
        v, v, v, v, v, v, v, v, v, v,
        v, v, v, v, v, v, v, v, v, v,
      ];
  }
  // One number per (n, v) for the usual small lengths and integer values (not -0); any other is built afresh.
  const key = n < 4096 && v > -32768 && v < 32768 && v === (v | 0) && !Object.is(v, -0) ? n * 65536 + v + 32768 : -1;
  let original = key >= 0 ? filledOriginals.get(key) : undefined;
  if (original === undefined) {
    const a: number[] = [];
    for (let i = 0; i < n; i++) a.push(v);
    if (key < 0) return a;
    filledOriginals.set(key, a);
    original = a;
  }
  return original.slice();
}

/**
 * A reused state's array refilled with `n` copies of `v` when it has length n, else filled(n, v)
 * (setup.ts: one path for a new state's values and a reused one's).
 */
export function again(prev: number[] | undefined, n: number, v: number): number[] {
  if (prev === undefined || prev.length !== n) return filled(n, v);
  for (let i = 0; i < n; i++) prev[i] = v;
  return prev;
}

/** A copy of `src`: written over a reused state's array (copyArray), else src.slice(). */
export function copied(prev: number[] | undefined, src: readonly number[]): number[] {
  if (prev === undefined) return src.slice();
  copyArray(prev, src);
  return prev;
}

/**
 * Cuts a list down to its first k entries by popping: a write to `length` is a slow call in V8 (some
 * 30-45 ns, even when the length is unchanged) and may give up the list's storage, which the next
 * listing must then allocate again.
 */
export function shorten<T>(list: T[], k: number): void {
  while (list.length > k) list.pop();
}

/** Where a senator card is. */
export const AT_DECK = 0;
export const AT_FORUM = 1; // face-up neutral in the Forum
export const AT_ROME = 2; // in a faction, in Rome (may attend meetings)
export const AT_GOVERNOR = 3; // governing senPost province
export const AT_COMMANDER = 4; // commanding at war senPost
/** ror-dictator: the Master of Horse with the Dictator at war senPost (he commands nothing himself). */
export const AT_MASTER_OF_HORSE = 5;

/** Seats are faction colours in this order (the Deaths tables name them); traces name factions so. */
export const FACTION_NAMES = ['Red', 'Yellow', 'Green', 'Blue', 'Lilac'] as const;
export const factionName = (f: number): string => FACTION_NAMES[f] ?? `faction ${f}`;

// ---- Random Events deck: 0..4 concessions, 5..9 banners ----
export const HARBOUR = 0;
export const ARMS = 1;
export const LAND_COMMISSION = 2;
export const GRAIN = 3;
export const MINING = 4;
export const UNREST = 5;
export const INVASION = 6;
export const DISASTER = 7;
export const DROUGHT = 8;
export const MANPOWER = 9;
export const EVENT_NAMES = [
  'Harbour', 'Arms', 'Land Commission', 'Grain', 'Mining',
  'Provincial Unrest', 'Barbarian Invasion', 'Natural Disaster', 'Drought', 'Manpower Shortage',
] as const;
export const CONCESSIONS = 5;
export const isBanner = (c: number): boolean => c >= 5;

/** Where an event card is. */
export const CARD_DECK = -1;
export const CARD_DISCARD = -2;
export const CARD_FORUM = -3; // concession face up in the Forum
export const CARD_LASTING = -4; // banner face up as a reminder of a lasting effect
// >= 0: concession held by that senator

/** Faction legion figure location: -2 not raised, -1 Active Legions Box, >= 0 at that war. */
export const FL_NONE = -2;
export const FL_BOX = -1;

/** ror-multiple-commanders: detachment slots per war (the most rorMaxCommanders allows). */
export const MAX_DET = 4;

/** Loss causes (the outcome's collapse field). */
export const SURVIVED = 0;
export const REVOLT = 1;
export const BANKRUPTCY = 2;
export const WARS = 3;
export const CAUSE_NAMES = ['survived', 'revolt', 'bankruptcy', 'wars'] as const;

/** One war slot per board province, then the variant wars (Macedonian, revolts). */
export interface WarSlots {
  /** Board province index this war is fought in (the Macedonian wars use Macedonia's space). */
  province: number[];
  /** 1 = war creates the province on victory, 0 = not (variant wars). */
  conquers: number[];
  /** 1 = a revolt slot of its province (Revolts variation). */
  revolt: number[];
  spoils: number[];
  modifier: number[];
  /** Turn the war is established; 0 = never. */
  turn: number[];
  /** 0 = not begun, 1 = active, 2 = won. */
  status: number[];
  armies: number[];
  originalArmies: number[];
  stateLegions: number[];
  commander: number[];
  /** Turn in which these legions last lost forces (commander may be replaced the next turn). */
  lossTurn: number[];
  /** Scratch for the current turn: 1 = victory, 2 = wiped out, 3 = fought, both remain, 4 = stalemate. */
  result: number[];
  /** Commander of the victory this turn (for spoils and Prestige at Adjustments), -1 if none or killed. */
  victor: number[];
  /** Faction legions that fought here this turn (bitmask), and those eliminated. */
  foughtMask: number[];
  lostMask: number[];
  /** Faction of the commander in this turn's battle (-1 neutral or none). */
  cmdFaction: number[];
  // ---- Republic of Rome modules (index war * MAX_DET + detachment; detachment 0 is the fields above) ----
  /** ror-multiple-commanders: commander of detachment d >= 1 (-1 none). */
  detCommander: number[];
  /** ror-multiple-commanders: State legions of detachment d >= 1 (stateLegions holds the war's total). */
  detState: number[];
  /** ror-multiple-commanders: turn in which detachment d >= 1 last lost forces. */
  detLossTurn: number[];
  /** ror-multiple-commanders and shared credit: commanders who fought here this turn and survived (scratch). */
  foughtBy: number[];
  /** Faction legions (bitmask) that fought this turn under a commander of their own faction in a split battle (scratch). */
  ownCmdMask: number[];
  /** ror-disaster-standoff: numbers used at this war this turn (bit 0 Disaster, bit 1 Standoff; scratch). */
  dsUsed: number[];
}

export interface Stats {
  warsWon: number;
  warsWipedOut: number;
  unopposedWarTurns: number;
  battles: number;
  legionsRaised: number;
  legionsLost: number;
  provincesConquered: number;
  provincesDeveloped: number;
  senatorsKilled: number;
  senatorsExecuted: number;
  senatorsAttracted: number;
  neutralsAttracted: number;
  prosecutions: number;
  convictions: number;
  landActs: number;
  deaths: number;
  /** Revolts variation: outbreaks in conquered provinces. */
  revolts: number;
  policyErrors: number;
  // ---- the Senate (every meeting; see senate/agenda.ts and voting.ts) ----
  /** Motions put to the vote or vetoed (nominations, prosecutions, bills and aid requests included). */
  motions: number;
  motionsPassed: number;
  /** Of those, sponsored by the presiding (Consul's) faction / by another faction. */
  motionsByPresiding: number;
  motionsByOthers: number;
  /** Motions tabled at once by their sponsor's real tribune. */
  tabledByTribune: number;
  vetoes: number;
  /** Talents spent on votes (not refunded by a veto). */
  votesBought: number;
  /** Votes in which every faction that voted took the same side. */
  unanimousVotes: number;
  /** Motions a faction wanted to make with no allowance left (motionAllowance binding). */
  allowanceBinding: number;
  /** Motions withdrawn unvoted: out of order when their turn came, no co-sponsor, a refusal, no time left. */
  motionsLapsed: number;
  /** Consular Powers: "no discussion" rulings, objections to them, penalties (votes removed + fines). */
  rulings: number;
  /** Consular Powers: rulings that changed the vote (someone objected, or wanted to buy votes the ruling forbade). */
  rulingsBinding: number;
  objections: number;
  votesRemoved: number;
  penaltyFines: number;
  /** Bills introduced (put to the vote) and passed. */
  billsIntroduced: number;
  billsPassed: number;
  /** Land Acts put to the vote (or vetoed), and repealed. */
  landActsVoted: number;
  landActsRepealed: number;
  /** Deaths: senators who died holding an office, a governorship or a command. */
  officersDied: number;
  /** Distribution of Senators: 1 when the table dealt other cards than the random deal. */
  distributionChanged: number;
  /** Macedonian wars (extra wars of the variation) established. */
  extraWars: number;
  /** Tempo: meetings whose time (tempoMotionBudget) was used up. */
  tempoExhausted: number;
  /** Tempo: meetings whose business it changed (the time ran out, or a bill of Tempo's own, the Bills variation being off). */
  tempoMeetings: number;
  /** Elections in which the Consulship passed to another faction. */
  consulChanges: number;
  // ---- Republic of Rome modules (docs/rules.md, Variations) ----
  /** ror-garrisons: garrison and garrison-recall motions made (the module's trigger; parts of bills put to the vote included). */
  rorGarrisonMotions: number;
  /** ror-garrisons: legions put into garrisons, and legions recalled from them. */
  rorGarrisoned: number;
  rorGarrisonRecalled: number;
  /** ror-garrisons: Barbarian Invasions a garrison turned away; revolt outbreaks a garrison fought. */
  rorGarrisonSaves: number;
  rorGarrisonBattles: number;
  /** ror-frontier: invasions whose effect it changed (a non-frontier province spared, or a governor captured). */
  rorFrontierChanged: number;
  rorFrontierSpared: number;
  rorCaptures: number;
  rorRansomsPaid: number;
  /** ror-assassination: attempts declared; of those, attempts that changed the game (a kill, a capture, Talents spent). */
  rorAssassinAttempts: number;
  rorAssassinEffective: number;
  rorAssassinKills: number;
  rorAssassinsCaught: number;
  /** ror-assassination: trials of a caught assassin's leader, and convictions. */
  rorAssassinTrials: number;
  rorAssassinConvictions: number;
  // ---- Republic of Rome modules ----
  /** ror-leaderless-legions: legions whose commander fell kept at their war at Adjustments (per war and turn). */
  rorLeaderlessKept: number;
  /** ror-reinforcements: motions ruled out of order (reinforcing a commander who left at this meeting; moving legions sent at it). */
  rorReinforceBlocked: number;
  /** ror-reinforcements: recalls or transfers a commander voided (Minimum Force). */
  rorRecallsVoided: number;
  /** ror-reinforcements: dispatches of a new commander withdrawn until a pending levy is decided. */
  rorDispatchesDeferred: number;
  /** ror-reinforcements: the three above together (its trigger). */
  rorReinforcementsBound: number;
  /** ror-disaster-standoff: battles turned into a Disaster, a Standoff, and both together (its trigger). */
  rorDisasters: number;
  rorStandoffs: number;
  rorDisasterStandoffs: number;
  /** ror-multiple-commanders: motions made to send a commander to a war that already has one (its trigger). */
  rorDetachmentMotions: number;
  /** ror-multiple-commanders: commanders sent to a war that already had one (a new detachment). */
  rorDetachments: number;
  /** ror-multiple-commanders: battles fought at a war by one of several detachments. */
  rorSplitBattles: number;
  /** ror-repopulation: senators who joined a faction to bring Rome back to the threshold. */
  rorRepopulated: number;
  // ---- ror-senate-errata (src/legions/ror/senate-errata.ts): each counts a change the sub-rule made ----
  /** Any of the counters below (the module's trigger). */
  rorErrataChanges: number;
  /** Chairs handed on after a unanimous defeat instead of a Prestige loss. */
  rorStepDowns: number;
  /** Unanimously defeated prosecutions that cost the Censor's faction Prestige the base game would not have taken. */
  rorCensorPenalties: number;
  /** Censor elections in which the sitting Censor's faction would have nominated him but could not. */
  rorCensorBarred: number;
  /** Censors who stayed in office without a vote, no other candidate having been appointed. */
  rorCensorContinued: number;
  /** Returning governors appointed although their faction refused, being the only candidate. */
  rorGovernorsCompelled: number;
  /** Major convictions whose reward differed from the base game's. */
  rorRewardsChanged: number;
  /** Land Acts passed in a turn in which another had already passed. */
  rorLandBillsExtra: number;
  // ---- ror-dictator (src/legions/ror/dictator.ts) ----
  /** Dictators elected or appointed. */
  rorDictators: number;
  /** Dictator nominations put to the vote. */
  rorDictatorVotes: number;
  /** Battles in which the Master of Horse raised the Dictator's attack. */
  rorDictatorBattles: number;
  // ---- ror-consul-for-life (src/legions/ror/consul-for-life.ts) ----
  /** Consul for Life nominations voted plus automatic appointments (the module's trigger). */
  rorCflEvents: number;
  rorCflVotes: number;
  /** Consuls for Life elected or appointed automatically; of those automatic. */
  rorCflAppointed: number;
  rorCflAuto: number;
}

export interface TraceEvent {
  turn: number;
  step: string;
  text: string;
  data?: Record<string, unknown>;
}

/** The random streams of one game, each seeded from (game seed, stream name) only. */
export interface Streams {
  /** Red and yellow random number cards. */
  cards: Stream;
  /** Random Events deck shuffles. */
  events: Stream;
  /** Senator deck shuffles and dealing. */
  senators: Stream;
  /** The tribune stone bag. */
  tribunes: Stream;
  /** Deaths variant draws. */
  deaths: Stream;
  /** Revolts variant draws. */
  revolts: Stream;
  /** ror-garrisons: a garrison's battle against a revolt outbreak. */
  rorGarrisons: Stream;
  /** ror-assassination: the assassination die. */
  rorAssassination: Stream;
  /** ror-multiple-commanders: the order in which several commanders attack one war. */
  commanders: Stream;
  /** ror-repopulation: the die roll between factions still tied. */
  repopulation: Stream;
  /** ror-dictator: the Master of Horse's death checks. */
  dictator: Stream;
  /** One stream per faction policy. */
  policy: Stream[];
}

/** The streams other than the policies' (copyState copies them one by one). */
const STREAM_KEYS = [
  'cards', 'events', 'senators', 'tribunes', 'deaths', 'revolts', 'rorGarrisons', 'rorAssassination', 'commanders',
  'repopulation', 'dictator',
] as const;

/**
 * A stream of a game seeded `seed + name` from `base` = mixPrefix(seed), reusing `old` when it is a
 * Tychei; the name is mixed in at its first draw (twelve of a base game's sixteen streams draw nothing).
 */
function seeded(old: Stream | undefined, name: string, base: TycheiState): Stream {
  const t = old instanceof Tychei ? old : new Tychei(base);
  t.seedLater(name, base);
  return t;
}

/** The names of the seats' streams, '/policy0' up (written once, not joined per game). */
const POLICY_STREAM_NAMES = ['/policy0', '/policy1', '/policy2', '/policy3', '/policy4'];
const policyStreamName = (f: number): string => POLICY_STREAM_NAMES[f] ?? '/policy' + f;

/** The streams of a game of `seed`, written into a reused state's (`into`) or new ones. */
export function makeStreams(seed: string, players: number, into?: Streams): Streams {
  return seedStreams(into ?? null, seed, players);
}

/** The streams of `seed`, written into `into` (reusing its generators) or into new ones. */
function seedStreams(into: Streams | null, seed: string, players: number): Streams {
  // Every stream is seeded seed + '/' + its name: the seed is mixed in once for all of them.
  const base = mixPrefix(seed);
  const policy = into ? into.policy : [];
  for (let f = 0; f < players; f++) policy[f] = seeded(policy[f], policyStreamName(f), base);
  if (policy.length !== players) policy.length = players; // (a write to length is a slow call even when unchanged)
  const s: Streams = {
    cards: seeded(into?.cards, '/cards', base),
    events: seeded(into?.events, '/events', base),
    senators: seeded(into?.senators, '/senators', base),
    tribunes: seeded(into?.tribunes, '/tribunes', base),
    deaths: seeded(into?.deaths, '/deaths', base),
    revolts: seeded(into?.revolts, '/revolts', base),
    rorGarrisons: seeded(into?.rorGarrisons, '/ror-garrisons', base),
    rorAssassination: seeded(into?.rorAssassination, '/ror-assassination', base),
    commanders: seeded(into?.commanders, '/commanders', base),
    repopulation: seeded(into?.repopulation, '/repopulation', base),
    dictator: seeded(into?.dictator, '/dictator', base),
    policy,
  };
  return into ? Object.assign(into, s) : s;
}

export function cloneStreams(s: Streams): Streams {
  return {
    cards: clonePrng(s.cards),
    events: clonePrng(s.events),
    senators: clonePrng(s.senators),
    tribunes: clonePrng(s.tribunes),
    deaths: clonePrng(s.deaths),
    revolts: clonePrng(s.revolts),
    rorGarrisons: clonePrng(s.rorGarrisons),
    rorAssassination: clonePrng(s.rorAssassination),
    commanders: clonePrng(s.commanders),
    repopulation: clonePrng(s.repopulation),
    dictator: clonePrng(s.dictator),
    policy: s.policy.map(clonePrng),
  };
}

export interface GameState {
  readonly params: RulesParams;
  readonly board: Board;
  readonly variants: Variants;
  readonly players: number;
  rng: Streams;
  turn: number;
  step: string;
  /** Cause of the loss for all (SURVIVED while the Republic stands). */
  lost: number;
  lostTurn: number;

  // ---- factions ----
  prestige: number[];
  treasury: number[];
  knights: number[];
  factionLegion: number[];
  tribunesReal: number[];
  tribunesDummy: number[];

  // ---- senators ----
  senWhere: number[];
  /** Owning faction, -1 for a neutral. */
  senOwner: number[];
  /** Province (governor) or war (commander) index. */
  senPost: number[];
  /** Attending the current meeting (Forum, then Senate). */
  senPresent: number[];
  /** Has been Consul (the Temporary Consul counts) or Censor: may be elected Censor. */
  senCensorEligible: number[];
  /** Last turn in which he held Consul, Censor or command (for prosecutions). */
  senOfficeTurn: number[];
  /** Turn in which he returned from a governorship during which he claimed income, else 0. */
  senGovClaimReturn: number[];
  /** Turn in which he returned from a war whose spoils he claimed, else 0. */
  senSpoilsTurn: number[];
  /** Turn in which he last collected concession income. */
  senConcessionTurn: number[];
  /** Turn he last changed faction (senators join a new faction once per turn). */
  senMovedTurn: number[];
  /** Turn he returned from a governorship (consent needed to be reappointed). */
  senGovReturnTurn: number[];
  /** Senator deck as a ring buffer: top is deck[deckHead]. */
  deck: number[];
  deckHead: number;
  deckCount: number;

  // ---- offices ----
  consul: number;
  censor: number;
  /** Consul before the current one (Deaths variant replacement). */
  previousConsul: number;
  /**
   * A senator presiding in the Consul's place (-1: the Consul presides): the outgoing Consul while the
   * Censor is elected; with ror-senate-errata, one the presiding faction stepped down for.
   */
  actingChair: number;
  /** True while the Temporary Consul presides in turn 1. */
  temporaryConsul: boolean;
  /** Consul and Censor before this turn's elections (open to prosecution this turn). */
  outgoingConsul: number;
  outgoingCensor: number;
  /** Minor prosecutions already conducted this turn (a Major one must be the first and only). */
  minorProsecutions: number;

  // ---- State ----
  stateTreasury: number;
  ri: number;
  /** riNettedOverTurn: falls of this turn below zero not yet absorbed by rises (<= 0). */
  riCredit: number;
  legionsBox: number;

  // ---- provinces (indexed like board.provinces) ----
  provConquered: number[];
  provDeveloped: number[];
  provGovernor: number[];
  provGovTurn: number[];
  /** Governor claimed income this turn (marker flipped). */
  provClaimed: number[];
  /** Barbarian Invasion: no income in the income step of this turn (0 = none). */
  provNoIncomeTurn: number[];
  /** Revolts variant: armies of an active revolt in this province (0 = none). */
  provRevolt: number[];
  /** ror-garrisons: State legions garrisoned in the province (counted as State legions everywhere). */
  provGarrison: number[];
  /** ror-garrisons: turn of the province's last garrison deployment, and the legions deployed in it (not recallable in it). */
  provGarrisonTurn: number[];
  provGarrisonFresh: number[];
  /** ror-frontier: a governor captured by this turn's Barbarian Invasion, ransomed or killed before the Forum (-1 none). */
  rorCaptive: number;
  /** ror-assassination: factions (bitmask) already targeted in this Senate Meeting. */
  rorTargeted: number;

  wars: WarSlots;
  /**
   * Changes with every write to a war's status, turn, commander, State legions or armies, to a faction
   * legion's place or to a garrison (warsChanged): what policies read of them is kept under it
   * (policies/lib.ts, the wars' census and legionsToRaise). Code that writes those arrays must call
   * warsChanged before any policy is asked anything.
   */
  warsVersion: number;

  // ---- Republic of Rome modules ----
  /** ror-multiple-commanders: detachment of each faction legion at a war (0 unless the module splits a war). */
  factionLegionDet: number[];
  /** ror-reinforcements: turn in which each faction legion was sent to the war where it is. */
  factionLegionFresh: number[];
  /** ror-reinforcements: State legions sent to each detachment (war * MAX_DET + d) at the meeting of turn freshTurn. */
  freshState: number[];
  freshTurn: number;

  // ---- Random Events deck ----
  cardWhere: number[];
  /** Draw pile, top at the end. */
  eventDeck: number[];
  /** Turn whose Income step is affected by Unrest / Drought (0 = none). */
  unrestIncomeTurn: number;
  droughtIncomeTurn: number;
  /** Land Commission holder chose double income for the drought turn. */
  droughtDouble: number;
  /** Manpower Shortage event this turn: raising costs manpowerLegionCost. */
  manpowerEventTurn: number;
  /** State of the Republic shortage: no legions may be raised this turn. */
  noRaiseTurn: number;

  // ---- variants ----
  /** Land Acts: Type I acts passed and not yet paid (their stones leave after payment). */
  landActsType1: number;
  /** Land Acts: Type II acts in place (kept equal to landActType2Turn.length). */
  landActsType2: number;
  /** Turn a Land Act last passed / was repealed (one of each per turn). */
  landActPassedTurn: number;
  landActRepealTurn: number;
  /** Per Type II act in place: the turn it passed, its sponsor and co-sponsor factions. */
  landActType2Turn: number[];
  landActType2Sponsor: number[];
  landActType2CoSponsor: number[];

  // ---- Republic of Rome modules (src/legions/ror/; all plain numbers, -1 or 0 = none) ----
  /** ror-senate-errata (land bills): turn in which a Type I / Type II Land Act motion was last voted or vetoed. */
  rorLandType1Turn: number;
  rorLandType2Turn: number;
  /** ror-dictator: the Dictator and his Master of Horse in office, and the turn he was chosen. */
  rorDictator: number;
  rorMasterOfHorse: number;
  rorDictatorTurn: number;
  /** ror-dictator: who held those offices until this meeting's Consul election (open to prosecution). */
  rorExDictator: number;
  rorExMasterOfHorse: number;
  /** ror-consul-for-life: the Consul for Life (-1 none), the turn he took office, the turn of this turn's nomination. */
  rorCfl: number;
  rorCflTurn: number;
  rorCflVoteTurn: number;
  /** ror-consul-for-life: the faction that won through him and the turn the game ended (-1 / 0 = none). */
  rorCflWinner: number;
  rorCflEndTurn: number;

  // ---- scratch reused by every decision of this game (kept per game so nested rollouts are safe) ----
  /** The motion being proposed or voted on. */
  motion: Motion;
  /** Candidates offered to a proposer (elections, appointments, prosecutions). */
  cands: number[];
  /**
   * The listing g.cands holds: a number no listing had before, taken whenever the list is made or
   * changed (candsChanged), so the players' census of the candidates is kept until the next one.
   */
  candsListing: number;
  /** Candidates rejected this Senate meeting (see senate/agenda rejectCandidate). */
  rejected: number[];
  /** Faction order of the Forum activities. */
  order: number[];
  /** Sealed neutral bids, faction * 30 + index in forumList. */
  bids: number[];
  /** The face-up neutral senators of the current Forum, in card order: exact while bids are asked, not updated as they leave. */
  forumList: number[];
  /** Per-faction counters for one-pass censuses (4 x players, then the Forum's census flag at 4 x players: forum.ts). */
  scratch: number[];

  /** Bills variation: the motions of the bill being drafted or voted. */
  bill: Motion[];
  /** Tempo variation: optional motions left in this meeting (-1 = no time limit). */
  motionBudget: number;

  // ---- the Senate's order of business (senate/agenda.ts) ----
  /** Motions made and not yet tabled: the first agendaCount entries of this reusable pool. */
  agenda: Motion[];
  agendaCount: number;
  /** motionKey of each agenda entry, taken when it was made (entries do not change on the agenda). */
  agendaKeys: number[];
  /** Per faction: motions it may still make in this meeting (motionAllowance). */
  allowance: number[];
  /** Military business stage reached in this meeting (motion.ts STAGE_*; -1 = none yet). */
  militaryStage: number;
  /** Provinces (bitmask) whose development was already requested in this meeting. */
  developRequested: number;
  /** Faction of the Temporary Consul at setup. */
  temporaryConsulFaction: number;
  /** Factions (bitmask) that have held the Consulship (the Temporary Consul's included). */
  consulFactions: number;

  /** Keys of motions defeated or vetoed in turn failedTurn. */
  failedMotions: number[];
  failedTurn: number;

  // ---- per-turn record for the outcome ----
  riByTurn: number[];
  treasuryByTurn: number[];
  stats: Stats;
  /** Detailed human-readable trace, or null when not tracing (the fast path). */
  trace: TraceEvent[] | null;
  policyErrorLog: string[];
}

export function emptyStats(): Stats {
  return {
    warsWon: 0, warsWipedOut: 0, unopposedWarTurns: 0, battles: 0, legionsRaised: 0, legionsLost: 0,
    provincesConquered: 0, provincesDeveloped: 0, senatorsKilled: 0, senatorsExecuted: 0,
    senatorsAttracted: 0, neutralsAttracted: 0, prosecutions: 0, convictions: 0, landActs: 0,
    deaths: 0, revolts: 0, policyErrors: 0, motions: 0, motionsPassed: 0, motionsByPresiding: 0, motionsByOthers: 0,
    tabledByTribune: 0, vetoes: 0, votesBought: 0, unanimousVotes: 0, allowanceBinding: 0, motionsLapsed: 0, rulings: 0, rulingsBinding: 0,
    objections: 0, votesRemoved: 0, penaltyFines: 0, billsIntroduced: 0, billsPassed: 0, landActsVoted: 0, landActsRepealed: 0, officersDied: 0,
    distributionChanged: 0, extraWars: 0,
    tempoExhausted: 0, tempoMeetings: 0, consulChanges: 0,
    rorGarrisonMotions: 0, rorGarrisoned: 0, rorGarrisonRecalled: 0, rorGarrisonSaves: 0, rorGarrisonBattles: 0,
    rorFrontierChanged: 0, rorFrontierSpared: 0, rorCaptures: 0, rorRansomsPaid: 0,
    rorAssassinAttempts: 0, rorAssassinEffective: 0, rorAssassinKills: 0, rorAssassinsCaught: 0, rorAssassinTrials: 0,
    rorAssassinConvictions: 0,
    rorLeaderlessKept: 0, rorReinforceBlocked: 0, rorRecallsVoided: 0, rorDispatchesDeferred: 0, rorReinforcementsBound: 0, rorDisasters: 0, rorStandoffs: 0,
    rorDisasterStandoffs: 0, rorDetachmentMotions: 0, rorDetachments: 0, rorSplitBattles: 0, rorRepopulated: 0,
    rorErrataChanges: 0, rorStepDowns: 0, rorCensorPenalties: 0, rorCensorBarred: 0, rorCensorContinued: 0,
    rorGovernorsCompelled: 0, rorRewardsChanged: 0, rorLandBillsExtra: 0,
    rorDictators: 0, rorDictatorVotes: 0, rorDictatorBattles: 0,
    rorCflEvents: 0, rorCflVotes: 0, rorCflAppointed: 0, rorCflAuto: 0,
  };
}

let lastWarsVersion = 0;

/** A version no state's wars have had yet (unique across games, so a remembered census never outlives a copy). */
export function newWarsVersion(): number {
  return ++lastWarsVersion;
}

let lastCandsListing = 0;

/** A listing number no state's candidates have had yet (unique across games, as newWarsVersion). */
export function newCandsListing(): number {
  return ++lastCandsListing;
}

/** g.cands was listed again or changed: the policies' census of the candidates is taken afresh. */
export function candsChanged(g: GameState): void {
  g.candsListing = ++lastCandsListing;
}

/** A war's status, turn, commander, State legions or armies, a faction legion's place or a garrison in g were written: what the policies keep of them is read afresh. */
export function warsChanged(g: GameState): void {
  g.warsVersion = ++lastWarsVersion;
}

/** An independent copy of every war slot array. */
export function cloneWars(w: WarSlots): WarSlots {
  return {
    province: w.province.slice(), conquers: w.conquers.slice(), revolt: w.revolt.slice(), spoils: w.spoils.slice(),
    modifier: w.modifier.slice(), turn: w.turn.slice(), status: w.status.slice(), armies: w.armies.slice(),
    originalArmies: w.originalArmies.slice(), stateLegions: w.stateLegions.slice(),
    commander: w.commander.slice(), lossTurn: w.lossTurn.slice(), result: w.result.slice(),
    victor: w.victor.slice(), foughtMask: w.foughtMask.slice(), lostMask: w.lostMask.slice(),
    cmdFaction: w.cmdFaction.slice(),
    detCommander: w.detCommander.slice(), detState: w.detState.slice(), detLossTurn: w.detLossTurn.slice(),
    foughtBy: w.foughtBy.slice(), ownCmdMask: w.ownCmdMask.slice(), dsUsed: w.dsUsed.slice(),
  };
}

/**
 * A complete, independent copy: every array is copied, the random streams are cloned so the copy
 * draws the same future numbers (rollout policies reseed them; see reseedStreams).
 */
export function cloneState(g: GameState): GameState {
  return {
    ...g,
    rng: cloneStreams(g.rng),
    prestige: g.prestige.slice(), treasury: g.treasury.slice(), knights: g.knights.slice(),
    factionLegion: g.factionLegion.slice(), tribunesReal: g.tribunesReal.slice(),
    tribunesDummy: g.tribunesDummy.slice(),
    senWhere: g.senWhere.slice(), senOwner: g.senOwner.slice(), senPost: g.senPost.slice(),
    senPresent: g.senPresent.slice(), senCensorEligible: g.senCensorEligible.slice(),
    senOfficeTurn: g.senOfficeTurn.slice(), senGovClaimReturn: g.senGovClaimReturn.slice(),
    senSpoilsTurn: g.senSpoilsTurn.slice(), senConcessionTurn: g.senConcessionTurn.slice(),
    senMovedTurn: g.senMovedTurn.slice(), senGovReturnTurn: g.senGovReturnTurn.slice(),
    deck: g.deck.slice(),
    provConquered: g.provConquered.slice(), provDeveloped: g.provDeveloped.slice(),
    provGovernor: g.provGovernor.slice(), provGovTurn: g.provGovTurn.slice(),
    provClaimed: g.provClaimed.slice(), provNoIncomeTurn: g.provNoIncomeTurn.slice(),
    provRevolt: g.provRevolt.slice(),
    provGarrison: g.provGarrison.slice(), provGarrisonTurn: g.provGarrisonTurn.slice(), provGarrisonFresh: g.provGarrisonFresh.slice(),
    wars: cloneWars(g.wars), warsVersion: newWarsVersion(),
    factionLegionDet: g.factionLegionDet.slice(), factionLegionFresh: g.factionLegionFresh.slice(), freshState: g.freshState.slice(),
    cardWhere: g.cardWhere.slice(), eventDeck: g.eventDeck.slice(),
    landActType2Turn: g.landActType2Turn.slice(), landActType2Sponsor: g.landActType2Sponsor.slice(),
    landActType2CoSponsor: g.landActType2CoSponsor.slice(), failedMotions: g.failedMotions.slice(),
    riByTurn: g.riByTurn.slice(), treasuryByTurn: g.treasuryByTurn.slice(),
    stats: { ...g.stats },
    motion: cloneMotion(g.motion), cands: g.cands.slice(), candsListing: newCandsListing(), rejected: g.rejected.slice(), order: g.order.slice(),
    bill: g.bill.map(cloneMotion), agenda: g.agenda.map(cloneMotion), agendaKeys: g.agendaKeys.slice(), allowance: g.allowance.slice(),
    bids: g.bids.slice(), forumList: g.forumList.slice(), scratch: g.scratch.slice(),
    trace: g.trace ? g.trace.slice() : null,
    policyErrorLog: g.policyErrorLog.slice(),
  };
}

/**
 * Reseeds every stream of a (cloned or copied) state, so a search cannot see future draws. Its own
 * generators are reseeded in place: a copy must not share them with the game it copies.
 */
export function reseedStreams(g: GameState, seed: string): void {
  seedStreams(g.rng, seed, g.players);
}

/** dst = src for an array of numbers or strings, in place (popped or pushed to src's length: no write to length). */
function copyArray<T>(dst: T[], src: readonly T[]): void {
  const n = src.length;
  shorten(dst, n);
  for (let i = 0; i < dst.length; i++) dst[i] = src[i]!;
  for (let i = dst.length; i < n; i++) dst.push(src[i]!);
}

/** dst = src for a list of motions, reusing dst's motions. */
function copyMotions(dst: Motion[], src: readonly Motion[]): void {
  for (let i = 0; i < src.length; i++) {
    if (i < dst.length) copyMotion(dst[i]!, src[i]!);
    else dst.push(cloneMotion(src[i]!));
  }
  shorten(dst, src.length); // (popped: a write to length is a slow call in V8, even when unchanged)
}

/**
 * Makes `dst` (a state made by cloneState of the same game, or by an earlier copyState) an exact,
 * independent copy of `src`: what cloneState gives, written over a reused state (only the stats
 * record is new, no array or stream is allocated).
 * Field by field (a loop over the keys was slower than cloning); tests/determinism.test.ts scribbles
 * over every field of `dst` first, so a field left out here fails it.
 */
export function copyState(dst: GameState, src: GameState): void {
  if (dst.params !== src.params || dst.board !== src.board || dst.variants !== src.variants || dst.players !== src.players) {
    throw new Error('copyState: the states are of different configurations (clone one first)');
  }
  const a = dst.rng;
  const b = src.rng;
  for (const key of STREAM_KEYS) a[key] = copyPrng(a[key], b[key]);
  for (let f = 0; f < b.policy.length; f++) a.policy[f] = f < a.policy.length ? copyPrng(a.policy[f]!, b.policy[f]!) : clonePrng(b.policy[f]!);
  shorten(a.policy, b.policy.length);
  dst.turn = src.turn; dst.step = src.step; dst.lost = src.lost; dst.lostTurn = src.lostTurn;
  dst.deckHead = src.deckHead; dst.deckCount = src.deckCount; dst.consul = src.consul;
  dst.censor = src.censor; dst.previousConsul = src.previousConsul; dst.actingChair = src.actingChair;
  dst.temporaryConsul = src.temporaryConsul; dst.outgoingConsul = src.outgoingConsul;
  dst.outgoingCensor = src.outgoingCensor; dst.minorProsecutions = src.minorProsecutions;
  dst.stateTreasury = src.stateTreasury; dst.ri = src.ri; dst.riCredit = src.riCredit;
  dst.legionsBox = src.legionsBox; dst.rorCaptive = src.rorCaptive; dst.rorTargeted = src.rorTargeted;
  dst.freshTurn = src.freshTurn; dst.unrestIncomeTurn = src.unrestIncomeTurn;
  dst.droughtIncomeTurn = src.droughtIncomeTurn; dst.droughtDouble = src.droughtDouble;
  dst.manpowerEventTurn = src.manpowerEventTurn; dst.noRaiseTurn = src.noRaiseTurn;
  dst.landActsType1 = src.landActsType1; dst.landActsType2 = src.landActsType2;
  dst.landActPassedTurn = src.landActPassedTurn; dst.landActRepealTurn = src.landActRepealTurn;
  dst.rorLandType1Turn = src.rorLandType1Turn;
  dst.rorLandType2Turn = src.rorLandType2Turn; dst.rorDictator = src.rorDictator;
  dst.rorMasterOfHorse = src.rorMasterOfHorse; dst.rorDictatorTurn = src.rorDictatorTurn;
  dst.rorExDictator = src.rorExDictator; dst.rorExMasterOfHorse = src.rorExMasterOfHorse;
  dst.rorCfl = src.rorCfl; dst.rorCflTurn = src.rorCflTurn; dst.rorCflVoteTurn = src.rorCflVoteTurn;
  dst.rorCflWinner = src.rorCflWinner; dst.rorCflEndTurn = src.rorCflEndTurn;
  dst.failedTurn = src.failedTurn; dst.motionBudget = src.motionBudget; dst.agendaCount = src.agendaCount;
  dst.militaryStage = src.militaryStage; dst.developRequested = src.developRequested;
  dst.temporaryConsulFaction = src.temporaryConsulFaction; dst.consulFactions = src.consulFactions;
  copyArray(dst.prestige, src.prestige); copyArray(dst.treasury, src.treasury);
  copyArray(dst.knights, src.knights); copyArray(dst.factionLegion, src.factionLegion);
  copyArray(dst.tribunesReal, src.tribunesReal); copyArray(dst.tribunesDummy, src.tribunesDummy);
  copyArray(dst.senWhere, src.senWhere); copyArray(dst.senOwner, src.senOwner);
  copyArray(dst.senPost, src.senPost); copyArray(dst.senPresent, src.senPresent);
  copyArray(dst.senCensorEligible, src.senCensorEligible); copyArray(dst.senOfficeTurn, src.senOfficeTurn);
  copyArray(dst.senGovClaimReturn, src.senGovClaimReturn); copyArray(dst.senSpoilsTurn, src.senSpoilsTurn);
  copyArray(dst.senConcessionTurn, src.senConcessionTurn); copyArray(dst.senMovedTurn, src.senMovedTurn);
  copyArray(dst.senGovReturnTurn, src.senGovReturnTurn); copyArray(dst.deck, src.deck);
  copyArray(dst.provConquered, src.provConquered); copyArray(dst.provDeveloped, src.provDeveloped);
  copyArray(dst.provGovernor, src.provGovernor); copyArray(dst.provGovTurn, src.provGovTurn);
  copyArray(dst.provClaimed, src.provClaimed); copyArray(dst.provNoIncomeTurn, src.provNoIncomeTurn);
  copyArray(dst.provRevolt, src.provRevolt); copyArray(dst.provGarrison, src.provGarrison);
  copyArray(dst.provGarrisonTurn, src.provGarrisonTurn);
  copyArray(dst.provGarrisonFresh, src.provGarrisonFresh);
  copyArray(dst.factionLegionDet, src.factionLegionDet);
  copyArray(dst.factionLegionFresh, src.factionLegionFresh); copyArray(dst.freshState, src.freshState);
  copyArray(dst.cardWhere, src.cardWhere); copyArray(dst.eventDeck, src.eventDeck);
  copyArray(dst.landActType2Turn, src.landActType2Turn);
  copyArray(dst.landActType2Sponsor, src.landActType2Sponsor);
  copyArray(dst.landActType2CoSponsor, src.landActType2CoSponsor);
  copyArray(dst.failedMotions, src.failedMotions); copyArray(dst.agendaKeys, src.agendaKeys);
  copyArray(dst.allowance, src.allowance); copyArray(dst.cands, src.cands); dst.candsListing = newCandsListing();
  copyArray(dst.rejected, src.rejected); copyArray(dst.order, src.order); copyArray(dst.bids, src.bids);
  copyArray(dst.forumList, src.forumList); copyArray(dst.scratch, src.scratch);
  copyArray(dst.riByTurn, src.riByTurn); copyArray(dst.treasuryByTurn, src.treasuryByTurn);
  copyArray(dst.policyErrorLog, src.policyErrorLog);
  const w = dst.wars;
  const x = src.wars;
  copyArray(w.province, x.province); copyArray(w.conquers, x.conquers); copyArray(w.revolt, x.revolt);
  copyArray(w.spoils, x.spoils); copyArray(w.modifier, x.modifier); copyArray(w.turn, x.turn);
  copyArray(w.status, x.status); copyArray(w.armies, x.armies);
  copyArray(w.originalArmies, x.originalArmies); copyArray(w.stateLegions, x.stateLegions);
  copyArray(w.commander, x.commander); copyArray(w.lossTurn, x.lossTurn); copyArray(w.result, x.result);
  copyArray(w.victor, x.victor); copyArray(w.foughtMask, x.foughtMask); copyArray(w.lostMask, x.lostMask);
  copyArray(w.cmdFaction, x.cmdFaction); copyArray(w.detCommander, x.detCommander);
  copyArray(w.detState, x.detState); copyArray(w.detLossTurn, x.detLossTurn);
  copyArray(w.foughtBy, x.foughtBy); copyArray(w.ownCmdMask, x.ownCmdMask); copyArray(w.dsUsed, x.dsUsed);
  warsChanged(dst);
  dst.stats = { ...src.stats }; // one small object: spreading is several times faster than Object.assign into it
  copyMotion(dst.motion, src.motion);
  copyMotions(dst.agenda, src.agenda);
  copyMotions(dst.bill, src.bill);
  dst.trace = src.trace ? src.trace.slice() : null;
}
