// The random policy: a uniformly random legal answer to every decision (the stress test of the rules).
import { type Stream, uniformInt } from '../src/core/rng.js';
import {
  APPOINT_GOVERNOR, CENSURE, CONCESSION, DEVELOP, DISBAND, DISPATCH, ELECT_CENSOR, ELECT_CONSUL, ELECT_CONSUL_FOR_LIFE,
  ELECT_DICTATOR, GARRISON, LAND_ACT, type Motion, NAME_MASTER_OF_HORSE, PROSECUTE, RAISE, RECALL, RECALL_GARRISON,
  REPEAL_LAND_ACT, REPLACE_COMMANDER, TRANSFER,
} from '../src/legions/motion.js';
import {
  affordable, alreadyFailed, dictatorCommands, type GameView, landActTypeOpen, legalTarget, majorEligible, onAgenda, outOfStage,
  type Policy, recallableGarrison, tableable,
} from '../src/legions/policy.js';
import type { GameState } from '../src/legions/state.js';
import {
  detCommander, detFactionMask, detLegions, detLossTurn, detStateLegions, FL_BOX, factionLegionsAt, freeDetachment,
  influenceOf, legionsAt, maxDetachments, movableState, popcount, raiseCost, reinforceable, stateLegions, statusOf,
} from './lib.js';

export class RandomPolicy implements Policy {
  readonly name = 'random';
  private rng!: Stream;
  private bidTurn = -1;
  private bidLeft = 0;

  init(_me: number, rng: Stream): void {
    this.rng = rng;
    this.bidTurn = -1;
  }

  private int(lo: number, hi: number): number {
    return hi < lo ? lo : lo + uniformInt(this.rng, hi - lo + 1);
  }

  private coin(): boolean {
    return uniformInt(this.rng, 2) === 1;
  }

  private pick(list: readonly number[]): number {
    return list.length ? list[uniformInt(this.rng, list.length)]! : -1;
  }

  /** A uniformly random subset of the bits of `mask`. */
  private subset(mask: number): number {
    let m = 0;
    for (let b = 0; b < 5; b++) if (mask & (1 << b) && this.coin()) m |= 1 << b;
    return m;
  }

  claimIncome(): boolean {
    return this.coin();
  }
  doubleLandCommission(): boolean {
    return this.coin();
  }
  donation(g: GameView, me: number): number {
    return this.coin() ? 0 : this.int(0, g.treasury[me]!);
  }
  transfer(g: GameView, me: number): number {
    return uniformInt(this.rng, 4) === 0 ? this.int(0, Math.min(3, g.treasury[me]!)) : 0;
  }
  attend(): boolean {
    return uniformInt(this.rng, 4) !== 0;
  }
  consulPlaysFirst(): boolean {
    return this.coin();
  }
  neutralBid(g: GameView, me: number, s: number): number {
    // Bids are asked senator by senator in one Forum: keep their total within the treasury.
    if (this.bidTurn !== g.turn) {
      this.bidTurn = g.turn;
      this.bidLeft = g.treasury[me]!;
    }
    const cap = Math.min(this.bidLeft, Math.floor(g.treasury[me]! / 2));
    if (cap < influenceOf(s) || this.coin()) return 0;
    const b = this.int(influenceOf(s), cap);
    this.bidLeft -= b;
    return b;
  }
  attractTarget(g: GameView, me: number): number {
    if (g.treasury[me]! < 1 || this.coin()) return -1;
    const t: number[] = [];
    for (let s = 0; s < 30; s++) {
      if (g.senOwner[s]! >= 0 && g.senOwner[s] !== me && g.senWhere[s] === 2 && g.senMovedTurn[s] !== g.turn && s !== g.rorCfl) t.push(s);
    }
    return this.pick(t);
  }
  attractRaise(g: GameView, me: number, _s: number, attacking: boolean, a: number, d: number): number {
    const cash = g.treasury[me]! - (attacking ? a : d);
    if (attacking && a === 0) return this.int(1, Math.min(cash, 5));
    return this.coin() ? 0 : this.int(0, Math.min(cash, 3));
  }
  knightSpend(g: GameView, me: number): number {
    return this.coin() ? -1 : this.int(0, Math.min(3, g.treasury[me]!));
  }
  knightDonations(g: GameView, me: number): number {
    return this.int(0, Math.min(1, g.knights[me]!));
  }
  games(g: GameView, me: number): number {
    return uniformInt(this.rng, 3) === 0 ? this.int(0, g.treasury[me]!) : 0;
  }

  propose(g: GameView, me: number, m: Motion, cands: readonly number[]): boolean {
    return this.draft(g, me, m, cands) && !alreadyFailed(g, m) && !onAgenda(g, m) && !outOfStage(g, m.kind);
  }

  tableNext(g: GameView, _me: number, _a: readonly Motion[], count: number): number {
    const ok: number[] = [];
    for (let i = 0; i < count; i++) if (tableable(g, i)) ok.push(i);
    return this.pick(ok);
  }
  useTribune(): boolean {
    return uniformInt(this.rng, 3) === 0;
  }
  objectToRuling(): boolean {
    return uniformInt(this.rng, 3) === 0;
  }

  private draft(g: GameView, me: number, m: Motion, cands: readonly number[]): boolean {
    const mandatory = m.kind === ELECT_CONSUL || m.kind === ELECT_CENSOR || m.kind === APPOINT_GOVERNOR || m.kind === NAME_MASTER_OF_HORSE;
    if (!mandatory && m.kind !== DEVELOP && this.coin()) return false;
    switch (m.kind) {
      case ELECT_CONSUL:
      case ELECT_CENSOR:
      case APPOINT_GOVERNOR:
      case ELECT_DICTATOR:
      case NAME_MASTER_OF_HORSE:
      case ELECT_CONSUL_FOR_LIFE:
        m.senator = this.pick(cands);
        return m.senator >= 0;
      case PROSECUTE:
        m.senator = this.pick(cands);
        m.major = m.senator >= 0 && g.minorProsecutions === 0 && majorEligible(g, m.senator) && this.coin();
        return m.senator >= 0;
      case DISBAND:
        if (g.legionsBox === 0) return false;
        m.count = this.int(1, g.legionsBox);
        return true;
      case RAISE: {
        const room = Math.min(g.params.maxStateLegions - stateLegions(g), Math.floor(g.stateTreasury / raiseCost(g)));
        if (room < 1 || g.noRaiseTurn === g.turn) return false;
        m.count = this.int(1, room);
        return true;
      }
      case DISPATCH: return this.dispatch(g, m, cands);
      case REPLACE_COMMANDER: {
        if (maxDetachments(g) > 1) return this.replaceDet(g, m, cands);
        const wars = this.wars(g, (w) => g.wars.commander[w]! >= 0 && g.wars.lossTurn[w] === g.turn - 1 && !dictatorCommands(g, w));
        if (!wars.length || !cands.length) return false;
        m.target = this.pick(wars);
        m.senator = this.pick(cands);
        return true;
      }
      case TRANSFER: {
        if (maxDetachments(g) > 1) return this.transferDet(g, m);
        const from = this.wars(g, (w) => legionsAt(g, w) >= 2 && !dictatorCommands(g, w));
        const to = this.wars(g, (w) => g.wars.commander[w]! >= 0 && reinforceable(g, w, 0) && !dictatorCommands(g, w));
        if (!from.length) return false;
        m.target = this.pick(from);
        const dest = to.filter((w) => w !== m.target);
        if (!dest.length) return false;
        m.target2 = this.pick(dest);
        m.count = this.int(0, Math.min(movableState(g, m.target, 0), legionsAt(g, m.target) - 1));
        if (m.count === 0) return false;
        return true;
      }
      case RECALL: {
        if (maxDetachments(g) > 1) return this.recallDet(g, m);
        const wars = this.wars(g, (w) => movableState(g, w, 0) > 0 && !dictatorCommands(g, w));
        if (!wars.length) return false;
        m.target = this.pick(wars);
        m.count = this.int(1, movableState(g, m.target, 0));
        return true;
      }
      case CONCESSION: {
        const cs: number[] = [];
        for (let c = 0; c < 5; c++) {
          const landWaits = c === 2 && g.variants['land-acts'] && g.stats.landActs === 0;
          if (g.cardWhere[c] === -3 && !landWaits) cs.push(c);
        }
        const ss: number[] = [];
        for (let s = 0; s < 30; s++) if (g.senOwner[s]! >= 0) ss.push(s);
        if (!cs.length || !ss.length) return false;
        m.target = this.pick(cs);
        m.senator = this.pick(ss);
        return true;
      }
      case DEVELOP: {
        if (uniformInt(this.rng, 4) === 0) return false;
        const step = g.params.developAidStep;
        m.count = step * this.int(0, Math.min(5, Math.floor(g.stateTreasury / step)));
        return true;
      }
      case LAND_ACT: {
        // (With ror-senate-errata's land bills a type moved this turn is closed.)
        const one = landActTypeOpen(g, 1);
        const two = landActTypeOpen(g, 2);
        m.count = one && two ? this.int(1, 2) : one ? 1 : 2;
        return one || two;
      }
      case GARRISON: {
        const ps: number[] = [];
        for (let p = 0; p < g.provConquered.length; p++) if (g.provConquered[p]) ps.push(p);
        if (!ps.length || g.legionsBox === 0) return false;
        m.target = this.pick(ps);
        m.count = this.int(1, g.legionsBox);
        return true;
      }
      case RECALL_GARRISON: {
        const ps: number[] = [];
        for (let p = 0; p < g.provGarrison.length; p++) if (recallableGarrison(g as GameState, p) > 0) ps.push(p);
        if (!ps.length) return false;
        m.target = this.pick(ps);
        m.count = this.int(1, recallableGarrison(g as GameState, m.target));
        return true;
      }
      case REPEAL_LAND_ACT: {
        const acts: number[] = [];
        g.landActType2Turn.forEach((t, i) => t !== g.turn && acts.push(i));
        m.target = this.pick(acts);
        return m.target >= 0;
      }
      case CENSURE: {
        if (this.coin()) return false;
        m.target = (me + this.int(1, g.players - 1)) % g.players;
        m.count = this.int(0, 5);
        if (this.coin()) {
          // Censure one of that faction's senators rather than the faction.
          const ss: number[] = [];
          for (let s = 0; s < 30; s++) if (g.senOwner[s] === m.target) ss.push(s);
          m.senator = this.pick(ss);
        }
        return true;
      }
      default:
        return false;
    }
  }

  private wars(g: GameView, pred: (w: number) => boolean): number[] {
    const r: number[] = [];
    for (let w = 0; w < g.wars.status.length; w++) if (g.wars.status[w] === 1 && pred(w)) r.push(w);
    return r;
  }

  private dispatch(g: GameView, m: Motion, cands: readonly number[]): boolean {
    const wars = this.wars(g, (w) => !dictatorCommands(g, w)); // (the Dictator cannot be reinforced)
    if (!wars.length) return false;
    const w = this.pick(wars);
    const boxMask = factionLegionsAt(g, FL_BOX);
    m.target = w;
    m.count = this.int(0, g.legionsBox);
    m.mask = this.subset(boxMask);
    // ror-multiple-commanders: any occupied detachment, or the free one (a new commander).
    if (maxDetachments(g) > 1) {
      const dets: number[] = [];
      const free = freeDetachment(g, w);
      for (let d = 0; d < maxDetachments(g); d++) if (d === free || detCommander(g, w, d) >= 0 || detLegions(g, w, d) > 0) dets.push(d);
      m.det = this.pick(dets);
    }
    if (detCommander(g, w, m.det) >= 0) {
      m.senator = -1;
      if (m.count + popcount(m.mask) === 0 || !reinforceable(g, w, m.det)) return false;
      return true;
    }
    m.senator = this.pick(cands);
    return m.senator >= 0 && detLegions(g, w, m.det) + m.count + popcount(m.mask) > 0;
  }

  /** ror-multiple-commanders: a detachment of some war, as (war, detachment) pairs w * 8 + d. */
  private detPairs(g: GameView, pred: (w: number, d: number) => boolean): number[] {
    const r: number[] = [];
    for (let w = 0; w < g.wars.status.length; w++) {
      if (g.wars.status[w] !== 1) continue;
      for (let d = 0; d < maxDetachments(g); d++) if (pred(w, d)) r.push(w * 8 + d);
    }
    return r;
  }

  private replaceDet(g: GameView, m: Motion, cands: readonly number[]): boolean {
    const ps = this.detPairs(g, (w, d) => detCommander(g, w, d) >= 0 && detLossTurn(g, w, d) === g.turn - 1 && !dictatorCommands(g, w, d));
    if (!ps.length || !cands.length) return false;
    const p = this.pick(ps);
    m.target = p >> 3;
    m.det = p & 7;
    m.senator = this.pick(cands);
    return true;
  }

  private transferDet(g: GameView, m: Motion): boolean {
    const from = this.detPairs(g, (w, d) => detLegions(g, w, d) >= 2 && movableState(g, w, d) > 0 && !dictatorCommands(g, w, d));
    if (!from.length) return false;
    const a = this.pick(from);
    m.target = a >> 3;
    m.det = a & 7;
    const to = this.detPairs(g, (w, d) => w !== m.target && detCommander(g, w, d) >= 0 && reinforceable(g, w, d) && !dictatorCommands(g, w, d));
    if (!to.length) return false;
    const b = this.pick(to);
    m.target2 = b >> 3;
    m.det2 = b & 7;
    m.count = this.int(0, Math.min(movableState(g, m.target, m.det), detLegions(g, m.target, m.det) - 1));
    return m.count > 0;
  }

  private recallDet(g: GameView, m: Motion): boolean {
    const ps = this.detPairs(g, (w, d) => movableState(g, w, d) > 0 && !dictatorCommands(g, w, d));
    if (!ps.length) return false;
    const p = this.pick(ps);
    m.target = p >> 3;
    m.det = p & 7;
    m.count = this.int(1, movableState(g, m.target, m.det));
    return true;
  }

  coSponsor(): boolean {
    return this.coin();
  }
  veto(): boolean {
    return uniformInt(this.rng, 5) === 0;
  }
  vote(_g: GameView, me: number, m: Motion): number {
    if (m.sponsor === me) return 1;
    if (m.kind === LAND_ACT || m.kind === REPEAL_LAND_ACT) return this.coin() ? 1 : -1; // no abstention
    return uniformInt(this.rng, 3) - 1;
  }
  buyVotes(g: GameView, me: number): number {
    return uniformInt(this.rng, 4) === 0 ? this.int(0, Math.min(2, g.treasury[me]!)) : 0;
  }
  tieBreak(): boolean {
    return this.coin();
  }
  consent(): boolean {
    return this.coin();
  }
  stepDown(): boolean {
    return this.coin();
  }
  proposeBill(): boolean {
    return uniformInt(this.rng, 4) === 0;
  }
  closeDebate(): boolean {
    return this.coin();
  }
  penalize(): boolean {
    return this.coin();
  }
  ownLegion(): boolean {
    return uniformInt(this.rng, 6) === 0;
  }
  repopulationPick(_g: GameView, _me: number, cands: readonly number[]): number {
    return this.pick(cands);
  }
  chooseLosses(g: GameView, _me: number, war: number, n: number, det = 0): number {
    // A random valid split between State and faction legions (of the detachment that fought).
    const here = detFactionMask(g, war, det);
    const stateHere = detStateLegions(g, war, det);
    for (;;) {
      const m = this.subset(here);
      const k = popcount(m);
      if (k <= n && n - k <= stateHere) return m;
    }
  }
  claimSpoils(g: GameView, _me: number, war: number): number {
    return this.int(0, Math.min(2 * statusOf(g.wars.victor[war]!), g.wars.spoils[war]!));
  }

  // ---- Republic of Rome modules ----
  payRansom(): boolean {
    return this.coin();
  }
  assassinTarget(g: GameView, me: number): number {
    if (uniformInt(this.rng, 4) !== 0) return -1;
    const t: number[] = [];
    for (let s = 0; s < 30; s++) if (legalTarget(g as GameState, me, s)) t.push(s);
    return this.pick(t);
  }
  assassin(g: GameView, me: number): number {
    const a: number[] = [];
    for (let s = 0; s < 30; s++) if (g.senOwner[s] === me && g.senWhere[s] === 2 && g.senPresent[s] === 1) a.push(s);
    return this.pick(a);
  }
  hireAssassins(g: GameView, me: number): number {
    return this.int(0, affordable(g as GameState, me, g.params.rorAssassinCost, g.params.rorMaxAssassins));
  }
  bodyguards(g: GameView, me: number): number {
    return this.int(0, affordable(g as GameState, me, g.params.rorBodyguardCost, g.params.rorMaxBodyguards));
  }
}
