// The Republic of Rome modules of issue 14 implemented in ror-a: ror-leaderless-legions,
// ror-reinforcements, ror-disaster-standoff, ror-multiple-commanders, ror-repopulation. Each in forced
// positions with exact numbers (the design study's, recomputed here by enumeration where they are
// odds), and each switched on but never triggered giving exactly the base game.
import { afterEach, describe, expect, it, vi } from 'vitest';
import yargs from 'yargs';
import { parsePolicies } from '../policies/index.js';
import { oddsCommand } from '../src/cli/odds.js';
import { OPPORTUNIST, ParametricPolicy, STATESMAN } from '../policies/parametric.js';
import { adjustmentsStep } from '../src/legions/adjustments.js';
import { type Battle, combatStep, resolveBattle } from '../src/legions/combat.js';
import { killSenator } from '../src/legions/deaths.js';
import { playGame } from '../src/legions/game.js';
import { incomeStep, legionsAt } from '../src/legions/income.js';
import { DISPATCH, type Motion, RAISE, RECALL, resetMotion, TRANSFER } from '../src/legions/motion.js';
import { combatOdds, splitOdds } from '../src/legions/odds.js';
import { type Outcome } from '../src/legions/outcome.js';
import { InputError, paramDocs, PARAM_KEYS, type RulesParams } from '../src/legions/params.js';
import { alreadyFailed, type Policy } from '../src/legions/policy.js';
import {
  commandersAt, detCommander, detLegions, detStateLegions, freeDetachment, isSplit,
} from '../src/legions/ror/detachments.js';
import { applyDisasterStandoff, dsRule } from '../src/legions/ror/disaster-standoff.js';
import { mayVoidRecall } from '../src/legions/ror/reinforcements.js';
import { acquiringFaction, alignedInRome, repopulate } from '../src/legions/ror/repopulation.js';
import { MODULE_SOURCES, OUT_OF_SEED_PARAMS, READING_PARAMS } from '../src/legions/ror/sources.js';
import { addToAgenda, askProposal, resolve } from '../src/legions/senate/agenda.js';
import { militaryRules, recallCommanderless } from '../src/legions/senate/military.js';
import { openBusiness } from '../src/legions/senate/open-business.js';
import { type GameConfig, setupGame } from '../src/legions/setup.js';
import {
  AT_COMMANDER, AT_DECK, AT_FORUM, AT_ROME, cloneState, FL_BOX, type GameState, influenceOf, MAX_DET, SENATORS, statusOf, SURVIVED,
  WARS, warsChanged,
} from '../src/legions/state.js';
import { parseVariants, VARIANT_NAMES } from '../src/legions/variants.js';
import { TRIGGERS } from '../src/games/legions/triggers.js';
import { makePrng } from '../src/core/rng.js';
import { deckCards, forcedCards, invariantViolations, makeConfig, stubPolicies, stubPolicy, takeFromDeck } from './helpers.js';

const MINE = ['ror-leaderless-legions', 'ror-reinforcements', 'ror-disaster-standoff', 'ror-multiple-commanders', 'ror-repopulation'] as const;
type Tweak = (p: RulesParams) => void;
const card = (colour: number, status: number): number => colour * 10 + status - 1;
const EPS = 1e-12;

function config(players: number, variants: string, tweak?: Tweak): GameConfig {
  return { ...makeConfig(players, tweak), variants: parseVariants(variants) };
}

/** A Senate position in turn 3: every faction senator in Rome present, no card draw allowed. */
function position(players: number, variants: string, tweak?: Tweak): GameState {
  const g = setupGame(config(players, variants, tweak), 'ror-a', false);
  g.turn = 3;
  g.step = 'senate';
  g.temporaryConsul = false;
  for (let f = 0; f < players; f++) g.prestige[f] = 10;
  for (let s = 0; s < SENATORS; s++) g.senPresent[s] = g.senOwner[s]! >= 0 && g.senWhere[s] === AT_ROME ? 1 : 0;
  g.rng.cards = forcedCards([]);
  return g;
}

/** Faction f's senators in Rome holding no office (card order). */
function inRome(g: GameState, f: number): number[] {
  const r: number[] = [];
  for (let s = 0; s < SENATORS; s++) if (g.senOwner[s] === f && g.senWhere[s] === AT_ROME && s !== g.consul && s !== g.censor) r.push(s);
  return r;
}

/** A faction senator in Rome of this Status, holding no office, not of faction `not`. */
function ofStatus(g: GameState, status: number, not = -1): number {
  for (let f = 0; f < g.players; f++) {
    if (f === not) continue;
    const s = inRome(g, f).find((x) => statusOf(x) === status);
    if (s !== undefined) return s;
  }
  throw new Error(`no free senator of Status ${status}`);
}

/** `policies` with `p` in seat f (the others vote for and consent). */
function seat(n: number, f: number, p: Policy): Policy[] {
  const r = yes(n);
  r[f] = p;
  return r;
}

/** War w made active by hand with `legions` State legions under `commander` (-1: none). */
function activeWar(g: GameState, w: number, armies: number, legions = 0, commander = -1): void {
  g.wars.status[w] = 1;
  g.wars.armies[w] = armies;
  g.wars.originalArmies[w] = armies;
  g.wars.stateLegions[w] = legions;
  if (commander >= 0) place(g, commander, w, 0);
  warsChanged(g); // the players' census of the wars is taken afresh
}

/** Senator s commands detachment d of war w (placed by hand, appointed in an earlier turn). */
function place(g: GameState, s: number, w: number, d: number): void {
  if (d === 0) g.wars.commander[w] = s;
  else g.wars.detCommander[w * MAX_DET + d] = s;
  g.senWhere[s] = AT_COMMANDER;
  g.senPost[s] = w;
  g.senPresent[s] = 0;
  g.senOfficeTurn[s] = 1;
  warsChanged(g);
}

/** Adds `n` State legions to detachment d >= 1 of war w (the war's total included). */
function detLegionsByHand(g: GameState, w: number, d: number, n: number): void {
  g.wars.detState[w * MAX_DET + d] += n;
  g.wars.stateLegions[w] += n;
  warsChanged(g);
}

/** A policy that proposes exactly `m` (fields copied) when asked for its kind, and votes for everything. */
function proposer(fill: Partial<Motion>, over: Partial<Policy> = {}): Policy {
  return stubPolicy({
    propose: (_g, _me, m) => {
      if (fill.kind !== undefined && m.kind !== fill.kind) return false;
      Object.assign(m, fill);
      return true;
    },
    vote: () => 1,
    consent: () => true,
    ...over,
  });
}

const yes = (n: number, over: Partial<Policy> = {}): Policy[] => stubPolicies(n, () => ({ vote: () => 1, consent: () => true, ...over }));

// ------------------------------------------------------------------------------------------------
describe('the modules are variations', () => {
  it('each is accepted by --variants, has a trigger, a docs-listed source and documented out-of-seed parameters', () => {
    for (const m of MINE) {
      expect(VARIANT_NAMES).toContain(m);
      expect(parseVariants(m)[m]).toBe(true);
      expect(TRIGGERS[m].main.startsWith('ror')).toBe(true);
      expect(MODULE_SOURCES[m]).toBeTruthy();
      for (const k of OUT_OF_SEED_PARAMS[m] ?? []) {
        expect(PARAM_KEYS).toContain(k);
        expect(paramDocs().find((d) => d.key === k)!.doc, k).toMatch(/not in the seeds/i);
      }
    }
    for (const [, keys] of Object.entries(READING_PARAMS)) for (const k of keys) expect(PARAM_KEYS).toContain(k);
    // Every ror parameter of these modules is documented as belonging to its module.
    for (const d of paramDocs().filter((x) => x.key.startsWith('ror'))) expect(d.doc).toMatch(/^ror-/);
  });

  it('the base game has none of them on', () => {
    for (const m of MINE) expect(makeConfig(5).variants[m]).toBe(false);
  });
});

// ------------------------------------------------------------------------------------------------
describe('switched on but never triggered: the base game, byte for byte', () => {
  /** Plays games with and without `variants`; games whose trigger stayed at 0 must be identical. */
  function compare(variants: string, spec: string, games: number, tweak?: Tweak): { untriggered: number; triggered: number } {
    const main = TRIGGERS[variants.split(',')[0] as (typeof MINE)[number]].main;
    let untriggered = 0;
    let triggered = 0;
    for (let i = 0; i < games; i++) {
      const base = playGame(config(5, '', tweak), 'untriggered', i, parsePolicies(spec, 5)).outcome;
      const v = playGame(config(5, variants, tweak), 'untriggered', i, parsePolicies(spec, 5)).outcome;
      const strip = (o: Outcome): Record<string, unknown> => Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith('ror')));
      if (v[main] === 0) {
        expect(strip(v), `game ${i}`).toEqual(strip(base));
        untriggered++;
      } else triggered++;
    }
    return { untriggered, triggered };
  }

  for (const spec of ['competent', 'statesman', 'opportunist']) {
    for (const m of MINE) {
      it(`${m}, ${spec}: every game in which its trigger stayed at 0 is the base game`, () => {
        const r = compare(m, spec, 25);
        expect(r.untriggered + r.triggered).toBe(25);
      });
    }
  }

  it('modules that can never fire change nothing at all (D/S numbers 0, one commander a war, threshold 0)', () => {
    const never: [string, Tweak][] = [
      ['ror-disaster-standoff', (p) => {
        p.rorDisasterRoll = 0;
        p.rorStandoffRoll = 0;
      }],
      ['ror-multiple-commanders', (p) => (p.rorMaxCommanders = 1)],
      ['ror-repopulation', (p) => (p.rorRepopulationThreshold = [0, 0])],
    ];
    for (const [m, tweak] of never) {
      const r = compare(m, 'competent', 15, tweak);
      expect(r.triggered, m).toBe(0);
    }
  });

  it('each module does fire in these games, and then changes them (so the comparison above has teeth)', () => {
    const fired = (variants: string, spec: string, tweak?: Tweak): number => compare(variants, spec, 40, tweak).triggered;
    expect(fired('ror-leaderless-legions', 'opportunist')).toBeGreaterThan(0);
    expect(fired('ror-reinforcements', 'competent')).toBeGreaterThan(0);
    expect(fired('ror-disaster-standoff', 'statesman')).toBeGreaterThan(0);
    expect(fired('ror-multiple-commanders', 'competent')).toBeGreaterThan(0);
    expect(fired('ror-repopulation', 'statesman', (p) => (p.rorRepopulationThreshold = [5, 14]))).toBeGreaterThan(0);
  });
});

// ------------------------------------------------------------------------------------------------
describe('ror-leaderless-legions (errata 10.11; Automatic Recalls (a))', () => {
  // The design study's case: 4 legions under a Status 1 commander (MR 1) against 3 armies. Cards:
  // Roman 5,5 (HRD 0) -> 4 + 1 + 0 = 5; enemy 1,9 (HRD 4) -> 3 + 4 = 7. Rome loses 7 - 5 = 2; the
  // ratio 7:5 = 1.4 reads 1:1, row 2 -> the enemy loses 1. Half the legions fell: the draw 2 > Status 1
  // kills the commander. RI +2 (heavy loss) +2 (war goes on).
  function battle(variants: string, secondWar: boolean): GameState {
    const g = position(5, variants);
    g.step = 'combat';
    const c = ofStatus(g, 1);
    activeWar(g, 0, 3, 4, c);
    if (secondWar) activeWar(g, 1, 2, 2, ofStatus(g, 10 - 5, g.senOwner[c]));
    g.ri = 0;
    // The second war (2 legions, MR 2, against 2 armies): Roman 1,1 (HRD 0) and enemy 1,4 (HRD 2):
    // 4 against 4, a stalemate; it stays active.
    g.rng.cards = forcedCards(secondWar ? [5, 5, 1, 9, 2, 1, 1, 1, 4] : [5, 5, 1, 9, 2]);
    const pols = yes(5);
    combatStep(g, pols);
    adjustmentsStep(g, pols);
    return g;
  }

  it('the commander falls; the base game recalls his 2 legions at once (RI +8 in all)', () => {
    let g = battle('', false);
    expect(g.wars.armies[0]).toBe(2);
    expect(g.stats.senatorsKilled).toBe(1);
    expect(legionsAt(g, 0)).toBe(0);
    expect(g.legionsBox).toBe(1 + 2);
    expect(g.ri).toBe(2 + 2 + 4);
    // With a second war active, the unopposed war loses the game.
    expect(() => battle('', true)).toThrow();
    g = setupGame(config(5, ''), 'x', false);
    expect(g.lost).toBe(SURVIVED);
  });

  it('the same with a second war (a stalemate there): the base game falls on the unopposed war', () => {
    let lost = -1;
    try {
      battle('', true);
    } catch {
      lost = WARS;
    }
    expect(lost).toBe(WARS);
  });

  it('with the module the 2 legions stay at the war (RI +4 in all) and a second war does not lose the game', () => {
    const g = battle('ror-leaderless-legions', false);
    expect(g.wars.commander[0]).toBe(-1);
    expect(legionsAt(g, 0)).toBe(2);
    expect(g.legionsBox).toBe(1);
    expect(g.ri).toBe(4);
    expect(g.stats.rorLeaderlessKept).toBe(1);
    expect(invariantViolations(g, true, false)).toEqual([]);
    const h = battle('ror-leaderless-legions', true);
    expect(h.lost).toBe(SURVIVED);
    expect(h.wars.status[1]).toBe(1);
  });

  it('the next Senate may name them a commander (nothing more sent); otherwise they go home when it closes', () => {
    const g = battle('ror-leaderless-legions', false);
    g.turn++;
    g.step = 'senate';
    for (let s = 0; s < SENATORS; s++) g.senPresent[s] = g.senOwner[s]! >= 0 && g.senWhere[s] === AT_ROME ? 1 : 0;
    g.rng.cards = makePrng('x');
    const h = cloneState(g);
    const c = inRome(g, 2)[0]!;
    // Named: the dispatch of a commander alone is in order for legions without one.
    expect(askProposal(g, seat(5, 0, proposer({ kind: DISPATCH, target: 0, senator: c, count: 0 })), 0, DISPATCH, -1, militaryRules.dispatch)).toBe(true);
    militaryRules.dispatch.execute(g, yes(5), g.motion, true);
    recallCommanderless(g);
    expect(g.wars.commander[0]).toBe(c);
    expect(legionsAt(g, 0)).toBe(2);
    // Not named: recalled when the meeting closes (Automatic Recalls (a)); unopposed at Adjustments.
    openBusiness(h, stubPolicies(5));
    expect(legionsAt(h, 0)).toBe(0);
    expect(h.legionsBox).toBe(3);
  });

  it('a victory still sends the legions home even if the commander fell (errata 10.11)', () => {
    const g = position(5, 'ror-leaderless-legions');
    g.step = 'combat';
    const c = ofStatus(g, 1);
    activeWar(g, 0, 1, 1, c);
    // Roman 1,2 (HRD 1): 1 + 1 + 1 = 3; enemy 1,6 (HRD 3): 1 + 3 = 4: Rome loses 1; 4:3 reads 1:1, row 1:
    // the enemy loses 1 too. Both at 0: a victory. The draw 9 > Status 1 kills the commander.
    g.rng.cards = forcedCards([1, 2, 1, 6, 9]);
    combatStep(g, yes(5));
    adjustmentsStep(g, yes(5));
    expect(g.wars.status[0]).toBe(2);
    expect(g.stats.senatorsKilled).toBe(1);
    expect(g.stats.rorLeaderlessKept).toBe(0);
  });
});

// ------------------------------------------------------------------------------------------------
describe('ror-reinforcements (1.09.647; errata items 18-22, General Recall rules, Minimum Force)', () => {
  /** A war with no commander, 4 legions in the box; faction 0's senator s commands it with 2 of them. */
  function appointed(variants: string): { g: GameState; s: number } {
    const g = position(5, variants);
    activeWar(g, 0, 3);
    g.legionsBox = 4;
    const s = inRome(g, 0)[0]!;
    expect(askProposal(g, [proposer({ kind: DISPATCH, target: 0, senator: s, count: 2 })], 0, DISPATCH, -1, militaryRules.dispatch)).toBe(true);
    militaryRules.dispatch.execute(g, yes(5), g.motion, true);
    expect(g.wars.commander[0]).toBe(s);
    return { g, s };
  }
  const more = (): Policy[] => [proposer({ kind: DISPATCH, target: 0, senator: -1, count: 2 })];

  it('a second dispatch to a commander appointed at the same meeting is out of order (counted, failed, no policy error)', () => {
    const { g } = appointed('ror-reinforcements');
    expect(askProposal(g, more(), 0, DISPATCH, -1, militaryRules.dispatch)).toBe(false);
    expect(g.stats.rorReinforceBlocked).toBe(1);
    expect(g.stats.rorReinforcementsBound).toBe(1);
    expect(g.stats.policyErrors).toBe(0);
    expect(alreadyFailed(g, g.motion)).toBe(true);
    // The base game lets it through.
    const b = appointed('').g;
    expect(askProposal(b, more(), 0, DISPATCH, -1, militaryRules.dispatch)).toBe(true);
  });

  it('a new commander waits for a pending levy: his dispatch is deferred (not failed) and may be moved after it', () => {
    const g = position(5, 'ror-reinforcements');
    activeWar(g, 0, 3);
    g.legionsBox = 1;
    const s0 = inRome(g, 0)[0]!;
    const dispatch = seat(5, 0, proposer({ kind: DISPATCH, target: 0, senator: s0, count: 1 }));
    // A levy on the agenda.
    expect(askProposal(g, seat(5, 1, proposer({ kind: RAISE, count: 2 })), 1, RAISE, -1, militaryRules.raise)).toBe(true);
    addToAgenda(g);
    expect(askProposal(g, dispatch, 0, DISPATCH, -1, militaryRules.dispatch)).toBe(false);
    expect(g.stats.rorDispatchesDeferred).toBe(1);
    expect(g.stats.rorReinforcementsBound).toBe(1);
    expect(g.stats.policyErrors).toBe(0);
    expect(alreadyFailed(g, g.motion)).toBe(false);
    // Sending more legions to a commander already there is not deferred.
    activeWar(g, 1, 3, 2, inRome(g, 2)[0]!);
    g.senOfficeTurn[inRome(g, 2)[0]!] = 1;
    expect(askProposal(g, seat(5, 0, proposer({ kind: DISPATCH, target: 1, senator: -1, count: 1 })), 0, DISPATCH, -1, militaryRules.dispatch)).toBe(true);
    // Once the levy is decided the new commander may be moved, with the legions raised.
    g.agendaCount = 0;
    g.legionsBox = 3;
    expect(askProposal(g, seat(5, 0, proposer({ kind: DISPATCH, target: 0, senator: s0, count: 3 })), 0, DISPATCH, -1, militaryRules.dispatch)).toBe(true);
    // Without the module nothing waits.
    const b = position(5, '');
    activeWar(b, 0, 3);
    expect(askProposal(b, seat(5, 1, proposer({ kind: RAISE, count: 2 })), 1, RAISE, -1, militaryRules.raise)).toBe(true);
    addToAgenda(b);
    expect(askProposal(b, seat(5, 0, proposer({ kind: DISPATCH, target: 0, senator: inRome(b, 0)[0]!, count: 1 })), 0, DISPATCH, -1, militaryRules.dispatch)).toBe(true);
  });

  it('a commander appointed in an earlier turn may be reinforced', () => {
    const { g, s } = appointed('ror-reinforcements');
    g.senOfficeTurn[s] = g.turn - 1;
    expect(askProposal(g, more(), 0, DISPATCH, -1, militaryRules.dispatch)).toBe(true);
  });

  it('legions sent at this meeting cannot be recalled or transferred at it; older ones can', () => {
    const g = position(5, 'ror-reinforcements');
    activeWar(g, 0, 3, 3, inRome(g, 0)[0]!);
    activeWar(g, 1, 2, 2, inRome(g, 1)[0]!);
    g.legionsBox = 2;
    // Two more are sent to the old commander at war 0 (legal: he did not leave at this meeting).
    expect(askProposal(g, [proposer({ kind: DISPATCH, target: 0, senator: -1, count: 2 })], 0, DISPATCH, -1, militaryRules.dispatch)).toBe(true);
    militaryRules.dispatch.execute(g, yes(5), g.motion, true);
    expect(legionsAt(g, 0)).toBe(5);
    const recall = (count: number): boolean => askProposal(g, [proposer({ kind: RECALL, target: 0, count })], 0, RECALL, -1, militaryRules.recall);
    expect(recall(3)).toBe(true); // the three that were there before
    expect(recall(4)).toBe(false); // one of the two sent now
    const transfer = (count: number): boolean =>
      askProposal(g, [proposer({ kind: TRANSFER, target: 0, target2: 1, count })], 0, TRANSFER, -1, militaryRules.transfer);
    expect(transfer(3)).toBe(true);
    expect(transfer(4)).toBe(false);
    expect(g.stats.rorReinforceBlocked).toBe(2);
    expect(g.stats.policyErrors).toBe(0);
  });

  it('a transfer to a commander who left Rome at this meeting is out of order', () => {
    const { g } = appointed('ror-reinforcements');
    activeWar(g, 1, 2, 3, inRome(g, 1)[0]!);
    expect(askProposal(g, [proposer({ kind: TRANSFER, target: 1, target2: 0, count: 1 })], 0, TRANSFER, -1, militaryRules.transfer)).toBe(false);
    expect(g.stats.rorReinforceBlocked).toBe(1);
  });

  it('Minimum Force: Status 8 (MR 2), 4 legions, 5 armies; recalling 1 leaves 3 + 2 = 5', () => {
    const g = position(5, 'ror-reinforcements');
    const c = ofStatus(g, 5); // MR 2, as the study's Status 8 (Statuses above 5 are not dealt with 5 players)
    activeWar(g, 0, 5, 4, c);
    const m = g.motion;
    resetMotion(m, RECALL, 1);
    m.target = 0;
    m.count = 1;
    const mr = Math.ceil(statusOf(c) / 4);
    expect(mr).toBe(2);
    // Seed reading (default): he may void only a recall that leaves him below the armies.
    g.wars.armies[0] = 3 + mr;
    expect(mayVoidRecall(g, m)).toBe(false); // 3 + MR = armies: at Minimum Force, not below
    g.wars.armies[0] = 4 + mr;
    expect(mayVoidRecall(g, m)).toBe(true);
    // The design study's reading (rorRecallConsentAtEqual 1): at or below.
    g.params.rorRecallConsentAtEqual = 1;
    g.wars.armies[0] = 3 + mr;
    expect(mayVoidRecall(g, m)).toBe(true);
    g.wars.armies[0] = 3;
    expect(mayVoidRecall(g, m)).toBe(3 + mr <= 3);
    // The study's numbers exactly: 5 armies, refusable under its reading; 3 armies, not.
    g.wars.armies[0] = 5;
    expect(mayVoidRecall(g, m)).toBe(true);
    g.params.rorRecallConsentAtEqual = 0;
    expect(mayVoidRecall(g, m)).toBe(false);
  });

  it('the commander\'s faction decides; a voided recall lapses unvoted and is counted', () => {
    for (const consent of [false, true]) {
      const g = position(5, 'ror-reinforcements');
      const c = inRome(g, 0)[0]!;
      activeWar(g, 0, 9, 2, c); // 2 legions against 9 armies: any recall leaves him below
      const pols = yes(5, { consent: () => consent });
      expect(askProposal(g, seat(5, 1, proposer({ kind: RECALL, target: 0, count: 1 })), 1, RECALL, -1, militaryRules.recall)).toBe(true);
      const passed = resolve(g, pols, militaryRules.recall, () => {});
      expect(passed).toBe(consent);
      expect(legionsAt(g, 0)).toBe(consent ? 1 : 2);
      expect(g.stats.rorRecallsVoided).toBe(consent ? 0 : 1);
    }
  });

  it('the parametric commander keeps his legions unless the Republic needs them elsewhere (civic: a war short of them; else a war without any)', () => {
    const g = position(5, 'ror-reinforcements');
    activeWar(g, 0, 9, 2, inRome(g, 0)[0]!);
    const m = g.motion;
    resetMotion(m, RECALL, 1);
    m.target = 0;
    m.count = 1;
    const statesman = new ParametricPolicy('statesman', STATESMAN);
    const opportunist = new ParametricPolicy('opportunist', OPPORTUNIST);
    expect(statesman.consent(g, 0, m)).toBe(false); // no other war wants them
    expect(opportunist.consent(g, 0, m)).toBe(false);
    activeWar(g, 1, 6, 1, inRome(g, 1)[0]!); // short of legions, but not without
    expect(statesman.consent(g, 0, m)).toBe(true);
    expect(opportunist.consent(g, 0, m)).toBe(false);
    g.wars.stateLegions[1] = 0; // now unopposed: beside war 0 it would lose the game
    expect(opportunist.consent(g, 0, m)).toBe(true);
    // Appointments are still consented to.
    resetMotion(m, DISPATCH, 1);
    expect(opportunist.consent(g, 0, m)).toBe(true);
  });
});

// ------------------------------------------------------------------------------------------------
/** P(half random difference = d), as whole cases out of 100 (rules-notes 3): 10, 34, 26, 18, 10, 2. */
const HRD_CASES = [10, 34, 26, 18, 10, 2];

/**
 * Independent enumeration of one battle with Disaster/Standoff numbers: the Roman card pairs one by
 * one, the enemy HRD by its distribution, the death draw 1..10; written here from the rule, without
 * the engine's applyDisasterStandoff.
 */
function dsByHand(legions: number, status: number, armies: number, disaster: number, standoff: number) {
  const b: Battle = { romanAttack: 0, enemyAttack: 0, romanLost: 0, enemyLost: 0 };
  const r = { victory: 0, lost: 0, killed: 0, disaster: 0, standoff: 0 };
  for (let x = 1; x <= 10; x++) {
    for (let y = 1; y <= 10; y++) {
      for (let e = 0; e < 6; e++) {
        const p = HRD_CASES[e]! / 100 / 100;
        resolveBattle(legions, Math.ceil(status / 4), armies, Math.ceil(Math.abs(x - y) / 2), e, false, b);
        let lost = b.romanLost;
        let enemyLost = b.enemyLost;
        if (b.romanAttack >= b.enemyAttack && x + y === disaster) {
          lost = Math.ceil(legions / 2);
          enemyLost = 0;
          r.disaster += p;
        } else if (b.romanAttack >= b.enemyAttack && x + y === standoff) {
          lost = Math.ceil(legions / 4);
          enemyLost = 0;
          r.standoff += p;
        }
        if (enemyLost === armies) r.victory += p;
        r.lost += p * lost;
        if (lost > 0 && 2 * lost >= legions) r.killed += (p * (10 - status)) / 10;
      }
    }
  }
  return r;
}

describe('ror-disaster-standoff (1.09.645; errata 10.2)', () => {
  it('the design study\'s table: 5 legions, Status 4, 3 armies — 61.80 % -> 51.76 % victory, through legions odds', () => {
    const ds = dsRule(makeConfig(5).params);
    expect(ds).toEqual({ disasterRoll: 13, standoffRoll: 15, disasterDiv: 2, standoffDiv: 4 });
    const base = combatOdds({ legions: 5, status: 4, armies: 3 });
    const mod = combatOdds({ legions: 5, status: 4, armies: 3, disasterStandoff: ds });
    const byHandBase = dsByHand(5, 4, 3, 0, 0);
    const byHand = dsByHand(5, 4, 3, 13, 15);
    const mean = (l: number[]): number => l.reduce((s, p, k) => s + p * k, 0);
    expect(Math.abs(base.victory - byHandBase.victory)).toBeLessThan(EPS);
    expect(Math.abs(mod.victory - byHand.victory)).toBeLessThan(EPS);
    expect(Math.abs(mean(mod.romanLosses) - byHand.lost)).toBeLessThan(EPS);
    expect(Math.abs(mod.commanderKilled - byHand.killed)).toBeLessThan(EPS);
    expect(Math.abs(mod.disaster! - byHand.disaster)).toBeLessThan(EPS);
    expect(Math.abs(mod.standoff! - byHand.standoff)).toBeLessThan(EPS);
    // The study's rounded figures.
    expect(base.victory.toFixed(4)).toBe('0.6180');
    expect(mod.victory.toFixed(4)).toBe('0.5176');
    expect(mean(base.romanLosses).toFixed(3)).toBe('0.925');
    expect(mean(mod.romanLosses).toFixed(3)).toBe('1.153');
    expect(base.commanderKilled).toBe(0);
    expect(mod.commanderKilled.toFixed(4)).toBe('0.0478');
    expect(mod.disaster!.toFixed(4)).toBe('0.0796');
    expect(mod.standoff!.toFixed(4)).toBe('0.0596');
    expect(mod.victory + mod.continuing + mod.romanWipedOut).toBeCloseTo(1, 12);
  });

  it('turn by turn odds take the module too, and agree with one battle in turn 1', () => {
    const ds = dsRule(makeConfig(5).params);
    const r = combatOdds({ legions: 5, status: 4, armies: 3, turns: 4, disasterStandoff: ds });
    expect(r.victoryByTurn![0]).toBe(r.victory);
    for (let t = 0; t < 4; t++) expect(r.victoryByTurn![t]! + r.wipedOutByTurn![t]! + r.commanderLostByTurn![t]! + r.ongoingByTurn![t]!).toBeCloseTo(1, 12);
    expect(r.victoryByTurn![3]).toBeLessThan(combatOdds({ legions: 5, status: 4, armies: 3, turns: 4 }).victoryByTurn![3]!);
  });

  it('applyDisasterStandoff: never turns a Defeat, uses each number once, loses ceil(L/2) or ceil(L/4)', () => {
    const r = dsRule(makeConfig(5).params);
    const b = (ra: number, ea: number): Battle => ({ romanAttack: ra, enemyAttack: ea, romanLost: 0, enemyLost: 2 });
    let x = b(7, 8);
    expect(applyDisasterStandoff(r, 0, 13, 5, x)).toBe(0);
    expect(x.enemyLost).toBe(2);
    x = b(8, 8);
    expect(applyDisasterStandoff(r, 0, 13, 5, x)).toBe(1);
    expect(x).toEqual({ romanAttack: 8, enemyAttack: 8, romanLost: 3, enemyLost: 0 });
    x = b(9, 5);
    expect(applyDisasterStandoff(r, 1, 13, 5, x)).toBe(0); // the Disaster number was used at this war this turn
    x = b(9, 5);
    expect(applyDisasterStandoff(r, 1, 15, 5, x)).toBe(2);
    expect(x.romanLost).toBe(2);
    x = b(9, 5);
    expect(applyDisasterStandoff(r, 0, 14, 5, x)).toBe(0);
    x = b(3, 1);
    expect(applyDisasterStandoff(r, 0, 15, 1, x)).toBe(2);
    expect(x.romanLost).toBe(1); // a quarter of one legion, rounded up: the whole force
  });

  it('in combat: Roman cards 3 + 10 = 13 in a battle Rome wins: a Disaster (Rome loses 3 of 5, the enemy nothing), the commander falls', () => {
    const g = position(5, 'ror-disaster-standoff');
    g.step = 'combat';
    const c = ofStatus(g, 4);
    activeWar(g, 0, 3, 5, c);
    g.ri = 0;
    // Roman 3,10 (HRD 4): 5 + 1 + 4 = 10 (MR 1 for Status <= 4); enemy 5,5: 3. Death draw 10 > Status.
    g.rng.cards = forcedCards([3, 10, 5, 5, 10]);
    combatStep(g, yes(5));
    expect(g.wars.armies[0]).toBe(3);
    expect(legionsAt(g, 0)).toBe(2);
    expect(g.stats.legionsLost).toBe(3);
    expect(g.stats.rorDisasters).toBe(1);
    expect(g.stats.senatorsKilled).toBe(1);
    expect(g.ri).toBe(2 + 2); // half or more lost, the war goes on
    // Without the module the same cards are a victory.
    const b = position(5, '');
    b.step = 'combat';
    activeWar(b, 0, 3, 5, ofStatus(b, 4));
    b.rng.cards = forcedCards([3, 10, 5, 5]);
    combatStep(b, yes(5));
    expect(b.wars.status[0]).toBe(2);
  });
});

// ------------------------------------------------------------------------------------------------
/** Independent enumeration of two forces attacking in both orders (each equally likely), through resolveBattle. */
function splitByHand(forces: [number, number][], armies: number) {
  const b: Battle = { romanAttack: 0, enemyAttack: 0, romanLost: 0, enemyLost: 0 };
  const acc = { victory: 0, lost: 0, anyKilled: 0 };
  const go = (order: number[], i: number, a: number, lost: number, alive: number, p: number): void => {
    if (a === 0 || i === order.length) {
      if (a === 0) acc.victory += p;
      acc.lost += p * lost;
      acc.anyKilled += p * (1 - alive);
      return;
    }
    const [legions, status] = forces[order[i]!]!;
    for (let rh = 0; rh < 6; rh++) {
      for (let eh = 0; eh < 6; eh++) {
        const q = (p * HRD_CASES[rh]! * HRD_CASES[eh]!) / 10000;
        resolveBattle(legions, Math.ceil(status / 4), a, rh, eh, false, b);
        const heavy = b.romanLost > 0 && 2 * b.romanLost >= legions;
        const survive = heavy ? status / 10 : 1;
        go(order, i + 1, a - b.enemyLost, lost + b.romanLost, alive * survive, q);
      }
    }
  };
  const orders = forces.length === 1 ? [[0]] : [[0, 1], [1, 0]];
  for (const o of orders) go(o, 0, armies, 0, 1, 1 / orders.length);
  return acc;
}

describe('ror-multiple-commanders (1.09.645; errata 10.7, 10.9, 10.11)', () => {
  it('split against combined forces, the design study\'s table, exactly through the battle function', () => {
    const ds = dsRule(makeConfig(5).params);
    const one = splitOdds({ forces: [{ legions: 4, status: 4 }], armies: 3 });
    const two = splitOdds({ forces: [{ legions: 2, status: 4 }, { legions: 2, status: 4 }], armies: 3 });
    const h1 = splitByHand([[4, 4]], 3);
    const h2 = splitByHand([[2, 4], [2, 4]], 3);
    expect(Math.abs(one.victory - h1.victory)).toBeLessThan(1e-12);
    expect(Math.abs(two.victory - h2.victory)).toBeLessThan(1e-12);
    expect(Math.abs(two.legionsLost - h2.lost)).toBeLessThan(1e-12);
    expect(Math.abs(two.anyCommanderKilled - h2.anyKilled)).toBeLessThan(1e-12);
    // One force is the ordinary battle.
    const single = combatOdds({ legions: 4, status: 4, armies: 3 });
    expect(Math.abs(one.victory - single.victory)).toBeLessThan(1e-12);
    expect(Math.abs(one.anyCommanderKilled - single.commanderKilled)).toBeLessThan(1e-12);
    const pct = (x: number): string => (100 * x).toFixed(2);
    expect([pct(one.victory), one.legionsLost.toFixed(3), pct(one.anyCommanderKilled)]).toEqual(['38.20', '0.894', '1.25']);
    expect([pct(two.victory), two.legionsLost.toFixed(3), pct(two.anyCommanderKilled)]).toEqual(['41.47', '1.678', '67.45']);
    expect(pct(splitOdds({ forces: [{ legions: 6, status: 8 }], armies: 5 }).victory)).toBe('19.28');
    const s33 = splitOdds({ forces: [{ legions: 3, status: 8 }, { legions: 3, status: 8 }], armies: 5 });
    expect(Math.abs(s33.victory - splitByHand([[3, 8], [3, 8]], 5).victory)).toBeLessThan(1e-12);
    expect(pct(s33.victory)).toBe('15.48');
    expect(pct(splitOdds({ forces: [{ legions: 6, status: 8 }], armies: 5, disasterStandoff: ds }).victory)).toBe('15.72');
    expect(pct(splitOdds({ forces: [{ legions: 3, status: 8 }, { legions: 3, status: 8 }], armies: 5, disasterStandoff: ds }).victory)).toBe('11.19');
    // Every result is a complete distribution.
    for (const r of [one, two, s33]) expect(r.victory + r.continuing + r.romanWipedOut).toBeCloseTo(1, 12);
  });

  it('unequal forces: the order is random, so both orders count half (odds agree with the enumeration)', () => {
    const r = splitOdds({ forces: [{ legions: 3, status: 8 }, { legions: 1, status: 2 }], armies: 4 });
    const h = splitByHand([[3, 8], [1, 2]], 4);
    expect(Math.abs(r.victory - h.victory)).toBeLessThan(1e-12);
    expect(Math.abs(r.legionsLost - h.lost)).toBeLessThan(1e-12);
  });

  /** War 0 with 4 armies: detachment 0 (A, 3 legions) and detachment 1 (B, 2 legions). */
  function twoCommanders(statusA: number, statusB: number): { g: GameState; a: number; b: number } {
    const g = position(5, 'ror-multiple-commanders');
    g.step = 'combat';
    const a = ofStatus(g, statusA);
    const b = ofStatus(g, statusB, g.senOwner[a]);
    activeWar(g, 0, 4, 3, a);
    place(g, b, 0, 1);
    detLegionsByHand(g, 0, 1, 2);
    g.ri = 0;
    return { g, a, b };
  }

  it('the design study\'s battle: A (3 legions, MR 2) then B (2 legions, MR 2) against 4 armies; B takes the last army', () => {
    const { g, a, b } = twoCommanders(5, 5);
    expect(isSplit(g, 0)).toBe(true);
    expect(commandersAt(g, 0)).toBe(2);
    // Order from the Commanders stream: a draw of 1 (card 2) keeps [A, B].
    g.rng.commanders = forcedCards([2]);
    // A: Roman 6,2 (HRD 2): 3 + 2 + 2 = 7; enemy 5,5: 4. Enemy loses 3; 7:4 = 1.75 reads 1½:1, row 3 -> Rome loses 1.
    // B: Roman 3,3: 2 + 2 = 4; enemy 4,4: 1. Enemy loses its last army; 4:1, row 1 -> Rome loses 0. Victory.
    g.rng.cards = forcedCards([6, 2, 5, 5, 3, 3, 4, 4]);
    const before = g.prestige.slice();
    combatStep(g, yes(5));
    expect(g.wars.status[0]).toBe(2);
    expect(g.wars.victor[0]).toBe(b);
    expect(g.stats.legionsLost).toBe(1);
    expect(g.stats.rorSplitBattles).toBe(2);
    expect(g.ri).toBe(0); // +1 (1 of 5 lost) then -2 for the victory, floored at 0
    expect(g.legionsBox).toBe(1 + 4);
    expect(g.senWhere[a]).toBe(AT_ROME);
    expect(g.senWhere[b]).toBe(AT_ROME);
    g.step = 'adjustments';
    adjustmentsStep(g, yes(5));
    expect(g.prestige[g.senOwner[b]!]! - before[g.senOwner[b]!]!).toBe(2); // ceil(4 / 2)
    expect(g.prestige[g.senOwner[a]!]).toBe(before[g.senOwner[a]!]);
  });

  it('with RI 5 the war\'s RI is +1 then -2 (one change for the war, not one per detachment)', () => {
    const { g } = twoCommanders(5, 5);
    g.ri = 5;
    g.rng.commanders = forcedCards([2]);
    g.rng.cards = forcedCards([6, 2, 5, 5, 3, 3, 4, 4]);
    combatStep(g, yes(5));
    expect(g.ri).toBe(5 + 1 - 2);
  });

  it('B then A: B (2 legions) fights the 4 armies first; each detachment has its own losses and death check', () => {
    const { g, a, b } = twoCommanders(5, 5);
    g.ri = 10;
    g.rng.commanders = forcedCards([1]); // swaps: [B, A]
    // B: Roman 1,1: 2 + 2 = 4; enemy 1,10 (HRD 5): 9. Rome loses 2 (all of B's); 9:4 >= 2, row 2 -> enemy loses 1.
    //    All of B's legions fell: death draw 6 > 5 kills B.
    // A: Roman 5,5: 3 + 2 = 5; enemy 5,5: 3 armies -> 3. Enemy loses 2; 5:3 reads 1½:1, row 2 -> Rome loses 1.
    g.rng.cards = forcedCards([1, 1, 1, 10, 6, 5, 5, 5, 5]);
    combatStep(g, yes(5));
    expect(g.wars.armies[0]).toBe(1);
    expect(g.senWhere[b]).toBe(AT_DECK);
    expect(g.wars.commander[0]).toBe(a);
    expect(detLegions(g, 0, 0)).toBe(2);
    expect(isSplit(g, 0)).toBe(false); // B's detachment is gone
    expect(g.stats.legionsLost).toBe(3);
    expect(g.ri).toBe(10 + 2 + 2); // 3 of 5 lost (half or more), the war goes on
    expect(invariantViolations(g, false, false)).toEqual([]);
  });

  it('the order is drawn from the Commanders stream only when a war is split', () => {
    const g = position(5, 'ror-multiple-commanders');
    g.step = 'combat';
    activeWar(g, 0, 3, 5, inRome(g, 0)[0]!);
    g.rng.commanders = forcedCards([]); // any draw would throw
    g.rng.cards = forcedCards([5, 5, 5, 5]);
    combatStep(g, yes(5));
    expect(g.wars.status[0]).toBe(2);
  });

  it('in the Senate: a second commander takes the lowest free detachment, up to rorMaxCommanders; not without the module', () => {
    const g = position(5, 'ror-multiple-commanders');
    activeWar(g, 0, 6, 2, inRome(g, 0)[0]!);
    g.legionsBox = 4;
    const s = inRome(g, 1)[0]!;
    expect(freeDetachment(g, 0)).toBe(1);
    const send = (senator: number, det: number, count: number): boolean =>
      askProposal(g, [proposer({ kind: DISPATCH, target: 0, senator, det, count })], 0, DISPATCH, -1, militaryRules.dispatch);
    expect(send(s, 2, 2)).toBe(false); // not the lowest free detachment
    expect(g.stats.policyErrors).toBe(1);
    expect(send(s, 1, 0)).toBe(false); // a new commander needs legions
    expect(send(s, 1, 2)).toBe(true);
    expect(g.stats.rorDetachmentMotions).toBe(1);
    militaryRules.dispatch.execute(g, yes(5), g.motion, true);
    expect(g.stats.rorDetachments).toBe(1);
    expect(detCommander(g, 0, 1)).toBe(s);
    expect(detStateLegions(g, 0, 1)).toBe(2);
    expect(detStateLegions(g, 0, 0)).toBe(2);
    expect(g.wars.stateLegions[0]).toBe(4);
    expect(freeDetachment(g, 0)).toBe(2);
    expect(send(inRome(g, 2)[0]!, 2, 1)).toBe(true); // a third (rorMaxCommanders 3)
    militaryRules.dispatch.execute(g, yes(5), g.motion, true);
    expect(freeDetachment(g, 0)).toBe(-1);
    expect(send(inRome(g, 3)[0]!, 3, 1)).toBe(false);
    // Without the module the war has one commander.
    const b = position(5, '');
    activeWar(b, 0, 6, 2, inRome(b, 0)[0]!);
    b.legionsBox = 4;
    expect(askProposal(b, [proposer({ kind: DISPATCH, target: 0, senator: inRome(b, 1)[0]!, det: 1, count: 2 })], 0, DISPATCH, -1, militaryRules.dispatch)).toBe(false);
    expect(askProposal(b, [proposer({ kind: DISPATCH, target: 0, senator: inRome(b, 1)[0]!, count: 2 })], 0, DISPATCH, -1, militaryRules.dispatch)).toBe(false);
    expect(b.stats.policyErrors).toBe(2);
  });

  it('recall and transfer name a detachment; the last legion of a detachment brings its commander home', () => {
    const g = position(5, 'ror-multiple-commanders');
    g.legionsBox = 0;
    const a = inRome(g, 0)[0]!;
    const c = inRome(g, 1)[0]!;
    activeWar(g, 0, 6, 3, a);
    place(g, c, 0, 1);
    detLegionsByHand(g, 0, 1, 2);
    expect(askProposal(g, [proposer({ kind: RECALL, target: 0, det: 1, count: 3 })], 0, RECALL, -1, militaryRules.recall)).toBe(false);
    expect(askProposal(g, [proposer({ kind: RECALL, target: 0, det: 1, count: 2 })], 0, RECALL, -1, militaryRules.recall)).toBe(true);
    militaryRules.recall.execute(g, yes(5), g.motion, true);
    expect(g.senWhere[c]).toBe(AT_ROME);
    expect(g.senPresent[c]).toBe(1);
    expect(isSplit(g, 0)).toBe(false);
    expect(legionsAt(g, 0)).toBe(3);
    // Recalling the first detachment whole moves the other into its place.
    g.legionsBox = 0;
    place(g, c, 0, 1);
    detLegionsByHand(g, 0, 1, 2);
    expect(askProposal(g, [proposer({ kind: RECALL, target: 0, det: 0, count: 3 })], 0, RECALL, -1, militaryRules.recall)).toBe(true);
    militaryRules.recall.execute(g, yes(5), g.motion, true);
    expect(g.wars.commander[0]).toBe(c);
    expect(detLegions(g, 0, 0)).toBe(2);
    expect(isSplit(g, 0)).toBe(false);
    expect(invariantViolations(g, false, false)).toEqual([]);
  });

  it('Deaths: a second commander who dies leaves his own legions without a commander, the first keeps his', () => {
    const g = position(5, 'ror-multiple-commanders');
    const a = inRome(g, 0)[0]!;
    const c = inRome(g, 1)[0]!;
    activeWar(g, 0, 6, 3, a);
    place(g, c, 0, 1);
    detLegionsByHand(g, 0, 1, 2);
    killSenator(g, c);
    expect(g.wars.commander[0]).toBe(a);
    expect(detCommander(g, 0, 1)).toBe(-1);
    recallCommanderless(g);
    expect(legionsAt(g, 0)).toBe(3);
    expect(g.legionsBox).toBe(1 + 2);
  });

  it('the State pays every commander, the second ones included', () => {
    const g = position(5, 'ror-multiple-commanders');
    g.step = 'income';
    activeWar(g, 0, 6, 3, inRome(g, 0)[0]!);
    place(g, inRome(g, 1)[0]!, 0, 1);
    detLegionsByHand(g, 0, 1, 2);
    const t1 = g.treasury[1]!;
    const st = g.stateTreasury;
    incomeStep(g, stubPolicies(5));
    const p = g.params;
    expect(st + p.stateIncome - g.stateTreasury).toBe(p.warCost + p.legionUpkeep * (1 + 5) + 2 * p.commanderPay);
    expect(g.treasury[1]! - t1).toBe(p.factionBaseIncome + p.senatorIncome * 3 + p.commanderPay);
  });

  it('rorSharedCredit 1: both surviving commanders who fought share the Prestige (ceil(2 / 2) = 1 each)', () => {
    const { g, a, b } = twoCommanders(5, 5);
    g.params.rorSharedCredit = 1;
    g.rng.commanders = forcedCards([2]);
    g.rng.cards = forcedCards([6, 2, 5, 5, 3, 3, 4, 4]);
    const before = g.prestige.slice();
    combatStep(g, yes(5));
    g.step = 'adjustments';
    adjustmentsStep(g, yes(5));
    expect(g.prestige[g.senOwner[a]!]! - before[g.senOwner[a]!]!).toBe(1);
    expect(g.prestige[g.senOwner[b]!]! - before[g.senOwner[b]!]!).toBe(1);
  });
});

// ------------------------------------------------------------------------------------------------
describe('ror-repopulation (1.09.81)', () => {
  /** Sends faction senators away (as governors in spirit: out of Rome) until `left` are in Rome. */
  function thin(g: GameState, left: number): void {
    for (let s = SENATORS - 1; s >= 0 && alignedInRome(g) > left; s--) {
      if (g.senWhere[s] === AT_ROME && g.senOwner[s]! >= 0) {
        g.senWhere[s] = 3; // AT_GOVERNOR
        g.senPost[s] = -1;
        g.senPresent[s] = 0;
      }
    }
  }

  it('with 7 aligned senators in Rome (5 players, threshold 8), the top deck card joins the faction with the fewest senators', () => {
    const g = position(5, 'ror-repopulation');
    takeFromDeck(g, card(1, 9));
    g.senWhere[card(1, 9)] = AT_ROME; // faction 2 gets a fourth senator: the others have three
    g.senOwner[card(1, 9)] = 2;
    thin(g, 7);
    expect(alignedInRome(g)).toBe(7);
    const top = deckCards(g)[0]!;
    // Faction with the fewest senators: four of them have 3; the tie goes to the least Influence in Rome.
    const counts = [0, 1, 2, 3, 4].map((f) => [0, 1, 2, 3, 4].length && [...Array(SENATORS).keys()].filter((s) => g.senOwner[s] === f).length);
    const infl = [0, 1, 2, 3, 4].map((f) => inRome(g, f).reduce((x, s) => x + influenceOf(s), 0));
    const fewest = Math.min(...counts);
    const cands = [0, 1, 2, 3, 4].filter((f) => counts[f] === fewest);
    const least = Math.min(...cands.map((f) => infl[f]!));
    const tied = cands.filter((f) => infl[f] === least);
    g.rng.repopulation = forcedCards(tied.length > 1 ? [1] : []); // a roll only between factions still tied
    const expected = tied[0]!;
    expect(acquiringFaction(g)).toBe(expected);
    g.rng.repopulation = forcedCards(tied.length > 1 ? [1] : []);
    repopulate(g, stubPolicies(5));
    expect(g.senOwner[top]).toBe(expected);
    expect(g.senWhere[top]).toBe(AT_ROME);
    expect(g.senPresent[top]).toBe(1);
    expect(alignedInRome(g)).toBe(8);
    expect(g.stats.rorRepopulated).toBe(1);
    expect(g.deckCount).toBe(deckCards(g).length);
  });

  it('ties: fewest senators, then least Influence in Rome, then a die roll from the module\'s stream', () => {
    const g = position(5, 'ror-repopulation');
    // Every faction has 3 senators (one of each colour): equal counts, equal Influence in Rome (6).
    const inRomeAll = (f: number): number => [...Array(SENATORS).keys()].filter((x) => g.senOwner[x] === f && g.senWhere[x] === AT_ROME).length;
    expect(new Set([0, 1, 2, 3, 4].map(inRomeAll))).toEqual(new Set([3]));
    for (const k of [1, 3, 5]) {
      g.rng.repopulation = forcedCards([k]);
      expect(acquiringFaction(g)).toBe(k - 1);
    }
    // A faction with less Influence in Rome (its lilac senator away) wins the tie without a roll.
    const lilac = [...Array(SENATORS).keys()].find((x) => g.senOwner[x] === 3 && influenceOf(x) === 3)!;
    g.senWhere[lilac] = 3;
    g.rng.repopulation = forcedCards([]);
    expect(acquiringFaction(g)).toBe(3);
  });

  it('an empty deck: a neutral in the Forum, chosen by the acquiring faction; an illegal pick is a policy error', () => {
    for (const pick of ['first', 'bad'] as const) {
      const g = position(5, 'ror-repopulation');
      const forum = deckCards(g).slice(0, 2);
      for (const s of deckCards(g)) {
        takeFromDeck(g, s);
        g.senWhere[s] = forum.includes(s) ? AT_FORUM : 3;
        if (!forum.includes(s)) {
          g.senOwner[s] = 0; // away from Rome, in faction 0 (keeps the cards accounted for)
          g.senPost[s] = -1;
        }
      }
      thin(g, 7);
      g.rng.repopulation = forcedCards([1, 1, 1, 1, 1]);
      const f = acquiringFaction(g);
      g.rng.repopulation = forcedCards([1, 1, 1, 1, 1]);
      const pols = stubPolicies(5, () => ({ repopulationPick: (_g, _me, c) => (pick === 'first' ? c[0]! : 99) }));
      repopulate(g, pols);
      const joined = pick === 'first' ? Math.min(...forum) : Math.max(...forum);
      expect(g.senOwner[joined]).toBe(f);
      expect(g.stats.policyErrors).toBe(pick === 'bad' ? 1 : 0);
    }
  });

  it('never at the default threshold (8 with 5 players); a higher threshold makes it fire', () => {
    const count = (spec: string, tweak?: Tweak): number => {
      let n = 0;
      for (let i = 0; i < 30; i++) n += playGame(config(5, 'ror-repopulation', tweak), 'repop', i, parsePolicies(spec, 5)).outcome.rorRepopulated;
      return n;
    };
    expect(count('competent')).toBe(0);
    expect(count('statesman')).toBe(0);
    expect(count('statesman', (p) => (p.rorRepopulationThreshold = [5, 14]))).toBeGreaterThan(0);
    // 16 is above the 15 senators dealt: it fires as the first Senate opens.
    expect(count('competent', (p) => (p.rorRepopulationThreshold = [5, 16]))).toBeGreaterThanOrEqual(30);
  });
});

describe('all five together keep the game\'s books', () => {
  it('a full game with every module on and triggers firing ends with the invariants holding', () => {
    const cfg = config(5, MINE.join(','), (p) => (p.rorRepopulationThreshold = [5, 14]));
    for (let i = 0; i < 10; i++) {
      const { state, outcome } = playGame(cfg, 'all', i, parsePolicies('statesman,opportunist,random,competent,random', 5));
      expect(invariantViolations(state, state.lost === SURVIVED, true)).toEqual([]);
      expect(outcome.cause === SURVIVED || outcome.cause === WARS || outcome.cause > 0).toBe(true);
    }
    expect(FL_BOX).toBe(-1);
  });
});

// ------------------------------------------------------------------------------------------------
describe('legions odds with the battle-changing modules', () => {
  afterEach(() => vi.restoreAllMocks());

  async function run(args: string[]): Promise<string> {
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
      out += String(s);
      return true;
    });
    await yargs(args)
      .command(oddsCommand)
      .strict()
      .fail((msg, err) => {
        throw err ?? new Error(msg);
      })
      .parseAsync();
    return out;
  }

  it('--variants ror-disaster-standoff: the table shows the module\'s victory and the Disaster / Standoff chances', async () => {
    const out = await run(['odds', '--legions', '5', '--status', '4', '--armies', '3', '--variants', 'ror-disaster-standoff']);
    expect(out).toContain('ror-disaster-standoff');
    expect(out).toMatch(/Victory \(no armies left\)\s+51\.76%/);
    expect(out).toMatch(/Disaster\s+7\.96%/);
    expect(out).toMatch(/Standoff\s+5\.96%/);
    const json = JSON.parse(await run(['odds', '--legions', '5', '--status', '4', '--armies', '3', '--variants', 'ror-disaster-standoff', '--json']));
    expect(json).toEqual(combatOdds({ legions: 5, status: 4, armies: 3, disasterStandoff: dsRule(makeConfig(5).params) }));
    // Its numbers are rules parameters: no Disaster number, no Disaster.
    const off = JSON.parse(await run(['odds', '--legions', '5', '--status', '4', '--armies', '3', '--variants', 'ror-disaster-standoff', '--rule', 'rorDisasterRoll=0', '--json']));
    expect(off.disaster).toBe(0);
    // Without --variants the output is the base game's, unchanged.
    expect(JSON.parse(await run(['odds', '--legions', '5', '--status', '4', '--armies', '3', '--json']))).toEqual(combatOdds({ legions: 5, status: 4, armies: 3 }));
  });

  it('--variants ror-multiple-commanders with lists: several forces against one war', async () => {
    const out = await run(['odds', '--legions', '2,2', '--status', '4,4', '--armies', '3', '--variants', 'ror-multiple-commanders']);
    expect(out).toMatch(/Victory \(no armies left\)\s+41\.47%/);
    expect(out).toMatch(/At least one commander killed\s+67\.45%/);
    const json = JSON.parse(await run(['odds', '--legions', '3,3', '--status', '8,8', '--armies', '5', '--variants', 'ror-multiple-commanders,ror-disaster-standoff', '--json']));
    expect((100 * json.victory).toFixed(2)).toBe('11.19');
  });

  it('bad input: one-line InputErrors', async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const bad = async (args: string[], msg: RegExp): Promise<void> => {
      let err: unknown;
      try {
        await run(['odds', ...args]);
      } catch (e) {
        err = e;
      }
      expect(err, args.join(' ')).toBeInstanceOf(InputError);
      expect((err as Error).message).toMatch(msg);
      expect((err as Error).message).not.toContain('\n');
    };
    await bad(['--legions', '2,2', '--status', '4,4', '--armies', '3'], /need --variants ror-multiple-commanders/);
    await bad(['--legions', '2,2', '--status', '4', '--armies', '3', '--variants', 'ror-multiple-commanders'], /2 forces but --status 1/);
    await bad(['--legions', '1,1,1,1', '--status', '4,4,4,4', '--armies', '3', '--variants', 'ror-multiple-commanders'], /rorMaxCommanders is 3/);
    await bad(['--legions', '2,2', '--status', '4,4', '--armies', '3', '--turns', '2', '--variants', 'ror-multiple-commanders'], /--turns is for one force/);
    await bad(['--legions', '2', '--status', '4', '--armies', '3', '--variants', 'deaths'], /deaths does not change a battle/);
    await bad(['--legions', '2', '--status', '4', '--armies', '3', '--variants', 'plague'], /unknown variant/);
    await bad(['--legions', '2,x', '--status', '4,4', '--armies', '3', '--variants', 'ror-multiple-commanders'], /--legions .* got NaN/);
    await bad(['--legions', '2', '--status', '4', '--armies', '3', '--rule', 'rorDisasterRoll=21'], /out of range/);
  });
});
