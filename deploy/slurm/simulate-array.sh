#!/usr/bin/env bash
# legions simulate as a Slurm job array: array task k plays shard k/SHARDS of the run's games.
# Submit with deploy/slurm/submit.sh (which also queues the merge step), or by hand:
#   sbatch --array=0-15 --export=ALL,SHARDS=16,GAMES=1000000,RUN=statesman-5p-1m deploy/slurm/simulate-array.sh
# A requeued or re-submitted task resumes from its checkpoint (--resume): at most one checkpoint
# interval is lost, and the results are byte-identical to an uninterrupted task's. Each shard keeps
# its per-game CSV inside its folder; merge.sh verifies it (SHA-256, rows) before concatenating.
# The folder's lock refuses a second task on the same shard; a killed task's lock is taken over by
# its requeued run (at once on the same node, after 30 s without heartbeat from another node).
#SBATCH --job-name=legions-simulate
#SBATCH --cpus-per-task=4
#SBATCH --mem=2G
#SBATCH --time=04:00:00
#SBATCH --requeue
#SBATCH --output=legions-%A_%a.log
set -euo pipefail

: "${SLURM_ARRAY_TASK_ID:?run as a job array (sbatch --array=0-N)}"
SHARDS=${SHARDS:?set SHARDS to the array size}
GAMES=${GAMES:-1000000}
RUN=${RUN:-run}
SEED=${SEED:-legions}
RESULTS=${RESULTS:-$PWD/results}
LEGIONS=${LEGIONS:-$(cd "$(dirname "$0")/../.." && pwd)/bin/legions.js}
THREADS=${SLURM_CPUS_PER_TASK:-1}
CHECKPOINT=${CHECKPOINT:-10}
OUT="$RESULTS/$RUN/shard-$SLURM_ARRAY_TASK_ID"

# Slurm sends SIGTERM before a time-out or preemption kill: the run checkpoints and exits 143.
exec node "$LEGIONS" simulate --players 5 --policies statesman --games "$GAMES" --seed "$SEED" \
  --shard "$SLURM_ARRAY_TASK_ID/$SHARDS" --threads "$THREADS" --checkpoint "$CHECKPOINT" \
  --out "$OUT" --per-game "$OUT/games.csv" --resume --no-charts
