// distributeTribunes follows the three real stones through the bag's shuffle instead of shuffling a bag:
// the same tribunes as rng's shuffle of the bag, and the same draws (the stream left in the same state).
import { describe, expect, it } from 'vitest';
import { shuffle, Tychei } from '../src/core/rng.js';
import { distributeTribunes } from '../src/legions/forum.js';
import { setupGame } from '../src/legions/setup.js';
import { makeConfig } from './helpers.js';

/** The tribunes as the bag's shuffle deals them: real stones per faction (dummies are the rest). */
function bagDeal(rng: Tychei, players: number): number[] {
  const perPlayer = players === 3 ? 3 : 2;
  const bag: number[] = Array.from({ length: players === 3 ? 9 : 10 }, (_, i) => (i < 3 ? 1 : 0));
  shuffle(rng, bag);
  return Array.from({ length: players }, (_, f) => bag.slice(f * perPlayer, (f + 1) * perPlayer).reduce((x, y) => x + y, 0));
}

describe('distributeTribunes', () => {
  for (const players of [3, 5]) {
    it(`deals as a shuffled bag would, ${players} players, 2,000 deals`, () => {
      const g = setupGame(makeConfig(players), 'tribunes-dealt', false);
      const perPlayer = players === 3 ? 3 : 2;
      const mirror = new Tychei(g.rng.tribunes.state());
      for (let k = 0; k < 2000; k++) {
        distributeTribunes(g);
        expect(g.tribunesReal).toEqual(bagDeal(mirror, players));
        expect(g.tribunesDummy).toEqual(g.tribunesReal.map((r) => perPlayer - r));
        expect(g.rng.tribunes.state()).toEqual(mirror.state());
      }
    });
  }
});
