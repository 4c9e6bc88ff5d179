// legions replay: one game turn by turn, as text or as a structured JSON trace.
import type { CommandModule } from 'yargs';
import { playGame } from '../legions/game.js';
import type { Outcome } from '../legions/outcome.js';
import { CAUSE_NAMES, factionName, type TraceEvent } from '../legions/state.js';
import { intInRange, MAX_GAMES } from './args.js';
import { buildConfig, buildPolicies, type GameArgs, withGameOptions } from './options.js';

interface ReplayArgs extends GameArgs {
  /** The game's index within the seed (--game names the game played: legions). */
  index: number;
  json: boolean;
}

export interface Replay {
  seed: string;
  game: number;
  players: number;
  policies: string;
  trace: TraceEvent[];
  outcome: Outcome;
}

export function runReplay(a: GameArgs & { game: number }): Replay {
  const cfg = buildConfig(a);
  // A rotating field seats game K as simulate does: seat s plays entry (s + K) mod n.
  if (a.rotation === 'latin') {
    const list = a.policies.split(',');
    a.policies = list.map((_, s) => list[(s + a.game) % list.length]!).join(',');
  }
  const { state, outcome } = playGame(cfg, a.seed, a.game, buildPolicies(a), true);
  return { seed: a.seed, game: a.game, players: a.players, policies: a.policies, trace: state.trace!, outcome };
}

/** The readable form: a heading per turn and step, one line per event. */
export function formatReplay(r: Replay): string {
  const out: string[] = [`LEGIONS replay: seed ${r.seed}, game ${r.game}, ${r.players} players, policies ${r.policies}`];
  const pols = r.policies.split(',');
  const legend = Array.from({ length: r.players }, (_, f) => `${factionName(f)} = seat ${f} (${pols.length === 1 ? pols[0] : pols[f]})`);
  out.push(`Factions: ${legend.join(', ')}. Senators are named by card: colour-Status (green 1 vote, blue 2, lilac 3).`);
  let turn = -1;
  let step = '';
  for (const e of r.trace) {
    if (e.turn !== turn) {
      turn = e.turn;
      step = '';
      out.push('', turn === 0 ? '== Setup ==' : `== Turn ${turn} ==`);
    }
    if (e.step !== step && turn !== 0) {
      step = e.step;
      out.push(`-- ${step}`);
    }
    out.push(`  ${e.text}`);
  }
  const o = r.outcome;
  out.push('', `Result: ${CAUSE_NAMES[o.cause]}${o.cause ? ` in turn ${o.lostTurn}` : ''}; Prestige ${o.prestige.map((p, f) => `${factionName(f)} ${p}`).join(', ')}; winners ${winnersText(o.winners, o.players)}`);
  return out.join('\n') + '\n';
}

function winnersText(mask: number, n: number): string {
  const w: string[] = [];
  for (let f = 0; f < n; f++) if (mask & (1 << f)) w.push(factionName(f));
  return w.length ? w.join(', ') : 'none';
}

export const replayCommand: CommandModule<object, ReplayArgs> = {
  command: 'replay',
  describe: 'Print one game turn by turn (every draw, event, bid, motion, vote and battle)',
  builder: (y) =>
    withGameOptions(y)
      .option('index', { type: 'number', default: 0, describe: `Game index within the seed, 0..${MAX_GAMES - 1}` })
      .option('json', { type: 'boolean', default: false, describe: 'Structured JSON trace' }) as never,
  handler: (a) => {
    intInRange('--index', a.index, 0, MAX_GAMES - 1);
    const r = runReplay({ ...a, game: a.index });
    process.stdout.write(a.json ? JSON.stringify(r, null, 1) + '\n' : formatReplay(r));
  },
};
