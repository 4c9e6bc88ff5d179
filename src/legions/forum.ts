// 3. Forum Meeting: attendance, neutral senators, attraction, knights, games, tribunes.
import * as rngModule from '../core/rng.js';
import * as commonModule from './common.js';
import * as incomeModule from './income.js';
import type { Policy } from './policy.js';
import * as frontierModule from './ror/frontier.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { uniformInt } = rngModule;
const { addPrestige, askAttendance, askBool, askedToAttend, changeRI, drawSenator, halfDifferenceFrom, legalInt, log, policyError, presidingFaction, randomNumber } = commonModule;
const { tablePrestige } = incomeModule;
const { resolveCaptive } = frontierModule;
const { AT_FORUM, AT_ROME, influenceOf, lowestSenator, SENATORS, senatorName, shorten, statusOf, factionName } = stateModule;

export function forumStep(g: GameState, policies: readonly Policy[]): void {
  g.step = 'forum';
  g.scratch[4 * g.players] = 0; // the census is taken afresh below: forumSenatorsInRome reads -1 until then
  if (g.rorCaptive >= 0) resolveCaptive(g, policies); // ror-frontier: ransom before the Forum (errata 10.81)
  attendanceAndCensus(g, policies);
  for (let i = 0, neutrals = g.params.neutralSenatorsPerForum; i < neutrals; i++) {
    const s = drawSenator(g);
    if (s < 0) break;
    g.senWhere[s] = AT_FORUM;
    listNeutral(g.forumList, s);
    if (g.trace !== null) log(g, `Neutral senator ${senatorName(s)} turned up in the Forum`);
  }
  forumOrder(g, policies);
  attractNeutrals(g, policies);
  attractFromFactions(g, policies);
  recruitKnights(g, policies);
  sponsorGames(g, policies);
  distributeTribunes(g);
  g.scratch[4 * g.players] = 0; // the census is the Forum's: forumSenatorsInRome reads -1 from here on
}

/**
 * Faction f's senators in Rome as a bit set (bit s: senator s), from the Forum's census: exact from the
 * Forum's attendance to the end of its step (while attraction targets are asked), -1 at any other time
 * (also in a state copied mid-Forum and played on: the step is read too). Players may read it instead
 * of walking the senators.
 */
export function forumSenatorsInRome(g: Readonly<GameState>, f: number): number {
  const n = g.players;
  return g.step === 'forum' && g.scratch[4 * n] !== 0 ? g.scratch[3 * n + f]! : -1;
}

/** Consul's faction first, clockwise; he may decline and play last (Forum Activities). */
function forumOrder(g: GameState, policies: readonly Policy[]): void {
  const c = presidingFaction(g);
  const first = askBool(g, c, policies[c]!.consulPlaysFirst(g, c), 'consulPlaysFirst');
  const n = g.players;
  const order = g.order;
  // From c (or the one to his left), clockwise: f wraps at n (no %).
  for (let i = 0, f = first ? c : c + 1 === n ? 0 : c + 1; i < n; i++, f = f + 1 === n ? 0 : f + 1) order[i] = f;
  if (g.trace !== null) log(g, `Forum order: ${g.order.map(factionName).join(', ')}`);
}

/**
 * The Forum's attendance (each faction's senators in Rome asked from the presiding faction's left, the
 * presiding faction last, as the Senate's in senate/roster.ts takeAttendance: askAttendance; all
 * attend unasked for a policy declaring alwaysAttends), with its
 * census in g.scratch and its face-up neutrals in g.forumList (card order) taken in the same pass over
 * the senators. Census per faction f: its senators in Rome (scratch[f]), how many attend (scratch[n + f]) and which (scratch[2n + f], bit s for senator s),
 * and which are in Rome (scratch[3n + f]); scratch[4n] is not 0 while the census stands (forumSenatorsInRome):
 * bit 0 set, and bit f + 1 when faction f is quorate (keepQuorum). Every change of faction in the Forum
 * updates it (joinFaction), so it is never counted again.
 */
function attendanceAndCensus(g: GameState, policies: readonly Policy[]): void {
  const census = g.scratch;
  const n = g.players;
  const forum = g.forumList;
  // The state's arrays held: V8 re-reads g's fields after every policy call, which it cannot see through.
  const owners = g.senOwner;
  const places = g.senWhere;
  const present = g.senPresent;
  const inRome = 3 * n; // the census's part written in the pass (the others are worked out after it)
  // Held in locals across the pass, the census written once after it: each faction's senators in Rome and
  // attending counted five bits a faction (faction f's at bit 5f: 30 cards fit), and who attends (bit s).
  let romeCounts = 0;
  let attendCounts = 0;
  let attending = 0;
  let k = 0;
  let pending = 0; // senators whose faction's policy is asked about attendance
  const asked = askedToAttend(policies, n); // (bit f: faction f's senators are asked about, not declared to attend)
  for (let f = inRome; f < 4 * n; f++) census[f] = 0;
  for (let s = 0; s < SENATORS; s++) {
    const f = owners[s]!;
    const where = places[s];
    if (f < 0 || where !== AT_ROME) {
      present[s] = 0;
      if (where === AT_FORUM) forum[k++] = s;
      continue;
    }
    const one = 1 << (5 * f);
    romeCounts += one;
    census[inRome + f] |= 1 << s;
    if ((asked & (1 << f)) === 0) {
      present[s] = 1;
      attendCounts += one;
      attending |= 1 << s;
    } else {
      present[s] = 0;
      pending |= 1 << s;
    }
  }
  // The asked factions answer after the pass, in the order of play (askAttendance).
  for (let rest = pending === 0 ? 0 : askAttendance(g, policies, pending); rest !== 0; rest &= rest - 1) {
    const s = lowestSenator(rest);
    attendCounts += 1 << (5 * owners[s]!);
    attending |= 1 << s;
  }
  let flags = 1; // the census stands (bit 0), and bit f + 1 for each faction quorate (keepQuorum)
  for (let f = 0; f < n; f++) {
    const rome = (romeCounts >>> (5 * f)) & 31;
    const attend = (attendCounts >>> (5 * f)) & 31;
    census[f] = rome;
    census[n + f] = attend;
    census[2 * n + f] = census[inRome + f]! & attending;
    if (2 * attend >= rome) flags |= 2 << f;
  }
  census[4 * n] = flags;
  shorten(forum, k); // written over the last Forum's list (emptying it first would free its storage)
}

/** A neutral just drawn joins the face-up list in card order (bids and draws go in that order). */
function listNeutral(forum: number[], s: number): void {
  let i = forum.length;
  forum.push(s);
  for (; i > 0 && forum[i - 1]! > s; i--) forum[i] = forum[i - 1]!;
  forum[i] = s;
}

/** Senator s, won in the Forum, is faction f's in Rome and attends as forumWinAttends says (census kept). */
function joinFaction(g: GameState, s: number, f: number): void {
  const census = g.scratch;
  const n = g.players;
  const owners = g.senOwner;
  const present = g.senPresent;
  const attends = g.params.forumWinAttends; // 0 or 1, written to senPresent and counted
  const owner = owners[s]!;
  if (owner >= 0) {
    census[owner]--;
    census[n + owner] -= present[s]!;
    census[2 * n + owner] &= ~(1 << s);
    census[3 * n + owner] &= ~(1 << s);
    keepQuorum(census, n, owner);
  }
  owners[s] = f;
  g.senWhere[s] = AT_ROME;
  present[s] = attends;
  g.senMovedTurn[s] = g.turn;
  census[f]++;
  census[3 * n + f] |= 1 << s;
  if (attends !== 0) {
    census[n + f]++;
    census[2 * n + f] |= 1 << s;
  }
  keepQuorum(census, n, f);
}

/**
 * At least half (rounded up) of a faction's available senators must attend to attract or recruit:
 * faction f's quorum as bit f + 1 of the census's flag word, set from its counts whenever they change
 * (attendance, joinFaction), so the Forum's several quorum tests read one number. For whole numbers,
 * attending >= ceil(inRome / 2) is 2 * attending >= inRome.
 */
function keepQuorum(census: number[], n: number, f: number): void {
  const bit = 2 << f;
  census[4 * n] = 2 * census[n + f]! >= census[f]! ? census[4 * n]! | bit : census[4 * n]! & ~bit;
}

/** The factions quorate in the Forum, bit f for faction f (kept by keepQuorum). */
function quorumMask(g: GameState): number {
  return g.scratch[4 * g.players]! >> 1;
}

/** Sealed bids on the face-up neutrals; the Consul's side wins ties; draw + bid > Influence + Status. */
function attractNeutrals(g: GameState, policies: readonly Policy[]): void {
  const n = g.players;
  const c = presidingFaction(g);
  const quorum = quorumMask(g);
  // The face-up neutrals, listed in the attendance pass (bids are asked per faction per senator).
  const forum = g.forumList;
  const k = forum.length;
  if (k === 0) return;
  // Held: the bids' loop calls the policies, after which V8 would re-read g's fields.
  const bids = g.bids;
  const treasury = g.treasury;
  for (let f = 0; f < n; f++) {
    const policy = policies[f]!; // read once per faction, not per neutral
    let total = 0;
    let ok = (quorum & (1 << f)) !== 0;
    for (let i = 0; i < k; i++) {
      const s = forum[i]!;
      let b = 0;
      if (ok) {
        b = policy.neutralBid(g, f, s);
        if (b !== 0 && !legalInt(b, influenceOf(s), 1e9)) {
          policyError(g, f, `bid ${String(b)} on ${senatorName(s)} below his Influence ${influenceOf(s)}`);
          ok = false;
        }
      }
      bids[f * SENATORS + i] = b;
      total += b;
    }
    if (!ok || total > treasury[f]!) {
      if (ok) policyError(g, f, `bids total ${total} exceed treasury ${treasury[f]}`);
      for (let i = 0; i < k; i++) bids[f * SENATORS + i] = 0;
    }
  }
  for (let i = 0; i < k; i++) {
    const s = forum[i]!;
    let best = -1;
    let bestBid = 0;
    // Ties go to the Consul, then the nearest to his left: f runs c, c + 1, ... wrapping at n (no %).
    for (let j = 0, f = c; j < n; j++, f = f + 1 === n ? 0 : f + 1) {
      const b = bids[f * SENATORS + i]!;
      if (b > bestBid) {
        best = f;
        bestBid = b;
      }
    }
    if (best < 0) continue;
    treasury[best] -= bestBid;
    const r = randomNumber(g);
    const success = r + bestBid > influenceOf(s) + statusOf(s);
    if (g.trace !== null) log(g, `${factionName(best)} wins the bid for ${senatorName(s)} with ${bestBid}; draws ${r}: ${success ? 'attracted' : 'stays neutral'}`);
    if (success) {
      joinFaction(g, s, best); // he came to the Forum: he attends for his new faction
      g.stats.neutralsAttracted++;
    }
  }
}

function legalAttractTarget(g: GameState, f: number, s: number): boolean {
  if (!legalInt(s, 0, SENATORS - 1)) return false;
  const owner = g.senOwner[s]!; // read once: owned, and not by f
  return owner >= 0 && owner !== f && g.senWhere[s] === AT_ROME &&
    g.senMovedTurn[s] !== g.turn && s !== g.rorCfl; // ror-consul-for-life: he controls every faction (1.09.823)
}

/** Attracting a Senator from another Faction (rules-notes 9): rounds of attempts, one success each. */
function attractFromFactions(g: GameState, policies: readonly Policy[]): void {
  const n = g.players;
  const order = g.order; // held: the loop calls the policies, after which V8 would re-read g's fields
  const rounds = g.params.attractionRounds;
  let active = quorumMask(g); // bit f: faction f is still trying
  for (let round = 0; round < rounds && active; round++) {
    if (round > 0) active &= quorumMask(g); // a faction whose senators were attracted away may fall below quorum
    for (let i = 0; i < n; i++) {
      const f = order[i]!;
      if (!(active & (1 << f))) continue;
      const s = policies[f]!.attractTarget(g, f);
      if (s === -1) {
        active &= ~(1 << f);
        continue;
      }
      if (!legalAttractTarget(g, f, s)) {
        policyError(g, f, `attraction target ${String(s)} is not another faction's senator in Rome`);
        active &= ~(1 << f);
        continue;
      }
      if (attractionContest(g, policies, f, s)) active &= ~(1 << f);
    }
  }
}

/** One contest: alternate raises until both stop; returns whether the senator changed faction. */
function attractionContest(g: GameState, policies: readonly Policy[], f: number, s: number): boolean {
  const owner = g.senOwner[s]!;
  const treasury = g.treasury; // held: the raises are policy calls, after which V8 would re-read g's fields
  let a = policies[f]!.attractRaise(g, f, s, true, 0, 0);
  if (!legalInt(a, 1, treasury[f]!)) {
    policyError(g, f, `opening attraction offer ${String(a)} not in 1..${treasury[f]}`);
    return false;
  }
  let d = 0;
  let idle = 0;
  for (let turnOfDefender = true; idle < 2; turnOfDefender = !turnOfDefender) {
    const who = turnOfDefender ? owner : f;
    const have = treasury[who]! - (turnOfDefender ? d : a);
    const r = policies[who]!.attractRaise(g, who, s, !turnOfDefender, a, d);
    if (r !== 0 && !legalInt(r, 0, have)) policyError(g, who, `attraction raise ${String(r)} not in 0..${have}`);
    if (r > 0 && legalInt(r, 0, have)) {
      if (turnOfDefender) d += r;
      else a += r;
      idle = 0;
    } else idle++;
  }
  treasury[f] -= a;
  treasury[owner] += a - d;
  const r = randomNumber(g);
  const success = r + a > influenceOf(s) + statusOf(s) + d;
  if (g.trace !== null) log(g, `${factionName(f)} tries to attract ${senatorName(s)} from ${factionName(owner)}: ${a} against ${d}, draws ${r}: ${success ? 'success' : 'fails'}`);
  if (success) {
    joinFaction(g, s, f);
    g.stats.senatorsAttracted++;
  }
  return success;
}

/** Recruit Knights: one attempt per present senator, success if the half random difference <= Talents paid. */
function recruitKnights(g: GameState, policies: readonly Policy[]): void {
  const p = g.params;
  const n = g.players;
  const quorum = quorumMask(g);
  // Held: the loops call the policies, after which V8 would re-read g's fields.
  const order = g.order;
  const attending = g.scratch;
  const treasury = g.treasury;
  const knights = g.knights;
  const cards = g.rng.cards; // the red and yellow cards' stream (randomNumber's), one object for the whole game
  const tracing = g.trace !== null; // (read once, not at each attempt: no policy can start or stop the trace)
  for (let i = 0; i < n; i++) {
    const f = order[i]!;
    const policy = policies[f]!;
    let attempted = false;
    if (quorum & (1 << f)) {
      // Each of its senators attending in Rome, in card order (the census's bit set, lowest bit first).
      for (let present = attending[2 * n + f]!; present !== 0; present &= present - 1) {
        const s = lowestSenator(present);
        const t = policy.knightSpend(g, f, s);
        if (t === -1) continue;
        if (!legalInt(t, 0, treasury[f]!)) {
          policyError(g, f, `knight spend ${String(t)} not in 0..${treasury[f]}`);
          continue;
        }
        attempted = true;
        treasury[f] -= t;
        const d = halfDifferenceFrom(cards); // the half random difference
        if (d <= t) knights[f]++;
        if (tracing) log(g, `${factionName(f)} pays ${t} for a knight (difference ${d}): ${d <= t ? 'recruited' : 'none'}`);
      }
    }
    if (attempted) continue;
    // The alternative to recruiting: knights donate and leave.
    const k = policy.knightDonations(g, f);
    if (k === 0) continue;
    if (!legalInt(k, 0, knights[f]!)) {
      policyError(g, f, `knight donations ${String(k)} not in 0..${knights[f]}`);
      continue;
    }
    knights[f] -= k;
    treasury[f] += k * p.knightDonation;
    if (g.trace !== null) log(g, `${k} knights of ${factionName(f)} donate ${k * p.knightDonation} and leave`);
  }
}

/** Sponsor Games: Prestige and a lower Revolution Index by the highest level paid (rules-notes 27). */
function sponsorGames(g: GameState, policies: readonly Policy[]): void {
  const p = g.params;
  const n = g.players;
  const order = g.order; // held: the loop calls the policies, after which V8 would re-read g's fields
  const treasury = g.treasury;
  for (let i = 0; i < n; i++) {
    const f = order[i]!;
    const t = policies[f]!.games(g, f);
    if (t === 0) continue;
    if (!legalInt(t, 0, treasury[f]!)) {
      policyError(g, f, `games ${String(t)} not in 0..${treasury[f]}`);
      continue;
    }
    treasury[f] -= t;
    addPrestige(g, f, tablePrestige(p.gamesThresholds, p.gamesPrestige, t));
    changeRI(g, -tablePrestige(p.gamesThresholds, p.gamesUnrest, t));
    if (g.trace !== null) log(g, `${factionName(f)} sponsors Games for ${t}; RI ${g.ri}`);
  }
}

/** Tribunes (rules-notes 7, 29): 3 real among 9 stones (3 each) or 10 stones (2 each), redealt every turn. */
export function distributeTribunes(g: GameState): void {
  const n = g.players;
  const perPlayer = n === 3 ? 3 : 2;
  const stones = n === 3 ? 9 : 10;
  // The bag (the real stones first) shuffled as rng's shuffle does it, Fisher-Yates with the same draws in the
  // same order, following only the places of the three real stones: no bag to fill, swap and count out.
  const rng = g.rng.tribunes;
  let a = 0;
  let b = 1;
  let c = 2;
  for (let i = stones - 1; i > 0; i--) {
    const j = uniformInt(rng, i + 1); // the stones at places i and j swap
    a = a === i ? j : a === j ? i : a;
    b = b === i ? j : b === j ? i : b;
    c = c === i ? j : c === j ? i : c;
  }
  // Faction f holds places f * perPlayer to f * perPlayer + perPlayer - 1.
  const fa = (a / perPlayer) | 0;
  const fb = (b / perPlayer) | 0;
  const fc = (c / perPlayer) | 0;
  const real = g.tribunesReal;
  const dummy = g.tribunesDummy;
  for (let f = 0; f < n; f++) {
    const r = (fa === f ? 1 : 0) + (fb === f ? 1 : 0) + (fc === f ? 1 : 0);
    real[f] = r;
    dummy[f] = perPlayer - r;
  }
  if (g.trace !== null) log(g, `Tribunes dealt (real): ${g.tribunesReal.join('/')}`);
}
