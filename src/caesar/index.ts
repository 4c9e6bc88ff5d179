// Caesar XL battles: the public API of the module (no dependence on the LEGIONS engine or runner).
export { ATTACKER, DEFENDER, HEAVY, LEADER, LIGHT, type BattleView, type Fighter, type Kind, type Side } from './battle.js';
export { exactOdds, type ExactOdds, type ExactOptions } from './exact.js';
export { type BattleOutcome, emptyOutcome, OUTCOME_FIELDS, type OutcomeField, type OutcomeFieldDoc } from './outcome.js';
export { fightBattle, playBattle, scriptedDice, seededDice, type Dice } from './play.js';
export { type BattlePolicy, cautiousPolicy, defaultPolicy, POLICIES, POLICY_NAMES, policyByName, randomPolicy } from './policies.js';
export { type BattleRules, DEFAULT_RULES, RULE_DOCS, type RuleDoc, type Tactic, TACTICS, type TacticName } from './rules.js';
export { BattleFileError, type BattleSetup, parseBattle, parseRules, type SideSetup, type UnitKind, type UnitSpec } from './units.js';
