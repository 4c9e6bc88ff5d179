// 1. Income and Expenditure: faction income and upkeep, State income, donations, State expenses, exchange.
import * as commonModule from './common.js';
import type { Policy } from './policy.js';
import * as detachmentsModule from './ror/detachments.js';
import * as landActsModule from './senate/land-acts.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { addPrestige, askBool, legalInt, log, policyError, statePays } = commonModule;
const { factionLegionLeaves, releaseEmptyDet, ROR_COMMANDERS } = detachmentsModule;
const { payLandActs } = landActsModule;
const { AT_GOVERNOR, ARMS, FL_NONE, SENATORS, GRAIN, HARBOUR, LAND_COMMISSION, MINING, statusOf, senatorName, factionName } = stateModule;

/** ror-garrisons: State legions in provincial garrisons (0 without the module). */
export function garrisonLegions(g: GameState): number {
  if (!g.variants['ror-garrisons']) return 0;
  const garrison = g.provGarrison; // (held: V8 reloads a field read in a loop at every turn, and checks its maps again)
  let n = 0;
  for (let p = 0; p < garrison.length; p++) n += garrison[p]!;
  return n;
}

/** Active legions: State legions in the box, at war or in garrisons, plus raised faction legions (Arms concession). */
export function activeLegions(g: GameState): number {
  let n = stateLegionCount(g);
  const legion = g.factionLegion; // (held, as below)
  for (let f = 0, players = g.players; f < players; f++) if (legion[f] !== FL_NONE) n++;
  return n;
}

/** State legions in existence (box, wars, garrisons): the maxStateLegions cap and the upkeep count them. */
export function stateLegionCount(g: GameState): number {
  let n = g.legionsBox + garrisonLegions(g);
  const legions = g.wars.stateLegions; // (held: V8 reloads g.wars and its field at every turn of a loop, each with its map checks)
  for (let w = 0; w < legions.length; w++) n += legions[w]!;
  return n;
}

export function activeWarCount(g: GameState): number {
  const status = g.wars.status; // (held, as above)
  let n = 0;
  for (let w = 0; w < status.length; w++) if (status[w] === 1) n++;
  return n;
}

export function conqueredCount(g: GameState): number {
  const conquered = g.provConquered; // (held, as above)
  let n = 0;
  for (let p = 0; p < conquered.length; p++) n += conquered[p]!;
  return n;
}

/** A province's income this turn: by development level, none under Unrest (undeveloped), Invasion or Revolt. */
export function provinceIncome(g: GameState, p: number): number {
  if (!g.provConquered[p]) return 0;
  if (g.provNoIncomeTurn[p] === g.turn || g.provRevolt[p]! > 0) return 0;
  const dev = g.provDeveloped[p]!;
  if (!dev && g.unrestIncomeTurn === g.turn) return 0;
  return g.board.provinces[p]!.income[dev]!;
}

/** Land Acts variant: the Land Commission pays only while an act is in place. */
function landCommissionPays(g: GameState): boolean {
  return !g.variants['land-acts'] || g.landActsType1 + g.landActsType2 > 0;
}

export function concessionIncome(g: GameState, c: number): number {
  const p = g.params;
  switch (c) {
    case HARBOUR: return p.concessionHarbourPerProvince * conqueredCount(g);
    case ARMS: return p.concessionArmsPerLegion * activeLegions(g);
    case LAND_COMMISSION: return landCommissionPays(g) ? p.concessionLandCommission : 0;
    case GRAIN: return p.concessionGrain;
    case MINING: return p.concessionMining;
    default: return 0;
  }
}

export function incomeStep(g: GameState, policies: readonly Policy[]): void {
  g.step = 'income';
  const p = g.params;
  const n = g.players;
  // Faction incomes (Faction Incomes): base, senators, knights, compulsory concession income.
  // Each faction's senators counted in one number, five bits a faction (30 cards fit): faction f's at bit 5f.
  // (The state's arrays held in locals: V8 reloads a field read through g at every turn of a loop that calls out.)
  const senOwner = g.senOwner;
  const treasury = g.treasury;
  let senators = 0;
  for (let s = 0; s < SENATORS; s++) {
    const f = senOwner[s]!;
    if (f >= 0) senators += 1 << (5 * f);
  }
  const knights = g.knights;
  const base = p.factionBaseIncome;
  const perSenator = p.senatorIncome;
  const perTalent = p.knightsPerTalent;
  for (let f = 0; f < n; f++) {
    const own = (senators >>> (5 * f)) & 31;
    treasury[f] += base + perSenator * own + Math.floor(knights[f]! / perTalent);
  }
  const cards = g.cardWhere;
  const collected = g.senConcessionTurn;
  const turn = g.turn;
  for (let c = 0; c < 5; c++) {
    const s = cards[c]!;
    if (s < 0) continue;
    const f = senOwner[s]!;
    if (f < 0) continue;
    let amount = concessionIncome(g, c);
    if (c === LAND_COMMISSION && g.droughtIncomeTurn === turn && amount > 0) {
      // Drought: the holder may double this income at a Prestige cost.
      if (askBool(g, f, policies[f]!.doubleLandCommission(g, f), 'doubleLandCommission')) {
        amount *= 2;
        addPrestige(g, f, -p.droughtLandCommissionPrestige);
        if (g.trace !== null) log(g, `${senatorName(s)} doubles Land Commission income after the Drought`);
      }
    }
    treasury[f] += amount;
    collected[s] = turn;
    if (g.trace !== null) log(g, `${factionName(f)} collects ${amount} from the ${['Harbour', 'Arms', 'Land Commission', 'Grain', 'Mining'][c]} concession`);
  }
  // State income: 30, plus each province's income unless its governor claims it (capped at his Status).
  let stateIn = p.stateIncome;
  const conquered = g.provConquered;
  const governor = g.provGovernor;
  const where = g.senWhere;
  for (let prov = 0; prov < conquered.length; prov++) {
    if (!conquered[prov]) continue;
    const inc = provinceIncome(g, prov);
    const gov = governor[prov]!;
    const f = gov >= 0 && where[gov] === AT_GOVERNOR ? senOwner[gov]! : -1;
    if (f >= 0 && inc > 0 && askBool(g, f, policies[f]!.claimIncome(g, f, prov), 'claimIncome')) {
      const got = Math.min(inc, statusOf(gov));
      treasury[f] += got;
      g.provClaimed[prov] = 1;
      if (g.trace !== null) log(g, `Governor ${senatorName(gov)} claims ${got} of ${inc} from ${g.board.provinces[prov]!.name}`);
    } else {
      stateIn += inc;
    }
  }
  g.stateTreasury += stateIn;
  if (g.trace !== null) log(g, `State income ${stateIn}`);
  // Donations (State Income): Prestige by the highest threshold reached; fractions have no effect.
  for (let f = 0; f < n; f++) {
    const d = policies[f]!.donation(g, f);
    if (d === 0) continue;
    if (!legalInt(d, 0, treasury[f]!)) {
      policyError(g, f, `donation ${String(d)} not in 0..${treasury[f]}`);
      continue;
    }
    treasury[f] -= d;
    g.stateTreasury += d;
    addPrestige(g, f, tablePrestige(p.donationThresholds, p.donationPrestige, d));
    if (g.trace !== null) log(g, `${factionName(f)} donates ${d}`);
  }
  // State expenditure: wars, State legions, commanders (paid to their factions), Land Acts.
  // (What each payment is for is a trace's words: spelled out only when tracing.)
  const t = g.trace !== null;
  const wars = activeWarCount(g);
  statePays(g, p.warCost * wars, t ? `${wars} active wars` : '');
  const legions = stateLegionCount(g);
  statePays(g, p.legionUpkeep * legions, t ? `${legions} State legions` : '');
  const commanders = g.wars.commander;
  for (let w = 0; w < commanders.length; w++) {
    const c = commanders[w]!;
    if (c < 0) continue;
    statePays(g, p.commanderPay, t ? `commander ${senatorName(c)}` : '');
    const f = senOwner[c]!;
    if (f >= 0) treasury[f] += p.commanderPay;
  }
  // ror-multiple-commanders: the other commanders of split wars are paid too.
  if (g.variants[ROR_COMMANDERS]) {
    for (const c of g.wars.detCommander) {
      if (c < 0) continue;
      statePays(g, p.commanderPay, t ? `commander ${senatorName(c)}` : '');
      if (g.senOwner[c]! >= 0) g.treasury[g.senOwner[c]!] += p.commanderPay;
    }
  }
  if (g.variants['land-acts']) payLandActs(g);
  // Faction expenditure, once all faction income is in (claims, commanders' pay): 4 per faction legion;
  // one it cannot pay is disbanded (rules-notes 24).
  const legion = g.factionLegion;
  for (let f = 0; f < n; f++) {
    if (legion[f] === FL_NONE) continue;
    if (treasury[f]! >= p.legionUpkeep) treasury[f] -= p.legionUpkeep;
    else disbandFactionLegion(g, f, 'cannot pay upkeep');
  }

  // Exchange of monies: the only time factions may give each other money.
  for (let f = 0; f < n; f++) {
    const policy = policies[f]!;
    if (policy.neverTransfers === true) continue; // it gives nothing to anyone: not asked
    for (let t = 0; t < n; t++) {
      if (t === f) continue;
      const a = policy.transfer(g, f, t);
      if (a === 0) continue;
      if (!legalInt(a, 0, treasury[f]!)) {
        policyError(g, f, `transfer ${String(a)} to ${t} not in 0..${treasury[f]}`);
        continue;
      }
      treasury[f] -= a;
      treasury[t] += a;
      if (g.trace !== null) log(g, `${factionName(f)} gives ${a} to ${factionName(t)}`);
    }
  }
  if (g.trace !== null) log(g, `After income: State ${g.stateTreasury}, factions ${g.treasury.join('/')}`);
}

/** Prestige of a donation or Games purchase: the highest threshold paid (rules-notes 27). */
export function tablePrestige(thresholds: readonly number[], prestige: readonly number[], amount: number): number {
  let r = 0;
  for (let i = 0; i < thresholds.length; i++) if (amount >= thresholds[i]!) r = prestige[i]!;
  return r;
}

export function disbandFactionLegion(g: GameState, f: number, why: string): void {
  const w = g.factionLegion[f]!;
  const d = g.factionLegionDet[f]!;
  factionLegionLeaves(g, f, FL_NONE);
  if (g.trace !== null) log(g, `${factionName(f)}'s legion is disbanded (${why})`);
  if (w >= 0) releaseEmptyDet(g, w, d);
}

export function legionsAt(g: GameState, w: number): number {
  let n = g.wars.stateLegions[w]!;
  const legion = g.factionLegion; // (held, as in stateLegionCount)
  for (let f = 0, players = g.players; f < players; f++) if (legion[f] === w) n++;
  return n;
}

