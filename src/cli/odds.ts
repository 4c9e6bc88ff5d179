// legions odds: exact combat probabilities for one war (6. Combat Resolution), as a table or JSON.
import type { CommandModule } from 'yargs';
import { combatOdds, type OddsResult } from '../legions/odds.js';

interface OddsArgs {
  legions: number;
  status: number;
  armies: number;
  turns?: number;
  json: boolean;
  'roman-enemy-ratio': boolean;
}

const pct = (p: number): string => `${(100 * p).toFixed(2)}%`.padStart(8);
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const row = (label: string, p: number): string => `  ${label.padEnd(34)}${pct(p)}`;

/** The readable form: one battle, the loss distributions, then the cumulative turn table if asked. */
export function formatOdds(r: OddsResult): string {
  const reading = r.romanEnemyRatio ? 'Roman:Enemy ratio' : 'winner:loser ratio';
  const out: string[] = [
    `LEGIONS combat odds: ${plural(r.legions, 'legion')}, commander Status ${r.status} (MR ${r.mr}), ${plural(r.armies, 'army', 'armies')}; ${reading}`,
    '',
    'One battle',
    row('Victory (no armies left)', r.victory),
    row('War continues (both have forces)', r.continuing),
    row('  of which stalemate', r.stalemate),
    row('Roman legions wiped out', r.romanWipedOut),
    row('Commander killed', r.commanderKilled),
    '  (killed: whenever half or more of the legions fall, a victory or a wipe-out included)',
    '',
    'Legions lost    Armies lost',
  ];
  for (let k = 0; k < Math.max(r.romanLosses.length, r.enemyLosses.length); k++) {
    const rl = k < r.romanLosses.length ? `${String(k).padStart(3)} ${pct(r.romanLosses[k]!)}` : ' '.repeat(12);
    const el = k < r.enemyLosses.length ? `${String(k).padStart(3)} ${pct(r.enemyLosses[k]!)}` : '';
    out.push(`  ${rl}    ${el}`.trimEnd());
  }
  if (r.victoryByTurn) {
    out.push('', 'Repeated battles (cumulative; no reinforcements). Each column is how the war has ended by that turn:',
      'a commander killed counts only while the war goes on (his legions are recalled, the war is not over), so in turn 1',
      'it is below the one-battle figure, which also counts deaths in a battle that was won or lost outright.',
      ' Turn  Victory  Wiped out  Cmdr killed  Still fighting');
    for (let t = 0; t < r.victoryByTurn.length; t++) {
      out.push(
        `${String(t + 1).padStart(5)} ${pct(r.victoryByTurn[t]!)}   ${pct(r.wipedOutByTurn![t]!)}     ${pct(r.commanderLostByTurn![t]!)}        ${pct(r.ongoingByTurn![t]!)}`,
      );
    }
  }
  return out.join('\n') + '\n';
}

export const oddsCommand: CommandModule<object, OddsArgs> = {
  command: 'odds',
  describe: 'Exact odds of a battle: victory, losses, commander death, and victory by turn',
  builder: (y) =>
    y
      .option('legions', { type: 'number', demandOption: true, describe: 'Roman legions in the battle (1..50)' })
      .option('status', { type: 'number', demandOption: true, describe: "Commander's Status (1..10); MR = Status / 4 rounded up" })
      .option('armies', { type: 'number', demandOption: true, describe: 'Enemy armies (1..50)' })
      .option('turns', { type: 'number', describe: 'Also give cumulative victory odds over 1..T turns (T <= 20)' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the result as JSON' })
      .option('roman-enemy-ratio', {
        type: 'boolean',
        default: false,
        describe: 'Read Additional Losses by the Roman:Enemy ratio (rules-notes 12)',
      }) as never,
  handler: (a) => {
    // combatOdds validates every number and throws InputError (main prints it as one line, exit 2).
    const r = combatOdds({
      legions: a.legions,
      status: a.status,
      armies: a.armies,
      turns: a.turns,
      romanEnemyRatio: a['roman-enemy-ratio'],
    });
    process.stdout.write(a.json ? JSON.stringify(r, null, 1) + '\n' : formatOdds(r));
  },
};
