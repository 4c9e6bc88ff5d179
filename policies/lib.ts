// Reading the game for policies: small queries over the public state, shared by the built-in policies.
import type { GameView } from '../src/legions/policy.js';
import * as policyModule from '../src/legions/policy.js';
import type { GameState } from '../src/legions/state.js';
import * as stateModule from '../src/legions/state.js';
import * as motionModule from '../src/legions/motion.js';
import * as agendaModule from '../src/legions/senate/agenda.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { factionLegionsAt, garrisonLegions, legionsAt, popcount, raiseCost } = policyModule;
const { AT_COMMANDER, AT_GOVERNOR, AT_ROME, FL_BOX, influenceOf, MAX_DET, statusOf } = stateModule;
const { keyKind, keyTarget } = motionModule;
const { listingByOwner } = agendaModule;

export { AT_FORUM, AT_ROME, FL_BOX, FL_NONE, influenceOf, militaryRatingOf, statusOf } from '../src/legions/state.js';
export {
  factionLegionsAt, legionsAt, popcount, raiseCost,
  detCommander, detFactionMask, detLegions, detLossTurn, detStateLegions, freeDetachment, maxDetachments, movableMask,
  movableState, reinforceable,
} from '../src/legions/policy.js';

/** Total legions a war wants: legions + MR (at most the legions) at least armies + margin. */
export function legionsWanted(g: GameView, w: number, mr: number, margin: number): number {
  const target = g.wars.armies[w]! + margin;
  return Math.max(Math.ceil(target / 2), target - mr);
}

/**
 * The faction legions in the box sent with `count` State legions toward `need`: the sender's own (`me`)
 * first, then clockwise from it (from seat 0 the low seats' legions would earn the victories' Prestige).
 */
export function boxLegionsSent(boxMask: number, count: number, need: number, me: number): number {
  const from = me > 0 ? me : 0;
  let mask = 0;
  let sent = count;
  for (let rest = boxMask & (-1 << from); rest !== 0 && sent < need; rest &= rest - 1, sent++) mask |= rest & -rest;
  for (let rest = boxMask & ~(-1 << from); rest !== 0 && sent < need; rest &= rest - 1, sent++) mask |= rest & -rest;
  return mask;
}

/** The State's committed costs next turn: wars, legion upkeep, commanders, plus a margin. */
export function stateReserve(g: GameView): number {
  takeWarsCensus(g);
  return reserveOf(g, census.active, census.commanders, census.legions);
}

/**
 * The wars' census that policies read before most decisions: active wars (how many, and which as a
 * mask), their commanders, State legions at war, and the turns in which wars not yet established
 * are due. Taken once per state of the wars and kept for the last game read, under its warsVersion:
 * every write to a war's status, turn, commander, State legions or armies, to a faction legion's place
 * or to a garrison takes a new one (state.ts warsChanged).
 */
const census = { of: null as GameView | null, version: -1, active: 0, activeMask: 0, commanders: 0, legions: 0, dueTurns: 0 };

/**
 * Tests (tests/setup.ts turns it on for every test): what the census was taken from is kept too, and
 * every read under an unchanged version checks that the wars are still what they were, so a write
 * without warsChanged throws instead of playing on with a stale census.
 */
const verifyCensus = { on: false }; // (a field never written outside tests: V8 folds it to a constant, no test per read)
const takenFrom: number[] = [];
export function setVerifyWarsCensus(on: boolean): void {
  verifyCensus.on = on;
  census.of = null;
  kept.of = null;
  closeKept.of = null;
}

/** Bit t of dueTurns: a war not yet established is due in turn t (turns from 31 on are read from the wars). */
const LATE_TURN = 31;
/** Bit w of activeMask: war w is active (wars from 31 on are read from the wars). */
const MASK_WARS = 31;

function takeWarsCensus(g: GameView): void {
  if (g === census.of && g.warsVersion === census.version) {
    if (verifyCensus.on && !sameWars(g)) {
      throw new Error(`the wars' census kept under version ${census.version} is stale: the wars were written without warsChanged`);
    }
    return;
  }
  const w = g.wars;
  let active = 0;
  let activeMask = 0;
  let commanders = 0;
  let legions = 0;
  let dueTurns = 0;
  for (let i = 0; i < w.status.length; i++) {
    const st = w.status[i];
    const t = w.turn[i]!;
    if (st === 1) {
      active++;
      if (i < MASK_WARS) activeMask |= 1 << i;
    } else if (st === 0 && t >= 0 && t < LATE_TURN) dueTurns |= 1 << t;
    if (w.commander[i]! >= 0) commanders++;
    legions += w.stateLegions[i]!;
  }
  census.of = g;
  census.version = g.warsVersion;
  census.active = active;
  census.activeMask = activeMask;
  census.commanders = commanders;
  census.legions = legions;
  census.dueTurns = dueTurns;
  if (verifyCensus.on) keepWars(g);
}

/** Checking only: what the census reads, kept (status, turn, commander and State legions of each war). */
function keepWars(g: GameView): void {
  const w = g.wars;
  takenFrom.length = 0;
  for (let i = 0; i < w.status.length; i++) takenFrom.push(w.status[i]!, w.turn[i]!, w.commander[i]!, w.stateLegions[i]!);
}

function sameWars(g: GameView): boolean {
  const w = g.wars;
  if (takenFrom.length !== 4 * w.status.length) return false;
  for (let i = 0; i < w.status.length; i++) {
    const k = 4 * i;
    if (takenFrom[k] !== w.status[i] || takenFrom[k + 1] !== w.turn[i] || takenFrom[k + 2] !== w.commander[i] || takenFrom[k + 3] !== w.stateLegions[i]) return false;
  }
  return true;
}

/**
 * Legions to raise, kept for the last state asked: every voter on a levy asks it of the same state (some 32
 * of 38 asks a game), and its answer depends on the asker's margin only. Besides what warsVersion covers
 * (the wars, armies included, the faction legions and the garrisons) it reads the box, the Treasury and
 * the cost of a legion (Manpower Shortage), which key it with the margin.
 */
const kept = { of: null as GameView | null, version: -1, box: -1, treasury: -1, cost: -1, margin: -1, count: 0 };

/** State legions the active wars still want beyond those in the box, within the limit and the purse. */
export function legionsToRaise(g: GameView, margin: number): number {
  const cost = raiseCost(g);
  if (g === kept.of && g.warsVersion === kept.version && g.legionsBox === kept.box && g.stateTreasury === kept.treasury && cost === kept.cost && margin === kept.margin) {
    if (verifyCensus.on && freshLegionsToRaise(g, margin, cost) !== kept.count) {
      throw new Error(`legionsToRaise kept under version ${kept.version} is stale: armies, faction legions or garrisons were written without warsChanged`);
    }
    return kept.count;
  }
  const count = freshLegionsToRaise(g, margin, cost);
  kept.of = g;
  kept.version = g.warsVersion;
  kept.box = g.legionsBox;
  kept.treasury = g.stateTreasury;
  kept.cost = cost;
  kept.margin = margin;
  kept.count = count;
  return count;
}

function freshLegionsToRaise(g: GameView, margin: number, cost: number): number {
  const want = warsWant(g, margin) - g.legionsBox - popcount(factionLegionsAt(g, FL_BOX));
  const room = g.params.maxStateLegions - stateLegions(g);
  const afford = Math.floor((g.stateTreasury - stateReserve(g) + g.params.warCost) / (cost + g.params.legionUpkeep));
  return Math.max(0, Math.min(want, room, afford));
}

/** Legions the active wars want beyond those they have (each reaching armies + margin with a rating of 2). */
export function warsWant(g: GameView, margin: number): number {
  let want = 0;
  for (let w = nextActiveWar(g, 0); w >= 0; w = nextActiveWar(g, w + 1)) {
    want += Math.max(0, legionsWanted(g, w, 2, margin) - legionsAt(g, w));
  }
  return want;
}

/** A war not yet established is due next turn (the board's schedule). */
export function warDueNextTurn(g: GameView): boolean {
  takeWarsCensus(g);
  return dueNextTurn(g);
}

/** warDueNextTurn from the census just taken. */
function dueNextTurn(g: GameView): boolean {
  const next = g.turn + 1;
  if (next >= 0 && next < LATE_TURN) return (census.dueTurns & (1 << next)) !== 0;
  return lateWarDue(g, next);
}

/** A war not yet established due in turn `turn` past the census's bits (read from the wars). */
function lateWarDue(g: GameView, turn: number): boolean {
  const w = g.wars;
  for (let i = 0; i < w.status.length; i++) if (w.status[i] === 0 && w.turn[i] === turn) return true;
  return false;
}

const garrisons = (g: GameView): number => garrisonLegions(g as GameState);

/** Active wars (status 1), from the census. */
export function activeWars(g: GameView): number {
  takeWarsCensus(g);
  return census.active;
}

/** State legions in existence (box, wars, garrisons), the wars' from the census. */
export function stateLegions(g: GameView): number {
  takeWarsCensus(g);
  return g.legionsBox + garrisons(g) + census.legions;
}

/**
 * The first active war from war `from` on, else -1: the census's mask gives it without reading every
 * war (`for (let w = nextActiveWar(g, 0); w >= 0; w = nextActiveWar(g, w + 1))` visits them in order).
 */
export function nextActiveWar(g: GameView, from: number): number {
  takeWarsCensus(g);
  if (from < MASK_WARS) {
    const rest = census.activeMask & (-1 << from);
    if (rest !== 0) return 31 - Math.clz32(rest & -rest);
    from = MASK_WARS;
  }
  const st = g.wars.status;
  for (let w = from; w < st.length; w++) if (st[w] === 1) return w;
  return -1;
}

/** stateReserve from its census (active wars, commanders, State legions at war): one pass serves every caller. */
function reserveOf(g: GameView, active: number, commanders: number, warLegions: number): number {
  const p = g.params;
  return p.warCost * (active + 1) + p.legionUpkeep * (g.legionsBox + garrisons(g) + warLegions) + commanders + 10;
}

/** Places in the candidates' census's masks: nobody's (-2, unused), neutrals' (-1) and up to five factions'. */
const CENSUS_OWNERS = 7;

/**
 * The candidates' census that nominations and commands read, for the game's list of candidates
 * (g.cands) as last listed: per owner, at index owner + 2 (1: neutrals', then each faction's), the
 * set of its candidates as a bitmask of cards, and `all`, every candidate's. The highest card is the
 * mask's top bit; the highest Status (the first listed among equals) is read from the mask too when
 * the list is in ascending card order, as the engine lists it (the first listed of a Status is then
 * the lowest card), and from the list otherwise. Five factions ask about the same list in turn, so it
 * is read once per listing, not once per faction: kept under the listing's number (g.candsListing),
 * which every listing and every move of a senator renews (state.ts candsChanged). The masks are a typed
 * array: V8 checks less per store into one than into an array of numbers (the pass below stores per candidate).
 */
const candsCensus = { of: null as GameView | null, listing: -1, masks: new Int32Array(CENSUS_OWNERS), all: 0, ascending: true };

/** Tests (tests/setup.ts): every read of the candidates' census is checked against a fresh pass over the list. */
const verifyCands = { on: false }; // (never written outside tests: folded to a constant, as verifyCensus)
export function setVerifyCandsCensus(on: boolean): void {
  verifyCands.on = on;
  candsCensus.of = null;
}

/** The census of g.cands, taken afresh when the list was listed again or a senator moved since. */
function takeCandsCensus(g: GameView): void {
  if (g === candsCensus.of && g.candsListing === candsCensus.listing) return;
  retakeCandsCensus(g);
}

/** takeCandsCensus's retake (from the listing's mask, else a pass over the list), its own function so the test of the listing inlines into every read. */
function retakeCandsCensus(g: GameView): void {
  const masks = candsCensus.masks;
  // A listing the engine made from a mask (every base-game listing): its owners' sets from the Senate's roster, no pass over the list.
  let all = listingByOwner(g as GameState, masks);
  let ascending = true; // (a mask's listing is in card order)
  if (all === -1) {
    // Every place cleared, a fixed count (places past the players' are never read): g.players is not reread per store.
    for (let i = 0; i < CENSUS_OWNERS; i++) masks[i] = 0;
    const c = g.cands;
    const owner = g.senOwner;
    all = 0;
    for (let k = 0, n = c.length; k < n; k++) {
      const s = c[k]!;
      const bit = 1 << s;
      if (bit <= all) ascending = false; // (a card not above every card listed before it: out of card order)
      all |= bit;
      masks[owner[s]! + 2] |= bit;
    }
  }
  candsCensus.all = all;
  candsCensus.ascending = ascending;
  candsCensus.of = g;
  candsCensus.listing = g.candsListing;
}

/** Whether owner (-2 any, -1 neutrals, or a faction) has a place in the census of the list `cands`. */
const inCensus = (g: GameView, cands: readonly number[], owner: number): boolean =>
  cands === g.cands && owner >= -2 && owner < g.players && owner === (owner | 0);

/** Tests: a read of the census against a fresh pass over the list. */
function checkCands(kept: number, fresh: number, what: string): void {
  if (kept !== fresh) throw new Error(`the candidates' census is stale (${what}: kept ${kept}, fresh ${fresh}): g.cands or a candidate's owner changed without candsChanged`);
}

/** Highest card of `owner` from the census (owner -2 has no mask of its own: nobody's senator is owned by -2). */
const censusCard = (owner: number): number => (owner === -2 ? -1 : 31 - Math.clz32(candsCensus.masks[owner + 2]!));

/**
 * Highest Status of `owner` (-2 any) from the census: out of card order the first listed of a Status
 * need not be the lowest card, so such a list is read instead.
 */
const censusStatus = (g: GameView, cands: readonly number[], owner: number): number =>
  candsCensus.ascending ? topStatus(owner === -2 ? candsCensus.all : candsCensus.masks[owner + 2]!) : scanHighestStatus(g, cands, owner);

/**
 * The card of highest Status in a mask of cards, the lowest card among equals, else -1. Status is
 * card % 10 + 1: the three colours' decades folded onto one give the highest Status digit present.
 */
function topStatus(m: number): number {
  const digits = (m | (m >>> 10) | (m >>> 20)) & 0x3ff;
  if (digits === 0) return -1;
  const d = 31 - Math.clz32(digits);
  return m & (1 << d) ? d : m & (1 << (d + 10)) ? d + 10 : d + 20;
}

/**
 * The best candidate of `me` (highest card, i.e. highest influence then Status), else -1: from the
 * census when `cands` is the game's list (checked in tests against a pass over the list), else from
 * the list itself.
 */
export function bestOwn(g: GameView, me: number, cands: readonly number[]): number {
  if (!inCensus(g, cands, me)) return scanBestOwn(g, cands, me);
  takeCandsCensus(g);
  const b = censusCard(me);
  if (verifyCands.on) checkCands(b, scanBestOwn(g, cands, me), 'highest card');
  return b;
}

function scanBestOwn(g: GameView, cands: readonly number[], me: number): number {
  let b = -1;
  for (const s of cands) if (g.senOwner[s] === me && s > b) b = s;
  return b;
}

/** Highest Status among candidates of faction `owner` (any faction when owner is -2), else -1; from the census as bestOwn. */
export function highestStatus(g: GameView, cands: readonly number[], owner: number): number {
  if (!inCensus(g, cands, owner)) return scanHighestStatus(g, cands, owner);
  takeCandsCensus(g);
  const b = censusStatus(g, cands, owner);
  if (verifyCands.on) checkCands(b, scanHighestStatus(g, cands, owner), 'highest Status');
  return b;
}

function scanHighestStatus(g: GameView, cands: readonly number[], owner: number): number {
  let b = -1;
  let bStatus = 0;
  for (let k = 0; k < cands.length; k++) {
    const s = cands[k]!;
    if (owner !== -2 && g.senOwner[s] !== owner) continue;
    const st = statusOf(s);
    if (b < 0 || st > bStatus) {
      b = s;
      bStatus = st;
    }
  }
  return b;
}

/** The faction of most Prestige but `except`; a tie goes clockwise from `except` (ties to seat 0 made it everyone's target). */
export function leader(g: GameView, except: number): number {
  const prestige = g.prestige; // (held: read through g, each faction's test reloaded and checked it)
  const n = g.players;
  let b = -1;
  for (let k = 1, f = except + 1; k <= n; k++, f++) {
    if (f === n) f = 0;
    if (f !== except && (b < 0 || prestige[f]! > prestige[b]!)) b = f;
  }
  return b;
}

/**
 * collapseClose's last answer below an index of 8, and what it read besides the wars (their version):
 * some 85 % of its 330 asks a game find the same game, wars, Treasury, box and turn as the ask before.
 */
const closeKept = { of: null as GameView | null, version: -1, treasury: -1, box: -1, turn: -1, close: false };

/** Collapse is close: high index, a thin treasury, too many wars, or a war now and another due next turn. */
export function collapseClose(g: GameView): boolean {
  if (g.ri >= 8) return true;
  if (g === closeKept.of && g.warsVersion === closeKept.version && g.stateTreasury === closeKept.treasury && g.legionsBox === closeKept.box && g.turn === closeKept.turn) {
    if (verifyCensus.on && freshCollapseClose(g) !== closeKept.close) throw new Error(`collapseClose kept under version ${closeKept.version} is stale`);
    return closeKept.close;
  }
  const close = freshCollapseClose(g);
  closeKept.of = g;
  closeKept.version = g.warsVersion;
  closeKept.treasury = g.stateTreasury;
  closeKept.box = g.legionsBox;
  closeKept.turn = g.turn;
  closeKept.close = close;
  return close;
}

/** collapseClose below an index of 8, from the wars' census. */
function freshCollapseClose(g: GameView): boolean {
  takeWarsCensus(g);
  // Two wars at once, or a war now and another due next turn: close, whatever the treasury.
  if (census.active >= 2 || (census.active > 0 && dueNextTurn(g))) return true;
  return g.stateTreasury < reserveOf(g, census.active, census.commanders, census.legions);
}

/** Owner of senator s, or -1 for none (never indexes with -1: a negative index is a slow path in V8). */
export const ownerOf = (g: GameView, s: number): number => (s >= 0 ? g.senOwner[s]! : -1);

/** A motion of `kind` (at `target`, or any target when -1) already on the agenda, by anyone (-1 none): its index. */
export function pendingLike(g: GameView, kind: number, target: number): number {
  for (let i = 0; i < g.agendaCount; i++) {
    const m = g.agenda[i]!;
    if (m.kind === kind && (target < 0 || m.target === target)) return i;
  }
  return -1;
}

/** Whether a motion of `kind` at `target` was defeated or vetoed this turn (whoever moved it). */
export function failedOn(g: GameView, kind: number, target: number): boolean {
  if (g.failedTurn !== g.turn) return false;
  for (const k of g.failedMotions) if (keyKind(k) === kind && keyTarget(k) === target) return true;
  return false;
}

/** The Consul's personal Prestige for the State of the Republic if faction f held the office. */
export function consulPrestigeOf(g: GameView, f: number): number {
  let n = 0;
  for (let s = 0; s < 30; s++) if (g.senOwner[s] === f) n++;
  return n ? Math.ceil(g.prestige[f]! / n) : 0;
}

/**
 * A faction's standing for judging its gains: Prestige plus what it holds now (Consul 4, Censor 2,
 * each governorship, command and concession 1), so a faction already in office looks further ahead.
 */
export function standing(g: GameView, f: number): number {
  return standingDiff(g, f, -1);
}

/** standing(g, a) - standing(g, b) in one pass over the senators (b = -1: standing(g, a) alone). */
export function standingDiff(g: GameView, a: number, b: number): number {
  return standingBase(g, a, b) + postsDiff(g, a, b);
}

/**
 * Whether standing(g, a) - standing(g, b) >= margin. The posts (governorships and commands) move the
 * difference by at most postsMax either way: the senators are read only when that could decide.
 */
export function standingAtLeast(g: GameView, a: number, b: number, margin: number): boolean {
  // Prestige alone often decides: the offices and concessions move the difference by at most OFFICES_MAX more.
  const d = g.prestige[a]! - (b >= 0 ? g.prestige[b]! : 0);
  // The posts never exceed the senators: when even that cannot reach the margin, the wars' census is not read.
  if (d + OFFICES_MAX + SENATORS_MAX < margin) return false;
  const posts = postsMax(g);
  if (d + OFFICES_MAX + posts < margin) return false;
  if (d - OFFICES_MAX - posts >= margin) return true;
  const v = standingBase(g, a, b);
  if (v + posts < margin) return false;
  if (v - posts >= margin) return true;
  return v + postsDiff(g, a, b) >= margin;
}

const SENATORS_MAX = 30;

/**
 * The most posts a faction can hold now, so the most they move a difference of standing: a governor
 * per province and a commander per detachment of each active war (commanders come home when a war
 * ends), and never more than the senators. Checked in tests against the senators at their posts.
 */
function postsMax(g: GameView): number {
  takeWarsCensus(g);
  const most = Math.min(SENATORS_MAX, g.provGovernor.length + census.active * MAX_DET);
  if (verifyCensus.on) checkPostsMax(g, most);
  return most;
}

function checkPostsMax(g: GameView, most: number): void {
  let held = 0;
  for (let s = 0; s < SENATORS_MAX; s++) if (g.senWhere[s] === AT_GOVERNOR || g.senWhere[s] === AT_COMMANDER) held++;
  if (held > most) throw new Error(`${held} senators hold posts, more than the ${most} that standingAtLeast allows for`);
}

/** The most the offices and concessions move a difference of standing: Consul 4, Censor 2, five concessions. */
const OFFICES_MAX = 4 + 2 + 5;

/** The difference of standing without the posts: Prestige, the Consul and Censor, concessions. */
function standingBase(g: GameView, a: number, b: number): number {
  let v = g.prestige[a]! - (b >= 0 ? g.prestige[b]! : 0);
  const consul = ownerOf(g, g.consul);
  const censor = ownerOf(g, g.censor);
  if (consul === a) v += 4;
  else if (consul === b && b >= 0) v -= 4;
  if (censor === a) v += 2;
  else if (censor === b && b >= 0) v -= 2;
  for (let c = 0; c < 5; c++) {
    const o = ownerOf(g, g.cardWhere[c]!);
    if (o === a) v++;
    else if (o === b && b >= 0) v--;
  }
  return v;
}

/** a's governorships and commands minus b's (b = -1: a's alone). */
function postsDiff(g: GameView, a: number, b: number): number {
  let v = 0;
  for (let s = 0; s < SENATORS_MAX; s++) {
    const where = g.senWhere[s];
    if (where !== AT_GOVERNOR && where !== AT_COMMANDER) continue; // most senators hold no post: one read rules them out
    const o = g.senOwner[s]!;
    if (o === a) v++;
    else if (o === b && b >= 0) v--;
  }
  return v;
}

/** Votes faction f commands now before buying any: its present senators in Rome by colour, plus knights if any is present. */
export function votePower(g: GameView, f: number): number {
  let v = 0;
  for (let s = 0; s < 30; s++) if (g.senOwner[s] === f && g.senWhere[s] === AT_ROME && g.senPresent[s]) v += influenceOf(s);
  return v > 0 ? v + g.knights[f]! : 0;
}
