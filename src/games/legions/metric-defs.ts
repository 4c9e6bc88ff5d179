// The one table of metric definitions: what each figure counts, over which games, in which unit. The
// simulate summary, the experiment report (its labels, chart axes and glossary) and the CSVs take
// their names and words from here, so a figure means the same wherever it is printed.
import { READING_MEANINGS } from '../../experiment/paired.js';
import { defaultParams } from '../../legions/params.js';
import { republicTable } from '../../legions/republic.js';

export type MetricKind = 'rate' | 'mean';

export interface MetricDef {
  /** The key in JSON and experiment files. */
  key: string;
  /** The name in CSV files (snake case). */
  csv: string;
  /** Short name for charts, tables and the verdict's sentences ("wars", "final RI"). */
  label: string;
  /** Name in running text, where the short one could be ambiguous ("collapse by wars"). */
  name: string;
  /** Longer name for chart titles and the glossary. */
  title: string;
  kind: MetricKind;
  /** Unit of a value; for rates a share of games, printed in %. */
  unit: string;
  /** Unit of a difference between two arms: percentage points for rates. */
  diffUnit: string;
  /** The games it is computed over. */
  over: string;
  /** What it counts, in a sentence or two. */
  counts: string;
  /** How to read its size, where that needs saying. */
  scale?: string;
}

const rate = (key: string, csv: string, label: string, name: string, title: string, counts: string): MetricDef => ({
  key, csv, label, name, title, kind: 'rate', unit: '% of games', diffUnit: 'percentage points', over: 'all games', counts,
});

const DEFS = [
  rate('collapse', 'collapse', 'collapse', 'collapse', 'Collapse (the Republic fell)',
    'Share of games the players lost together: the Republic fell before the end of the last turn, whatever the cause (revolt, bankruptcy or wars below). A fallen Republic has no winner.'),
  rate('revolt', 'revolt', 'revolt', 'collapse by revolt', 'Collapse by revolt',
    'Share of games lost to a revolt of the people: in the State of the Republic step, two cards 1-10 minus the Revolution Index plus the Consul\'s Prestige came out below 0.'),
  rate('bankruptcy', 'bankruptcy', 'bankruptcy', 'collapse by bankruptcy', 'Collapse by bankruptcy',
    'Share of games lost because the State Treasury could not pay a debt in full when it fell due (war costs, legion upkeep, commander pay, Natural Disaster, development aid, Land Act payments). Players cannot pay the State\'s debts for it.'),
  rate('wars', 'wars', 'wars', 'collapse by wars', 'Collapse by wars',
    'Share of games lost to wars: three or more active wars at once (Macedonian wars and active revolts of the variations count), or an active war without legions while another war is active.'),
  {
    key: 'finalRI', csv: 'final_ri', label: 'final RI', name: 'final Revolution Index', title: 'Final Revolution Index', kind: 'mean', unit: 'RI points', diffUnit: 'RI points',
    over: 'all games',
    counts: 'Revolution Index when the game ended: after the last turn in games the Republic survived, at the moment it fell in the others. It therefore mixes the two kinds of game; read it next to the collapse rate.',
    scale: 'see the Revolution Index scale below',
  },
  {
    key: 'prestigeSpread', csv: 'prestige_spread', label: 'Prestige spread', name: 'Prestige spread (highest minus lowest)', title: 'Prestige spread (highest minus lowest)', kind: 'mean', unit: 'Prestige', diffUnit: 'Prestige',
    over: 'all games (a fallen Republic included: the factions keep their Prestige)',
    counts: 'Highest faction Prestige minus the lowest at the end of the game: how far apart the factions finish.',
  },
  {
    key: 'winnerMargin', csv: 'winner_margin', label: "winner's margin", name: "winner's margin", title: "Winner's margin (winner minus runner-up)", kind: 'mean', unit: 'Prestige', diffUnit: 'Prestige',
    over: 'games the Republic survived (only they have a winner)',
    counts: 'Prestige of the winner minus that of the runner-up after the last turn; 0 when the top two tie on Prestige, whoever the Status tie-break makes the winner.',
  },
  {
    key: 'legionsLost', csv: 'legions_lost', label: 'legions lost', name: 'legions lost', title: 'Legions lost', kind: 'mean', unit: 'legions per game', diffUnit: 'legions per game',
    over: 'all games', counts: 'Roman legions (State and faction) destroyed in battle over the game.',
  },
  {
    key: 'warsWon', csv: 'wars_won', label: 'wars won', name: 'wars won', title: 'Wars won', kind: 'mean', unit: 'wars per game', diffUnit: 'wars per game',
    over: 'all games', counts: 'Wars (and revolts of the variations) the Romans won over the game.',
  },
  {
    key: 'turnsPlayed', csv: 'turns_played', label: 'turns played', name: 'turns played', title: 'Turns played', kind: 'mean', unit: 'turns', diffUnit: 'turns',
    over: 'all games', counts: 'Turns played: the last turn for games the Republic survived, the turn it fell in for the others.',
  },
  {
    key: 'stateTreasury', csv: 'state_treasury', label: 'final State Treasury', name: 'final State Treasury', title: 'Final State Treasury', kind: 'mean', unit: 'Talents', diffUnit: 'Talents',
    over: 'all games', counts: 'Talents in the State Treasury when the game ended (after the last turn, or when the Republic fell).',
  },
] as const satisfies readonly MetricDef[];

export type DefinedMetric = (typeof DEFS)[number]['key'];
export const METRIC_DEFS: Record<DefinedMetric, MetricDef> = Object.fromEntries(DEFS.map((d) => [d.key, d])) as Record<DefinedMetric, MetricDef>;

/** Figures over time: survival and the per-turn losses, with the games they count. */
export const OVER_TIME_DEFS = {
  survival: {
    label: 'survival', title: 'Republic still standing',
    counts: 'Share of all games in which the Republic still stands after turn t (the games are never cut short, so this is the plain share, with a Wilson interval at each turn).',
  },
  fallenBy: {
    label: 'fallen by cause', title: 'Fallen by turn t, by cause',
    counts: 'Share of all games lost to a given cause in turns 1..t (the cumulative incidence of that cause); the three causes add up to 1 minus survival.',
  },
  survivalDifference: {
    label: 'survival difference', title: 'Survival: arm minus baseline',
    counts: 'Survival after turn t of the arm minus that of its baseline on the same game seeds, in percentage points, with the paired interval of the collapse comparisons (a game counts as discordant when it stood in one arm and had fallen in the other).',
  },
} as const;

/** The glossary's words for an effect's reading (the verdict panel's sentences use them). */
export const READING_DEFS = {
  ...READING_MEANINGS,
  'no conclusion': 'the variation never came into play, or every game equals the baseline\'s',
} as const;

export interface RiScaleRow {
  ri: number;
  /** Chance that the State of the Republic step ends the game this turn with a Consul's Prestige of 0. */
  revolt: number;
  /** Expected Revolution Index rise from that step, given that the game goes on (null: it never does). */
  rise: number | null;
}

/**
 * The Revolution Index scale, from the engine's own table: two cards 1..10 minus the RI plus the
 * Consul's Prestige (taken as 0 here: each point of it counts as one point less of RI).
 */
export function riScale(ris: readonly number[] = [0, 2, 5, 8, 10, 12, 15, 18, 21]): RiScaleRow[] {
  const zeroInBands = defaultParams().zeroStateIsShortage === 1;
  return ris.map((ri) => {
    let revolt = 0;
    let rise = 0;
    for (let a = 1; a <= 10; a++) {
      for (let b = 1; b <= 10; b++) {
        const r = republicTable(a + b - ri, zeroInBands);
        if (r.revolt) revolt++;
        else rise += r.riIncrease;
      }
    }
    return { ri, revolt: revolt / 100, rise: revolt < 100 ? rise / (100 - revolt) : null };
  });
}

/** What the Revolution Index is, for the glossary; its thresholds computed from riScale. */
export function riScaleText(): string {
  const step = defaultParams().revoltRIStep;
  const all = riScale(Array.from({ length: 41 }, (_, i) => i));
  const safe = all.filter((r) => r.revolt === 0).at(-1)!.ri;
  const likely = all.find((r) => r.revolt >= 0.4)!;
  const certain = all.find((r) => r.revolt === 1)!.ri;
  return 'The Revolution Index (RI) is the people\'s unrest: 0 at setup and never below 0; it rises with wars (active, unopposed, lost legions), Drought and Provincial Unrest, and with a State of the Republic number of 0-9 (by 10 minus the number); it falls with Games, victories and (variation) Land Acts. '
    + 'Each turn the State of the Republic number is two cards 1-10 minus the RI plus the Consul\'s Prestige: below 0 the people revolt and the game is lost. '
    + `So with a Consul's Prestige of 0 the RI is harmless up to ${safe}, a revolt becomes likely from about ${likely.ri} (${Math.round(100 * likely.revolt)} % a turn) and certain from ${certain}; each point of the Consul's Prestige moves these thresholds up by one. `
    + `With the revolts variation, a conquered province revolts with probability floor(RI / ${step}) / 10 a turn, so never below RI ${step}.`;
}
