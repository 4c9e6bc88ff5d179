// Options shared by the game commands, turned into a validated game configuration.
import { readFileSync } from 'node:fs';
import type { Argv } from 'yargs';
import { parsePolicies } from '../../policies/index.js';
import { defaultBoard, loadBoardFile } from '../legions/board.js';
import type { GameConfig } from '../legions/game.js';
import { applyRuleObject, applyRuleStrings, defaultParams, InputError } from '../legions/params.js';
import type { Policy } from '../legions/policy.js';
import { parseVariants } from '../legions/variants.js';

export interface GameArgs {
  players: number;
  policies: string;
  rule?: string[];
  rules?: string;
  board?: string;
  variants?: string;
  seed: string;
}

export function withGameOptions<T>(y: Argv<T>): Argv<T & GameArgs> {
  return y
    .option('players', { type: 'number', default: 5, describe: 'Number of players: 3 or 5' })
    .option('policies', { type: 'string', default: 'statesman', describe: 'Policy per seat (a,b,c) or one for all' })
    .option('rule', { type: 'string', array: true, describe: 'Rules parameter override key=value (repeatable)' })
    .option('rules', { type: 'string', describe: 'JSON file of rules parameter overrides' })
    .option('board', { type: 'string', describe: 'Board (province table) JSON file' })
    .option('variants', { type: 'string', describe: 'Comma-separated variations to switch on' })
    .option('seed', { type: 'string', default: 'legions', describe: 'Master seed' }) as Argv<T & GameArgs>;
}

export function buildConfig(a: GameArgs): GameConfig {
  if (a.players !== 3 && a.players !== 5) throw new InputError(`--players must be 3 or 5, got ${a.players}`);
  const params = defaultParams();
  if (a.rules) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(a.rules, 'utf8'));
    } catch (e) {
      throw new InputError(`--rules ${a.rules}: ${(e as Error).message.split('\n')[0]}`);
    }
    applyRuleObject(params, raw, a.rules);
  }
  applyRuleStrings(params, a.rule ?? []);
  const board = a.board ? loadBoardFile(a.board) : defaultBoard();
  return { players: a.players, params, board, variants: parseVariants(a.variants) };
}

export function buildPolicies(a: GameArgs): Policy[] {
  return parsePolicies(a.policies, a.players);
}
