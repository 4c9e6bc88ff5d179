// The contested field: the competent vector with rivalMargin 10 instead of 40, so that figures which
// depend on contested votes can be read with competent players who contest them (README, Players).
import { describe, expect, it } from 'vitest';
import { playOutcome } from '../src/legions/game.js';
import { loadField } from '../policies/fields.js';
import { makePolicy } from '../policies/index.js';
import type { ParametricPolicy } from '../policies/parametric.js';
import { competentWeightsPath, CONTESTED_RIVAL_MARGIN, loadWeights } from '../policies/weights.js';
import { makeConfig } from './helpers.js';

describe('the contested player', () => {
  it('is the competent vector with only rivalMargin changed, to 10', () => {
    const competent = loadWeights(competentWeightsPath());
    const contested = (makePolicy('contested') as ParametricPolicy).w;
    expect(CONTESTED_RIVAL_MARGIN).toBe(10);
    expect(competent.rivalMargin).toBe(40);
    expect(contested).toEqual({ ...competent, rivalMargin: 10 });
  });

  it('is what the contested field seats', () => {
    const f = loadField('contested');
    expect(f.name).toBe('contested');
    expect(f.policies).toEqual(['contested']);
  });

  it('contests votes that competent players pass unanimously: 400 games each on the same seeds', () => {
    const cfg = makeConfig(5);
    const share = (name: string): number => {
      const pols = Array.from({ length: 5 }, () => makePolicy(name));
      let motions = 0;
      let unanimous = 0;
      for (let i = 0; i < 400; i++) {
        const o = playOutcome(cfg, 'contested', i, pols);
        motions += o.motions;
        unanimous += o.unanimousVotes;
      }
      expect(motions).toBeGreaterThan(10000);
      return unanimous / motions;
    };
    const competent = share('competent');
    const contested = share('contested');
    expect(competent).toBeGreaterThan(0.9); // (some 95 % over 20,000 games)
    expect(contested).toBeLessThan(competent - 0.1); // (some 79 %)
  });
});
