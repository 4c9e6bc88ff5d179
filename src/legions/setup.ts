// Preparation: decks, dealing the senators, Temporary Consul, starting treasuries and legions.
import * as rngModule from '../core/rng.js';
import type { Board } from './board.js';
import * as commonModule from './common.js';
import type { RulesParams } from './params.js';
import * as paramsModule from './params.js';
import type { GameState, WarSlots } from './state.js';
import * as stateModule from './state.js';
import type { Variants } from './variants.js';
import type { Motion } from './motion.js';
import * as motionModule from './motion.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { shuffle } = rngModule;
const { log } = commonModule;
const { InputError } = paramsModule;
const { again, AT_DECK, AT_ROME, BLUE, CARD_DECK, copied, emptyStats, factionName, filled, FL_NONE, GREEN, LILAC, makeStreams, MAX_DET, newCandsListing, newWarsVersion, SENATORS, senatorName } = stateModule;
const { copyMotion, newMotion } = motionModule;

export interface GameConfig {
  readonly players: number;
  readonly params: RulesParams;
  readonly board: Board;
  readonly variants: Variants;
}

/** Distribution of Senators variant: per Lilac status, the Blue and Green statuses dealt with it (rules-notes 4). */
const DISTRIBUTION_3: Record<number, [number, number]> = { 1: [3, 2], 2: [1, 3], 3: [2, 1] };
const DISTRIBUTION_5: Record<number, [number, number]> = { 1: [5, 3], 2: [2, 5], 3: [4, 2], 4: [1, 4], 5: [3, 1] };

const card = (colour: number, status: number): number => colour * 10 + status - 1;

/** The war slots' columns that the board and variations fill in, before any play. */
type BoardWars = Pick<WarSlots, 'province' | 'conquers' | 'revolt' | 'spoils' | 'modifier' | 'turn'>;

/** The board's columns of the war slots for the last board and variations asked for (each game gets a copy). */
let boardWars: { board: Board; variants: Variants; wars: BoardWars } | null = null;

/**
 * A new game's war slots: the board's columns copied from those made once for its board and variations,
 * the others blank, made by filled (a literal built in place for the usual lengths, where a copy calls slice),
 * or written over a reused state's (`prev`: again and copied).
 */
function newWars(board: Board, variants: Variants, prev: WarSlots | undefined): WarSlots {
  if (boardWars === null || boardWars.board !== board || boardWars.variants !== variants) {
    boardWars = { board, variants, wars: makeWars(board, variants) };
  }
  const w = boardWars.wars;
  const n = w.province.length; // one entry per war slot
  const d = n * MAX_DET; // one per detachment of each war
  // (again and copied called directly: no closure made per game)
  return {
    province: copied(prev?.province, w.province), conquers: copied(prev?.conquers, w.conquers), revolt: copied(prev?.revolt, w.revolt),
    spoils: copied(prev?.spoils, w.spoils), modifier: copied(prev?.modifier, w.modifier), turn: copied(prev?.turn, w.turn),
    status: again(prev?.status, n, 0), armies: again(prev?.armies, n, 0), originalArmies: again(prev?.originalArmies, n, 0),
    stateLegions: again(prev?.stateLegions, n, 0), commander: again(prev?.commander, n, -1), lossTurn: again(prev?.lossTurn, n, -1),
    result: again(prev?.result, n, 0), victor: again(prev?.victor, n, -1), foughtMask: again(prev?.foughtMask, n, 0),
    lostMask: again(prev?.lostMask, n, 0), cmdFaction: again(prev?.cmdFaction, n, -1), detCommander: again(prev?.detCommander, d, -1),
    detState: again(prev?.detState, d, 0), detLossTurn: again(prev?.detLossTurn, d, -1), foughtBy: again(prev?.foughtBy, d, -1),
    ownCmdMask: again(prev?.ownCmdMask, n, 0), dsUsed: again(prev?.dsUsed, n, 0),
  };
}

function makeWars(board: Board, variants: Variants): BoardWars {
  const province: number[] = [];
  const conquers: number[] = [];
  const revolt: number[] = [];
  const spoils: number[] = [];
  const modifier: number[] = [];
  const turn: number[] = [];
  board.provinces.forEach((p, i) => {
    province.push(i);
    conquers.push(1);
    revolt.push(0);
    spoils.push(p.spoils);
    modifier.push(p.modifier);
    turn.push(p.warTurn);
  });
  if (variants['macedonian-wars']) {
    // Wars and Revolts: two extra wars fought in Macedonia's space, creating no province.
    const mac = board.provinces.findIndex((p) => p.name === 'Macedonia');
    const space = mac >= 0 ? mac : Math.min(7, board.provinces.length - 1);
    for (const [t, m, sp] of [[5, 1, 15], [7, 2, 20]] as const) {
      province.push(space);
      conquers.push(0);
      revolt.push(0);
      spoils.push(sp);
      modifier.push(m);
      turn.push(t);
    }
  }
  if (variants.revolts) {
    // Wars and Revolts: one revolt slot per province, fought like a war when a revolt breaks out.
    board.provinces.forEach((_, i) => {
      province.push(i);
      conquers.push(0);
      revolt.push(1);
      spoils.push(0);
      modifier.push(0);
      turn.push(0);
    });
  }
  return { province, conquers, revolt, spoils, modifier, turn };
}

/**
 * Whether state g is of the game `cfg` sets up (its players, board and variations): only such a state is
 * written over (its motions' arrays are per seat, its wars per board and variations).
 */
export function sameShape(g: GameState, cfg: GameConfig): boolean {
  return g.players === cfg.players && g.board === cfg.board && g.variants === cfg.variants;
}

/**
 * Creates game state for one game; `seed` is the game's own seed (see core/rng gameSeed). With `prev`,
 * a state whose game is over and that nothing reads any more (game.ts playOutcome's spare), the new
 * state is written over its arrays, streams and motions where it is of the same players, board and
 * variations (else it is ignored): the same values as a fresh one, field by field (tests/spare-state.test.ts).
 */
export function setupGame(cfg: GameConfig, seed: string, trace: boolean, prev: GameState | null = null): GameState {
  const n = cfg.players;
  if (n !== 3 && n !== 5) throw new InputError(`players must be 3 or 5, got ${n}`);
  const p = cfg.params;
  const nProv = cfg.board.provinces.length;
  const o = prev !== null && sameShape(prev, cfg) ? prev : undefined;
  const wars = newWars(cfg.board, cfg.variants, o?.wars);
  // The lists a game grows from empty are new as before; failedMotions and agendaKeys must be: they hold
  // motion keys beyond the small integers, and an array reused with doubles in it turned the arrays the
  // same code stores into arrays of doubles too (some 14 % more instructions a game).
  const g: GameState = {
    params: p, board: cfg.board, variants: cfg.variants, players: n, rng: makeStreams(seed, n, o?.rng),
    turn: 0, step: 'setup', lost: 0, lostTurn: 0,
    prestige: again(o?.prestige, n, 0), treasury: again(o?.treasury, n, p.startFactionTreasury), knights: again(o?.knights, n, 0),
    factionLegion: again(o?.factionLegion, n, FL_NONE), tribunesReal: again(o?.tribunesReal, n, 0), tribunesDummy: again(o?.tribunesDummy, n, 0),
    senWhere: again(o?.senWhere, SENATORS, AT_DECK), senOwner: again(o?.senOwner, SENATORS, -1), senPost: again(o?.senPost, SENATORS, -1),
    senPresent: again(o?.senPresent, SENATORS, 0), senCensorEligible: again(o?.senCensorEligible, SENATORS, 0),
    senOfficeTurn: again(o?.senOfficeTurn, SENATORS, 0), senGovClaimReturn: again(o?.senGovClaimReturn, SENATORS, 0),
    senSpoilsTurn: again(o?.senSpoilsTurn, SENATORS, 0), senConcessionTurn: again(o?.senConcessionTurn, SENATORS, 0),
    senMovedTurn: again(o?.senMovedTurn, SENATORS, 0), senGovReturnTurn: again(o?.senGovReturnTurn, SENATORS, 0),
    deck: again(o?.deck, SENATORS, -1), deckHead: 0, deckCount: 0,
    consul: -1, censor: -1, previousConsul: -1, actingChair: -1, temporaryConsul: true, outgoingConsul: -1, outgoingCensor: -1, minorProsecutions: 0,
    stateTreasury: p.startStateTreasury, ri: 0, riCredit: 0, legionsBox: p.startActiveLegions,
    provConquered: again(o?.provConquered, nProv, 0), provDeveloped: again(o?.provDeveloped, nProv, 0),
    provGovernor: again(o?.provGovernor, nProv, -1), provGovTurn: again(o?.provGovTurn, nProv, 0),
    provClaimed: again(o?.provClaimed, nProv, 0), provNoIncomeTurn: again(o?.provNoIncomeTurn, nProv, 0),
    provRevolt: again(o?.provRevolt, nProv, 0), provGarrison: again(o?.provGarrison, nProv, 0),
    provGarrisonTurn: again(o?.provGarrisonTurn, nProv, 0), provGarrisonFresh: again(o?.provGarrisonFresh, nProv, 0),
    rorCaptive: -1, rorTargeted: 0,
    wars, warsVersion: newWarsVersion(),
    factionLegionDet: again(o?.factionLegionDet, n, 0), factionLegionFresh: again(o?.factionLegionFresh, n, 0),
    freshState: again(o?.freshState, wars.status.length * MAX_DET, 0), freshTurn: 0,
    cardWhere: again(o?.cardWhere, 10, CARD_DECK), eventDeck: copied(o?.eventDeck, EVENT_DECK),
    unrestIncomeTurn: 0, droughtIncomeTurn: 0, droughtDouble: 0, manpowerEventTurn: 0, noRaiseTurn: 0,
    landActsType1: 0, landActsType2: 0, landActPassedTurn: 0, landActRepealTurn: 0, landActType2Turn: [], landActType2Sponsor: [], landActType2CoSponsor: [],
    rorLandType1Turn: 0, rorLandType2Turn: 0, rorDictator: -1, rorMasterOfHorse: -1, rorDictatorTurn: 0,
    rorExDictator: -1, rorExMasterOfHorse: -1, rorCfl: -1, rorCflTurn: 0, rorCflVoteTurn: 0, rorCflWinner: -1, rorCflEndTurn: 0,
    failedMotions: [], failedTurn: 0, bill: [], motionBudget: -1,
    agenda: blankAgenda(n, 8, o?.agenda), agendaCount: 0, agendaKeys: filled(8, 0), allowance: again(o?.allowance, n, 0),
    militaryStage: -1, developRequested: 0, temporaryConsulFaction: -1, consulFactions: 0,
    motion: blankMotion(n, o?.motion), cands: [], candsListing: newCandsListing(), rejected: [],
    order: again(o?.order, n, 0), bids: again(o?.bids, n * SENATORS, 0), forumList: [], scratch: again(o?.scratch, 4 * n + 1, 0),
    riByTurn: [], treasuryByTurn: [], stats: emptyStats(), trace: trace ? [] : null, policyErrorLog: [],
  };
  shuffle(g.rng.events, g.eventDeck);
  dealSenators(g);
  return g;
}

/** The Random Events deck before its shuffle. */
const EVENT_DECK: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/** A blank motion per number of players, copied over a reused state's motions (never written). */
const BLANK_MOTIONS: Motion[] = [];

/** A blank motion for `players`: `prev` blanked (a reused state's), else a new one. */
function blankMotion(players: number, prev: Motion | undefined): Motion {
  if (prev === undefined) return newMotion(players);
  copyMotion(prev, (BLANK_MOTIONS[players] ??= newMotion(players)));
  return prev;
}

/**
 * `size` blank motions for the agenda (it grows when more are made), or a reused state's agenda with
 * every entry blanked: kept at the length it grew to, since motions made in a game and then swapped
 * with the older ones (swapMotion) would cost a write barrier's slow path at each swap.
 */
function blankAgenda(players: number, size: number, prev: Motion[] | undefined): Motion[] {
  const agenda: Motion[] = prev ?? [];
  for (let i = 0; i < agenda.length; i++) blankMotion(players, agenda[i]);
  while (agenda.length < size) agenda.push(newMotion(players));
  return agenda;
}

/** The cards of statuses 1..n of one colour, in order. */
function pile(colour: number, n: number): number[] {
  const cards = filled(n, 0); // (made at its length: pushing from empty allocates a larger store)
  for (let i = 0; i < n; i++) cards[i] = card(colour, i + 1);
  return cards;
}

/** Deals statuses 1..players of each colour, one of each colour per faction; the rest form the deck. */
function dealSenators(g: GameState): void {
  const n = g.players;
  const rng = g.rng.senators;
  const piles: number[][] = [pile(GREEN, n), pile(BLUE, n), pile(LILAC, n)];
  for (const pile of piles) shuffle(rng, pile);
  if (g.variants.distribution) {
    // Distribution of Senators: lilac dealt as normal, blue and green from the fixed table.
    const table = n === 3 ? DISTRIBUTION_3 : DISTRIBUTION_5;
    for (let f = 0; f < n; f++) {
      const lilac = piles[2]![f]!;
      const [b, gr] = table[(lilac % 10) + 1]!;
      // Counted when the table deals a faction other cards than the random deal would have.
      if (piles[1]![f] !== card(BLUE, b) || piles[0]![f] !== card(GREEN, gr)) g.stats.distributionChanged = 1;
      piles[1]![f] = card(BLUE, b);
      piles[0]![f] = card(GREEN, gr);
    }
  }
  const owner = g.senOwner; // (held: V8 reloads a field read in a loop at every turn)
  const where = g.senWhere;
  for (let f = 0; f < n; f++) {
    for (const pile of piles) {
      const s = pile[f]!;
      owner[s] = f;
      where[s] = AT_ROME;
    }
  }
  const rest = filled(SENATORS - 3 * n, 0); // the cards not dealt (three a faction), made at their length
  for (let s = 0, k = 0; s < SENATORS; s++) if (owner[s]! < 0) rest[k++] = s;
  shuffle(rng, rest);
  const deck = g.deck;
  for (let i = 0; i < rest.length; i++) deck[i] = rest[i]!;
  g.deckHead = 0;
  g.deckCount = rest.length;
  // Temporary Consul: the highest lilac card dealt (Preparation).
  const lilac = piles[2]!;
  let best = lilac[0]!;
  for (const s of lilac) if (s > best) best = s;
  g.consul = best;
  g.temporaryConsul = true;
  g.senCensorEligible[best] = 1;
  g.prestige[g.senOwner[best]!] = g.params.temporaryConsulPrestige;
  g.temporaryConsulFaction = g.senOwner[best]!;
  g.consulFactions = 1 << g.temporaryConsulFaction;
  for (let f = 0; f < n; f++) {
    if (g.trace !== null) log(g, `${factionName(f)} dealt ${[piles[0]![f]!, piles[1]![f]!, piles[2]![f]!].map(senatorName).join(', ')}`);
  }
  if (g.trace !== null) log(g, `Temporary Consul: ${senatorName(best)} of ${factionName(g.senOwner[best]!)}`);
}
