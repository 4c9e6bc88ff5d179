// The open business of the Senate Meeting (Order of Business; Forcing a Motion to the Vote): after
// the appointments, every faction with a senator present may make motions; the Consul tables them in
// the order he chooses; a real tribune tables its holder's motion at once; the meeting closes when
// no motion is unresolved and no faction has another to make.
import * as commonModule from '../common.js';
import * as motionModule from '../motion.js';
import * as garrisonsModule from '../ror/garrisons.js';
import type { Policy } from '../policy.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
import type { MotionRules } from './agenda.js';
import * as agendaModule from './agenda.js';
import * as billsModule from './bills.js';
import * as businessModule from './business.js';
import * as landActsModule from './land-acts.js';
import * as militaryModule from './military.js';
import * as votingModule from './voting.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { log, presidingFaction } = commonModule;
const { CENSURE, CONCESSION, DEVELOP, DISBAND, DISPATCH, GARRISON, LAND_ACT, motionKey, RAISE, RECALL, RECALL_GARRISON, REPEAL_LAND_ACT, REPLACE_COMMANDER, STAGE_RAISE, STAGE_RECALL, stageOf, TRANSFER } = motionModule;
const { garrisonRules, isGarrisonKind, recallGarrisonRules } = garrisonsModule;
const { factionName } = stateModule;
const { addToAgenda, agendaIndex, askProposal, chairChooses, lapse, policyDuplicate, resolve, stillInOrder, takeFromAgenda, takeMotionSlot, wantsTribune } = agendaModule;
const { billsBusiness } = billsModule;
const { censureRules, concessionRules, developable, developableMask, developRules, governingFactions } = businessModule;
const { landActRules, repealRules } = landActsModule;
const { militaryRules, ownLegions, recallCommanderless } = militaryModule;
const { describeMotion, presentFactionMask } = votingModule;

/** The motions a faction may make in the open business, in the rules' order of business. */
const OPEN_MOTIONS: readonly (readonly [number, MotionRules])[] = [
  [DISBAND, militaryRules.disband], [RAISE, militaryRules.raise], [DISPATCH, militaryRules.dispatch],
  [REPLACE_COMMANDER, militaryRules.replace], [TRANSFER, militaryRules.transfer], [GARRISON, garrisonRules],
  [RECALL, militaryRules.recall], [RECALL_GARRISON, recallGarrisonRules],
  [CONCESSION, concessionRules], [LAND_ACT, landActRules], [REPEAL_LAND_ACT, repealRules], [CENSURE, censureRules],
];

/** OPEN_MOTIONS's kinds and rules apart: read by index, without destructuring a pair. */
const OPEN_KIND: readonly number[] = OPEN_MOTIONS.map((e) => e[0]);
const OPEN_RULES: readonly MotionRules[] = OPEN_MOTIONS.map((e) => e[1]);

/** Indexed by the military stage + 1 (it runs from -1): bit k set when OPEN_MOTIONS[k] is out of stage then (outOfStage). */
const OUT_OF_STAGE: number[] = [];
for (let stage = -1; stage <= STAGE_RECALL; stage++) {
  let out = 0;
  for (let k = 0; k < OPEN_KIND.length; k++) {
    const s = stageOf(OPEN_KIND[k]!);
    if (s >= 0 && s < stage) out |= 1 << k;
  }
  OUT_OF_STAGE.push(out);
}

/** The rules of each kind that may be on the open business's agenda, indexed by kind (one read when tabling). */
const RULES_BY_KIND: MotionRules[] = [];
for (const [kind, rules] of OPEN_MOTIONS) RULES_BY_KIND[kind] = rules;
RULES_BY_KIND[DEVELOP] = developRules;

/**
 * One meeting's open business: the factions' own raising (when the military business reaches it),
 * and the kind whose candidates g.cands holds, current until a motion is resolved (-1: none), so
 * that they are not listed again for every faction asked while nothing has changed. Reused (spareBusiness):
 * a meeting takes the one the last gave back, its closure and its list, where each made new ones.
 */
interface Business {
  /** The meeting's game and policies (null while pooled: no game is kept between meetings). */
  g: GameState | null;
  policies: readonly Policy[] | null;
  /** ownLegions(g, policies, true) for this object's game: one closure per pooled object, not per meeting. */
  readonly ownRaise: () => void;
  listed: number;
  /** Per faction, bit k set when its policy is to be asked about OPEN_MOTIONS[k] (not a kind it never proposes). */
  readonly asked: number[];
  /** The kinds some faction is asked about and the variations allow (fixed for the game): only their applicability need be judged. */
  judged: number;
}

/** The Business not in use: a meeting takes it and gives it back (one inside a rollout finds none and makes another; one left by a GameOver is dropped). */
let spareBusiness: Business | null = null;

function newBusiness(): Business {
  const b: Business = { g: null, policies: null, ownRaise: () => ownLegions(b.g!, b.policies!, true), listed: -1, asked: [0, 0, 0, 0, 0], judged: 0 };
  return b;
}

/** Per kind of motion (0..31): bit k when it is OPEN_MOTIONS[k], else 0. */
const OPEN_BIT: readonly number[] = Array.from({ length: 32 }, (_, kind) => {
  const k = OPEN_KIND.indexOf(kind);
  return k < 0 ? 0 : 1 << k;
});

/** Every kind of the open business, as bits of kinds (1 << kind). */
const OPEN_KIND_BITS = OPEN_KIND.reduce((a, kind) => a | (1 << kind), 0);

/** Every OPEN_MOTIONS[k], as bits k. */
const ALL_OPEN = (1 << OPEN_KIND.length) - 1;

/** Bit k set for each OPEN_MOTIONS[k] the variations in play allow. */
function allowedKinds(g: GameState): number {
  let allowed = ALL_OPEN;
  if (!g.variants['land-acts']) allowed &= ~(OPEN_BIT[LAND_ACT]! | OPEN_BIT[REPEAL_LAND_ACT]!);
  if (!g.variants['ror-garrisons']) allowed &= ~(OPEN_BIT[GARRISON]! | OPEN_BIT[RECALL_GARRISON]!);
  if (g.variants.tempo) allowed &= ~OPEN_BIT[CENSURE]!; // Tempo: no miscellaneous motions
  return allowed;
}

/** Every OPEN_MOTIONS[k] as bit k but those of `kinds` (bits 1 << kind): only the kinds given are visited (some four). */
function openWithout(kinds: number): number {
  let open = ALL_OPEN;
  for (let rest = kinds; rest !== 0; rest &= rest - 1) open &= ~OPEN_BIT[31 - Math.clz32(rest & -rest)]!;
  return open;
}

/** openWithout's last answer and the kinds it was for (-1: none yet): the seats' answers are mostly one or two. */
class OpenWithoutKept {
  private kinds = -1;
  private open = ALL_OPEN;

  of(kinds: number): number {
    if (kinds !== this.kinds) {
      this.open = openWithout(kinds);
      this.kinds = kinds;
    }
    return this.open;
  }
}

/** Kept apart: the kinds never proposed are asked once a meeting, the kinds ruled out now at every turn. */
const neverKept = new OpenWithoutKept();
const nowKept = new OpenWithoutKept();

/** Bit k set for each OPEN_MOTIONS[k] the policy may propose (Policy.neverProposes rules the others out). */
const kindsAsked = (policy: Policy): number => neverKept.of((policy.neverProposes ?? 0) & OPEN_KIND_BITS);

/** Bit k set for each OPEN_MOTIONS[k] the policy may propose now (Policy.mayPropose; without it, all). */
const kindsNow = (g: GameState, policy: Policy, f: number): number =>
  policy.mayPropose === undefined ? ALL_OPEN : nowKept.of(~policy.mayPropose(g, f) & OPEN_KIND_BITS);

export function openBusiness(g: GameState, policies: readonly Policy[]): void {
  const n = g.players;
  for (let f = 0; f < n; f++) g.allowance[f] = g.params.motionAllowance;
  g.agendaCount = 0;
  g.militaryStage = -1;
  g.developRequested = 0;
  const ob = spareBusiness ?? newBusiness();
  spareBusiness = null;
  ob.g = g;
  ob.policies = policies;
  const ownRaise = ob.ownRaise;
  ownLegions(g, policies, false); // own legions are disbanded first: no vote, and before anything is raised
  const billsBefore = g.stats.billsIntroduced;
  if (g.variants.bills || g.variants.tempo) billsBusiness(g, policies, ownRaise);
  const asked = ob.asked;
  let anyAsked = 0;
  for (let f = 0; f < policies.length; f++) {
    const a = kindsAsked(policies[f]!);
    asked[f] = a;
    anyAsked |= a;
  }
  ob.listed = -1;
  ob.judged = anyAsked & allowedKinds(g);
  for (let round = 0; ; round++) {
    const made = motionRound(g, policies, ob);
    if (made === 0 && g.agendaCount === 0) break;
    tableAgenda(g, policies, ob);
    if (g.motionBudget === 0) break; // Tempo: the meeting's time is up
  }
  if (g.militaryStage < STAGE_RAISE) ownRaise(); // the factions' own raising, if no military motion opened it
  if (g.motionBudget === 0) g.stats.tempoExhausted++;
  // Tempo's own bills (its third suggestion) count as a change only when the Bills variation is off.
  if (g.variants.tempo && (g.motionBudget === 0 || (!g.variants.bills && g.stats.billsIntroduced > billsBefore))) g.stats.tempoMeetings++;
  recallCommanderless(g);
  ob.g = null;
  ob.policies = null;
  spareBusiness = ob;
}

/**
 * One round of motion-making: clockwise from the Consul's left, his own faction last (as factions
 * declare attendance), each faction first asks aid for its governors' provinces, then may make
 * motions of every kind; one it tables with a tribune is resolved at once, the others join the
 * agenda. Returns how many motions were made.
 */
function motionRound(g: GameState, policies: readonly Policy[], ob: Business): number {
  const n = g.players;
  const c = presidingFaction(g);
  let made = 0;
  // Which kinds may be moved and who is present change only when a motion is resolved: taken once, and again after one.
  let open = openKinds(g, ob.judged);
  let present = presentFactionMask(g);
  let devs = developableMask(g); // likewise the provinces whose development may be asked (a request only takes its own out)
  let governing = devs !== 0 ? governingFactions(g, devs) : 0; // and whose governors they are: only these factions have requests to make
  for (let i = 1, f = c; i <= n; i++) {
    f = f === n - 1 ? 0 : f + 1; // (c + i) % n, without a division per faction
    if ((governing & (1 << f)) !== 0) made += developRequests(g, policies, f, devs);
    if ((present & (1 << f)) === 0) continue;
    if (g.motionBudget === 0) return made;
    const policy = policies[f]!;
    let asked = ob.asked[f]! & kindsNow(g, policy, f);
    // The kinds open now that this faction's policy may propose (the answer for the others is known: no),
    // in order of business; after a motion is resolved, only the later kinds still open remain.
    for (let todo = open & asked; todo !== 0; ) {
      const k = 31 - Math.clz32(todo & -todo);
      todo &= todo - 1;
      const kind = OPEN_KIND[k]!;
      const rules = OPEN_RULES[k]!;
      // The policy is asked here, not in a call of its own: many asks (some 50 of 100 a game) are declined.
      const listed = ob.listed === kind;
      if (rules.candidates !== undefined) ob.listed = kind;
      if (askProposal(g, policies, f, kind, -1, rules, listed) !== true) continue; // (a boolean from a call not inlined: one compare)
      const r = motionMade(g, policies, f, kind, rules, ob);
      if (r === NOT_MADE) continue;
      made++;
      if (r === RESOLVED) {
        open = openKinds(g, ob.judged);
        present = presentFactionMask(g);
        devs = developableMask(g);
        governing = devs !== 0 ? governingFactions(g, devs) : 0;
        asked = ob.asked[f]! & kindsNow(g, policy, f);
        todo = open & asked & ~((2 << k) - 1); // the kinds after k, as they stand now
        if (g.motionBudget === 0 && k < OPEN_MOTIONS.length - 1) return made; // Tempo: time is up before the next kind
      }
    }
  }
  return made;
}

/**
 * Bit k set when OPEN_MOTIONS[k] may be moved now: allowed by the variations, in stage, applicable.
 * Only the kinds in `judged` (asked about and allowed) are judged: in stage by the stage's mask, then applicable.
 */
function openKinds(g: GameState, judged: number): number {
  let open = 0;
  for (let todo = judged & ~OUT_OF_STAGE[g.militaryStage + 1]!; todo !== 0; todo &= todo - 1) {
    const k = 31 - Math.clz32(todo & -todo);
    const rules = OPEN_RULES[k]!;
    if (rules.applicable === undefined || rules.applicable(g) === true) open |= 1 << k; // (a boolean: one compare, not a truthiness test)
  }
  return open;
}

/** What motionMade did: nothing, a motion put on the agenda, or one tabled with a tribune and dealt with. */
const NOT_MADE = 0;
const ON_AGENDA = 1;
const RESOLVED = 2;

/**
 * Faction f made a legal motion of `kind` (in g.motion; one of each kind per round: the next round comes
 * after the agenda is tabled). The same motion as one already made by another faction seconds it instead.
 */
function motionMade(g: GameState, policies: readonly Policy[], f: number, kind: number, rules: MotionRules, ob: Business): number {
  if (isGarrisonKind(kind)) g.stats.rorGarrisonMotions++; // ror-garrisons' trigger: a garrison motion made
  const m = g.motion;
  const key = motionKey(m); // (one key for the search and the agenda)
  const dup = agendaIndex(g, key);
  if (dup >= 0) {
    const a = g.agenda[dup]!;
    if (a.sponsor !== f && a.coSponsor < 0) {
      a.coSponsor = f; // supporting a motion when it is made is co-sponsoring it (Order of Business)
      if (g.trace !== null) log(g, `${factionName(f)} seconds: ${describeMotion(g, a)}`);
    } else policyDuplicate(g, f);
    return NOT_MADE;
  }
  if (g.allowance[f] === 0) {
    g.stats.allowanceBinding++;
    if (g.trace !== null) log(g, `${factionName(f)} has no motion left in this meeting`);
    return NOT_MADE;
  }
  g.allowance[f]--;
  if (!wantsTribune(g, policies, f)) {
    addToAgenda(g, key);
    return ON_AGENDA;
  }
  g.tribunesReal[f]--;
  g.stats.tabledByTribune++;
  m.viaTribune = true;
  m.tabledBy = f;
  if (g.trace !== null) log(g, `${factionName(f)} plays a tribune and tables: ${motionText(g)}`);
  if (!takeMotionSlot(g)) tempoOut(g);
  else if (stillInOrder(g, rules, true)) {
    resolve(g, policies, rules, ob.ownRaise);
    ob.listed = -1; // the game has moved: candidates are listed afresh
  }
  return RESOLVED;
}

/**
 * Development requests of faction f's governors, in province order (they use no allowance), among
 * the provinces `devs` that were developable when it was taken (none has become so since).
 */
function developRequests(g: GameState, policies: readonly Policy[], f: number, devs: number): number {
  let made = 0;
  for (let rest = devs; rest !== 0; rest &= rest - 1) {
    const p = 31 - Math.clz32(rest & -rest);
    const s = g.provGovernor[p]!;
    if (s < 0 || g.senOwner[s] !== f || !developable(g, p)) continue; // (the governor's faction first: one read rules most out)
    g.developRequested |= 1 << p;
    if (!askProposal(g, policies, f, DEVELOP, p, developRules, false, false)) continue; // (every argument given: no defaults filled in)
    addToAgenda(g);
    made++;
  }
  return made;
}

/** The Consul tables every motion on the agenda, one at a time in the order he chooses. */
function tableAgenda(g: GameState, policies: readonly Policy[], ob: Business): void {
  while (g.agendaCount > 0) {
    const chair = presidingFaction(g);
    takeFromAgenda(g, chairChooses(g, policies, chair));
    const m = g.motion;
    m.tabledBy = chair;
    if (g.trace !== null) log(g, `${factionName(chair)} tables: ${motionText(g)}`);
    const rules = RULES_BY_KIND[m.kind]!;
    const listed = ob.listed === m.kind;
    if (rules.candidates !== undefined) ob.listed = m.kind;
    if (stillInOrder(g, rules, listed) !== true) continue; // (a boolean from a call not inlined: one compare)
    // Tempo: a motion that needs a vote takes time; development without aid does not.
    if (!(m.kind === DEVELOP && m.count === 0) && !takeMotionSlot(g)) {
      tempoOut(g);
      continue;
    }
    resolve(g, policies, rules, ob.ownRaise);
    ob.listed = -1; // the game has moved: candidates are listed afresh
  }
}

/** Tempo: the time ran out with this motion waiting; it and the rest of the agenda lapse. */
function tempoOut(g: GameState): void {
  lapse(g, 'no time left in this meeting');
  while (g.agendaCount > 0) {
    takeFromAgenda(g, 0);
    lapse(g, 'no time left in this meeting');
  }
}

const motionText = (g: GameState): string => describeMotion(g, g.motion);
