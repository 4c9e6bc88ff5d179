// What a player cannot know: future draws, the order of face-down decks, other hands of tribunes.
import * as rngModule from '../core/rng.js';
import * as stateModule from './state.js';
import type { GameState } from './state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { shuffle } = rngModule;
const { reseedStreams } = stateModule;

/**
 * Makes a cloned state honest for `viewer`'s look-ahead: fresh random streams, the face-down senator
 * and event decks put in a canonical order and reshuffled, and the other factions' tribune stones
 * redealt among them. Nothing of the real future survives, whatever it was.
 */
export function hideFuture(g: GameState, viewer: number, seed: string): void {
  reseedStreams(g, seed);
  g.eventDeck.sort((a, b) => a - b);
  shuffle(g.rng.events, g.eventDeck);
  const deck: number[] = [];
  for (let i = 0; i < g.deckCount; i++) deck.push(g.deck[(g.deckHead + i) % g.deck.length]!);
  deck.sort((a, b) => a - b);
  shuffle(g.rng.senators, deck);
  for (let i = 0; i < deck.length; i++) g.deck[(g.deckHead + i) % g.deck.length] = deck[i]!;
  // The viewer knows how many real tribunes the others hold together, not who holds them.
  const stones: number[] = [];
  for (let f = 0; f < g.players; f++) {
    if (f === viewer) continue;
    for (let k = 0; k < g.tribunesReal[f]!; k++) stones.push(1);
    for (let k = 0; k < g.tribunesDummy[f]!; k++) stones.push(0);
  }
  stones.sort((a, b) => a - b);
  shuffle(g.rng.tribunes, stones);
  let i = 0;
  for (let f = 0; f < g.players; f++) {
    if (f === viewer) continue;
    const held = g.tribunesReal[f]! + g.tribunesDummy[f]!;
    let real = 0;
    for (let k = 0; k < held; k++) real += stones[i++]!;
    g.tribunesReal[f] = real;
    g.tribunesDummy[f] = held - real;
  }
}
