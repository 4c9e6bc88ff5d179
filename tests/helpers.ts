// Shared helpers for the LEGIONS tests: configurations, forced card draws, stub policies, invariants.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Stream } from '../src/core/rng.js';
import { defaultBoard } from '../src/legions/board.js';
import { type GameConfig, playGame } from '../src/legions/game.js';
import { defaultParams, type RulesParams } from '../src/legions/params.js';
import { naturalNext, type Policy } from '../src/legions/policy.js';
import {
  AT_COMMANDER, AT_DECK, AT_FORUM, AT_GOVERNOR, AT_MASTER_OF_HORSE, AT_ROME, CARD_DECK, CONCESSIONS, FL_BOX, FL_NONE, type GameState,
  MAX_DET, SENATORS, warsChanged,
} from '../src/legions/state.js';
import { noVariants, parseVariants, VARIANT_NAMES } from '../src/legions/variants.js';
import { makePolicy } from '../policies/index.js';

/** A game configuration with the default rules, board and no variants (params may be tweaked). */
export function makeConfig(players: number, tweak?: (p: RulesParams) => void): GameConfig {
  const params = defaultParams();
  if (tweak) tweak(params);
  return { players, params, board: defaultBoard(), variants: noVariants() };
}

/** Five players, the base game and every variation at once: the fields a check over whole games plays. */
export const BASE_AND_EVERY_VARIATION: readonly (readonly [string, GameConfig])[] = [
  ['base game', makeConfig(5)],
  ['every variation', { ...makeConfig(5), variants: parseVariants([...VARIANT_NAMES]) }],
];

/** Policy's hints of an answer fixed for the whole game, each with the method it answers for. */
const HINTED: Readonly<Record<string, string>> = { alwaysAttends: 'attend', neverTransfers: 'transfer' };

/**
 * The policy `p`, answering through `watch(p)`'s methods where it has them (each may check what the
 * engine hands over or what `p` answers, then answer as `p`) and as `p` everywhere else. A method
 * answered by the watcher drops `p`'s hint for it (HINTED), so the engine asks the watcher.
 */
export function watchPolicy<P extends Policy>(p: P, watch: (self: P) => Partial<Policy>): Policy {
  const over = watch(p) as Record<PropertyKey, unknown>;
  return new Proxy(p, {
    get(target, key) {
      if (Object.prototype.hasOwnProperty.call(over, key)) return over[key];
      if (typeof key === 'string' && Object.prototype.hasOwnProperty.call(HINTED, key) &&
        Object.prototype.hasOwnProperty.call(over, HINTED[key]!)) return undefined;
      const v = Reflect.get(target, key) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  }) as Policy;
}

/** `p` answering as itself, with `at(g)` run on the state before each of its proposals and votes. */
export function atProposalsAndVotes(p: Policy, at: (g: GameState) => void): Policy {
  return watchPolicy(p, (target) => ({
    propose: (g, me, m, cands) => {
      at(g as GameState);
      return target.propose(g, me, m, cands);
    },
    vote: (g, me, m) => {
      at(g as GameState);
      return target.vote(g, me, m);
    },
  }));
}

/**
 * At every proposal and vote of 20 whole games of a mixed five-seat lineup (`seed` their master seed):
 * `kept(g)` against `fresh(g)`, two bit sets the engine must agree on. Returns how often they were compared,
 * how often the set was not empty, and each disagreement.
 */
export function masksAgreeInGames(cfg: GameConfig, seed: string, kept: (g: GameState) => number, fresh: (g: GameState) => number): { asked: number; some: number; wrong: string[] } {
  const lineup = ['competent', 'statesman', 'opportunist', 'competent', 'random'];
  const r = { asked: 0, some: 0, wrong: [] as string[] };
  const compare = (g: GameState): void => {
    r.asked++;
    const k = kept(g);
    const f = fresh(g);
    if (k !== 0) r.some++;
    if (k !== f) r.wrong.push(`turn ${g.turn}: ${k.toString(2)} for ${f.toString(2)}`);
  };
  for (let i = 0; i < 20; i++) playGame(cfg, seed, i, lineup.map((n) => atProposalsAndVotes(makePolicy(n), compare)));
  return r;
}

/**
 * A fake card stream: each `randomNumber` draw (uniformInt(p, 10) + 1) yields the next of `numbers`
 * (1..10). uniformInt takes int32() >>> 0 and returns it mod 10 when below the rejection limit, so
 * returning number - 1 gives exactly that card. Throws when the script runs out, so a test notices an
 * unexpected extra draw. `used()` tells how many were drawn.
 */
export interface ForcedCards extends Stream {
  used(): number;
}

export function forcedCards(numbers: readonly number[]): ForcedCards {
  for (const n of numbers) {
    if (!Number.isInteger(n) || n < 1 || n > 10) throw new Error(`forced card ${n} is not 1..10`);
  }
  let i = 0;
  const next = (): number => {
    if (i >= numbers.length) throw new Error(`forced card stream exhausted after ${numbers.length} draws`);
    return numbers[i++]! - 1;
  };
  const f = (() => next() / 4294967296) as unknown as ForcedCards;
  Object.assign(f, {
    int32: next,
    double: () => next() / 4294967296,
    quick: () => next() / 4294967296,
    state: () => {
      throw new Error('forced card stream cannot be saved');
    },
    used: () => i,
  });
  return f;
}

/**
 * A policy that declines everything: no claims, donations, transfers, bids, knights, games, motions;
 * attends every meeting; votes against; consents to nothing. Override single methods with `over`.
 */
export function stubPolicy(over: Partial<Policy> = {}): Policy {
  const base: Policy = {
    name: 'stub',
    init: () => {},
    claimIncome: () => false,
    doubleLandCommission: () => false,
    donation: () => 0,
    transfer: () => 0,
    attend: () => true,
    consulPlaysFirst: () => true,
    neutralBid: () => 0,
    attractTarget: () => -1,
    attractRaise: () => 0,
    knightSpend: () => -1,
    knightDonations: () => 0,
    games: () => 0,
    propose: () => false,
    tableNext: (g) => naturalNext(g),
    useTribune: () => false,
    objectToRuling: () => false,
    ownLegion: () => false,
    coSponsor: () => false,
    veto: () => false,
    vote: () => -1,
    buyVotes: () => 0,
    tieBreak: () => false,
    consent: () => false,
    stepDown: () => false,
    proposeBill: () => false,
    closeDebate: () => false,
    penalize: () => false,
    chooseLosses: () => 0,
    claimSpoils: () => 0,
    payRansom: () => false,
    assassinTarget: () => -1,
    assassin: () => -1,
    hireAssassins: () => 0,
    bodyguards: () => 0,
    repopulationPick: (_g, _me, c) => c[0] ?? -1,
  };
  return { ...base, ...over };
}

export function stubPolicies(players: number, over: (f: number) => Partial<Policy> = () => ({})): Policy[] {
  return Array.from({ length: players }, (_, f) => stubPolicy(over(f)));
}

/** The senator cards in the deck ring buffer, top first. */
export function deckCards(g: GameState): number[] {
  const out: number[] = [];
  for (let i = 0; i < g.deckCount; i++) out.push(g.deck[(g.deckHead + i) % SENATORS]!);
  return out;
}

/** Takes senator `s` out of the senator deck (keeping the ring buffer consistent); throws if absent. */
export function takeFromDeck(g: GameState, s: number): void {
  const cards = deckCards(g);
  const k = cards.indexOf(s);
  if (k < 0) throw new Error(`senator ${s} is not in the deck`);
  cards.splice(k, 1);
  g.deck.fill(-1);
  cards.forEach((c, i) => (g.deck[i] = c));
  g.deckHead = 0;
  g.deckCount = cards.length;
}

export function stateLegionTotal(g: GameState): number {
  let n = g.legionsBox;
  for (const x of g.wars.stateLegions) n += x;
  for (const x of g.provGarrison) n += x; // ror-garrisons: garrison legions are State legions
  return n;
}

function legionsAtWar(g: GameState, w: number): number {
  let n = g.wars.stateLegions[w]!;
  for (let f = 0; f < g.players; f++) if (g.factionLegion[f] === w) n++;
  return n;
}

/**
 * Every invariant of a game state; returns the violations (empty = all hold). `endOfTurn` adds the
 * invariants that hold only between turns (a game lost mid-turn stops mid-step); `records` checks
 * one Revolution Index / State Treasury record per turn played (off for hand-made test positions).
 */
export function invariantViolations(g: GameState, endOfTurn: boolean, records = endOfTurn): string[] {
  const bad: string[] = [];
  const n = g.players;
  const p = g.params;
  // Money (rules-notes 26) and the never-below-zero tracks.
  if (!(g.stateTreasury >= 0)) bad.push(`State treasury ${g.stateTreasury} < 0`);
  for (let f = 0; f < n; f++) {
    if (!Number.isInteger(g.treasury[f]) || g.treasury[f]! < 0) bad.push(`faction ${f} treasury ${g.treasury[f]}`);
    if (!Number.isInteger(g.prestige[f]) || g.prestige[f]! < 0) bad.push(`faction ${f} Prestige ${g.prestige[f]}`);
    if (!(g.knights[f]! >= 0)) bad.push(`faction ${f} knights ${g.knights[f]}`);
  }
  if (!Number.isInteger(g.ri) || g.ri < 0) bad.push(`Revolution Index ${g.ri}`);

  // The 30 senator cards: each exactly once, in the deck ring buffer or on the table.
  const seen = new Array<number>(SENATORS).fill(0);
  if (g.deckCount < 0 || g.deckCount > SENATORS) bad.push(`deck count ${g.deckCount}`);
  for (const s of deckCards(g)) {
    if (!Number.isInteger(s) || s < 0 || s >= SENATORS) {
      bad.push(`deck holds ${s}`);
      continue;
    }
    seen[s]!++;
    if (g.senWhere[s] !== AT_DECK) bad.push(`senator ${s} in the deck but senWhere ${g.senWhere[s]}`);
  }
  let onTable = 0;
  for (let s = 0; s < SENATORS; s++) {
    const w = g.senWhere[s]!;
    const o = g.senOwner[s]!;
    if (w === AT_FORUM || w === AT_ROME || w === AT_GOVERNOR || w === AT_COMMANDER || w === AT_MASTER_OF_HORSE) {
      seen[s]!++;
      onTable++;
    } else if (w !== AT_DECK) bad.push(`senator ${s} at unknown place ${w}`);
    if ((w === AT_DECK || w === AT_FORUM) && o !== -1) bad.push(`senator ${s} at ${w} owned by ${o}`);
    if (w === AT_ROME && !(o >= 0 && o < n)) bad.push(`senator ${s} in Rome with owner ${o}`);
    if (!(o >= -1 && o < n)) bad.push(`senator ${s} owner ${o}`);
  }
  if (g.deckCount + onTable !== SENATORS) bad.push(`senators: deck ${g.deckCount} + table ${onTable} != 30`);
  for (let s = 0; s < SENATORS; s++) if (seen[s] !== 1) bad.push(`senator ${s} accounted ${seen[s]} times`);

  // Legions: at most maxStateLegions State legions (box + at wars + garrisons); faction legion figures placed legally.
  // ror-garrisons: garrisons only in conquered provinces, never negative, the fresh part within them.
  for (let pr = 0; pr < g.provGarrison.length; pr++) {
    const k = g.provGarrison[pr]!;
    if (!Number.isInteger(k) || k < 0) bad.push(`garrison ${k} in province ${pr}`);
    if (k > 0 && !g.provConquered[pr]) bad.push(`garrison ${k} in unconquered province ${pr}`);
    if (k > 0 && !g.variants['ror-garrisons']) bad.push(`garrison ${k} in province ${pr} without ror-garrisons`);
    if (g.provGarrisonFresh[pr]! < 0 || (g.provGarrisonTurn[pr] === g.turn && g.provGarrisonFresh[pr]! > k)) bad.push(`province ${pr}: ${g.provGarrisonFresh[pr]} fresh of ${k}`);
  }
  // ror-frontier: a captive is resolved before the Forum, so none is left between turns.
  if (endOfTurn && g.rorCaptive !== -1) bad.push(`captive ${g.rorCaptive} left unresolved`);
  if (g.legionsBox < 0) bad.push(`legions box ${g.legionsBox}`);
  if (stateLegionTotal(g) > p.maxStateLegions) bad.push(`${stateLegionTotal(g)} State legions > ${p.maxStateLegions}`);
  const nw = g.wars.status.length;
  for (let f = 0; f < n; f++) {
    const l = g.factionLegion[f]!;
    if (l !== FL_NONE && l !== FL_BOX && !(l >= 0 && l < nw && g.wars.status[l] === 1)) bad.push(`faction ${f} legion at ${l}`);
  }

  // Offices. Consul: a faction senator in Rome, or -1. Censor likewise (vacant allowed, rules-notes 16).
  for (const [name, s] of [['Consul', g.consul], ['Censor', g.censor]] as const) {
    if (s === -1) continue;
    if (!(s >= 0 && s < SENATORS) || g.senOwner[s]! < 0 || g.senWhere[s] !== AT_ROME) {
      bad.push(`${name} ${s} is not a faction senator in Rome (owner ${g.senOwner[s]}, where ${g.senWhere[s]})`);
    }
  }
  if (g.consul >= 0 && g.consul === g.censor) bad.push(`senator ${g.consul} is both Consul and Censor`);
  // Governors: in AT_GOVERNOR at their conquered province, and every AT_GOVERNOR senator governs one.
  for (let pr = 0; pr < g.provGovernor.length; pr++) {
    const s = g.provGovernor[pr]!;
    if (s < 0) continue;
    if (g.senWhere[s] !== AT_GOVERNOR || g.senPost[s] !== pr) bad.push(`governor ${s} of ${pr}: where ${g.senWhere[s]} post ${g.senPost[s]}`);
    if (!g.provConquered[pr]) bad.push(`governor ${s} of unconquered province ${pr}`);
    if (endOfTurn && g.turn - g.provGovTurn[pr]! >= p.governorTerm) bad.push(`governor ${s} of ${pr} overstays (appointed turn ${g.provGovTurn[pr]})`);
  }
  const detCmd = (w: number, d: number): number => (d === 0 ? g.wars.commander[w]! : g.wars.detCommander[w * MAX_DET + d]!);
  for (let s = 0; s < SENATORS; s++) {
    if (g.senWhere[s] === AT_GOVERNOR && g.provGovernor[g.senPost[s]!] !== s) bad.push(`senator ${s} AT_GOVERNOR of ${g.senPost[s]} but not its governor`);
    if (g.senWhere[s] === AT_COMMANDER) {
      let n = 0;
      for (let d = 0; d < MAX_DET; d++) if (detCmd(g.senPost[s]!, d) === s) n++;
      if (n !== 1) bad.push(`senator ${s} AT_COMMANDER at ${g.senPost[s]} commands ${n} of its detachments`);
    }
    // ror-dictator: a Master of Horse away is with the Dictator, at a war one of whose detachments he commands.
    if (g.senWhere[s] === AT_MASTER_OF_HORSE) {
      let withDictator = false;
      for (let d = 0; d < MAX_DET; d++) if (g.rorDictator >= 0 && detCmd(g.senPost[s]!, d) === g.rorDictator) withDictator = true;
      if (s !== g.rorMasterOfHorse || !withDictator) bad.push(`senator ${s} AT_MASTER_OF_HORSE at ${g.senPost[s]} but not with the Dictator there`);
    }
  }
  // Offices of the Republic of Rome modules: held by faction senators; the Dictator's pair distinct.
  for (const [name, s] of [['Dictator', g.rorDictator], ['Master of Horse', g.rorMasterOfHorse], ['Consul for Life', g.rorCfl]] as const) {
    if (s !== -1 && !(s >= 0 && s < SENATORS && g.senOwner[s]! >= 0)) bad.push(`${name} ${s} is not a faction senator`);
  }
  if (g.rorMasterOfHorse >= 0 && (g.rorDictator < 0 || g.rorMasterOfHorse === g.rorDictator)) bad.push(`Master of Horse ${g.rorMasterOfHorse} without a Dictator of his own`);
  for (const s of [g.rorDictator, g.rorMasterOfHorse]) if (s >= 0 && (s === g.consul || s === g.censor)) bad.push(`senator ${s} holds two offices`);
  // Detachments (ror-multiple-commanders): none beyond the first without the module, within its limit,
  // the first occupied whenever another is, the State legions split without going negative.
  const split = g.variants['ror-multiple-commanders'];
  const maxDet = split ? p.rorMaxCommanders : 1;
  for (let f = 0; f < n; f++) {
    const d = g.factionLegionDet[f]!;
    if (!(d >= 0 && d < maxDet) || (d > 0 && g.factionLegion[f]! < 0)) bad.push(`faction ${f} legion in detachment ${d} at ${g.factionLegion[f]}`);
  }
  // Commanders and legions, detachment by detachment: commanders in AT_COMMANDER at their own (active) war.
  for (let w = 0; w < nw; w++) {
    if (g.wars.armies[w]! < 0 || g.wars.stateLegions[w]! < 0) bad.push(`war ${w}: armies ${g.wars.armies[w]} legions ${g.wars.stateLegions[w]}`);
    if (g.wars.status[w] !== 1 && legionsAtWar(g, w) > 0) bad.push(`war ${w} status ${g.wars.status[w]} holds legions`);
    let extra = 0;
    for (let d = 1; d < MAX_DET; d++) {
      const k = w * MAX_DET + d;
      if (g.wars.detState[k]! < 0) bad.push(`war ${w} detachment ${d}: ${g.wars.detState[k]} State legions`);
      if ((d >= maxDet) && (g.wars.detCommander[k]! >= 0 || g.wars.detState[k]! > 0)) bad.push(`war ${w}: detachment ${d} used (limit ${maxDet})`);
      extra += g.wars.detState[k]!;
    }
    if (extra > g.wars.stateLegions[w]!) bad.push(`war ${w}: detachments hold ${extra} of ${g.wars.stateLegions[w]} State legions`);
    const legionsOf = (d: number): number => {
      let l = d === 0 ? g.wars.stateLegions[w]! - extra : g.wars.detState[w * MAX_DET + d]!;
      for (let f = 0; f < n; f++) if (g.factionLegion[f] === w && g.factionLegionDet[f] === d) l++;
      return l;
    };
    let occupiedLater = false;
    for (let d = 1; d < MAX_DET; d++) if (detCmd(w, d) >= 0 || legionsOf(d) > 0) occupiedLater = true;
    if (occupiedLater && detCmd(w, 0) < 0 && legionsOf(0) === 0) bad.push(`war ${w}: its first detachment is empty while another is occupied`);
    for (let d = 0; d < MAX_DET; d++) {
      const c = detCmd(w, d);
      const l = legionsOf(d);
      if (c < 0) {
        // Legions without a commander at the end of a turn: only those ror-leaderless-legions keeps.
        if (endOfTurn && g.wars.status[w] === 1 && l > 0 && !g.variants['ror-leaderless-legions']) bad.push(`war ${w} detachment ${d} has legions but no commander`);
        continue;
      }
      if (g.senWhere[c] !== AT_COMMANDER || g.senPost[c] !== w) bad.push(`commander ${c} of war ${w}: where ${g.senWhere[c]} post ${g.senPost[c]}`);
      if (g.wars.status[w] !== 1) bad.push(`commander ${c} at war ${w} with status ${g.wars.status[w]}`);
      if (endOfTurn && l === 0) bad.push(`commander ${c} at war ${w} without legions`);
    }
  }

  // Random Events cards: each in exactly one place; concessions held only by faction senators.
  const inDeck = new Array<number>(10).fill(0);
  for (const c of g.eventDeck) inDeck[c]!++;
  for (let c = 0; c < 10; c++) {
    const w = g.cardWhere[c]!;
    // (A Natural Disaster the State cannot pay ends the game with its card drawn but not yet placed.)
    if (endOfTurn && (w === CARD_DECK ? 1 : 0) !== inDeck[c]) bad.push(`event card ${c}: where ${w}, in the draw pile ${inDeck[c]} times`);
    if (w >= 0 && (c >= CONCESSIONS || g.senOwner[w]! < 0)) bad.push(`event card ${c} held by senator ${w} (owner ${g.senOwner[w]})`);
  }
  // Tribunes: 3 real stones at most, none negative.
  let real = 0;
  for (let f = 0; f < n; f++) {
    if (g.tribunesReal[f]! < 0 || g.tribunesDummy[f]! < 0) bad.push(`faction ${f} tribunes ${g.tribunesReal[f]}/${g.tribunesDummy[f]}`);
    real += g.tribunesReal[f]!;
  }
  if (real > 3) bad.push(`${real} real tribunes`);
  // One record per turn played (the loss turn included).
  if (records && (g.riByTurn.length !== g.turn || g.treasuryByTurn.length !== g.turn)) bad.push(`per-turn records ${g.riByTurn.length}/${g.treasuryByTurn.length} after turn ${g.turn}`);
  return bad;
}

/** Per-seat policy errors read from the error log (complete when stats.policyErrors <= its length). */
export function policyErrorsBySeat(g: GameState): { bySeat: number[]; complete: boolean } {
  const bySeat = new Array<number>(g.players).fill(0);
  for (const line of g.policyErrorLog) {
    const m = /faction (\d+):/.exec(line);
    if (m) bySeat[Number(m[1])]!++;
  }
  return { bySeat, complete: g.stats.policyErrors === g.policyErrorLog.length };
}

/** A war made active by hand: armies, State legions, commander (placed as a commander). */
export function activeWar(g: GameState, w: number, armies: number, legions = 0, commander = -1): void {
  g.wars.status[w] = 1;
  g.wars.armies[w] = armies;
  g.wars.originalArmies[w] = armies;
  g.wars.stateLegions[w] = legions;
  if (commander >= 0) {
    g.wars.commander[w] = commander;
    g.senWhere[commander] = AT_COMMANDER;
    g.senPost[commander] = w;
    g.senPresent[commander] = 0;
  }
  warsChanged(g); // the players' census of the wars is taken afresh
}

/**
 * Every line of src/ (not a comment) that `write` matches, with the lines around it (`before` above, `after`
 * below, the line included) as one text: source scans check that such writes sit next to the call that
 * tells the policies' kept answers the state changed.
 */
export function srcWrites(write: RegExp, before: number, after: number): { at: string; around: string }[] {
  const found: { at: string; around: string }[] = [];
  const files = readdirSync(join(__dirname, '../src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  for (const f of files) {
    const lines = readFileSync(join(__dirname, '../src', f), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!write.test(line) || line.trim().startsWith('//') || line.trim().startsWith('*')) return;
      found.push({ at: `${f}:${i + 1}`, around: lines.slice(Math.max(0, i - before), i + after).join('\n') });
    });
  }
  return found;
}
