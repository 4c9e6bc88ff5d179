// The flat record of integers one battle yields: every field adds up across battles, so a runner
// can keep exact, mergeable sums (a rate is a sum of 0/1 fields, a mean a sum of counts).

export interface BattleOutcome {
  /** 1 when the attacker holds the field (the defender eliminated or retreated), else 0. */
  attackerWins: number;
  /** 1 when the defender holds the field. */
  defenderWins: number;
  /** 1 when the defender was the Lead Player in round 1. */
  defenderLed: number;
  /** Rounds begun (a round cut short by the last loss counts). */
  rounds: number;
  /** Units eliminated, leaders, suicides and pursuit losses included (veteran flips are not losses). */
  attackerLosses: number;
  defenderLosses: number;
  /** Leaders among the losses, the Supreme Leader included. */
  attackerLeadersLost: number;
  defenderLeadersLost: number;
  /** 1 when that side's Supreme Leader was eliminated. */
  attackerSupremeLost: number;
  defenderSupremeLost: number;
  /** Hits absorbed by Silver veterans flipping (Silver 10.1). */
  attackerAbsorbed: number;
  defenderAbsorbed: number;
  /** Units left at the end (the retreating side's survivors included). */
  attackerSurvivors: number;
  defenderSurvivors: number;
  /** 1 when that side retreated. */
  attackerRetreated: number;
  defenderRetreated: number;
  /** Units the pursuit eliminated or flipped. */
  pursuitHits: number;
  /** 1 when the victor promoted a unit to its veteran side. */
  promotions: number;
  /** Gold the victor loots (Silver 10.2; 0 unless rules.loot). */
  lootGold: number;
  /** Policy answers that broke the rules (replaced by the default policy's choice). */
  policyErrors: number;
}

export type OutcomeField = keyof BattleOutcome;

export interface OutcomeFieldDoc {
  readonly name: OutcomeField;
  readonly label: string;
  /** 'rate': a 0/1 field, report its share of battles; 'mean': a count, report its average. */
  readonly kind: 'rate' | 'mean';
}

/** Every field of BattleOutcome, in record order. */
export const OUTCOME_FIELDS: readonly OutcomeFieldDoc[] = [
  { name: 'attackerWins', label: 'attacker holds the field', kind: 'rate' },
  { name: 'defenderWins', label: 'defender holds the field', kind: 'rate' },
  { name: 'defenderLed', label: 'defender was the Lead Player', kind: 'rate' },
  { name: 'rounds', label: 'battle rounds', kind: 'mean' },
  { name: 'attackerLosses', label: 'attacker units lost', kind: 'mean' },
  { name: 'defenderLosses', label: 'defender units lost', kind: 'mean' },
  { name: 'attackerLeadersLost', label: 'attacker leaders lost', kind: 'mean' },
  { name: 'defenderLeadersLost', label: 'defender leaders lost', kind: 'mean' },
  { name: 'attackerSupremeLost', label: 'attacker Supreme Leader lost', kind: 'rate' },
  { name: 'defenderSupremeLost', label: 'defender Supreme Leader lost', kind: 'rate' },
  { name: 'attackerAbsorbed', label: 'attacker hits absorbed by veterans', kind: 'mean' },
  { name: 'defenderAbsorbed', label: 'defender hits absorbed by veterans', kind: 'mean' },
  { name: 'attackerSurvivors', label: 'attacker units left', kind: 'mean' },
  { name: 'defenderSurvivors', label: 'defender units left', kind: 'mean' },
  { name: 'attackerRetreated', label: 'attacker retreated', kind: 'rate' },
  { name: 'defenderRetreated', label: 'defender retreated', kind: 'rate' },
  { name: 'pursuitHits', label: 'pursuit hits', kind: 'mean' },
  { name: 'promotions', label: 'unit promoted by the victor', kind: 'rate' },
  { name: 'lootGold', label: 'Gold looted by the victor', kind: 'mean' },
  { name: 'policyErrors', label: 'policy errors', kind: 'mean' },
];

/** A record of zeros. */
export function emptyOutcome(): BattleOutcome {
  return {
    attackerWins: 0,
    defenderWins: 0,
    defenderLed: 0,
    rounds: 0,
    attackerLosses: 0,
    defenderLosses: 0,
    attackerLeadersLost: 0,
    defenderLeadersLost: 0,
    attackerSupremeLost: 0,
    defenderSupremeLost: 0,
    attackerAbsorbed: 0,
    defenderAbsorbed: 0,
    attackerSurvivors: 0,
    defenderSurvivors: 0,
    attackerRetreated: 0,
    defenderRetreated: 0,
    pursuitHits: 0,
    promotions: 0,
    lootGold: 0,
    policyErrors: 0,
  };
}
