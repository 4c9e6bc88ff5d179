// ror-frontier (RoR 1.09.6461, 1.09.646; errata 10.81-10.82): only frontier provinces suffer the
// Barbarian Invasion, which captures their governor; ransom before the Forum, or he is killed.
import { describe, expect, it } from 'vitest';
import { makePrng } from '../src/core/rng.js';
import { deathsActivity } from '../src/legions/deaths.js';
import { forumStep } from '../src/legions/forum.js';
import { provinceIncome } from '../src/legions/income.js';
import { defaultParams } from '../src/legions/params.js';
import { applyBanner } from '../src/legions/politics.js';
import { isFrontier, ransomOf, resolveCaptive } from '../src/legions/ror/frontier.js';
import { AT_DECK, AT_FORUM, AT_GOVERNOR, AT_ROME, BLUE, CARD_DISCARD, CARD_LASTING, type GameState, GREEN, INVASION, LILAC, statusOf } from '../src/legions/state.js';
import { forcedCards, invariantViolations, takeFromDeck } from './helpers.js';
import { card, governor, position, recruit, stubs, type Tweak, untriggeredEqualsBase } from './ror-b-helpers.js';

const SARDINIA = 1; // board number 2: not a frontier province by default
const HISPANIA_CITERIOR = 3; // board number 4: a frontier province by default

/** Turn 3, Political Situation: province p conquered and developed, governed by `gov` (recruited into faction 0 if in the deck). */
function raid(variants: string, p: number, gov: number, tweak?: Tweak): GameState {
  const g = position(3, variants, 3, 'politics', tweak);
  if (g.senWhere[gov] === AT_DECK) recruit(g, gov, 0);
  governor(g, gov, p, 2);
  g.provDeveloped[p] = 1;
  g.rng.cards = forcedCards([p + 1]); // the invasion's draw names the province
  applyBanner(g, INVASION);
  return g;
}

describe('ror-frontier: which provinces the raiders reach', () => {
  it('the default frontier is provinces 3, 4, 5, 6 and 8 (board numbers)', () => {
    expect(defaultParams().rorFrontierProvinces).toEqual([3, 4, 5, 6, 8]);
    const g = position(5, 'ror-frontier');
    const frontier = g.board.provinces.map((_, i) => i).filter((i) => isFrontier(g, i)).map((i) => i + 1);
    expect(frontier).toEqual([3, 4, 5, 6, 8]);
  });

  it('draw 2 (Sardinia): nothing happens — still developed, full income next turn, the card discarded, the governor free', () => {
    const gov = card(GREEN, 6);
    const g = raid('ror-frontier', SARDINIA, gov);
    expect(g.provDeveloped[SARDINIA]).toBe(1);
    expect(g.cardWhere[INVASION]).toBe(CARD_DISCARD);
    expect(g.rorCaptive).toBe(-1);
    expect([g.stats.rorFrontierSpared, g.stats.rorFrontierChanged, g.stats.rorCaptures]).toEqual([1, 1, 0]);
    g.turn++;
    expect(provinceIncome(g, SARDINIA)).toBe(g.board.provinces[SARDINIA]!.income[1]);
  });

  it('without the module the same draw undevelops Sardinia (the base game)', () => {
    const g = raid('', SARDINIA, card(GREEN, 6));
    expect(g.provDeveloped[SARDINIA]).toBe(0);
    expect(g.cardWhere[INVASION]).toBe(CARD_LASTING);
  });

  it('rorFrontierProvinces chooses the frontier: [2] makes Sardinia one, and Hispania Citerior safe', () => {
    const tweak: Tweak = (p) => (p.rorFrontierProvinces = [2]);
    expect(raid('ror-frontier', SARDINIA, card(GREEN, 6), tweak).rorCaptive).toBe(card(GREEN, 6));
    expect(raid('ror-frontier', HISPANIA_CITERIOR, card(GREEN, 6), tweak).stats.rorFrontierSpared).toBe(1);
    // 0 names no province; a number beyond the board names none either.
    const none = raid('ror-frontier', HISPANIA_CITERIOR, card(GREEN, 6), (p) => (p.rorFrontierProvinces = [0]));
    expect(none.provDeveloped[HISPANIA_CITERIOR]).toBe(1);
  });
});

describe('ror-frontier: capture and ransom', () => {
  it('the ransom is max(10, 2 x Status)', () => {
    const g = position(3, 'ror-frontier');
    for (let st = 1; st <= 10; st++) expect(ransomOf(g, card(GREEN, st))).toBe(Math.max(10, 2 * st));
  });

  it('draw 4, governor Status 6, treasury 20: the base effect, he is captured, and before the Forum his faction pays 12; he comes home and the province is vacant', () => {
    const gov = card(GREEN, 6);
    const g = raid('ror-frontier', HISPANIA_CITERIOR, gov);
    expect(g.provDeveloped[HISPANIA_CITERIOR]).toBe(0);
    expect(g.cardWhere[INVASION]).toBe(CARD_LASTING);
    expect(g.rorCaptive).toBe(gov);
    expect([g.stats.rorCaptures, g.stats.rorFrontierChanged]).toEqual([1, 1]);
    expect(invariantViolations(g, false, false)).toEqual([]);
    g.treasury[0] = 20;
    const asked: number[][] = [];
    g.step = 'forum';
    for (const k of ['cards', 'tribunes'] as const) g.rng[k] = makePrng(k);
    forumStep(g, stubs(3, () => ({ payRansom: (_g, me, s, r) => (asked.push([me, s, r]), true) })));
    expect(asked).toEqual([[0, gov, 12]]);
    expect(statusOf(gov)).toBe(6);
    expect(g.treasury[0]).toBe(20 - 12);
    expect(g.senWhere[gov]).toBe(AT_ROME);
    expect(g.senPresent[gov]).toBe(1); // home before the Forum's attendance
    expect(g.provGovernor[HISPANIA_CITERIOR]).toBe(-1);
    expect(g.senGovReturnTurn[gov]).toBe(g.turn); // a returning governor: reappointed only with consent
    expect(g.rorCaptive).toBe(-1);
    expect(g.stats.rorRansomsPaid).toBe(1);
    expect(invariantViolations(g, false, false)).toEqual([]);
  });

  it('the same draw with treasury 11: nobody is asked and the governor dies', () => {
    const gov = card(GREEN, 6);
    const g = raid('ror-frontier', HISPANIA_CITERIOR, gov);
    g.treasury[0] = 11;
    let asked = 0;
    resolveCaptive(g, stubs(3, () => ({ payRansom: () => (asked++, true) })));
    expect(asked).toBe(0);
    expect(g.treasury[0]).toBe(11);
    expect(g.senWhere[gov]).toBe(AT_DECK);
    expect(g.senOwner[gov]).toBe(-1);
    expect(g.provGovernor[HISPANIA_CITERIOR]).toBe(-1);
    expect(g.stats.senatorsKilled).toBe(1);
    expect(invariantViolations(g, false, false)).toEqual([]);
  });

  it('a faction that declines to pay loses him; a neutral governor has nobody to pay', () => {
    const gov = card(BLUE, 7);
    const g = raid('ror-frontier', HISPANIA_CITERIOR, gov);
    g.treasury[0] = 50;
    resolveCaptive(g, stubs(3)); // the stub declines
    expect(g.senWhere[gov]).toBe(AT_DECK);
    expect(g.treasury[0]).toBe(50);

    const n = card(LILAC, 9);
    const h = position(3, 'ror-frontier', 3, 'politics');
    takeFromDeck(h, n);
    h.senWhere[n] = AT_FORUM;
    governor(h, n, HISPANIA_CITERIOR, 2);
    h.rng.cards = forcedCards([HISPANIA_CITERIOR + 1]);
    applyBanner(h, INVASION);
    expect(h.rorCaptive).toBe(n);
    resolveCaptive(h, stubs(3, () => ({ payRansom: () => true })));
    expect(h.senWhere[n]).toBe(AT_DECK);
  });

  it('a frontier province without a governor suffers the base effect only', () => {
    const g = position(3, 'ror-frontier', 3, 'politics');
    g.provConquered[HISPANIA_CITERIOR] = 1;
    g.provDeveloped[HISPANIA_CITERIOR] = 1;
    g.rng.cards = forcedCards([HISPANIA_CITERIOR + 1]);
    applyBanner(g, INVASION);
    expect(g.provDeveloped[HISPANIA_CITERIOR]).toBe(0);
    expect(g.rorCaptive).toBe(-1);
    expect(g.stats.rorFrontierChanged).toBe(0);
  });

  it('with ror-garrisons only a garrison protects a frontier province and its governor', () => {
    const gov = card(GREEN, 6);
    const g = position(3, 'ror-frontier,ror-garrisons', 3, 'politics');
    recruit(g, gov, 0);
    governor(g, gov, HISPANIA_CITERIOR, 2);
    g.provDeveloped[HISPANIA_CITERIOR] = 1;
    g.provGarrison[HISPANIA_CITERIOR] = 1;
    g.rng.cards = forcedCards([HISPANIA_CITERIOR + 1]);
    applyBanner(g, INVASION);
    expect(g.provDeveloped[HISPANIA_CITERIOR]).toBe(1);
    expect(g.senWhere[gov]).toBe(AT_GOVERNOR);
    expect(g.rorCaptive).toBe(-1);
    expect([g.stats.rorGarrisonSaves, g.stats.rorFrontierChanged]).toEqual([1, 0]);
  });

  it('with deaths: a captive who dies before the Forum is forgotten (nobody is asked to ransom him)', () => {
    const gov = card(GREEN, 5); // from the deck: faction 0's only senator of Status 5
    const g = raid('ror-frontier,deaths', HISPANIA_CITERIOR, gov);
    expect(g.senOwner[gov]).toBe(0);
    g.rng.deaths = forcedCards([statusOf(gov), 1]); // red = his Status, yellow 1 = faction 0 (3 players)
    deathsActivity(g);
    expect(g.senWhere[gov]).toBe(AT_DECK);
    let asked = 0;
    resolveCaptive(g, stubs(3, () => ({ payRansom: () => (asked++, true) })));
    expect(asked).toBe(0);
    expect(g.rorCaptive).toBe(-1);
  });
});

describe('ror-frontier: switched on but never triggered', () => {
  for (const field of ['competent', 'statesman', 'opportunist'] as const) {
    it(`${field} players: every game in which no invasion was changed is exactly the base game`, () => {
      const [compared, triggered] = untriggeredEqualsBase(5, field, 'ror-frontier', 'rorFrontierChanged', 30);
      expect(compared).toBeGreaterThan(0);
      expect(compared + triggered).toBe(30);
      if (field === 'competent') expect(triggered).toBeGreaterThan(0); // the module does change some games
    });
  }
});
