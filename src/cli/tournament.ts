// legions tournament: policies against each other with seat rotation; CSV, JSON, chart and HTML section.
import type { CommandModule } from 'yargs';
import { runTournament, type TournamentResult, untoldApart } from '../ai/tournament.js';
import { InputError } from '../core/errors.js';
import { claimOutputs } from '../sim/claim.js';
import { checkOutputDir } from '../sim/paths.js';
import { Progress } from '../sim/progress.js';
import { StopSignals } from '../sim/signals.js';
import { writeTransaction } from '../sim/transaction.js';
import { makePolicy } from '../../policies/index.js';
import { loadField } from '../../policies/fields.js';
import { intInRange, MAX_MAIN_THREAD_GAMES } from './args.js';
import { buildConfig, checkWeightFiles, type GameArgs, gameInputs, withGameOptions } from './options.js';

interface TournamentArgs extends GameArgs {
  games: number;
  collapseGames: number;
  out: string;
  json: boolean;
  quiet: boolean;
}

const pct = (x: number) => (100 * x).toFixed(1);

export function tournamentCsv(r: TournamentResult): string {
  const lines = ['rank,policy,games,wins,win_rate,ci_low,ci_high,bt_strength,bt_rank,collapse_all_seats,collapse_ci_low,collapse_ci_high'];
  for (const row of [...r.rows].sort((a, b) => a.rank - b.rank)) {
    const c = r.collapseAllSeats.find((x) => x.policy === row.policy)!;
    lines.push([row.rank, row.policy, row.games, row.wins, row.winRate, row.ci95[0], row.ci95[1], row.strength, row.btRank, c.collapse, c.ci95[0], c.ci95[1]].join(','));
  }
  return lines.join('\n') + '\n';
}

export function tournamentChart(r: TournamentResult): Record<string, unknown> {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `Win rate by policy (${r.players} players, seat rotation, ${r.games} games)`,
    width: 420,
    config: { font: 'DejaVu Sans' },
    // Rows in rank order; the axis keeps that order (one sort for both layers).
    data: { values: [...r.rows].sort((a, b) => a.rank - b.rank).map((x) => ({ policy: x.policy, rate: x.winRate, lo: x.ci95[0], hi: x.ci95[1] })) },
    encoding: { y: { field: 'policy', type: 'nominal', sort: null, title: 'Policy' } },
    layer: [
      { mark: 'bar', encoding: { x: { field: 'rate', type: 'quantitative', title: 'Win rate (95 % Wilson interval)', axis: { format: '%' } } } },
      { mark: { type: 'rule', color: 'black' }, encoding: { x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } },
    ],
  };
}

export function tournamentHtml(r: TournamentResult, svg: string): string {
  const rows = [...r.rows].sort((a, b) => a.rank - b.rank).map((x) => {
    const c = r.collapseAllSeats.find((y) => y.policy === x.policy)!;
    return `<tr><td>${x.rank}</td><td>${x.policy}</td><td>${pct(x.winRate)} % [${pct(x.ci95[0])}, ${pct(x.ci95[1])}]</td><td>${x.strength.toFixed(3)} (${x.btRank})</td><td>${pct(c.collapse)} % [${pct(c.ci95[0])}, ${pct(c.ci95[1])}] (${c.games} games)</td></tr>`;
  });
  const untold = untoldSentence(r);
  return `<section id="tournament"><h2>Policy tournament</h2>
<p>${r.players} players, ${r.games} games with every policy rotated over every seat; seed ${r.seed}.${r.rolloutMsPerDecision !== null ? ` Rollout cost: ${r.rolloutMsPerDecision.toFixed(1)} ms per posture decision.` : ''}</p>
${svg}
<p>Ranked by win rate over seat-games (a collapse is no win for anyone), with 95 % Wilson intervals. The Bradley-Terry strength, a secondary measure, is fitted to who finished above whom in Prestige in the games the Republic survived: a policy can finish high often yet win rarely, or the reverse.</p>
<table><thead><tr><th>Rank</th><th>Policy</th><th>Win rate</th><th>Bradley-Terry strength (its rank)</th><th>Collapse, all seats this policy</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>${untold ? `\n<p>${untold}</p>` : ''}</section>
`;
}

/** The neighbours in the ranking that these games do not tell apart, as a sentence ('' when none). */
function untoldSentence(r: TournamentResult): string {
  const close = untoldApart(r.rows);
  return close.length ? `Not told apart by these games (their win-rate intervals overlap): ${close.map(([x, y]) => `${x} and ${y}`).join('; ')}.` : '';
}

export const tournamentCommand: CommandModule<object, TournamentArgs> = {
  command: 'tournament',
  describe: 'Policies against each other with seat rotation: win rates, ranking, collapse rates',
  builder: (y) =>
    withGameOptions(y)
      .option('policies', { type: 'string', describe: 'Policies to compare (two or more; default random,statesman,opportunist,parametric,competent)' })
      .option('games', { type: 'number', default: 1000, describe: `Rotated games, 1..${MAX_MAIN_THREAD_GAMES}` })
      .option('collapse-games', { type: 'number', default: 200, describe: `Games per policy with every seat playing it, 0..${MAX_MAIN_THREAD_GAMES}` })
      .option('out', { type: 'string', default: 'reports/tournament', describe: 'Output folder' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the result as JSON' })
      .option('quiet', { type: 'boolean', default: false, describe: 'No progress output' }) as never,
  handler: async (a) => {
    if (a.policies !== undefined && a.field !== undefined) throw new InputError('give --policies or --field, not both');
    // A field's distinct policies are the contestants; the default compares every built-in player.
    const names = a.field !== undefined ? [...new Set(loadField(a.field).policies)]
      : (a.policies ?? 'random,statesman,opportunist,parametric,competent').split(',').map((s) => s.trim());
    if (names.some((n) => n === '')) throw new InputError('--policies: an empty policy name');
    if (names.length < 2) throw new InputError('--policies needs two or more policies to compare');
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice) throw new InputError(`--policies: "${twice}" is named twice`);
    checkWeightFiles(names);
    names.forEach((n) => makePolicy(n));
    intInRange('--games', a.games, 1, MAX_MAIN_THREAD_GAMES);
    intInRange('--collapse-games', a.collapseGames, 0, MAX_MAIN_THREAD_GAMES);
    const cfg = buildConfig({ ...a, policies: 'statesman', field: undefined });
    const out = checkOutputDir(a.out, '--out', gameInputs(a), ['tournament.csv', 'tournament.json', 'tournament.html', 'charts']);
    const claim = claimOutputs('tournament', { path: out, what: `--out ${a.out}` });
    try {
      const progress = new Progress(a.games + a.collapseGames * names.length, { quiet: a.quiet, label: 'tournament' });
      progress.start();
      const r = runTournament(cfg, names, a.games, a.seed, a.collapseGames, (d) => progress.update(d));
      progress.finish();
      const spec = tournamentChart(r);
      // Loaded only here: vega takes about 0.4 s to import, which every other command would pay.
      const { renderSvg, svgToPng } = await import('../report/render.js');
      const signals = new StopSignals().install();
      try {
        await writeTransaction(out, 'tournament', signals, async (tx) => {
          const svg = await renderSvg(spec);
          tx.put('charts/tournament.vl.json', JSON.stringify(spec, null, 2) + '\n');
          tx.put('charts/tournament.svg', svg);
          tx.put('charts/tournament.png', svgToPng(svg));
          tx.put('tournament.csv', tournamentCsv(r));
          tx.put('tournament.json', JSON.stringify(r, null, 2) + '\n');
          tx.put('tournament.html', `<!doctype html><html><head><meta charset="utf-8"><title>LEGIONS policy tournament</title></head><body>\n${tournamentHtml(r, svg)}</body></html>\n`);
        });
      } finally {
        signals.uninstall();
      }
      if (a.json) process.stdout.write(JSON.stringify(r, null, 2) + '\n');
      else {
        process.stdout.write(`ranked by win rate over seat-games (a collapse is no win); BT = Bradley-Terry strength from who finished above whom in Prestige in surviving games\n`);
        for (const x of [...r.rows].sort((p, q) => p.rank - q.rank)) {
          const c = r.collapseAllSeats.find((y) => y.policy === x.policy)!;
          const coll = c.games ? `  collapse with it in every seat ${pct(c.collapse)} % [${pct(c.ci95[0])}, ${pct(c.ci95[1])}]` : '';
          process.stdout.write(`${x.rank}. ${x.policy.padEnd(14)} win ${pct(x.winRate)} % [${pct(x.ci95[0])}, ${pct(x.ci95[1])}]  BT ${x.strength.toFixed(3)} (BT rank ${x.btRank})${coll}\n`);
        }
        const untold = untoldSentence(r);
        if (untold) process.stdout.write(`${untold}\n`);
        process.stdout.write(`written to ${a.out}\n`);
      }
    } finally {
      claim.release();
    }
  },
};
