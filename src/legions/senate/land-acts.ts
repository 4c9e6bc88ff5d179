// Variation "Land Acts": Type I and II acts, their Prestige table, payments and repeal.
import * as commonModule from '../common.js';
import type { Motion } from '../motion.js';
import * as motionModule from '../motion.js';
import type { GameState } from '../state.js';
import * as senateErrataModule from '../ror/senate-errata.js';
import type { MotionRules } from './agenda.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { addPrestige, changeRI, legalInt, log, statePays } = commonModule;
const { motionRules } = motionModule;
const { errata, landActTypeOpen, landActVoted } = senateErrataModule;

/** Prestige of an act's type: [sponsor, co-sponsor, voters]. */
const table = (g: GameState, type: number): number[] => (type === 1 ? g.params.landActType1Prestige : g.params.landActType2Prestige);

/** Acts in place hold the green stones: Type I until paid, Type II until repealed. */
export const landActsInPlace = (g: GameState): number => g.landActsType1 + g.landActsType2;

/** Passed: sponsor, co-sponsor and supporters gain. Failed: sponsor and co-sponsor lose. Voting against always loses. */
function landActPrestige(g: GameState, m: Motion, passed: boolean): void {
  const [sp, co, voters] = table(g, m.count) as [number, number, number];
  addPrestige(g, m.sponsor, passed ? sp : -sp);
  if (m.coSponsor >= 0) addPrestige(g, m.coSponsor, passed ? co : -co);
  for (let f = 0; f < g.players; f++) {
    if (f === m.sponsor || f === m.coSponsor) continue;
    if (m.stance[f] === 1 && passed) addPrestige(g, f, voters);
    else if (m.stance[f] === -1) addPrestige(g, f, -voters);
  }
}

export const landActRules: MotionRules = motionRules({
  applicable: (g) => (landActTypeOpen(g, 1) || landActTypeOpen(g, 2)) && landActsInPlace(g) < g.params.landActStones,
  check(g, m) {
    if (m.count !== 1 && m.count !== 2) return 'count must be the act type, 1 or 2';
    // ror-senate-errata (land bills): one motion per act type a turn instead of one act passed a turn.
    if (!landActTypeOpen(g, m.count)) return errata(g, 'rorLandBills') ? 'a Land Act of this type was already moved this turn' : 'a Land Act already passed this turn';
    return landActsInPlace(g) < g.params.landActStones ? null : 'no green stone left';
  },
  execute(g, _p, m, passed) {
    g.stats.landActsVoted++;
    landActPrestige(g, m, passed);
    landActVoted(g, m.count, passed);
    if (!passed) return;
    g.landActPassedTurn = g.turn;
    g.stats.landActs++;
    if (m.count === 1) {
      g.landActsType1++;
      changeRI(g, -g.params.landActType1RI);
    } else {
      g.landActsType2++;
      g.landActType2Turn.push(g.turn);
      g.landActType2Sponsor.push(m.sponsor);
      g.landActType2CoSponsor.push(m.coSponsor);
      changeRI(g, -g.params.landActType2RI);
    }
    if (g.trace !== null) log(g, `Type ${m.count === 1 ? 'I' : 'II'} Land Act passed; RI ${g.ri}`);
  },
});

/** Repeal of a Type II act (target = its index), not in the turn it passed; one repeal a turn. */
export const repealRules: MotionRules = motionRules({
  applicable: (g) => g.landActRepealTurn !== g.turn && g.landActType2Turn.some((t) => t !== g.turn),
  check(g, m) {
    if (g.landActRepealTurn === g.turn) return errata(g, 'rorLandBills') ? 'a repeal was already moved this turn' : 'an act was already repealed this turn';
    if (!legalInt(m.target, 0, g.landActType2Turn.length - 1)) return 'no such Type II act';
    return g.landActType2Turn[m.target] === g.turn ? 'an act cannot be repealed in the turn it passed' : null;
  },
  execute(g, _p, m, passed) {
    const [sp, co, voters] = g.params.landActType2Prestige as [number, number, number];
    const byRepeal = g.params.landActRepealPenalty === 1;
    // Supporters of a repeal lose Prestige whatever the outcome (under reading 1 its sponsors as sponsors).
    for (let f = 0; f < g.players; f++) {
      if (byRepeal && (f === m.sponsor || f === m.coSponsor)) continue;
      if (m.stance[f] === 1) addPrestige(g, f, -voters);
    }
    if (byRepeal) {
      addPrestige(g, m.sponsor, -sp);
      if (m.coSponsor >= 0) addPrestige(g, m.coSponsor, -co);
    }
    // ror-senate-errata (land bills): one repeal motion a turn, passed or not.
    if (errata(g, 'rorLandBills')) g.landActRepealTurn = g.turn;
    if (!passed) return;
    const i = m.target;
    if (!byRepeal) {
      addPrestige(g, g.landActType2Sponsor[i]!, -sp);
      if (g.landActType2CoSponsor[i]! >= 0) addPrestige(g, g.landActType2CoSponsor[i]!, -co);
    }
    g.stats.landActsRepealed++;
    g.landActType2Turn.splice(i, 1);
    g.landActType2Sponsor.splice(i, 1);
    g.landActType2CoSponsor.splice(i, 1);
    g.landActsType2--;
    g.landActRepealTurn = g.turn;
    if (g.trace !== null) log(g, 'Type II Land Act repealed');
  },
});

/** Income step: Type I acts are paid once and their stones removed; Type II acts cost every later turn. */
export function payLandActs(g: GameState): void {
  const p = g.params;
  if (g.landActsType1 > 0) {
    statePays(g, p.landActType1Cost * g.landActsType1, 'Type I Land Acts');
    g.landActsType1 = 0;
  }
  for (const t of g.landActType2Turn) if (t < g.turn) statePays(g, p.landActType2Cost, 'a Type II Land Act');
}
