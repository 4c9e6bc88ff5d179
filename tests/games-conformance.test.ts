// Every game behind the runner's contract (src/games/index.ts), checked the same way: the same seed
// gives the same outcome, an accumulator survives its JSON, merging batches in any grouping gives the
// same bytes, and the run identity names the game (LEGIONS' alone stays unnamed, as its files always were).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBattle } from '../src/caesar/index.js';
import { GAMES } from '../src/games/index.js';
import { defaultBoard } from '../src/legions/board.js';
import { defaultParams } from '../src/legions/params.js';
import { noVariants } from '../src/legions/variants.js';
import type { GameDefinition, RunAcc } from '../src/sim/game.js';
import { runIdentity } from '../src/sim/spec.js';

const root = join(__dirname, '..');
const SETUPS: Record<string, { cfg: unknown; policies: string[] }> = {
  legions: { cfg: { players: 3, params: defaultParams(), board: defaultBoard(), variants: noVariants() }, policies: ['random', 'statesman', 'opportunist'] },
  'caesar-xl': { cfg: { setup: parseBattle(JSON.parse(readFileSync(join(root, 'battles', 'rulebook.json'), 'utf8'))) }, policies: ['random', 'cautious'] },
};

describe.each(Object.keys(GAMES))('game %s', (id) => {
  const def = GAMES[id]!.definition as GameDefinition<unknown, RunAcc>;
  const { cfg, policies } = SETUPS[id]!;
  const play = (from: number, to: number, outcomes: string[] = []) => {
    const acc = def.newAccumulator(cfg);
    const p = def.batchPlayer(cfg, policies, 'none', 'conformance');
    for (let i = from; i < to; i++) outcomes.push(JSON.stringify(p.play(i, acc)));
    return acc;
  };

  it('has a set-up here (a new game must add one)', () => expect(SETUPS[id]).toBeDefined());

  it('plays the same outcomes for the same seed, in a fresh player too', () => {
    const a: string[] = [];
    const b: string[] = [];
    play(0, 12, a);
    play(0, 12, b);
    expect(b).toEqual(a);
    expect(new Set(a).size).toBeGreaterThan(1); // the seed index matters
  });

  it('merges batches in any grouping to the same bytes, and survives its JSON', () => {
    const whole = JSON.stringify(play(0, 30).toJSON());
    const parts = [play(0, 7), play(7, 19), play(19, 30)];
    const left = parts[0]!;
    left.merge(parts[1]!);
    left.merge(parts[2]!);
    expect(JSON.stringify(left.toJSON())).toBe(whole);
    const right = play(7, 19);
    right.merge(play(19, 30));
    const first = play(0, 7);
    first.merge(right);
    expect(JSON.stringify(first.toJSON())).toBe(whole);
    const back = def.accumulatorFromJSON(JSON.parse(whole));
    expect(JSON.stringify(back.toJSON())).toBe(whole);
    expect(back.games).toBe(30);
    expect(() => def.accumulatorFromJSON({ junk: true })).toThrow();
  });

  it('names itself in the run identity (LEGIONS excepted) and parses that identity back', () => {
    const id0 = runIdentity({ game: def, cfg, policies, seed: 's', games: 10, start: 0, end: 10, shard: null });
    expect(id0.game).toBe(id === 'legions' ? undefined : id);
    const { policies: _p, seed: _s, games: _g, game: _id, rotation: _r, ...own } = id0;
    expect(def.identitySchema.parse(own)).toEqual(own);
    expect(def.perGameHeader(cfg).endsWith('\n')).toBe(true);
  });
});
