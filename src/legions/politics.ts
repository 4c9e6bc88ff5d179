// 2. Political Situation: establish wars, draw Random Events and apply them.
import * as rngModule from '../core/rng.js';
import * as commonModule from './common.js';
import * as deathsModule from './deaths.js';
import * as incomeModule from './income.js';
import * as revoltsModule from './revolts.js';
import * as frontierModule from './ror/frontier.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { shuffle } = rngModule;
const { changeRI, halfRandomDifference, log, loseGame, randomNumber, statePays } = commonModule;
const { deathsActivity } = deathsModule;
const { activeWarCount } = incomeModule;
const { revoltsActivity } = revoltsModule;
const { invasionTurnedAway, raidCaptures } = frontierModule;
const { ARMS, CARD_DECK, CARD_DISCARD, CARD_FORUM, CARD_LASTING, DISASTER, DROUGHT, EVENT_NAMES, GRAIN, HARBOUR, INVASION, isBanner, LAND_COMMISSION, MANPOWER, MINING, UNREST, WARS, warsChanged } = stateModule;

export function politicsStep(g: GameState): void {
  g.step = 'politics';
  establishWars(g);
  randomEvents(g);
  if (g.variants.revolts) revoltsActivity(g);
  if (g.variants.deaths && g.turn >= 2) deathsActivity(g); // the last activity of the step
}

/** Establish Wars: armies = half random difference (0 counts as 1) + the board's modifier. */
export function establishWars(g: GameState): void {
  const w = g.wars;
  const turns = w.turn; // (held, with the turn: V8 reloads a field read in a loop that calls out)
  const status = w.status;
  const now = g.turn;
  for (let i = 0; i < turns.length; i++) {
    if (turns[i] !== now || status[i] !== 0) continue;
    const hrd = halfRandomDifference(g);
    const armies = (hrd === 0 ? 1 : hrd) + w.modifier[i]!;
    status[i] = 1;
    warsChanged(g);
    if (!w.conquers[i] && !w.revolt[i]) g.stats.extraWars++; // the Macedonian wars of the variation
    w.armies[i] = armies;
    w.originalArmies[i] = armies;
    if (g.trace !== null) log(g, `War in ${g.board.provinces[w.province[i]!]!.name}: ${armies} armies (difference ${hrd} + modifier ${w.modifier[i]})`);
  }
  // Three or more active wars lose the game, checked whenever a war is established (rules-notes 22).
  if (activeWarCount(g) >= g.params.maxActiveWars) loseGame(g, WARS);
}

/**
 * Draws the top event card, reshuffling the discards into a new deck when it runs out. `turned`, the
 * card already turned in this draw, stays out of the new deck: no card turns up twice in one draw.
 */
function drawEvent(g: GameState, turned = -1): number {
  if (g.eventDeck.length === 0) {
    for (let c = 0; c < 10; c++) {
      if (g.cardWhere[c] === CARD_DISCARD && c !== turned) {
        g.cardWhere[c] = CARD_DECK;
        g.eventDeck.push(c);
      }
    }
    shuffle(g.rng.events, g.eventDeck);
    if (g.eventDeck.length === 0) return -1;
  }
  return g.eventDeck.pop()!;
}

/** Random Events as rules-notes 8: a banner draws one more card; a second banner goes back (reshuffle) unless secondBannerReturns is 0. */
export function randomEvents(g: GameState): void {
  const first = drawEvent(g);
  if (first < 0) return log(g, 'No event card left to draw');
  if (g.trace !== null) log(g, `Event: ${EVENT_NAMES[first]}`);
  if (!isBanner(first)) {
    g.cardWhere[first] = CARD_FORUM;
    return;
  }
  applyBanner(g, first);
  const second = drawEvent(g, first);
  if (second < 0) return;
  if (isBanner(second) && g.params.secondBannerReturns) {
    if (g.trace !== null) log(g, `Second card ${EVENT_NAMES[second]} is a banner too: returned and the deck reshuffled`);
    g.cardWhere[second] = CARD_DECK;
    g.eventDeck.push(second);
    shuffle(g.rng.events, g.eventDeck);
    return;
  }
  if (isBanner(second)) {
    if (g.trace !== null) log(g, `Event: ${EVENT_NAMES[second]} (second banner, takes effect too)`);
    applyBanner(g, second);
    return;
  }
  if (g.trace !== null) log(g, `Event: ${EVENT_NAMES[second]} (concession to the Forum)`);
  g.cardWhere[second] = CARD_FORUM;
}

/** A concession is "in play" when held by a senator or face up in the Forum. */
export function inPlay(g: GameState, c: number): boolean {
  const w = g.cardWhere[c]!;
  return w >= 0 || w === CARD_FORUM;
}

function discardConcession(g: GameState, c: number): void {
  if (!inPlay(g, c)) return;
  if (g.trace !== null) log(g, `${EVENT_NAMES[c]} concession discarded`);
  g.cardWhere[c] = CARD_DISCARD;
}

export function applyBanner(g: GameState, c: number): void {
  const p = g.params;
  switch (c) {
    case UNREST:
      // No income from undeveloped provinces in the next Income step; none developed this turn.
      g.unrestIncomeTurn = g.turn + 1;
      g.cardWhere[c] = CARD_LASTING;
      changeRI(g, p.unrestRI);
      break;
    case INVASION: {
      const r = randomNumber(g);
      const prov = r - 1;
      g.cardWhere[c] = CARD_DISCARD;
      if (prov >= g.provConquered.length) {
        if (g.trace !== null) log(g, `Invasion draws ${r}: no such province`);
        break;
      }
      if (g.provConquered[prov]) {
        if (invasionTurnedAway(g, prov)) break; // ror-frontier / ror-garrisons: no effect
        g.provDeveloped[prov] = 0;
        g.provNoIncomeTurn[prov] = g.turn + 1;
        g.cardWhere[c] = CARD_LASTING;
        if (g.trace !== null) log(g, `Invasion of ${g.board.provinces[prov]!.name}: undeveloped, no income next turn`);
        raidCaptures(g, prov); // ror-frontier: the raiders take the governor
      } else {
        let hit = false;
        for (let w = 0; w < g.wars.status.length; w++) {
          if (g.wars.status[w] === 1 && g.wars.province[w] === prov) {
            g.wars.armies[w]++;
            warsChanged(g);
            hit = true;
            if (g.trace !== null) log(g, `Invasion reinforces the war in ${g.board.provinces[prov]!.name}: ${g.wars.armies[w]} armies`);
          }
        }
        if (!hit && g.trace !== null) log(g, `Invasion draws ${r}: neither a province nor a war`);
      }
      break;
    }
    case DISASTER: {
      g.cardWhere[c] = CARD_DISCARD; // discarded first so a lost game's final state stays consistent
      statePays(g, p.disasterCost, 'Natural Disaster');
      const d = halfRandomDifference(g);
      if (g.trace !== null) log(g, `Natural Disaster: State pays ${p.disasterCost}; difference ${d}`);
      if (d <= 1) discardConcession(g, HARBOUR);
      else if (d <= 3) {
        discardConcession(g, MINING);
        discardConcession(g, ARMS);
      } else discardConcession(g, GRAIN);
      break;
    }
    case DROUGHT:
      discardConcession(g, GRAIN);
      changeRI(g, p.droughtRI);
      if (inPlay(g, LAND_COMMISSION)) {
        g.droughtIncomeTurn = g.turn + 1;
        g.cardWhere[c] = CARD_LASTING;
      } else g.cardWhere[c] = CARD_DISCARD;
      break;
    case MANPOWER:
      g.manpowerEventTurn = g.turn;
      g.cardWhere[c] = CARD_LASTING;
      break;
  }
}

/** Lasting banners are discarded when their effect ends (end of Income, or end of turn). */
export function expireBanners(g: GameState, afterIncome: boolean): void {
  if (afterIncome) {
    if (g.unrestIncomeTurn === g.turn) discardLasting(g, UNREST);
    if (g.droughtIncomeTurn === g.turn) discardLasting(g, DROUGHT);
    let invasion = false;
    for (let p = 0; p < g.provNoIncomeTurn.length; p++) if (g.provNoIncomeTurn[p]! > g.turn) invasion = true;
    if (!invasion) discardLasting(g, INVASION);
  } else if (g.manpowerEventTurn === g.turn) discardLasting(g, MANPOWER);
}

/** A banner kept face up as a reminder goes to the discards. */
function discardLasting(g: GameState, c: number): void {
  if (g.cardWhere[c] === CARD_LASTING) g.cardWhere[c] = CARD_DISCARD;
}
