// legions odds: exact combat probabilities for one war (6. Combat Resolution), as a table or JSON.
import type { CommandModule } from 'yargs';
import { combatOdds, type OddsResult, splitOdds, type SplitOddsResult } from '../legions/odds.js';
import { defaultParams, InputError } from '../legions/params.js';
import { dsRule } from '../legions/ror/disaster-standoff.js';
import { parseVariants, VARIANT_NAMES } from '../legions/variants.js';
import { applyRuleFlags } from '../games/legions/rules-schema.js';
import { exactOdds } from '../caesar/index.js';
import { loadBattle } from './caesar.js';
import { checkVariantList } from './options.js';

interface OddsArgs {
  game: string;
  battle?: string;
  legions?: string | number;
  status?: string | number;
  armies?: number;
  turns?: number;
  json: boolean;
  'roman-enemy-ratio': boolean;
  variants?: string;
  rule?: string[];
}

/** The variations that change a battle, which `odds` accepts. */
export const BATTLE_VARIANTS = ['ror-disaster-standoff', 'ror-multiple-commanders'] as const;

/** "4" or "2,2": whole numbers as given (a bad one is left for the range check to report). */
function numberList(v: string | number): number[] {
  return String(v).split(',').map((x) => (x.trim() === '' ? Number.NaN : Number(x)));
}

const pct = (p: number): string => `${(100 * p).toFixed(2)}%`.padStart(8);
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const row = (label: string, p: number): string => `  ${label.padEnd(34)}${pct(p)}`;

/** The readable form: one battle, the loss distributions, then the cumulative turn table if asked. */
export function formatOdds(r: OddsResult): string {
  const reading = r.romanEnemyRatio ? 'Roman:Enemy ratio' : 'winner:loser ratio';
  const out: string[] = [
    `LEGIONS combat odds: ${plural(r.legions, 'legion')}, commander Status ${r.status} (MR ${r.mr}), ${plural(r.armies, 'army', 'armies')}; ${reading}${r.variants ? `; ${r.variants.join(', ')}` : ''}`,
    '',
    'One battle',
    row('Victory (no armies left)', r.victory),
    row('War continues (both have forces)', r.continuing),
    row('  of which stalemate', r.stalemate),
    row('Roman legions wiped out', r.romanWipedOut),
    row('Commander killed', r.commanderKilled),
    '  (killed: whenever half or more of the legions fall, a victory or a wipe-out included)',
    ...(r.disaster !== undefined ? [row('Disaster', r.disaster), row('Standoff', r.standoff!)] : []),
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

/** The readable form of several forces at one war (ror-multiple-commanders). */
export function formatSplitOdds(r: SplitOddsResult): string {
  const reading = r.romanEnemyRatio ? 'Roman:Enemy ratio' : 'winner:loser ratio';
  const forces = r.forces.map((f) => `${plural(f.legions, 'legion')} under Status ${f.status} (MR ${f.mr})`).join(' + ');
  const out = [
    `LEGIONS combat odds: ${forces} against ${plural(r.armies, 'army', 'armies')}; ${reading}; ${r.variants.join(', ')}`,
    '  (the forces attack one after another in a random order, until no army is left)',
    '',
    'One turn',
    row('Victory (no armies left)', r.victory),
    row('War continues', r.continuing),
    row('Every force wiped out', r.romanWipedOut),
    `  ${'Legions lost (expected)'.padEnd(34)}${r.legionsLost.toFixed(3).padStart(8)}`,
    row('At least one commander killed', r.anyCommanderKilled),
    ...r.commanderKilled.map((p, i) => row(`  commander of force ${i + 1} killed`, p)),
  ];
  if (r.variants.includes('ror-disaster-standoff')) out.push(row('Disaster', r.disaster), row('Standoff', r.standoff));
  return out.join('\n') + '\n';
}

export const oddsCommand: CommandModule<object, OddsArgs> = {
  command: 'odds',
  describe: 'Exact odds of a battle: victory, losses, commander death, and victory by turn',
  builder: (y) =>
    y
      .option('legions', { type: 'string', describe: '[required for LEGIONS] Roman legions in the battle (1..50); with ror-multiple-commanders a list, one per force (e.g. 2,2)' })
      .option('status', { type: 'string', describe: "[required for LEGIONS] Commander's Status (1..10); MR = Status / 4 rounded up; a list for several forces" })
      .option('armies', { type: 'number', describe: '[required for LEGIONS] Enemy armies (1..50)' })
      .option('battle', { type: 'string', describe: '[required for caesar-xl] The battle FILE (see battles/); exact odds of fighting it to a finish' })
      .option('turns', { type: 'number', describe: 'Also give cumulative victory odds over 1..T turns (T <= 20)' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the result as JSON' })
      .option('roman-enemy-ratio', {
        type: 'boolean',
        default: false,
        describe: 'Read Additional Losses by the Roman:Enemy ratio (rules-notes 12)',
      })
      .option('variants', { type: 'string', describe: `Variations that change a battle: ${BATTLE_VARIANTS.join(', ')}` })
      .option('rule', { type: 'string', array: true, describe: 'Rules parameter override key=value (the variations\' numbers, e.g. rorDisasterRoll=12)' }) as never,
  handler: (a) => {
    if (a.game === 'caesar-xl') return caesarOdds(a);
    if (a.battle !== undefined) throw new InputError('--battle is a Caesar XL option (--game caesar-xl)');
    for (const k of ['legions', 'status', 'armies'] as const) if (a[k] === undefined) throw new InputError(`Missing required argument: ${k}`);
    // The odds functions validate every number and throw InputError (main prints it as one line, exit 2).
    const params = defaultParams();
    applyRuleFlags(params, a.rule ?? []);
    let names: string[] = [];
    if (a.variants !== undefined) {
      names = a.variants.split(',').map((n) => n.trim());
      checkVariantList(names, '--variants');
      parseVariants(names); // unknown names: the usual one-line error
      for (const n of names) {
        if (n !== 'none' && !(BATTLE_VARIANTS as readonly string[]).includes(n)) {
          throw new InputError(`odds: the variation ${n} does not change a battle (odds takes ${BATTLE_VARIANTS.join(', ')}; all: ${VARIANT_NAMES.join(', ')})`);
        }
      }
    }
    const ds = names.includes('ror-disaster-standoff') ? dsRule(params) : undefined;
    const legions = numberList(a.legions!);
    const status = numberList(a.status!);
    if (legions.length > 1 || status.length > 1 || names.includes('ror-multiple-commanders')) {
      if (!names.includes('ror-multiple-commanders')) throw new InputError('odds: several forces (lists in --legions, --status) need --variants ror-multiple-commanders');
      if (legions.length !== status.length) throw new InputError(`odds: --legions names ${legions.length} forces but --status ${status.length}`);
      if (legions.length > params.rorMaxCommanders) throw new InputError(`odds: ${legions.length} forces, but rorMaxCommanders is ${params.rorMaxCommanders}`);
      if (a.turns !== undefined) throw new InputError('odds: --turns is for one force only');
      const r = splitOdds({ forces: legions.map((l, i) => ({ legions: l, status: status[i]! })), armies: a.armies!, romanEnemyRatio: a['roman-enemy-ratio'], disasterStandoff: ds });
      process.stdout.write(a.json ? JSON.stringify(r, null, 1) + '\n' : formatSplitOdds(r));
      return;
    }
    const r = combatOdds({
      legions: legions[0]!,
      status: status[0]!,
      armies: a.armies!,
      turns: a.turns,
      romanEnemyRatio: a['roman-enemy-ratio'],
      ...(ds ? { disasterStandoff: ds } : {}),
    });
    process.stdout.write(a.json ? JSON.stringify(r, null, 1) + '\n' : formatOdds(r));
  },
};

/** odds --game caesar-xl --battle FILE: the battle's exact odds, fought to a finish with the default policy. */
function caesarOdds(a: OddsArgs): void {
  const given = (['legions', 'status', 'armies', 'turns', 'variants', 'rule'] as const).find((k) => a[k] !== undefined);
  if (given) throw new InputError(`--game caesar-xl: --${given} is a LEGIONS option (the battle is in its --battle file)`);
  const setup = loadBattle(a.battle);
  let r;
  try {
    r = exactOdds(setup, setup.rules);
  } catch (e) {
    // Too many battle states (or a round that repeats forever): a property of the file, said in one line.
    if (e instanceof Error && e.message.startsWith('exact odds:')) throw new InputError(`--battle ${a.battle}: ${e.message}`);
    throw e;
  }
  if (a.json) {
    process.stdout.write(JSON.stringify({ game: 'caesar-xl', battle: a.battle, ...r }, null, 1) + '\n');
    return;
  }
  const p = (x: number) => `${(100 * x).toFixed(4)} %`;
  const dist = (d: number[]) => d.map((x, k) => `${k}: ${p(x)}`).join(', ');
  process.stdout.write([
    `Caesar XL battle ${a.battle}, fought to a finish with the default policy (exact):`,
    `  attacker holds the field   ${p(r.attackerWins)}`,
    `  defender holds the field   ${p(r.defenderWins)}`,
    `  rounds (expected)          ${r.expectedRounds.toFixed(4)}`,
    `  attacker Supreme Leader lost ${p(r.attackerSupremeLost)}; defender's ${p(r.defenderSupremeLost)}`,
    `  round 1, attacker units lost: ${dist(r.round1.attackerLosses)}`,
    `  round 1, defender units lost: ${dist(r.round1.defenderLosses)}`,
    `  (${r.states} battle states enumerated)`,
  ].join('\n') + '\n');
}
