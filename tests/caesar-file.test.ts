// Battle files (src/caesar/units.ts): defaults filled in, the example files valid, and every bad
// file refused with a one-line message that names the field.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BattleFileError, DEFAULT_RULES, parseBattle, parseRules } from '../src/caesar/index.js';

const root = join(__dirname, '..');
const legion = { kind: 'legion' };
const ok = { attacker: { units: [legion], tactic: null }, defender: { units: [legion], tactic: null }, rules: {} };
/** `ok` with one part replaced. */
const withSide = (side: 'attacker' | 'defender', value: unknown) => ({ ...ok, [side]: value });
const withUnit = (side: 'attacker' | 'defender', unit: unknown, at = 0) => {
  const units: unknown[] = [legion, legion, legion];
  units[at] = unit;
  return withSide(side, { units, tactic: null });
};

function refusal(json: unknown): string {
  try {
    parseBattle(json);
  } catch (e) {
    expect(e).toBeInstanceOf(BattleFileError);
    const m = (e as Error).message;
    expect(m).not.toContain('\n');
    return m;
  }
  throw new Error('accepted');
}

describe('parseBattle', () => {
  it('fills in swords, flags, Tactics and rules', () => {
    const b = parseBattle({
      attacker: { units: [{ kind: 'allied' }, { kind: 'allied', veteran: true }, legion, { kind: 'legion', veteran: true }, { kind: 'leader', swords: 4, supreme: true, name: 'Caesar' }] },
      defender: { units: [legion], tactic: 'double-line', retreatAfterRound: 2 },
    });
    expect(b.attacker.units.map((u) => u.swords)).toEqual([1, 2, 2, 3, 4]);
    expect(b.attacker.units[4]).toEqual({ kind: 'leader', swords: 4, veteran: false, supreme: true, diesOnRetreat: false, name: 'Caesar' });
    expect(b.attacker.tactic).toBeNull();
    expect(b.attacker.retreatAfterRound).toBeNull();
    expect(b.defender).toMatchObject({ tactic: 'double-line', retreatAfterRound: 2 });
    expect(b.rules).toEqual(DEFAULT_RULES);
    expect(parseRules({ manyDice: true, pursuitHit: 'one' })).toEqual({ ...DEFAULT_RULES, manyDice: true, pursuitHit: 'one' });
  });

  it('reads every file in battles/', () => {
    const files = readdirSync(join(root, 'battles')).filter((f) => f.endsWith('.json'));
    expect(files).toEqual(expect.arrayContaining(['rulebook.json', 'legion-duel.json']));
    for (const f of files) expect(() => parseBattle(JSON.parse(readFileSync(join(root, 'battles', f), 'utf8'))), f).not.toThrow();
    const rb = parseBattle(JSON.parse(readFileSync(join(root, 'battles', 'rulebook.json'), 'utf8')));
    expect(rb.attacker.units.map((u) => `${u.kind}${u.swords}`)).toEqual(['leader4', 'legion3', 'legion2', 'legion2']);
    expect(rb.defender.units.map((u) => `${u.kind}${u.swords}`)).toEqual(['leader1', 'allied1', 'legion2', 'legion2', 'legion2', 'legion2']);
    expect(rb.defender.tactic).toBe('double-line');
  });

  it('refuses bad files with one line naming the field', () => {
    const cases: [unknown, string][] = [
      [withUnit('defender', { kind: 'leader' }, 2), 'defender.units[2].swords: leaders must give their swords'],
      [5, 'battle file: expected object'],
      [null, 'battle file: expected object'],
      [{ defender: ok.defender }, 'attacker: missing'],
      [withUnit('attacker', { kind: 'cavalry' }), 'attacker.units[0].kind: must be one of "allied", "legion", "leader"'],
      [withUnit('attacker', { kind: 'legion', swords: 1.5 }, 1), 'attacker.units[1].swords: expected a whole number'],
      [withUnit('attacker', { kind: 'legion', swords: 0 }), 'attacker.units[0].swords: at least 1'],
      [withUnit('attacker', { kind: 'legion', swords: 99 }), 'attacker.units[0].swords: at most 20'],
      [withUnit('attacker', { kind: 'legion', swords: '2' }), 'attacker.units[0].swords: expected number'],
      [withUnit('attacker', { kind: 'legion', colour: 'red' }), 'attacker.units[0]: unknown key "colour"'],
      [withUnit('defender', { kind: 'leader', swords: 2, veteran: true }), 'defender.units[0].veteran: only Allied units and Legions have a veteran side'],
      [withUnit('defender', { kind: 'legion', supreme: true }), 'defender.units[0].supreme: only a leader can be the Supreme Leader'],
      [withUnit('defender', { kind: 'allied', diesOnRetreat: true }), 'defender.units[0].diesOnRetreat: only a leader can die on a retreat'],
      [withUnit('defender', { kind: 'allied', veteran: true, swords: 1 }), 'defender.units[0].swords: a veteran has at least 2 swords (its regular side has one fewer)'],
      [
        withSide('attacker', { units: [{ kind: 'leader', swords: 4, supreme: true }, { kind: 'leader', swords: 3, supreme: true }] }),
        'attacker.units[1].supreme: a side has at most one Supreme Leader',
      ],
      [withSide('attacker', { units: [] }), 'attacker.units: needs at least 1 item(s)'],
      [withSide('attacker', { units: legion }), 'attacker.units: expected array'],
      [withSide('defender', { units: [legion], tactic: 'testudo' }), 'defender.tactic: must be one of "double-line"'],
      [withSide('defender', { units: [legion], retreatAfterRound: 0 }), 'defender.retreatAfterRound: at least 1'],
      [withSide('defender', { units: [legion], morale: 3 }), 'defender: unknown key "morale"'],
      [{ ...ok, rules: { silverVeterans: 'yes' } }, 'rules.silverVeterans: expected boolean'],
      [{ ...ok, rules: { pursuitHit: 'six' } }, 'rules.pursuitHit: must be one of "swords", "one"'],
      [{ ...ok, rules: { fog: true } }, 'rules: unknown key "fog"'],
      [{ ...ok, weather: 'rain' }, 'battle file: unknown key "weather"'],
    ];
    for (const [json, message] of cases) expect(refusal(json), message).toBe(message);
  });

  it('refuses too many units', () => {
    expect(refusal(withSide('attacker', { units: Array.from({ length: 41 }, () => legion) }))).toBe('attacker.units: at most 40 item(s)');
  });
});
