// LEGIONS as the command line sees it: the runner's definition plus a finished run's summary,
// outputs and headline (what simulate and merge print and write).
import type { ManifestInfo, Perf, PutFile } from '../../report/outputs.js';
import type { RunIdentity } from '../../sim/spec.js';
import type { GameConfig } from '../../legions/game.js';
import type { GameEntry } from '../index.js';
import type { RunAccumulator } from './accumulator.js';
import { game } from './definition.js';
import { writeOutputs } from './outputs.js';
import { type Summary, summarise, summaryText } from './summary.js';

const pct = (x: number) => (100 * x).toFixed(2);

/** One line for a person: the collapse rate with its interval and the causes. */
export function headline(s: Summary): string {
  const c = s.collapse;
  const causes = Object.entries(s.causes).map(([k, r]) => `${k} ${pct(r.rate)} %`).join(', ');
  const tc = s.winRate.temporaryConsulFaction;
  const sen = s.senate;
  return `${s.games} games: collapse ${pct(c.rate)} % [${pct(c.ci95[0])}, ${pct(c.ci95[1])}] (${causes})\n` +
    `Temporary Consul's faction wins ${pct(tc.rate)} % [${pct(tc.ci95[0])}, ${pct(tc.ci95[1])}] of all games (fair share ${pct((1 - c.rate) / s.config.players)} %); ` +
    `kept the Consulship all game in ${pct(sen.consulKeptAllGame.rate)} %\n` +
    `Senate per game: ${sen.motions.mean?.toFixed(1)} motions voted (${sen.motionsByPresiding.mean?.toFixed(1)} by the Consul's faction), ` +
    `${sen.vetoes.mean?.toFixed(2)} vetoes, ${sen.tabledByTribune.mean?.toFixed(2)} tabled by tribune, ${sen.consulChanges.mean?.toFixed(2)} Consulship changes` +
    Object.entries(s.triggers).map(([v, t]) => t.count === 0
      ? `\n${v}: never came into play (${t.what}: in no game), so these games say nothing about it`
      : `\n${v}: came into play in ${pct(t.rate)} % [${pct(t.ci95[0])}, ${pct(t.ci95[1])}] of games (${t.what}; ${t.perGame?.toFixed(2)} per game)`).join('') +
    s.warnings.map((w) => `\nwarning: ${w}`).join('');
}

export const legions: GameEntry<GameConfig, RunAccumulator> = {
  definition: game,
  report(acc: RunAccumulator, id: RunIdentity, fingerprint: string, range: [number, number]) {
    const s = summarise(acc, id, fingerprint, range);
    return {
      summary: s,
      json: (perf: Perf) => summaryText(s, perf),
      headline: () => headline(s),
      policyErrors: { total: s.policyErrors.total, games: s.policyErrors.games },
      write: (put: PutFile, info: ManifestInfo, charts: boolean) => writeOutputs(put, s, acc, info, charts),
    };
  },
};
