// One battle played out with dice (Bronze 10.0 step 4, then the Battle Example's later rounds,
// retreat, pursuit and promotion). playBattle seeds everything from (seed, index); fightBattle takes
// the dice from the caller, so a test can force the rolls of the rulebook's example.
import { gameSeed, makePrng, type Stream, uniformInt } from '../core/rng.js';
import { ATTACKER, BattleState, DEFENDER, HEAVY, KIND_NAMES, LEADER, type Kind, type Side, SIDE_NAMES } from './battle.js';
import { type BattleOutcome, emptyOutcome } from './outcome.js';
import { type BattlePolicy, defaultPolicy } from './policies.js';
import type { BattleRules } from './rules.js';
import type { BattleSetup } from './units.js';

/** A source of six-sided die rolls (1..6). */
export interface Dice {
  d6(): number;
}

/** Dice from a seeded stream (unbiased). */
export function seededDice(p: Stream): Dice {
  return { d6: () => uniformInt(p, 6) + 1 };
}

/** Forced rolls, in order, for tests; then the rolls of `rest`, or an error when there is none. */
export function scriptedDice(rolls: readonly number[], rest?: Dice): Dice {
  let k = 0;
  return {
    d6() {
      if (k < rolls.length) return rolls[k++]!;
      if (rest) return rest.d6();
      throw new Error(`scripted dice: roll ${k + 1} asked for, only ${rolls.length} given`);
    },
  };
}

/**
 * Hits of one roll with `swords`: a die at most the swords (step 4 A); with many dice (Gold 10.5)
 * `swords` dice, Light/Heavy units scoring one hit for any 1 and leaders one per 1.
 */
function rollHits(dice: Dice, swords: number, kind: Kind, manyDice: boolean, seen: number[] | null): number {
  if (!manyDice) {
    const d = dice.d6();
    seen?.push(d);
    return d <= swords ? 1 : 0;
  }
  let ones = 0;
  for (let k = 0; k < swords; k++) {
    const d = dice.d6();
    seen?.push(d);
    if (d === 1) ones++;
  }
  return kind === LEADER ? ones : Math.min(ones, 1);
}

/** One pursuit die (or many-dice roll) for a unit with `swords` (rules.pursuitHit). */
function pursuitHits(dice: Dice, swords: number, kind: Kind, rules: Readonly<BattleRules>, seen: number[] | null): number {
  return rules.pursuitHit === 'one' ? rollHits(dice, 1, HEAVY, false, seen) : rollHits(dice, swords, kind, rules.manyDice, seen);
}

const other = (s: Side): Side => (1 - s) as Side;
const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;

/**
 * Plays one battle to its end with the given dice and policy streams. `trace`, when given, receives
 * one line per step in plain words.
 */
export function fightBattle(
  setup: BattleSetup,
  rules: Readonly<BattleRules>,
  policies: readonly [BattlePolicy, BattlePolicy],
  dice: Dice,
  streams: readonly [Stream, Stream],
  trace?: string[],
): BattleOutcome {
  const st = BattleState.fromSetup(setup, rules);
  const o = emptyOutcome();
  const seen: number[] | null = trace ? [] : null;
  // Null unless tracing: `log?.(...)` then skips building the line at all.
  const log = trace ? (line: string) => void trace.push(line) : null;

  const effects: string[] | null = trace ? [] : null;
  /** A loss on `side` chosen by its policy (an illegal answer counts and is replaced). */
  const hit = (side: Side): void => {
    let j = policies[side].loss(st, side, streams[side]);
    if (!st.hittable(side, j)) {
      o.policyErrors++;
      j = defaultPolicy.loss(st, side, streams[side]);
    }
    const label = st.units[side][j]!.label;
    const gone = st.takeHit(side, j);
    effects?.push(gone ? `${SIDE_NAMES[side]} loses ${label}` : `${SIDE_NAMES[side]}'s ${label} flips to its regular side`);
  };

  let retreated: Side | -1 = -1;
  for (;;) {
    st.startRound();
    if (st.round === 1) o.defenderLed = st.lead === DEFENDER ? 1 : 0;
    log?.(`round ${st.round}: ${SIDE_NAMES[st.lead]} leads`);
    for (let side = st.nextActor(); side !== -1; side = st.nextActor()) {
      let i = policies[side].commit(st, side, streams[side]);
      if (!st.committable(side, i)) {
        o.policyErrors++;
        i = defaultPolicy.commit(st, side, streams[side]);
      }
      const f = st.units[side][i]!;
      const sw = st.commit(side, i);
      if (seen) seen.length = effects!.length = 0;
      const hits = rollHits(dice, sw, f.kind, rules.manyDice, seen);
      for (let h = 0; h < hits && st.aliveCount(other(side)) > 0; h++) hit(other(side));
      if (trace) {
        const result = hits === 0 ? 'miss' : rules.manyDice ? plural(hits, 'hit') : 'hit';
        log?.(`  ${KIND_NAMES[f.kind]}: ${SIDE_NAMES[side]} ${f.label} (${plural(sw, 'sword')}) rolls ${seen!.join(',')}: ${result}${effects!.length ? '; ' + effects!.join('; ') : ''}`);
      }
      if (st.decided()) break;
    }
    st.endRound();
    if (st.decided()) break;
    retreated = retreatDecision(st, policies, streams, log);
    if (retreated !== -1) {
      pursue(st, retreated, dice, o, seen, effects, log, hit);
      break;
    }
  }

  const victor: Side = retreated !== -1 ? other(retreated) : st.aliveCount(DEFENDER) === 0 ? ATTACKER : DEFENDER;
  const loser = other(victor);
  const promoted = st.promotable(victor);
  if (promoted >= 0) {
    const f = st.units[victor][promoted]!;
    f.veteran = true;
    f.swords++;
    o.promotions = 1;
  }
  log?.(`${SIDE_NAMES[victor]} holds the field${promoted >= 0 ? ` and promotes ${st.units[victor][promoted]!.label} to its veteran side` : ''}`);

  o.attackerWins = victor === ATTACKER ? 1 : 0;
  o.defenderWins = victor === DEFENDER ? 1 : 0;
  o.rounds = st.round;
  o.attackerLosses = st.lost[ATTACKER]!;
  o.defenderLosses = st.lost[DEFENDER]!;
  o.attackerLeadersLost = st.leadersLost[ATTACKER]!;
  o.defenderLeadersLost = st.leadersLost[DEFENDER]!;
  o.attackerSupremeLost = st.supremeLost[ATTACKER]!;
  o.defenderSupremeLost = st.supremeLost[DEFENDER]!;
  o.attackerAbsorbed = st.absorbed[ATTACKER]!;
  o.defenderAbsorbed = st.absorbed[DEFENDER]!;
  o.attackerSurvivors = st.aliveCount(ATTACKER);
  o.defenderSurvivors = st.aliveCount(DEFENDER);
  o.attackerRetreated = retreated === ATTACKER ? 1 : 0;
  o.defenderRetreated = retreated === DEFENDER ? 1 : 0;
  o.lootGold = rules.loot ? st.lootable[loser]! : 0;
  return o;
}

/**
 * After a round: the first side to declare (rules.retreatOrder) stays or retreats, then the other,
 * knowing the first's answer. A standing order (retreatAfterRound) forces the retreat. Returns the
 * side that retreats, or -1.
 */
function retreatDecision(st: BattleState, policies: readonly [BattlePolicy, BattlePolicy], streams: readonly [Stream, Stream], log: ((l: string) => void) | null): Side | -1 {
  const first: Side = st.rules.retreatOrder === 'attacker' ? ATTACKER : st.lead;
  for (let k = 0; k < 2; k++) {
    const side = k === 0 ? first : other(first);
    const ordered = st.retreatAfterRound[side];
    if ((ordered !== null && st.round >= ordered) || policies[side].retreat(st, side, streams[side])) {
      log?.(`${SIDE_NAMES[side]} retreats`);
      return side;
    }
    log?.(`${SIDE_NAMES[side]} stays`);
  }
  return -1;
}

/**
 * The retreat (Battle Example): leaders who die on a retreat are eliminated, then every unit of the
 * side that stays throws one pursuit die at once, and the retreating side takes the hits.
 */
function pursue(
  st: BattleState,
  fleeing: Side,
  dice: Dice,
  o: BattleOutcome,
  seen: number[] | null,
  effects: string[] | null,
  log: ((l: string) => void) | null,
  hit: (s: Side) => void,
): void {
  st.units[fleeing].forEach((f) => {
    if (f.alive && f.diesOnRetreat) log?.(`${f.label} does not survive the retreat`);
  });
  st.retreatDeaths(fleeing);
  if (st.aliveCount(fleeing) === 0) return;
  const chaser = other(fleeing);
  if (seen) seen.length = effects!.length = 0;
  // All pursuit dice are thrown before any loss is taken, so every die sees the same enemy force.
  let hits = 0;
  const units = st.units[chaser];
  for (let i = 0; i < units.length; i++) if (units[i]!.alive) hits += pursuitHits(dice, st.pursuitSwords(chaser, i), units[i]!.kind, st.rules, seen);
  for (let h = 0; h < hits && st.aliveCount(fleeing) > 0; h++) {
    hit(fleeing);
    o.pursuitHits++;
  }
  log?.(`pursuit: ${SIDE_NAMES[chaser]} rolls ${seen?.join(',')}: ${plural(hits, 'hit')}${effects?.length ? '; ' + effects.join('; ') : ''}`);
}

/** A stream seeded only when first drawn from: seeding costs more than a whole small battle. */
function lazyPrng(seed: string): Stream {
  let p: Stream | null = null;
  const get = () => (p ??= makePrng(seed));
  return { int32: () => get().int32(), double: () => get().double(), quick: () => get().quick(), state: () => get().state() };
}

/**
 * One battle from a seed: deterministic in (setup, rules, policies, seed, index). The dice and each
 * side's policy draw from their own streams of the battle's seed.
 */
export function playBattle(setup: BattleSetup, rules: Readonly<BattleRules>, policies: readonly [BattlePolicy, BattlePolicy], seed: string, index: number): BattleOutcome {
  const s = gameSeed(seed, index);
  return fightBattle(setup, rules, policies, seededDice(makePrng(`${s}/dice`)), [lazyPrng(`${s}/policy-attacker`), lazyPrng(`${s}/policy-defender`)]);
}
