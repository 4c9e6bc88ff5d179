// Every number of the game in one typed, documented object (see docs/rules.md for sources).
import * as errorsModule from '../core/errors.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { InputError } = errorsModule;

/** A rules parameter: its default, its allowed range and what it means. */
interface ParamSpec {
  readonly def: number | readonly number[];
  readonly min: number;
  readonly max: number;
  readonly doc: string;
  /** For list parameters: the exact length required (0 = any length >= 1). */
  readonly len?: number;
}

const specs = {
  turns: { def: 10, min: 1, max: 50, doc: 'Game length in turns (End of the Game)' },
  startStateTreasury: { def: 100, min: 0, max: 10000, doc: 'State Treasury at setup (Preparation)' },
  startFactionTreasury: { def: 5, min: 0, max: 1000, doc: 'Each faction treasury at setup' },
  temporaryConsulPrestige: { def: 7, min: 0, max: 100, doc: 'Prestige of the Temporary Consul faction at setup' },
  consulAppointmentPrestige: { def: 0, min: 0, max: 20, doc: 'Prestige for having a senator elected Consul (rules-notes 5)' },
  startActiveLegions: { def: 1, min: 0, max: 7, doc: 'State legions in the Active Legions Box at setup' },
  factionBaseIncome: { def: 5, min: 0, max: 100, doc: 'Talents every faction collects each turn' },
  senatorIncome: { def: 1, min: 0, max: 10, doc: 'Talents per senator of a faction, wherever he is' },
  knightsPerTalent: { def: 2, min: 1, max: 10, doc: 'Knights needed for 1 Talent of income' },
  stateIncome: { def: 30, min: 0, max: 1000, doc: 'State Treasury income each turn' },
  warCost: { def: 20, min: 0, max: 1000, doc: 'State cost of each active war per turn' },
  legionCost: { def: 10, min: 0, max: 1000, doc: 'Cost of raising a legion (State or faction)' },
  manpowerLegionCost: { def: 20, min: 0, max: 1000, doc: 'Cost of raising a legion in a Manpower Shortage event turn' },
  legionUpkeep: { def: 4, min: 0, max: 100, doc: 'Upkeep per active legion per turn (State and faction)' },
  commanderPay: { def: 1, min: 0, max: 100, doc: 'State pays each commander per turn' },
  maxStateLegions: { def: 7, min: 1, max: 50, doc: 'State legions that may exist at once' },
  donationThresholds: { def: [8, 16, 30], min: 1, max: 1000, len: 3, doc: 'Donation amounts of the donation table' },
  donationPrestige: { def: [1, 3, 5], min: 0, max: 100, len: 3, doc: 'Prestige for each donation threshold' },
  gamesThresholds: { def: [5, 15, 25], min: 1, max: 1000, len: 3, doc: 'Talents of the three Games levels' },
  gamesPrestige: { def: [1, 2, 3], min: 0, max: 100, len: 3, doc: 'Prestige for each Games level' },
  gamesUnrest: { def: [1, 2, 3], min: 0, max: 100, len: 3, doc: 'Revolution Index drop for each Games level' },
  knightDonation: { def: 3, min: 0, max: 100, doc: 'Talents a knight donates when he leaves' },
  concessionHarbourPerProvince: { def: 1, min: 0, max: 100, doc: 'Harbour income per conquered province' },
  concessionArmsPerLegion: { def: 1, min: 0, max: 100, doc: 'Arms income per active legion' },
  concessionLandCommission: { def: 2, min: 0, max: 100, doc: 'Land Commission income per turn' },
  concessionGrain: { def: 6, min: 0, max: 100, doc: 'Grain income per turn' },
  concessionMining: { def: 4, min: 0, max: 100, doc: 'Mining income per turn' },
  droughtLandCommissionPrestige: { def: 2, min: 0, max: 100, doc: 'Prestige paid to double Land Commission income after a Drought' },
  unrestRI: { def: 1, min: 0, max: 100, doc: 'Revolution Index rise for Provincial Unrest' },
  droughtRI: { def: 2, min: 0, max: 100, doc: 'Revolution Index rise for Drought' },
  disasterCost: { def: 40, min: 0, max: 1000, doc: 'State payment for a Natural Disaster' },
  neutralSenatorsPerForum: { def: 2, min: 0, max: 30, doc: 'Neutral senators turned up at each Forum' },
  attractionRounds: { def: 5, min: 1, max: 100, doc: 'Rounds of attempts to attract senators of other factions (rules-notes 9)' },
  prosecutionMinorPenalty: { def: 5, min: 0, max: 100, doc: 'Prestige lost by the faction of a senator convicted of a Minor offence' },
  prosecutionCensorPrestige: { def: 3, min: 0, max: 100, doc: 'Prestige for the Censor faction on a successful prosecution' },
  consulDefeatPrestige: { def: 1, min: 0, max: 100, doc: 'Prestige lost by the Consul faction on a unanimous defeat of its motion' },
  developThreshold: { def: 10, min: 1, max: 100, doc: 'Draw + Status + aid/step needed to develop a province' },
  developStrictlyGreater: { def: 0, min: 0, max: 1, doc: '1 = the summary reading "> threshold" (rules-notes 14); 0 = ">= threshold"' },
  developAidStep: { def: 3, min: 1, max: 100, doc: 'Talents of State aid per point of development' },
  developPrestige: { def: 2, min: 0, max: 100, doc: 'Prestige for developing a province' },
  governorTerm: { def: 2, min: 1, max: 10, doc: 'Turns of income a governor collects before returning' },
  activeWarRI: { def: 2, min: 0, max: 100, doc: 'RI rise for a war where both sides remain after combat' },
  unopposedWarRI: { def: 4, min: 0, max: 100, doc: 'RI rise for an unopposed war' },
  legionsLostRI: { def: 1, min: 0, max: 100, doc: 'RI rise when some Roman legions are lost in a war' },
  heavyLossRI: { def: 2, min: 0, max: 100, doc: 'RI rise (instead) when half or more are lost' },
  victoryRI: { def: 2, min: 0, max: 100, doc: 'RI drop for a victory' },
  legionVictoryPrestige: { def: 1, min: 0, max: 100, doc: 'Prestige for a faction legion in a victory (doubled with its own commander)' },
  legionEliminatedPrestige: { def: 2, min: 0, max: 100, doc: 'Prestige lost when a faction legion is eliminated (doubled with its own commander)' },
  maxActiveWars: { def: 3, min: 1, max: 20, doc: 'Simultaneous active wars that lose the game' },
  additionalLossesRatio: { def: 0, min: 0, max: 1, doc: '0 = winner:loser attack ratio; 1 = Roman:Enemy ratio (rules-notes 12)' },
  zeroStateIsShortage: { def: 1, min: 0, max: 1, doc: '1 = a State of the Republic of exactly 0 is in both bands (rules-notes 11); 0 = no effect' },
  landActType1Cost: { def: 20, min: 0, max: 1000, doc: 'Land Acts: Type I single payment (due at the next Income step)' },
  landActType1RI: { def: 1, min: 0, max: 100, doc: 'Land Acts: Revolution Index drop of a Type I act' },
  landActType2Cost: { def: 5, min: 0, max: 1000, doc: 'Land Acts: Type II payment in every later Income step' },
  landActType2RI: { def: 3, min: 0, max: 100, doc: 'Land Acts: Revolution Index drop of a Type II act' },
  landActStones: { def: 4, min: 0, max: 20, doc: 'Land Acts: green stones, the acts that may be in place at once' },
  landActType1Prestige: { def: [2, 1, 0], min: 0, max: 100, len: 3, doc: 'Land Acts Type I Prestige: sponsor, co-sponsor, voters (rules-notes 13)' },
  landActType2Prestige: { def: [4, 2, 1], min: 0, max: 100, len: 3, doc: 'Land Acts Type II Prestige: sponsor, co-sponsor, voters' },
  revoltChance: { def: 0, min: 0, max: 10, doc: 'Revolts: a conquered province revolts when a draw 1..10 is at most this + RI / revoltRIStep' },
  revoltRIStep: { def: 10, min: 1, max: 100, doc: 'Revolts: every this many points of RI add 1 to revoltChance' },
  revoltModifier: { def: 0, min: 0, max: 20, doc: 'Revolts: added to the half random difference (0 counts as 1) for the rebel armies' },
  revoltSpoils: { def: 5, min: 0, max: 1000, doc: 'Revolts: spoils of crushing a revolt' },
  tempoMotionBudget: { def: 6, min: 0, max: 100, doc: 'Tempo: optional motions that fit in one time-limited Senate Meeting' },
  motionAllowance: { def: 6, min: 1, max: 100, doc: 'Motions each faction may make in one Senate Meeting after the appointments (keeps meetings finite; nominations, prosecutions and development requests do not count)' },
  consulOrdersMotions: { def: 1, min: 0, max: 1, doc: '1 = the Consul tables motions in the order he chooses (Order of Business); 0 = in the order they were made (an ablation of his power)' },
  consulCastingVote: { def: 1, min: 0, max: 1, doc: '1 = on a tie the Consul may cast a deciding vote in favour (Success of motion); 0 = a tie fails (an ablation)' },
  landActRepealPenalty: { def: 0, min: 0, max: 1, doc: 'Repealing Land Acts: 0 = when a repeal passes, the sponsor and co-sponsor of the repealed act lose its Prestige; 1 = the sponsor and co-sponsor of the repeal motion lose it, whatever the outcome (the repeal then needs a co-sponsor)' },
  forumWinAttends: { def: 1, min: 0, max: 1, doc: '1 = a senator won in the Forum (from the neutrals or another faction) attends for his new faction at once (counts for its quorum, may recruit a knight); 0 = he counts as absent until the Senate' },
  secondBannerReturns: { def: 1, min: 0, max: 1, doc: '1 = a banner drawn after a banner goes back into the deck, which is reshuffled (rules-notes 8); 0 = both banners take effect' },
  riNettedOverTurn: { def: 0, min: 0, max: 1, doc: '0 = the Revolution Index is floored at 0 after every single change; 1 = the changes of a turn are netted and the floor applies to the running total (reset at the end of Adjustments)' },
  // ---- Republic of Rome modules (issue 14); "not in the seeds" marks a number the RoR seeds do not give ----
  rorGarrisonDeterrence: { def: 0, min: 0, max: 10, doc: 'ror-garrisons (with revolts): each garrison legion lowers its province\'s revolt threshold by this. Not in the seeds (RoR garrisons deter nothing by themselves): the design study\'s switch, off by default' },
  rorFrontierProvinces: { def: [3, 4, 5, 6, 8], min: 0, max: 10, doc: 'ror-frontier: board numbers of the frontier provinces, the only ones Barbarian Invasions hit (0 = none). Not in the seeds (the RoR map marks them; the seeds give no list): the design study\'s provinces with tribal borders' },
  rorRansomMin: { def: 10, min: 0, max: 1000, doc: 'ror-frontier: least ransom of a captured governor. Not in the seeds: RoR\'s Barbarian Raids ransom (outside source)' },
  rorRansomPerStatus: { def: 2, min: 0, max: 100, doc: 'ror-frontier: ransom per point of the captive\'s Status when that is more. Not in the seeds: RoR\'s twice the Influence (outside source), Status standing for Influence' },
  rorAssassinDie: { def: 6, min: 2, max: 20, doc: 'ror-assassination: sides of the assassination die. Not in the seeds (they name a die roll, not its die): RoR\'s six-sided die (outside source)' },
  rorAssassinKillRoll: { def: 5, min: 1, max: 40, doc: 'ror-assassination: a modified roll of at least this kills the target. Not in the seeds (they cite a table they do not print): RoR\'s table (outside source)' },
  rorAssassinCaughtRoll: { def: 2, min: -20, max: 40, doc: 'ror-assassination: a modified roll (or re-roll) of at most this catches the assassin. Not in the seeds: RoR\'s table (outside source)' },
  rorAssassinBonus: { def: 1, min: 0, max: 10, doc: 'ror-assassination: added to the roll per Assassin hired. Not in the seeds (they say the cards are added, not by how much): RoR\'s +1 (outside source)' },
  rorBodyguardMalus: { def: 1, min: 0, max: 10, doc: 'ror-assassination: taken from the roll per Bodyguard (RoR 1.09.73)' },
  rorAssassinCost: { def: 10, min: 0, max: 1000, doc: 'ror-assassination: Talents per Assassin hired (RoR\'s Assassin card). Not in the seeds: invented by the design study (LEGIONS has no cards)' },
  rorMaxAssassins: { def: 2, min: 0, max: 10, doc: 'ror-assassination: most Assassins hired for one attempt. Not in the seeds: invented by the design study' },
  rorBodyguardCost: { def: 10, min: 0, max: 1000, doc: 'ror-assassination: Talents per Bodyguard hired (RoR\'s Bodyguard card). Not in the seeds: invented by the design study' },
  rorMaxBodyguards: { def: 2, min: 0, max: 10, doc: 'ror-assassination: most Bodyguards hired against one attempt. Not in the seeds: invented by the design study' },
  rorAssassinCaughtPrestige: { def: 5, min: 0, max: 100, doc: 'ror-assassination: Prestige lost by the faction of a caught assassin (RoR 1.09.74: its leader loses 5 Influence; faction Prestige stands for it)' },
  // ---- Republic of Rome modules (docs/rules.md, Republic of Rome modules; src/legions/ror/sources.ts lists the numbers the seeds do not give) ----
  rorRecallConsentAtEqual: { def: 0, min: 0, max: 1, doc: 'ror-reinforcements: 0 = a faction commander may void a recall or transfer of his legions that leaves legions + MR below the armies (the errata\'s General Recall rules: below Minimum Force); 1 = also when it leaves them equal to the armies (the design study\'s reading: LEGIONS\' own consent threshold)' },
  rorDisasterRoll: { def: 13, min: 0, max: 20, doc: 'ror-disaster-standoff: sum of the two Roman cards (2..20) that turns a battle Rome did not lose into a Disaster; 0 = none. Not in the seeds (they give no war card numbers): the design study\'s choice, 8 % of draws' },
  rorStandoffRoll: { def: 15, min: 0, max: 20, doc: 'ror-disaster-standoff: sum of the two Roman cards that turns a battle Rome did not lose into a Standoff; 0 = none. Not in the seeds: the design study\'s choice, 6 % of draws' },
  rorDisasterLossDiv: { def: 2, min: 1, max: 10, doc: 'ror-disaster-standoff: a Disaster costs Rome ceil(legions / this) and the enemy nothing. Not in the seeds: half, from an outside RoR source (design study, [ext])' },
  rorStandoffLossDiv: { def: 4, min: 1, max: 10, doc: 'ror-disaster-standoff: a Standoff costs Rome ceil(legions / this) and the enemy nothing. Not in the seeds: a quarter, from an outside RoR source (design study, [ext])' },
  rorMaxCommanders: { def: 3, min: 1, max: 4, doc: 'ror-multiple-commanders: commanders, each with his own legions, that may fight one war (1 = the base rule). Not in the seeds (RoR sets no limit, errata 10.7): the design study\'s default' },
  rorSharedCredit: { def: 0, min: 0, max: 1, doc: 'ror-multiple-commanders: 0 = the commander who takes the last army alone gains the victory Prestige; 1 = the commanders who fought that war in the turn and survived share it: each faction commander among them gains ceil(Prestige / their number). Not in the seeds: a design-study option' },
  rorRepopulationThreshold: { def: [5, 8], min: 0, max: 30, len: 2, doc: 'ror-repopulation: aligned senators in Rome (3 players, 5 players) below which the top senator of the deck joins the faction with the fewest senators. 8 is RoR 1.09.81\'s number, kept for 5 players; the 3-player 5 (ceil(1.5 x 3)) is not in the seeds: the design study\'s rescaling' },
  // ---- ror-senate-errata: Senate rules of the Republic of Rome errata, one 0/1 switch per sub-rule ----
  rorStepDown: { def: 1, min: 0, max: 1, doc: 'ror-senate-errata (errata 9.34): 1 = after a unanimous defeat of its motion the chair\'s faction may hand the chair to the next senator in precedence instead of losing Prestige' },
  rorCensorPays: { def: 1, min: 0, max: 1, doc: 'ror-senate-errata (errata 9.34): 1 = a prosecution defeated by every other faction costs the Censor\'s faction rorCensorDefeatPrestige (the Consul\'s faction pays nothing for it)' },
  rorCensorDefeatPrestige: { def: 1, min: 0, max: 100, doc: 'ror-senate-errata (errata 9.34): Prestige the Censor\'s faction loses for a prosecution defeated unanimously (the errata\'s one Influence)' },
  rorCensorSuccession: { def: 1, min: 0, max: 1, doc: 'ror-senate-errata (errata, Office Eligibility 6): 1 = the sitting Censor cannot be nominated Censor; he continues without a vote only if no other candidate is appointed' },
  rorNoRefusal: { def: 1, min: 0, max: 1, doc: 'ror-senate-errata (errata 9.621): 1 = a governor back this meeting cannot refuse a new governorship when he is the only candidate' },
  rorReward: { def: 1, min: 0, max: 1, doc: 'ror-senate-errata (errata 9.41): 1 = a Major conviction pays the Censor\'s faction the executed senator\'s Status / rorRewardDivisor instead of prosecutionCensorPrestige' },
  rorRewardDivisor: { def: 2, min: 1, max: 10, doc: 'ror-senate-errata (errata 9.41): the prosecutor gains half (this divisor) of the executed senator\'s Influence, Status standing in for it' },
  rorRewardRoundUp: { def: 1, min: 0, max: 1, doc: 'ror-senate-errata: 1 = round the Major reward up, 0 = down. Not in the seeds (the errata say half, with no rounding): LEGIONS rounds its other halves up' },
  rorLandBills: { def: 1, min: 0, max: 1, doc: 'ror-senate-errata (errata, Senate Phase Overview 9-10; with land-acts): 1 = one Land Act motion per act type and one repeal motion a turn, voted or vetoed, instead of one act passed and one repealed a turn' },
  // ---- ror-dictator: RoR errata (Senate overview 2, Eligibility 4-5, 9.24, 9.72, 9.91, 9.92, 10.11) ----
  rorDictatorWars: { def: 2, min: 1, max: 20, doc: 'ror-dictator: a Dictator may be chosen with at least this many active wars. Not in the seeds as a LEGIONS number: RoR\'s 3 active wars already lose LEGIONS, rescaled' },
  rorDictatorArmies: { def: 6, min: 1, max: 100, doc: 'ror-dictator: or with a war of at least this many armies. Not in the seeds as a LEGIONS number: RoR\'s strength 20, rescaled to the top of a +2 war' },
  rorDictatorAppointed: { def: 0, min: 0, max: 1, doc: 'ror-dictator (errata, Senate Phase Overview 2): 0 = the Dictator is elected (the chair nominates, vetoes allowed); 1 = the Consul\'s faction appoints him without a vote (RoR: both Consuls together)' },
  rorDictatorPrestige: { def: 0, min: 0, max: 100, doc: 'ror-dictator: Prestige for the faction of a new Dictator. Not in the seeds: RoR\'s Influence for the office comes from outside them; 0 keeps the office military' },
  rorMasterOfHorsePrestige: { def: 0, min: 0, max: 100, doc: 'ror-dictator: Prestige for the faction of a new Master of Horse. Not in the seeds: 0, as for the Dictator' },
  // ---- ror-consul-for-life: RoR 1.09.82-823; errata X, 9.67, 12.31 ----
  rorCflPrestige: { def: 30, min: 0, max: 1000, doc: 'ror-consul-for-life: a senator may be nominated Consul for Life when his faction has this much Prestige. Not in the seeds as a LEGIONS number: RoR\'s 21 Influence, rescaled to faction Prestige' },
  rorCflAutoPrestige: { def: 45, min: 0, max: 1000, doc: 'ror-consul-for-life: a faction reaching this Prestige makes its senior senator in Rome Consul for Life without a vote. Not in the seeds as a LEGIONS number: RoR\'s 35 Influence, rescaled' },
  rorCflStatusVotes: { def: 1, min: 0, max: 10, doc: 'ror-consul-for-life: the nominee adds his Status times this to the votes for him. Not in the seeds as a LEGIONS number: RoR adds his Influence, about a quarter of a Senate' },
} as const satisfies Record<string, ParamSpec>;

export type ParamKey = keyof typeof specs;
type Widen<T> = T extends readonly number[] ? number[] : number;
/** The rules parameters of one game; every field documented in `paramDocs`. */
export type RulesParams = { -readonly [K in ParamKey]: Widen<(typeof specs)[K]['def']> };

export const PARAM_KEYS = Object.keys(specs) as ParamKey[];

export function defaultParams(): RulesParams {
  const p: Record<string, number | number[]> = {};
  for (const k of PARAM_KEYS) {
    const d = specs[k].def;
    p[k] = typeof d === 'number' ? d : [...d];
  }
  // A copy by spread has fast properties; keys added one by one in a loop leave a slow dictionary.
  return { ...p } as RulesParams;
}

export function paramDocs(): { key: string; default: string; range: string; doc: string }[] {
  return PARAM_KEYS.map((k) => {
    const s: ParamSpec = specs[k];
    return { key: k, default: String(s.def), range: `${s.min}..${s.max}`, doc: s.doc };
  });
}

// Bad user input (one line, exit 2): defined in core so that the runner can throw it too.
export { InputError };

function checkNumber(key: string, v: number, s: ParamSpec): void {
  if (!Number.isInteger(v)) throw new InputError(`rule ${key}: ${v} is not an integer`);
  if (v < s.min || v > s.max) throw new InputError(`rule ${key}: ${v} is out of range ${s.min}..${s.max}`);
}

/** Sets one parameter from a value (number, list of numbers, or their text form), validating it. */
export function setParam(p: RulesParams, key: string, value: unknown): void {
  if (!(key in specs)) {
    throw new InputError(`unknown rule key "${key}" (known: ${PARAM_KEYS.join(', ')})`);
  }
  const s: ParamSpec = specs[key as ParamKey];
  const rec = p as unknown as Record<string, number | number[]>;
  if (typeof s.def === 'number') {
    const v = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof v !== 'number' || Number.isNaN(v)) throw new InputError(`rule ${key}: "${String(value)}" is not a number`);
    checkNumber(key, v, s);
    rec[key] = v;
  } else {
    const list = typeof value === 'string' ? value.split(',').map((x) => Number(x.trim())) : value;
    if (!Array.isArray(list) || list.some((x) => typeof x !== 'number' || Number.isNaN(x))) {
      throw new InputError(`rule ${key}: "${String(value)}" is not a comma-separated list of numbers`);
    }
    if (s.len && list.length !== s.len) throw new InputError(`rule ${key}: needs exactly ${s.len} numbers, got ${list.length}`);
    for (const x of list as number[]) checkNumber(key, x, s);
    rec[key] = [...(list as number[])];
  }
}

/** Applies `key=value` strings (the CLI's repeatable --rule). */
export function applyRuleStrings(p: RulesParams, rules: readonly string[]): void {
  for (const r of rules) {
    const eq = r.indexOf('=');
    if (eq <= 0) throw new InputError(`--rule "${r}" is not of the form key=value`);
    setParam(p, r.slice(0, eq).trim(), r.slice(eq + 1));
  }
}

/** Applies an object of overrides (from a rules file or an experiment). */
export function applyRuleObject(p: RulesParams, obj: unknown, source: string): void {
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) {
    throw new InputError(`${source}: rules must be a JSON object of key: value`);
  }
  for (const [k, v] of Object.entries(obj)) setParam(p, k, v);
}
