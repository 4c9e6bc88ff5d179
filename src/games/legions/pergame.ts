// One CSV row per game (the --per-game file): the outcome record flattened, lists joined with ';'.
// Every field is a number, a hex seed or a cause name, so no field ever needs quoting.
import { gameSeed } from '../../core/rng.js';
import type { Outcome } from '../../legions/outcome.js';
import { CAUSE_NAMES } from '../../legions/state.js';
import { SCALAR_METRICS } from './accumulator.js';

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

export function perGameHeader(players: number): string {
  const seats = (p: string) => Array.from({ length: players }, (_, f) => `${p}_${f}`);
  return [
    'game', 'seed', 'cause', 'lost_turn', 'winners', ...seats('prestige'), ...seats('treasury'), ...seats('senators'),
    ...SCALAR_METRICS.map(snake), 'ri_by_turn', 'state_treasury_by_turn',
  ].join(',') + '\n';
}

export function perGameRow(masterSeed: string, index: number, o: Outcome): string {
  const winners: number[] = [];
  for (let f = 0; f < o.players; f++) if (o.winners & (1 << f)) winners.push(f);
  const cells: (string | number)[] = [index, gameSeed(masterSeed, index), CAUSE_NAMES[o.cause]!, o.lostTurn, winners.join(';')];
  for (const list of [o.prestige, o.treasury, o.senators]) for (const v of list) cells.push(v);
  for (const m of SCALAR_METRICS) cells.push(o[m]);
  cells.push(o.riByTurn.join(';'), o.stateTreasuryByTurn.join(';'));
  return cells.join(',') + '\n';
}
