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
const { AT_DECK, AT_ROME, BLUE, CARD_DECK, emptyStats, factionName, filled, FL_NONE, GREEN, LILAC, makeStreams, MAX_DET, newCandsListing, newWarsVersion, SENATORS, senatorName } = stateModule;
const { newMotion } = motionModule;

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
 * the others blank, made by filled (a literal built in place for the usual lengths, where a copy calls slice).
 */
function newWars(board: Board, variants: Variants): WarSlots {
  if (boardWars === null || boardWars.board !== board || boardWars.variants !== variants) {
    boardWars = { board, variants, wars: makeWars(board, variants) };
  }
  const w = boardWars.wars;
  const n = w.province.length; // one entry per war slot
  const d = n * MAX_DET; // one per detachment of each war
  // (filled called directly: no closure made per game)
  return {
    province: w.province.slice(), conquers: w.conquers.slice(), revolt: w.revolt.slice(), spoils: w.spoils.slice(),
    modifier: w.modifier.slice(), turn: w.turn.slice(), status: filled(n, 0), armies: filled(n, 0), originalArmies: filled(n, 0),
    stateLegions: filled(n, 0), commander: filled(n, -1), lossTurn: filled(n, -1), result: filled(n, 0), victor: filled(n, -1),
    foughtMask: filled(n, 0), lostMask: filled(n, 0), cmdFaction: filled(n, -1), detCommander: filled(d, -1), detState: filled(d, 0),
    detLossTurn: filled(d, -1), foughtBy: filled(d, -1), ownCmdMask: filled(n, 0), dsUsed: filled(n, 0),
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

/** Creates game state for one game; `seed` is the game's own seed (see core/rng gameSeed). */
export function setupGame(cfg: GameConfig, seed: string, trace: boolean): GameState {
  const n = cfg.players;
  if (n !== 3 && n !== 5) throw new InputError(`players must be 3 or 5, got ${n}`);
  const p = cfg.params;
  const nProv = cfg.board.provinces.length;
  const z = filled;
  const g: GameState = {
    params: p, board: cfg.board, variants: cfg.variants, players: n, rng: makeStreams(seed, n),
    turn: 0, step: 'setup', lost: 0, lostTurn: 0,
    prestige: z(n, 0), treasury: z(n, p.startFactionTreasury), knights: z(n, 0), factionLegion: z(n, FL_NONE),
    tribunesReal: z(n, 0), tribunesDummy: z(n, 0),
    senWhere: z(SENATORS, AT_DECK), senOwner: z(SENATORS, -1), senPost: z(SENATORS, -1),
    senPresent: z(SENATORS, 0), senCensorEligible: z(SENATORS, 0), senOfficeTurn: z(SENATORS, 0),
    senGovClaimReturn: z(SENATORS, 0), senSpoilsTurn: z(SENATORS, 0), senConcessionTurn: z(SENATORS, 0),
    senMovedTurn: z(SENATORS, 0), senGovReturnTurn: z(SENATORS, 0),
    deck: z(SENATORS, -1), deckHead: 0, deckCount: 0,
    consul: -1, censor: -1, previousConsul: -1, temporaryConsul: true, outgoingConsul: -1, outgoingCensor: -1, minorProsecutions: 0,
    stateTreasury: p.startStateTreasury, ri: 0, riCredit: 0, legionsBox: p.startActiveLegions,
    provConquered: z(nProv, 0), provDeveloped: z(nProv, 0), provGovernor: z(nProv, -1), provGovTurn: z(nProv, 0),
    provClaimed: z(nProv, 0), provNoIncomeTurn: z(nProv, 0), provRevolt: z(nProv, 0),
    provGarrison: z(nProv, 0), provGarrisonTurn: z(nProv, 0), provGarrisonFresh: z(nProv, 0), rorCaptive: -1, rorTargeted: 0,
    wars: newWars(cfg.board, cfg.variants), warsVersion: newWarsVersion(),
    factionLegionDet: z(n, 0), factionLegionFresh: z(n, 0), freshState: [], freshTurn: 0,
    cardWhere: z(10, CARD_DECK), eventDeck: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    unrestIncomeTurn: 0, droughtIncomeTurn: 0, droughtDouble: 0, manpowerEventTurn: 0, noRaiseTurn: 0,
    landActsType1: 0, landActsType2: 0, landActPassedTurn: 0, landActRepealTurn: 0, landActType2Turn: [], landActType2Sponsor: [], landActType2CoSponsor: [],
    rorChair: -1, rorLandType1Turn: 0, rorLandType2Turn: 0, rorDictator: -1, rorMasterOfHorse: -1, rorDictatorTurn: 0,
    rorExDictator: -1, rorExMasterOfHorse: -1, rorCfl: -1, rorCflTurn: 0, rorCflVoteTurn: 0, rorCflWinner: -1, rorCflEndTurn: 0,
    failedMotions: [], failedTurn: 0, bill: [], motionBudget: -1,
    agenda: newAgenda(n, 8), agendaCount: 0, agendaKeys: z(8, 0), allowance: z(n, 0), militaryStage: -1,
    developRequested: 0, temporaryConsulFaction: -1, consulFactions: 0,
    motion: newMotion(n), cands: [], candsListing: newCandsListing(), rejected: [], order: z(n, 0), bids: z(n * SENATORS, 0), forumList: [], scratch: z(4 * n + 1, 0),
    riByTurn: [], treasuryByTurn: [], stats: emptyStats(), trace: trace ? [] : null, policyErrorLog: [],
  };
  g.freshState = filled(g.wars.status.length * MAX_DET, 0);
  shuffle(g.rng.events, g.eventDeck);
  dealSenators(g);
  return g;
}

/** `size` blank motions for the agenda (it grows when more are made). */
function newAgenda(players: number, size: number): Motion[] {
  const agenda: Motion[] = [];
  for (let i = 0; i < size; i++) agenda.push(newMotion(players));
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
