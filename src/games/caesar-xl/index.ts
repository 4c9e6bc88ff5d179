// Caesar XL battles as the command line sees them: the runner's definition, a finished run's summary
// (caesar-xl-summary/1: every outcome field of src/caesar/outcome.ts) and its outputs.
import { BattleFileError, OUTCOME_FIELDS, parseBattle, POLICY_NAMES } from '../../caesar/index.js';
import { InputError } from '../../core/errors.js';
import { readJsonInput } from '../../core/input.js';
import type { ArmReader } from '../../experiment/schema-experiment.js';
import { isAbsolute, join } from 'node:path';
import { type ManifestInfo, type Perf, type PutFile, runManifest } from '../../report/outputs.js';
import { ratesChart } from '../../report/schema-charts.js';
import type { SchemaAccumulator } from '../../sim/schema-accumulator.js';
import { isRate, type RateFigure, schemaSummaryCsv, schemaSummaryText, summariseSchema } from '../../sim/schema-summary.js';
import type { RunIdentity } from '../../sim/spec.js';
import type { GameEntry } from '../index.js';
import { type CaesarConfig, game } from './definition.js';

const pct = (x: number) => (100 * x).toFixed(2);

/**
 * An arm of a Caesar XL experiment: `battle` (a file, relative to the experiment file, or the battle
 * itself inline), optional `rules` overriding the battle's, optional `tactic` {attacker, defender}
 * replacing its Tactics cards, and `policies` (one for both sides, or attacker,defender).
 */
const experimentArm: ArmReader = (arm, e, dir) => {
  const where = `arm ${arm.name}`;
  const extra = Object.keys(arm).filter((k) => !['name', 'baseline', 'policies', 'battle', 'rules', 'tactic'].includes(k));
  if (extra.length) throw new InputError(`${where}: unknown key "${extra[0]}" (a Caesar XL arm has battle, rules, tactic, policies, baseline)`);
  if (arm.battle === undefined) throw new InputError(`${where}: battle: give a battle file or the battle itself`);
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (typeof arm.battle !== 'string' && !isObject(arm.battle)) throw new InputError(`${where}: battle: a file name or the battle itself (an object), not ${JSON.stringify(arm.battle)}`);
  const json: unknown = typeof arm.battle === 'string' ? readJsonInput(resolveFrom(dir, arm.battle), `${where}: battle`) : arm.battle;
  if (!isObject(json)) throw new InputError(`${where}: battle: the file holds no battle object`);
  const raw = structuredClone(json);
  if (arm.rules !== undefined) {
    if (!isObject(arm.rules)) throw new InputError(`${where}: rules: an object of rule options, not ${JSON.stringify(arm.rules)}`);
    raw.rules = { ...(isObject(raw.rules) ? raw.rules : {}), ...arm.rules };
  }
  if (arm.tactic !== undefined) {
    if (!isObject(arm.tactic)) throw new InputError(`${where}: tactic: an object {"attacker": CARD or null, "defender": CARD or null}, not ${JSON.stringify(arm.tactic)}`);
    for (const [side, card] of Object.entries(arm.tactic)) {
      if (side !== 'attacker' && side !== 'defender') throw new InputError(`${where}: tactic: "${side}" is not a side (attacker, defender)`);
      raw[side] = { ...(isObject(raw[side]) ? raw[side] : {}), tactic: card };
    }
  }
  let setup;
  try {
    setup = parseBattle(raw);
  } catch (err) {
    if (err instanceof BattleFileError) throw new InputError(`${where}: ${err.message}`);
    throw err;
  }
  const p = arm.policies ?? e.policies;
  return { cfg: { setup }, policies: battlePolicySpec(Array.isArray(p) ? p.join(',') : p, where) };
};

/** The attacker's and the defender's policy names: "a" for both or "a,b". */
export function battlePolicySpec(spec: string | undefined, where = '--policies'): [string, string] {
  const names = (spec ?? 'default').split(',').map((s) => s.trim());
  if (names.length > 2 || names.some((n) => n === '')) throw new InputError(`${where}: give one battle policy for both sides or two (attacker,defender), got "${spec}"`);
  for (const n of names) if (!POLICY_NAMES.includes(n)) throw new InputError(`${where}: unknown battle policy "${n}" (known: ${POLICY_NAMES.join(', ')})`);
  return names.length === 1 ? [names[0]!, names[0]!] : [names[0]!, names[1]!];
}

export const caesarXl: GameEntry<CaesarConfig, SchemaAccumulator> = {
  definition: game,
  experimentArm,
  report(acc: SchemaAccumulator, id: RunIdentity, fingerprint: string, range: [number, number]) {
    const s = summariseSchema('caesar-xl-summary/1', acc, id, fingerprint, range);
    const rate = (k: string) => s.figures[k] as RateFigure;
    const mean = (k: string) => s.figures[k] as { mean: number; ci95: [number, number] };
    return {
      json: (perf: Perf) => schemaSummaryText(s, perf),
      headline: () => {
        const a = rate('attackerWins');
        const r = mean('rounds');
        return `${s.games} battles: the attacker holds the field in ${pct(a.rate)} % [${pct(a.ci95[0])}, ${pct(a.ci95[1])}], the defender in ${pct(rate('defenderWins').rate)} %; ` +
          `${r.mean.toFixed(2)} rounds on average; units lost: attacker ${mean('attackerLosses').mean.toFixed(2)}, defender ${mean('defenderLosses').mean.toFixed(2)}; ` +
          `Supreme Leader lost: attacker ${pct(rate('attackerSupremeLost').rate)} %, defender ${pct(rate('defenderSupremeLost').rate)} %`;
      },
      policyErrors: { total: acc.sum[OUTCOME_FIELDS.findIndex((f) => f.name === 'policyErrors')]!, games: null },
      async write(put: PutFile, info: ManifestInfo, charts: boolean) {
        const files: string[] = [];
        const add = (name: string, data: string | Uint8Array) => {
          put(name, data);
          files.push(name);
        };
        add('summary.json', schemaSummaryText(s, info.perf));
        add('summary.csv', schemaSummaryCsv(s));
        if (charts && Object.values(s.figures).some(isRate)) {
          const { renderSvg, svgToPng } = await import('../../report/render.js');
          const spec = ratesChart(s, 'Caesar XL battle: outcomes');
          add('charts/outcomes.vl.json', JSON.stringify(spec, null, 2) + '\n');
          const svg = await renderSvg(spec);
          add('charts/outcomes.svg', svg);
          add('charts/outcomes.png', svgToPng(svg));
        }
        add('manifest.json', runManifest(info, s.config, s.games, files));
        return files;
      },
    };
  },
};

const resolveFrom = (dir: string, file: string): string => (isAbsolute(file) ? file : join(dir, file));
