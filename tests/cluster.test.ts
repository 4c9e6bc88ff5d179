// The cluster path, simulated on one machine (no cluster here): the Slurm scripts run under a stub
// sbatch that executes every array task locally, and the Kubernetes manifests are checked against a
// structural schema of the fields they use (kubectl is not installed) and their container commands
// run once per completion index. In both, one task is killed mid-run (SIGKILL after two checkpoints,
// as a lost node would leave it) and run again, then the merge step runs; the merged summary and
// per-game CSV must be byte-identical to a single unsharded run. Needs `npm run build`.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testTempDir } from './tmp.js';

const root = join(__dirname, '..');
const bin = join(root, 'bin', 'legions.js');
const temp = testTempDir('cluster');
const tmp = temp.path;
afterAll(() => temp.remove());

// Small enough for a test: 3 shards of 50 five-player statesman games (the manifests' own sizes are
// checked structurally, not run).
const GAMES = '150';
const SHARDS = 3;
const SEED = 'cluster';

/** summary.json up to its perf key (the only part that may differ between equal runs). */
function summaryOf(dir: string): string {
  const text = readFileSync(join(dir, 'summary.json'), 'utf8');
  const cut = text.indexOf(',\n  "perf":');
  expect(cut).toBeGreaterThan(0);
  return text.slice(0, cut);
}

let single = '';
beforeAll(() => {
  // The reference: the same run in one process, as the scripts configure it (5 players, statesman).
  single = join(tmp, 'single');
  const r = spawnSync(process.execPath, [bin, 'simulate', '--players', '5', '--policies', 'statesman', '--games', GAMES, '--seed', SEED,
    '--threads', '1', '--quiet', '--no-charts', '--out', single, '--per-game', join(single, 'games.csv')], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});

function expectLikeSingle(merged: string): void {
  expect(summaryOf(merged)).toBe(summaryOf(single));
  expect(readFileSync(join(merged, 'games.csv'), 'utf8')).toBe(readFileSync(join(single, 'games.csv'), 'utf8'));
  expect(JSON.parse(readFileSync(join(merged, 'summary.json'), 'utf8')).perf.shards).toBe(SHARDS);
}

describe('Slurm: submit.sh with a stub sbatch', () => {
  it('runs every array task, survives a killed and requeued task, and merges byte-identical to one run', () => {
    const stubDir = join(tmp, 'stub-bin');
    mkdirSync(stubDir);
    const log = join(tmp, 'slurm.log');
    // The stub: --array=A-B runs the script once per task with SLURM_ARRAY_TASK_ID set, the tasks
    // at the same time as on a cluster; the task STUB_KILL_TASK is first run with the crash hook (it
    // SIGKILLs itself after two checkpoints), then requeued, i.e. run again as Slurm would. sbatch
    // returns when every task has succeeded, so the merge's afterok holds.
    writeFileSync(join(stubDir, 'sbatch'), `#!/usr/bin/env bash
set -u
exec 3>&2 2>> "$STUB_LOG" # the shell's own notices (such as "Killed") go to the log; fd 3 is sbatch's stderr
array=""; script=""
for a in "$@"; do
  case "$a" in
    --array=*) array=\${a#--array=} ;;
    --parsable|--export=*|--dependency=*) ;;
    *) script=$a ;;
  esac
done
task() {
  if [ "$1" = "\${STUB_KILL_TASK:-}" ]; then
    SLURM_ARRAY_TASK_ID=$1 CHECKPOINT=0 LEGIONS_TEST_CRASH_AFTER_CHECKPOINTS=2 bash "$script" >> "$STUB_LOG.$1" 2>&1
    echo "task $1 exit $? (killed), requeued" >> "$STUB_LOG.$1"
  fi
  SLURM_ARRAY_TASK_ID=$1 bash "$script" >> "$STUB_LOG.$1" 2>&1
}
if [ -n "$array" ]; then
  pids=()
  for ((k=\${array%-*}; k<=\${array#*-}; k++)); do task $k & pids+=($!); done
  failed=0
  for p in "\${pids[@]}"; do wait $p || failed=1; done
  cat "$STUB_LOG".* >> "$STUB_LOG"
  [ $failed = 0 ] || { echo "an array task failed" >&3; exit 1; }
  echo 1001
else
  bash "$script" >> "$STUB_LOG" 2>&1 || { echo "merge failed" >&3; exit 1; }
  echo 1002
fi
`);
    chmodSync(join(stubDir, 'sbatch'), 0o755);
    const results = join(tmp, 'slurm-results');
    const r = spawnSync('bash', [join(root, 'deploy', 'slurm', 'submit.sh')], {
      encoding: 'utf8', cwd: tmp,
      env: {
        ...process.env, PATH: `${stubDir}:${process.env.PATH}`, STUB_LOG: log, STUB_KILL_TASK: '1',
        SHARDS: String(SHARDS), GAMES, RUN: 'test', SEED, RESULTS: results, SLURM_CPUS_PER_TASK: '1',
      },
    });
    const logText = existsSync(log) ? readFileSync(log, 'utf8') : '';
    expect(r.stderr, `${r.stderr}\n${logText}`).toBe('');
    expect(r.status, logText).toBe(0);
    expect(r.stdout).toMatch(/simulate array job 1001, merge job 1002/);
    expect(logText).toMatch(/task 1 exit 137 \(killed\), requeued/);
    expect(logText).not.toMatch(/\bat \S+:\d+/); // no stack trace anywhere
    expect(JSON.parse(readFileSync(join(results, 'test', 'shard-1', 'summary.json'), 'utf8')).perf.resumedAt).toBeGreaterThan(0);
    expectLikeSingle(join(results, 'test', 'merged'));
  });
});

// ---- Kubernetes ----

// A structural schema of the batch/v1 Job and v1 PersistentVolumeClaim fields the manifests use
// (strict objects: a misspelt or misplaced key is an error, as kubectl's schema validation would
// report it), plus the cross-field rules the README states.
const name = z.string().regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/).max(63);
const quantity = z.union([z.string().regex(/^\d+(\.\d+)?(m|k|M|G|T|Ki|Mi|Gi|Ti)?$/), z.number()]);
const resources = z.strictObject({ requests: z.partialRecord(z.enum(['cpu', 'memory']), quantity).optional(), limits: z.partialRecord(z.enum(['cpu', 'memory']), quantity).optional() });
const container = z.strictObject({
  name, image: z.string().min(1), command: z.array(z.string()).min(1), args: z.array(z.string()).min(1),
  env: z.array(z.strictObject({ name: z.string().regex(/^[A-Z_][A-Z0-9_]*$/), value: z.string() })).optional(),
  resources: resources.optional(),
  volumeMounts: z.array(z.strictObject({ name, mountPath: z.string().startsWith('/') })).optional(),
});
const podSpec = z.strictObject({
  restartPolicy: z.enum(['Never', 'OnFailure']),
  terminationGracePeriodSeconds: z.number().int().nonnegative().optional(),
  containers: z.array(container).min(1),
  volumes: z.array(z.strictObject({ name, persistentVolumeClaim: z.strictObject({ claimName: name }) })).optional(),
});
const job = z.strictObject({
  apiVersion: z.literal('batch/v1'),
  kind: z.literal('Job'),
  metadata: z.strictObject({ name }),
  spec: z.strictObject({
    completionMode: z.enum(['NonIndexed', 'Indexed']).optional(),
    completions: z.number().int().positive().optional(),
    parallelism: z.number().int().positive().optional(),
    backoffLimit: z.number().int().nonnegative().optional(),
    backoffLimitPerIndex: z.number().int().nonnegative().optional(),
    template: z.strictObject({ spec: podSpec }),
  }),
});
const pvc = z.strictObject({
  apiVersion: z.literal('v1'),
  kind: z.literal('PersistentVolumeClaim'),
  metadata: z.strictObject({ name }),
  spec: z.strictObject({
    accessModes: z.array(z.enum(['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'])).min(1),
    resources: z.strictObject({ requests: z.strictObject({ storage: quantity }) }),
  }),
});

const manifest = (f: string): unknown => parse(readFileSync(join(root, 'deploy', 'k8s', f), 'utf8'));
const envOf = (c: z.infer<typeof container>) => Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value]));

describe('Kubernetes: the manifests', () => {
  it('pass the structural check, and agree with each other', () => {
    const sim = job.parse(manifest('simulate-job.yaml'));
    const merge = job.parse(manifest('merge-job.yaml'));
    const vol = pvc.parse(manifest('results-pvc.yaml'));
    expect(vol.spec.accessModes).toContain('ReadWriteMany'); // many pods write at once
    // Indexed, one pod per shard, retried per index, never restarted in place (a retry is a new pod).
    expect(sim.spec.completionMode).toBe('Indexed');
    const c = sim.spec.template.spec.containers[0]!;
    const env = envOf(c);
    expect(sim.spec.completions).toBe(Number(env.SHARDS));
    expect(sim.spec.parallelism).toBe(sim.spec.completions);
    expect(sim.spec.template.spec.restartPolicy).toBe('Never');
    expect(String(c.resources?.requests?.cpu)).toBe(env.THREADS);
    expect(merge.spec.completionMode ?? 'NonIndexed').toBe('NonIndexed');
    expect(envOf(merge.spec.template.spec.containers[0]!).RUN).toBe(env.RUN);
    for (const j of [sim, merge]) {
      const spec = j.spec.template.spec;
      expect(spec.volumes?.map((v) => v.persistentVolumeClaim.claimName)).toEqual([vol.metadata.name]);
      for (const k of spec.containers) for (const m of k.volumeMounts ?? []) expect(spec.volumes?.map((v) => v.name)).toContain(m.name);
    }
  });

  it('the refusal of a misspelt field is real (the schema is strict)', () => {
    const sim = manifest('simulate-job.yaml') as { spec: Record<string, unknown> };
    sim.spec.completion = sim.spec.completions; // a typo kubectl would reject
    expect(job.safeParse(sim).success).toBe(false);
  });

  it('their container commands, run once per completion index with one pod killed and retried, then the merge, match one run byte for byte', async () => {
    const results = join(tmp, 'k8s-results');
    mkdirSync(results);
    const sim = job.parse(manifest('simulate-job.yaml'));
    const merge = job.parse(manifest('merge-job.yaml'));
    // The image's paths on this machine: /app is the repository (deploy/Dockerfile), /results the volume.
    const local = (s: string) => s.replaceAll('/app/', `${root}/`).replaceAll('/results', results);
    const runContainer = (c: z.infer<typeof container>, env: Record<string, string>) => new Promise<Pod>((resolve) => {
      const p = spawn(c.command[0]!, [...c.command.slice(1), ...c.args.map(local)], { env: { ...process.env, ...envOf(c), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      p.stdout.resume();
      p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      p.on('close', (status, signal) => resolve({ status, signal, stderr }));
    });
    const c = sim.spec.template.spec.containers[0]!;
    const small = { GAMES, SHARDS: String(SHARDS), SEED, THREADS: '1', RUN: 'k8s' };
    // The pods of the Indexed Job run at once; pod 2's first attempt is killed, then retried.
    const pods = await Promise.all(Array.from({ length: SHARDS }, async (_, k) => {
      const env = { ...small, JOB_COMPLETION_INDEX: String(k) };
      if (k === 2) {
        const killed = await runContainer(c, { ...env, CHECKPOINT: '0', LEGIONS_TEST_CRASH_AFTER_CHECKPOINTS: '2' });
        expect(killed.signal).toBe('SIGKILL');
        expect(existsSync(join(results, 'k8s', `shard-${k}`, 'checkpoint.json'))).toBe(true);
      }
      return runContainer(c, env);
    }));
    for (const pod of pods) expect(pod.status, pod.stderr).toBe(0);
    const m = await runContainer(merge.spec.template.spec.containers[0]!, { RUN: 'k8s' });
    expect(m.stderr).toBe('');
    expect(m.status).toBe(0);
    expect(pods.map((p) => p.stderr).join('')).not.toMatch(/\bat \S+:\d+/);
    expect(JSON.parse(readFileSync(join(results, 'k8s', 'shard-2', 'summary.json'), 'utf8')).perf.resumedAt).toBeGreaterThan(0);
    expectLikeSingle(join(results, 'k8s', 'merged'));
  });
});

interface Pod {
  status: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}
