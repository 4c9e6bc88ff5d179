// Golden replays (Style: OpenSpiel playthroughs): a rule change shows up as a diff of these traces.
// Regenerate on purpose with: npm run golden:update
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatReplay, runReplay } from '../src/cli/replay.js';

const GOLDEN = [
  { file: 'replay-3p.txt', args: { players: 3, policies: 'statesman,opportunist,random', seed: 'golden', game: 0 } },
  { file: 'replay-5p.txt', args: { players: 5, policies: 'statesman,opportunist,random,statesman,opportunist', seed: 'golden', game: 1 } },
];

describe('golden replays', () => {
  for (const { file, args } of GOLDEN) {
    it(`${file} is unchanged`, () => {
      const text = formatReplay(runReplay(args));
      const path = join(__dirname, 'golden', file);
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(path, text);
      expect(text).toBe(readFileSync(path, 'utf8'));
    });
  }
});
