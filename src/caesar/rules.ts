// The battle rules of Caesar XL as one typed object: the Silver and Gold battle options as switches,
// and every reading the rulebook leaves open as a named parameter with a documented default.
// Rule numbers refer to the rulebook (Bronze 10.0 Battle Procedure and Battle Example, 11.0; Silver
// 10.1-10.2; Gold 10.4-10.5); docs/caesar-xl.md explains each choice.

/** Who first declares, after a round, whether he stays or retreats. */
export type RetreatOrder = 'attacker' | 'lead';
/** How pursuit dice hit: like a battle roll (at most the unit's swords) or only on a 1. */
export type PursuitHit = 'swords' | 'one';
/** Which unit the victor may promote to its veteran side after a victory. */
export type Promotion = 'legion' | 'legionOrAllied' | 'none';

export interface BattleRules {
  /** Silver 10.1: a veteran hit is flipped to its regular side (one sword less) instead of eliminated. */
  silverVeterans: boolean;
  /** Silver 10.2: the victor takes 1 Gold per Light or Heavy unit the loser lost (only recorded). */
  loot: boolean;
  /** Gold 10.4: +1 sword to a unit whose type (Light, Heavy, Leader) the enemy no longer has. */
  breakthrough: boolean;
  /** Gold 10.5 (optional rule): a unit rolls as many dice as its swords and hits on 1s. */
  manyDice: boolean;
  /** Breakthrough checked at each roll ('roll', the text's "instantly") or once at the start of each round. */
  breakthroughAt: 'roll' | 'round';
  /** The Lead Player is fixed for the whole battle ('battle', step 3 "in that battle") or recomputed each round. */
  leadPlayer: 'battle' | 'round';
  /** A Tactics card's leader bonus goes to every leader of the side ('each') or only to its strongest ('one'). */
  tacticLeaders: 'each' | 'one';
  /** After a round, the attacker declares stay or retreat first ('attacker', as in the example) or the Lead Player. */
  retreatOrder: RetreatOrder;
  /** The pursuit die of each unit of the side that stays hits on at most its swords, or only on a 1. */
  pursuitHit: PursuitHit;
  /** The victor promotes one surviving regular Legion ('legion'), else an Allied unit too, or nobody. */
  promotion: Promotion;
}

/** The defaults: Bronze rules, no Silver or Gold options, and the readings explained in docs/caesar-xl.md. */
export const DEFAULT_RULES: Readonly<BattleRules> = Object.freeze({
  silverVeterans: false,
  loot: false,
  breakthrough: false,
  manyDice: false,
  breakthroughAt: 'roll',
  leadPlayer: 'battle',
  tacticLeaders: 'each',
  retreatOrder: 'attacker',
  pursuitHit: 'swords',
  promotion: 'legion',
});

/** One documented rules parameter: its key, allowed values, default and source. */
export interface RuleDoc {
  readonly key: keyof BattleRules;
  readonly values: readonly (string | boolean)[];
  readonly source: string;
  readonly doc: string;
}

/** Every rules parameter, in the order docs/caesar-xl.md lists them. */
export const RULE_DOCS: readonly RuleDoc[] = [
  { key: 'silverVeterans', values: [false, true], source: 'Silver 10.1', doc: 'veterans absorb a hit by flipping to their regular side' },
  { key: 'loot', values: [false, true], source: 'Silver 10.2', doc: 'record the Gold the victor loots (1 per Light or Heavy unit the loser lost)' },
  { key: 'breakthrough', values: [false, true], source: 'Gold 10.4', doc: '+1 sword to each unit whose type the enemy no longer fields' },
  { key: 'manyDice', values: [false, true], source: 'Gold 10.5', doc: 'dice = swords; Light and Heavy units hit once on any 1, leaders once per 1' },
  { key: 'breakthroughAt', values: ['roll', 'round'], source: 'Gold 10.4', doc: 'when a breakthrough is checked: at each roll, or at the start of each round' },
  { key: 'leadPlayer', values: ['battle', 'round'], source: 'Bronze 10.0 step 3', doc: 'the Lead Player is fixed for the battle, or recomputed from the surviving leaders each round' },
  { key: 'tacticLeaders', values: ['each', 'one'], source: 'Battle Example', doc: "a Tactics card's leader bonus applies to every leader, or to the strongest one only" },
  { key: 'retreatOrder', values: ['attacker', 'lead'], source: 'Battle Example', doc: 'who declares first after a round whether he stays or retreats' },
  { key: 'pursuitHit', values: ['swords', 'one'], source: 'Battle Example', doc: 'a pursuit die hits on at most the unit\'s swords, or only on a 1' },
  { key: 'promotion', values: ['legion', 'legionOrAllied', 'none'], source: 'Battle Example; Gold 9.4', doc: 'what the victor promotes to its veteran side after the battle' },
];

/** A Tactics card's effect: sword bonuses by unit type for the first `rounds` rounds. */
export interface Tactic {
  readonly light: number;
  readonly heavy: number;
  readonly leader: number;
  /** Rounds the bonuses last (1 = the first round only). */
  readonly rounds: number;
}

/** The Tactics cards the text describes: Double Line (Battle Example: Leader +1, Legions +2, round 1). */
export const TACTICS = Object.freeze({
  'double-line': Object.freeze({ light: 0, heavy: 2, leader: 1, rounds: 1 }),
} satisfies Record<string, Tactic>);

export type TacticName = keyof typeof TACTICS;
export const TACTIC_NAMES = Object.keys(TACTICS) as TacticName[];
